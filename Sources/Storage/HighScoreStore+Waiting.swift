import GameCore
import Glibc
import SystemIO

// MARK: - Writes that wait for a lock, and damage

extension HighScoreStore {
    /// Tries the writes that wait for the lock (at most every `retryInterval`, or now when
    /// `force`): all of them in one transaction, in order, or none.
    @discardableResult
    public func pump(force: Bool = false) -> Bool {
        guard lockWait.openDeferred || !lockWait.pending.isEmpty else { return true }
        let now = clock()
        guard force || !(now - lockWait.lastTry < Self.retryInterval && now >= lockWait.lastTry) else { return false }
        lockWait.lastTry = now
        if lockWait.openDeferred {
            let opened = Self.openDatabase(directory: directory, knownGames: knownGames, budget: lockWait.waits)
            opened.messages.forEach(warn)
            guard let db = opened.database else {
                if !opened.busy { lockWait.openDeferred = false; inMemory = true }
                return false
            }
            db.db.setWaitBudget(lockWait.waits)
            database = db
            lockWait.openDeferred = false
        }
        guard let database, !lockWait.pending.isEmpty else { return true }
        let writes = lockWait.pending
        func write(_ database: ProgressDatabase, fresh: Bool) throws(SQLiteError) {
            try database.db.transaction { () throws(SQLiteError) in
                for write in writes {
                    switch write {
                    case .round(let r, let child, let entry, let played):
                        if let child {
                            // A fresh database after damage: the child is written again.
                            if fresh { try database.ensureChild(child) }
                            // A child deleted since: her round goes with her.
                            if try database.child(number: child.number) == nil { continue }
                        }
                        try database.recordInTransaction(r, child: child?.number, entry: entry, played: played)
                    case .reset:
                        try database.db.execute("UPDATE rounds SET in_tables = 0 WHERE in_tables = 1")
                    }
                }
            }
        }
        var status = "saved-late"
        do throws(SQLiteError) {
            try write(database, fresh: false)
            if checksAfterSave {
                do throws(SQLiteError) { try database.quickCheckOnDisk() } catch where !error.isBusy {
                    // Damage the writes did not meet: set aside, and the rounds written again.
                    guard recover(from: error, doing: "checking saved games"), let fresh = self.database else { throw error }
                    try write(fresh, fresh: true)
                    status = "saved-fresh"
                }
            }
        } catch {
            if error.isBusy { return false }
            if recover(from: error, doing: "saving games that waited"), let fresh = self.database {
                do {
                    try write(fresh, fresh: true)
                    status = "saved-fresh"
                } catch {
                    return false
                }
            } else {
                if !lockWait.reportedSaveFailure {
                    lockWait.reportedSaveFailure = true
                    warn("cannot save the game in \(printable(databasePath)) (\(error)); scores are kept only until the game closes")
                }
                return false
            }
        }
        lockWait.pending.removeAll()
        for case .round(_, _, let entry, _) in writes { onEvent?("save", [("entry", .string(entry)), ("status", .string(status))]) }
        if let entries = try? self.database?.table(TableQuery()) { table = HighScoreTable(entries: entries) }
        return true
    }

    /// Damage found while reading or writing: a damaged file (or one whose quick_check
    /// fails after another error) is set aside under a new name, a fresh database started
    /// (nothing is taken in again), and it is said once, in the log and on stderr. Answers
    /// true when a fresh database is ready.
    func recover(from error: SQLiteError, doing what: String) -> Bool {
        guard !inMemory, !error.isBusy, !error.isFull, let database else { return false }
        var damage = error
        if !error.isDamage {
            do { try database.quickCheckOnDisk(); return false } catch { damage = error }
            guard damage.isDamage else { return false }
        }
        database.db.close()
        self.database = nil
        switch DatabaseFile.setAside(databasePath) {
        case .success(let target):
            do {
                var notes: [String] = []
                _ = DatabaseFile.prepare(databasePath, notes: &notes)
                let journal = DatabaseFile.journal(for: directory).0
                let fresh = try ProgressDatabase(path: databasePath, importLegacy: { [] }, journal: journal, busyTimeout: Self.openWait, budget: lockWait.waits)
                fresh.db.setWaitBudget(lockWait.waits)
                self.database = fresh
                lockWait.startedFresh = true
                warn("progress database \(printable(databasePath)) is damaged (\(damage.message), found while \(what)); it was set aside as \(printable(target)) (the games before are kept there) and a new one started")
                onEvent?("database", [("action", .string("set-aside")), ("reason", .string(damage.message)), ("path", .string(target))])
                lockWait.reportedSaveFailure = false
                return true
            } catch {
                warn("progress database \(printable(databasePath)) is damaged and was set aside as \(printable(target)), but a new one cannot be made (\(error)); scores are kept only until the game closes")
            }
        case .failure(let failure):
            warn("progress database \(printable(databasePath)) is damaged (\(damage.message)) and could not be set aside (\(failure)); scores are kept only until the game closes")
        }
        inMemory = true
        self.database = try? ProgressDatabase(path: ":memory:")
        onEvent?("database", [("action", .string("memory")), ("reason", .string(damage.message))])
        return false
    }
}

/// What the store keeps while another program holds the database's lock: the writes that
/// wait for it, when they were last tried, what was said about it, and every wait's budget;
/// and whether a damaged database was set aside (a save that failed, a fresh start).
@MainActor
final class LockWaiting {
    /// Every wait of the main thread for another program's lock, over all statements and
    /// connections: `mainThreadWait` ms a frame (`frameBegins`: none), `openWait` at the
    /// start, before the first frame. `waits.longest` is the most any frame (or the start) waited.
    let waits = WaitBudget(limit: Double(HighScoreStore.openWait))
    /// Writes waiting for the lock (a program holding the database locked: `sqlite3`, a backup).
    var pending: [HighScoreStore.PendingWrite] = []
    /// The data folder's database was locked at start: it is opened at a later try.
    var openDeferred = false
    var lastTry = -Double.infinity
    var reportedWaiting = false
    var reportedSaveFailure = false
    /// Damage was set aside in this run and a fresh database started.
    var startedFresh = false
}
