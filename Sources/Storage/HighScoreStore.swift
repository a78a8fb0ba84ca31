import GameCore
import Glibc
import SystemIO

/// Keeps every finished game, the children and their stickers in the progress database
/// (progress.db in the data dir, SQLite: see Storage/ProgressDatabase), and answers the
/// high-score tables from it.
///
/// The old highscores.json is taken in at the first start, without losing a score, and left
/// where it is as a backup (never written, moved or deleted). A database that cannot be read
/// or is damaged is set aside under a new name (never over a file) with one message, and a
/// fresh one started; a folder where nothing can be saved keeps the scores in memory until
/// the game closes. Never a crash, never a blocked frame: each write is one short transaction.
@MainActor
public final class HighScoreStore {
    /// A new entry's id: a random (version 4) UUID in capitals, as Foundation's `UUID().uuidString`.
    public nonisolated static func randomID() -> String {
        var g = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    public nonisolated static let fileName = "highscores.json"
    public nonisolated static let databaseName = "progress.db"
    /// A save file larger than this is not ours.
    public nonisolated static let sizeLimit = 1_000_000

    public let directory: String
    /// The old score file (read once, kept as a backup).
    public var path: String { directory + "/" + Self.fileName }
    public var databasePath: String { directory + "/" + Self.databaseName }
    nonisolated static func lockPath(_ directory: String) -> String { directory + "/.highscores.lock" }
    /// The everyone / all-games table, as of the last record, reset or refresh.
    public internal(set) var table = HighScoreTable()
    /// The id of the score recorded last in this run (the popup highlights it).
    public private(set) var lastRecordedID: String?
    /// The database, or nil when not even a database in memory could be opened.
    public internal(set) var database: ProgressDatabase?
    /// True when the scores live only in memory (the data dir could not be used).
    public internal(set) var inMemory = false
    let warn: (String) -> Void
    let clock: () -> Double
    private var makeID: () -> String

    /// The games whose scores belong in the table (the registry's); others are unusable.
    let knownGames: Set<GameKind>

    /// `knownGames`: the registry's games (the app's `init(directory:warn:)` gives the standard ones).
    public init(directory: String, knownGames: [GameKind], warn: @escaping (String) -> Void,
                clock: @escaping () -> Double = { SystemFiles.now() },
                makeID: @escaping () -> String = { HighScoreStore.randomID() }) {
        self.directory = directory
        self.knownGames = Set(knownGames)
        self.warn = warn
        self.clock = clock
        self.makeID = makeID
        // Settings saves this process already asked for land first.
        SaveQueue.shared.waitUntilIdle()
        // Before the first frame: at most `openWait` in all for another program's lock.
        lockWait.waits.begin(limit: Double(Self.openWait))
        let opened = Self.openDatabase(directory: directory, knownGames: self.knownGames, budget: lockWait.waits)
        lockWait.waits.begin(limit: Double(Self.mainThreadWait))
        opened.messages.forEach(warn)
        if let db = opened.database {
            database = db
            db.db.setWaitBudget(lockWait.waits)
        } else {
            inMemory = !opened.busy
            lockWait.openDeferred = opened.busy
            database = try? ProgressDatabase(path: ":memory:")
            lockWait.lastTry = clock()
        }
        refresh()
        _ = children
    }

    /// The longest a call on the main thread waits for another program's write lock
    /// (milliseconds) once the first frame is shown: none. A locked database answers "busy" at
    /// once; the round waits in `pending` and the frame loop tries it again every
    /// `retryInterval` without waiting, so a lock never delays a frame.
    nonisolated static let mainThreadWait: Int32 = 0
    /// How long the first open may wait for the lock (before the first frame).
    nonisolated static let openWait: Int32 = 100
    /// Every wait of the main thread for another program's lock, over all statements and
    /// connections: `mainThreadWait` ms a frame (`frameBegins`: none), `openWait` at the
    /// start, before the first frame. `waits.longest` is the most any frame (or the start) waited.
    var waits: WaitBudget { lockWait.waits }

    /// The app calls this once a drawn frame: the frame's waits start from nothing.
    public func frameBegins() { lockWait.waits.begin() }
    /// Seconds between two tries at the writes that wait for the lock.
    nonisolated static let retryInterval = 0.5

    /// A write that waits for another program's lock, in the order asked for.
    enum PendingWrite {
        case round(RoundRecord, child: ChildProfile?, entry: String, played: Double)
        case reset
    }
    /// The writes waiting for another program's lock, and the waits (HighScoreStore+Waiting).
    let lockWait = LockWaiting()
    /// Run SQLite's quick_check after every save (on: a round ends a minute or so apart).
    public var checksAfterSave = true
    /// A school's server is named (issue #47): the Progress pages add the other kiosks'
    /// rounds, as the sync worker last took them from the server (never otherwise).
    public var classFigures = false
    /// Scripted-play log events of the store (`save`, `database`): set by the app.
    public var onEvent: ((String, [(String, JSON)]) -> Void)?
    /// How many children there are (kept, not counted at every frame; `children` counts).
    public internal(set) var childCount = 0

    /// Reads the everyone-table again (what other running copies recorded or reset).
    public func refresh() {
        pump()
        guard let database else { return }
        if let entries = try? database.table(TableQuery()) {
            var fresh = HighScoreTable(entries: entries)
            // Rounds still waiting for the lock show as they will be.
            for case .round(let r, let child, let entry, let played) in lockWait.pending where r.counts && !r.relaxed {
                var e = HighScoreEntry(id: entry, game: r.game, level: r.level, score: r.score, recorded: played)
                e.player = child?.id ?? "guest"
                e.nickname = child?.nickname
                fresh.insert(e)
            }
            table = fresh
        }
    }

    /// Records a finished game's score for the guest; answers its rank in the everyone-table.
    @discardableResult
    public func record(game: GameKind, level: Level, score: Int) -> Int? {
        recordRound(RoundRecord(game: game, level: level, score: score, result: "won", reason: ""), player: .guest).rank
    }

    /// Records a finished game for the player (every finished game, won or not); answers
    /// where it landed in the everyone-, own and game tables, and the sticker it earned.
    /// Never waits for a lock (`mainThreadWait`): a locked database keeps the round
    /// in `pending` (written at a later try, or at quit); a damaged one is set aside and the
    /// round written to a fresh one.
    /// The entry id of the round recorded last (the crash-test driver matches its lines).
    public private(set) var lastEntryID: String?
    public var idsBefore: String? { lastEntryID }

    @discardableResult
    public func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks {
        let id = makeID()
        lastEntryID = id
        let now = clock()
        var ranks = RoundRanks()
        // Rounds already waiting: this one waits behind them (the frame loop's pump tries
        // them), so a game over never pays for two waits.
        if lockWait.pending.isEmpty { pump() }
        var status = "saved"
        do throws(SQLiteError) {
            guard let database, !lockWait.openDeferred else { throw SQLiteError.busy("the database is locked", context: "record") }
            if !lockWait.pending.isEmpty { throw SQLiteError.busy("earlier games wait for the lock", context: "record") }
            let sticker: Int?
            do {
                // After damage was set aside the fresh database knows only the children who
                // played since: the one playing now is written again first.
                if lockWait.startedFresh, let child = player.child { try database.ensureChild(child) }
                sticker = try database.record(round, child: player.child?.number, entry: id, played: now).sticker
            } catch {
                guard recover(from: error, doing: "saving a game") else { throw error }
                guard let fresh = self.database else { throw error }
                status = "saved-fresh"
                if let child = player.child { try fresh.ensureChild(child) }
                sticker = try fresh.record(round, child: player.child?.number, entry: id, played: now).sticker
            }
            ranks.sticker = sticker
            // The file is checked after each save (quick_check, a few ms): damage the save
            // did not meet (a page broken elsewhere, a truncated file) is found now, the file
            // set aside, and the round written again to a fresh one, so it is never lost.
            if checksAfterSave, status == "saved", let database = self.database {
                do throws(SQLiteError) { try database.quickCheckOnDisk() } catch where !error.isBusy {
                    if recover(from: error, doing: "checking a saved game"), let fresh = self.database {
                        status = "saved-fresh"
                        if let child = player.child { try fresh.ensureChild(child) }
                        ranks.sticker = try fresh.record(round, child: player.child?.number, entry: id, played: now).sticker
                    }
                }
            }
            onEvent?("save", [("entry", .string(id)), ("status", .string(status))] + player.logFields)
            guard round.counts, let database = self.database else { return ranks }
            func rank(_ q: TableQuery) throws(SQLiteError) -> Int? {
                try database.table(q).firstIndex(where: { $0.id == id }).map { $0 + 1 }
            }
            let everyone = try database.table(TableQuery())
            table = HighScoreTable(entries: everyone)
            ranks.rank = everyone.firstIndex(where: { $0.id == id }).map { $0 + 1 }
            ranks.childRank = try rank(TableQuery(player: player.id))
            ranks.gameRank = round.relaxed ? nil : try rank(TableQuery(game: round.game))
        } catch {
            if error.isBusy && !inMemory {
                // Another program holds the lock: the round waits and is written when it goes.
                lockWait.pending.append(.round(round, child: player.child, entry: id, played: now))
                lockWait.lastTry = clock()
                status = "waiting"
                if !lockWait.reportedWaiting {
                    lockWait.reportedWaiting = true
                    warn("the progress database \(printable(databasePath)) is locked by another program; games are kept and written when it lets go")
                }
            } else {
                status = "memory"
                if !lockWait.reportedSaveFailure {
                    lockWait.reportedSaveFailure = true
                    warn("cannot save the game in \(printable(databasePath)) (\(error)); scores are kept only until the game closes")
                }
            }
            onEvent?("save", [("entry", .string(id)), ("status", .string(status))] + player.logFields)
            // This session still sees the score.
            guard round.counts, !round.relaxed else { return ranks }
            var entry = HighScoreEntry(id: id, game: round.game, level: round.level, score: round.score, recorded: now)
            entry.player = player.id
            entry.nickname = player.nickname
            ranks.rank = table.insert(entry)
        }
        if ranks.rank != nil { lastRecordedID = id }
        return ranks
    }

    /// A table: everyone's or a player's own, over all games or one.
    public func entries(_ query: TableQuery) -> [HighScoreEntry] {
        if query == TableQuery() { return table.entries }
        return (try? database?.table(query)) ?? []
    }

    /// Would this score enter the everyone-table now?
    public func accepts(_ score: Int) -> Bool { table.accepts(score) }

    /// Clears every table (the adult gate's "Reset high scores"), here and in every copy of
    /// the game: the history and the stickers stay. A locked database takes it when it lets go.
    public func reset() {
        pump()
        do throws(SQLiteError) {
            guard let database, !lockWait.openDeferred, lockWait.pending.isEmpty else {
                throw SQLiteError.busy("the database is locked", context: "reset")
            }
            do { try database.resetTables() } catch {
                guard recover(from: error, doing: "resetting the high scores") else { throw error }
                try self.database?.resetTables()
            }
        } catch {
            if error.isBusy && !inMemory {
                lockWait.pending.append(.reset)
                lockWait.lastTry = clock()
            } else {
                warn("cannot reset high scores in \(printable(databasePath)) (\(error))")
            }
        }
        table = HighScoreTable()
        lastRecordedID = nil
    }

    /// The quit path: the writes that wait for a lock get a last few tries (at most
    /// `quitWait` seconds in all); what still cannot be written is said, round by round.
    public func waitForPendingSaves(quitWait: Double = 3) {
        var waited = 0.0
        while !lockWait.pending.isEmpty || lockWait.openDeferred {
            if pump(force: true) { break }
            if waited >= quitWait { break }
            usleep(100_000)
            waited += 0.1 + Double(Self.mainThreadWait) / 1000
        }
        let lost = lockWait.pending.filter { if case .round = $0 { return true } else { return false } }.count
        if lost > 0 {
            warn("\(lost) game(s) could not be saved in \(printable(databasePath)): another program held it locked until the game closed")
            for case .round(_, _, let entry, _) in lockWait.pending { onEvent?("save", [("entry", .string(entry)), ("status", .string("lost"))]) }
        }
    }

    /// Closes the database at quit: SQLite folds the write-ahead log back into the file (the
    /// last copy of the game to close removes it).
    public func close() {
        database?.db.close()
        database = nil
    }
}
