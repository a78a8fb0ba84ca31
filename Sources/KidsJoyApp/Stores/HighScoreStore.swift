import GameCore
import Runtime
import Scenes
import Glibc
import Storage

/// Where the game keeps its files: `--data-dir`, else `$XDG_DATA_HOME/kids-joy-center`,
/// else `~/.local/share/kids-joy-center`.
public enum DataDirectory {
    public static func resolve(override: String?, environment: [String: String] = SystemFiles.environment,
                               warn: ((String) -> Void)? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center" }
        return home(environment, warn: warn) + "/.local/share/kids-joy-center"
    }

    /// HOME when it is an absolute path; a relative or empty HOME is treated as unset (the
    /// password database's home folder), with a message.
    public static func home(_ environment: [String: String] = SystemFiles.environment,
                            warn: ((String) -> Void)? = nil) -> String {
        if let home = environment["HOME"], !home.isEmpty {
            if home.hasPrefix("/") { return home }
            let fallback = homeDirectory()
            warn?("HOME is not an absolute path (\"\(printable(home))\"); using \(printable(fallback)) instead")
            return fallback
        }
        return homeDirectory()
    }

    /// A leading `~/` (or a lone `~`) means the home folder, as in a shell.
    public static func expandingHome(_ path: String, environment: [String: String] = SystemFiles.environment) -> String {
        if path == "~" { return home(environment) }
        guard path.hasPrefix("~/") else { return path }
        let home = home(environment)
        return (home == "/" ? "" : home) + path.dropFirst()
    }
}

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
public final class HighScoreStore: ScoreKeeping, ProfileKeeping {
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
    public private(set) var table = HighScoreTable()
    /// The id of the score recorded last in this run (the popup highlights it).
    public private(set) var lastRecordedID: String?
    /// The database, or nil when not even a database in memory could be opened.
    public private(set) var database: ProgressDatabase?
    /// True when the scores live only in memory (the data dir could not be used).
    public private(set) var inMemory = false
    private let warn: (String) -> Void
    let clock: () -> Double
    private var makeID: () -> String
    private var reportedSaveFailure = false

    /// The games whose scores belong in the table (the registry's); others are unusable.
    let knownGames: Set<GameKind>

    public init(directory: String, knownGames: [GameKind] = GameRegistry.standard.ids, warn: @escaping (String) -> Void,
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
        waits.begin(limit: Double(Self.openWait))
        let opened = Self.openDatabase(directory: directory, knownGames: self.knownGames, budget: waits)
        waits.begin(limit: Double(Self.mainThreadWait))
        opened.messages.forEach(warn)
        if let db = opened.database {
            database = db
            db.db.setWaitBudget(waits)
        } else {
            inMemory = !opened.busy
            openDeferred = opened.busy
            database = try? ProgressDatabase(path: ":memory:")
            lastTry = clock()
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
    let waits = WaitBudget(limit: Double(HighScoreStore.openWait))

    /// The app calls this once a drawn frame: the frame's waits start from nothing.
    public func frameBegins() { waits.begin() }
    /// Seconds between two tries at the writes that wait for the lock.
    nonisolated static let retryInterval = 0.5

    /// A write that waits for another program's lock, in the order asked for.
    enum PendingWrite {
        case round(RoundRecord, child: ChildProfile?, entry: String, played: Double)
        case reset
    }
    /// Writes waiting for the lock (a program holding the database locked: `sqlite3`, a backup).
    private(set) var pending: [PendingWrite] = []
    /// The data folder's database was locked at start: it is opened at a later try.
    private(set) var openDeferred = false
    private var lastTry = -Double.infinity
    private var reportedWaiting = false
    /// Damage was set aside in this run and a fresh database started.
    private(set) var startedFresh = false
    /// Run SQLite's quick_check after every save (on: a round ends a minute or so apart).
    public var checksAfterSave = true
    /// Scripted-play log events of the store (`save`, `database`): set by the app.
    public var onEvent: ((String, [(String, JSON)]) -> Void)?

    /// Reads the everyone-table again (what other running copies recorded or reset).
    public func refresh() {
        pump()
        guard let database else { return }
        if let entries = try? database.table(TableQuery()) {
            var fresh = HighScoreTable(entries: entries)
            // Rounds still waiting for the lock show as they will be.
            for case .round(let r, let child, let entry, let played) in pending where r.counts && !r.relaxed {
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
    var idsBefore: String? { lastEntryID }

    @discardableResult
    public func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks {
        let id = makeID()
        lastEntryID = id
        let now = clock()
        var ranks = RoundRanks()
        // Rounds already waiting: this one waits behind them (the frame loop's pump tries
        // them), so a game over never pays for two waits.
        if pending.isEmpty { pump() }
        var status = "saved"
        do throws(SQLiteError) {
            guard let database, !openDeferred else { throw SQLiteError.busy("the database is locked", context: "record") }
            if !pending.isEmpty { throw SQLiteError.busy("earlier games wait for the lock", context: "record") }
            let sticker: Int?
            do {
                // After damage was set aside the fresh database knows only the children who
                // played since: the one playing now is written again first.
                if startedFresh, let child = player.child { try database.ensureChild(child) }
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
                pending.append(.round(round, child: player.child, entry: id, played: now))
                lastTry = clock()
                status = "waiting"
                if !reportedWaiting {
                    reportedWaiting = true
                    warn("the progress database \(printable(databasePath)) is locked by another program; games are kept and written when it lets go")
                }
            } else {
                status = "memory"
                if !reportedSaveFailure {
                    reportedSaveFailure = true
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

    /// Tries the writes that wait for the lock (at most every `retryInterval`, or now when
    /// `force`): all of them in one transaction, in order, or none.
    @discardableResult
    public func pump(force: Bool = false) -> Bool {
        guard openDeferred || !pending.isEmpty else { return true }
        let now = clock()
        guard force || !(now - lastTry < Self.retryInterval && now >= lastTry) else { return false }
        lastTry = now
        if openDeferred {
            let opened = Self.openDatabase(directory: directory, knownGames: knownGames, budget: waits)
            opened.messages.forEach(warn)
            guard let db = opened.database else {
                if !opened.busy { openDeferred = false; inMemory = true }
                return false
            }
            db.db.setWaitBudget(waits)
            database = db
            openDeferred = false
        }
        guard let database, !pending.isEmpty else { return true }
        let writes = pending
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
                if !reportedSaveFailure {
                    reportedSaveFailure = true
                    warn("cannot save the game in \(printable(databasePath)) (\(error)); scores are kept only until the game closes")
                }
                return false
            }
        }
        pending.removeAll()
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
                let fresh = try ProgressDatabase(path: databasePath, importLegacy: { [] }, journal: journal, busyTimeout: Self.openWait, budget: waits)
                fresh.db.setWaitBudget(waits)
                self.database = fresh
                startedFresh = true
                warn("progress database \(printable(databasePath)) is damaged (\(damage.message), found while \(what)); it was set aside as \(printable(target)) (the games before are kept there) and a new one started")
                onEvent?("database", [("action", .string("set-aside")), ("reason", .string(damage.message)), ("path", .string(target))])
                reportedSaveFailure = false
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
            guard let database, !openDeferred, pending.isEmpty else {
                throw SQLiteError.busy("the database is locked", context: "reset")
            }
            do { try database.resetTables() } catch {
                guard recover(from: error, doing: "resetting the high scores") else { throw error }
                try self.database?.resetTables()
            }
        } catch {
            if error.isBusy && !inMemory {
                pending.append(.reset)
                lastTry = clock()
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
        while !pending.isEmpty || openDeferred {
            if pump(force: true) { break }
            if waited >= quitWait { break }
            usleep(100_000)
            waited += 0.1 + Double(Self.mainThreadWait) / 1000
        }
        let lost = pending.filter { if case .round = $0 { return true } else { return false } }.count
        if lost > 0 {
            warn("\(lost) game(s) could not be saved in \(printable(databasePath)): another program held it locked until the game closed")
            for case .round(_, _, let entry, _) in pending { onEvent?("save", [("entry", .string(entry)), ("status", .string("lost"))]) }
        }
    }

    /// Closes the database at quit: SQLite folds the write-ahead log back into the file (the
    /// last copy of the game to close removes it).
    public func close() {
        database?.db.close()
        database = nil
    }

    // MARK: - Children

    public var children: [ChildProfile] {
        let list = (try? database?.children()) ?? []
        childCount = list.count
        return list
    }
    public private(set) var childCount = 0

    public func addChild(nickname: String?, avatar: Avatar) -> Result<ChildProfile, ProfileFailure> {
        guard let database else { return .failure(.storage("no database")) }
        switch database.addChild(nickname: nickname.flatMap(Profiles.cleanNickname), avatar: avatar, created: clock()) {
        case .success(let child):
            childCount += 1
            return .success(child)
        case .failure(.full): return .failure(.full)
        case .failure(.nicknameTaken): return .failure(.nicknameTaken)
        case .failure(.database(let error)): return .failure(.storage("\(error)"))
        }
    }

    @discardableResult
    public func update(_ child: ChildProfile) -> Bool {
        var cleaned = child
        cleaned.nickname = child.nickname.flatMap(Profiles.cleanNickname)
        do { try database?.update(cleaned); return true } catch {
            warn("cannot change \(child.id) (\(error))")
            return false
        }
    }

    @discardableResult
    public func deleteChild(_ child: ChildProfile) -> Bool {
        do {
            try database?.deleteChild(number: child.number)
            childCount = max(0, childCount - 1)
            refresh()
            return true
        } catch {
            warn("cannot delete \(child.id) (\(error))")
            return false
        }
    }

    public func stickers(of child: ChildProfile) -> [Int] { (try? database?.stickers(child: child.number)) ?? [] }

    public func summary() -> [ProgressSummary] { (try? database?.summary()) ?? [] }

    public func rounds(of child: ChildProfile, game: GameKind) -> [PlayedRound] {
        ((try? database?.history(child: child.number)) ?? []).filter { $0.game == game && !$0.imported }
            .map { PlayedRound(game: $0.game, level: $0.level, score: $0.score, won: $0.result == "won", seconds: $0.duration, played: $0.played) }
    }

    // MARK: - Opening

    /// Opens progress.db in `directory`, creating the folder, taking in highscores.json once,
    /// and setting a damaged or unreadable database aside. Answers nil (with the messages to
    /// show) when the folder cannot hold a database: the scores then live in memory.
    struct Opened {
        var database: ProgressDatabase?
        var messages: [String]
        /// Another program held the lock: try again later (scores wait meanwhile).
        var busy = false
    }

    nonisolated static func openDatabase(directory: String, knownGames: Set<GameKind>, budget: WaitBudget? = nil) -> Opened {
        var messages: [String] = []
        let dbPath = directory + "/" + databaseName
        let shown = printable(dbPath)
        func done(_ db: ProgressDatabase?, _ more: [String] = []) -> Opened { Opened(database: db, messages: messages + more) }
        do {
            try AtomicFile.makeDirectories(directory)
        } catch {
            return done(nil, ["cannot keep scores in \(printable(directory)) (\(error)); scores are kept only until the game closes"])
        }
        // Temporary files of copies killed mid-save (older versions, settings) go.
        do {
            try AtomicFile.withLock(lockPath(directory)) {
                AtomicFile.removeOrphanedTemporaries(in: directory, names: [fileName, SettingsStore.fileName])
            }
        } catch {
            messages.append("\(error)")
        }
        let legacy = { () -> [HighScoreEntry]? in
            let (entries, message, done) = importLegacy(directory: directory, knownGames: knownGames)
            if let message { messages.append(message) }
            return done ? entries : nil
        }
        let journal = DatabaseFile.journal(for: directory).0
        for attempt in 0..<3 {
            switch DatabaseFile.prepare(dbPath, notes: &messages) {
            case .ready: break
            case .notAFile(let why):
                return done(nil, ["progress database \(shown) cannot be used (\(why)); it is left alone, and scores are kept only until the game closes"])
            case .readOnly(let why):
                return done(nil, ["progress database \(shown) cannot be written by this account (\(why)); it is left alone, and scores are kept only until the game closes (a folder shared by several accounts needs the setgid group setup in README)"])
            case .unreadable(let why):
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) cannot be read (\(why)); it was set aside as \(printable(target)) and a new one started")
                    continue
                case .failure(let failure):
                    return done(nil, ["progress database \(shown) cannot be read (\(why)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            case .failed(let why):
                return done(nil, ["cannot create the progress database \(shown) (\(why)); scores are kept only until the game closes"])
            }
            do {
                let db = try ProgressDatabase(path: dbPath, importLegacy: legacy, journal: journal, busyTimeout: openWait, budget: budget)
                // Once a day, SQLite's quick_check (a few ms for a class's year).
                try db.dailyCheck(now: SystemFiles.now())
                return done(db)
            } catch {
                if error.isBusy { return Opened(database: nil, messages: messages, busy: true) }
                guard error.isDamage, attempt < 2 else {
                    return done(nil, ["cannot open the progress database \(shown) (\(error.plain)); it is left alone, and scores are kept only until the game closes"])
                }
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) is damaged (\(error.message)); it was set aside as \(printable(target)) and a new one started")
                case .failure(let failure):
                    return done(nil, ["progress database \(shown) is damaged (\(error.message)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            }
        }
        return done(nil)
    }

    /// Reads highscores.json for the first start's import. Answers its good entries, the
    /// message to show (a damaged or unreadable file), and whether the import is done (false:
    /// the file could not be read now; it is tried again at the next start). The file is
    /// never changed: it stays as a backup.
    nonisolated static func importLegacy(directory: String, knownGames: Set<GameKind>) -> ([HighScoreEntry], String?, Bool) {
        let path = directory + "/" + fileName
        let shown = printable(path)
        var info = stat()
        if lstat(path, &info) == 0, AtomicFile.isRegular(info), info.st_size > sizeLimit {
            // Too big to be ours: said once (the import is then done), never at every start.
            return ([], "old high scores file \(shown) is \(info.st_size) bytes, more than the \(sizeLimit) a score file can be; no score was taken in, and it is left alone", true)
        }
        switch inspect(path, knownGames: knownGames) {
        case .missing: return ([], nil, true)
        case .good(let file): return (file.entries, nil, true)
        case .notAFile(let why):
            return ([], "old high scores file \(shown) cannot be used (\(why)); it is left alone", true)
        case .unreadable(let why):
            return ([], "old high scores file \(shown) cannot be read (\(why)); its scores will be taken in once it can be read, and it is left alone", false)
        case .damaged(_, let problem) where problem.hasPrefix(newerVersionNote):
            return ([], "old high scores file \(shown) is left untouched: \(problem)", true)
        case .damaged(let file, let problem):
            let kept = file.entries.isEmpty ? "no score could be taken in" : "took in \(file.entries.count) good score(s)"
            return (file.entries, "old high scores file \(shown) is damaged (\(problem)); \(kept), and the file is kept as it is", true)
        }
    }

    nonisolated static func moveAsideOrRefuse(_ path: String, because problem: String, name: String = fileName) throws -> String {
        switch AtomicFile.moveAside(path) {
        case .success(let target): return target
        case .failure(let failure):
            throw StoreFailure("\(name) \(problem) and could not be moved aside (\(failure)), so it is not written over")
        }
    }

    // MARK: - File format

    /// `{"version":1,"scores":[{"id","game","level","score","recorded"}…]}`, plus `"reset":G`
    /// once the table has been reset. Written by the ordered JSON writer, so the bytes read
    /// the same as they always have (JSONEncoder would shuffle the keys).
    nonisolated static func encode(_ entries: [HighScoreEntry], generation: Int = 0) -> [UInt8] {
        let scores = JSON.array(entries.map { e in
            .object([("id", .string(e.id)), ("game", .string(e.game.rawValue)), ("level", .string(e.level.rawValue)),
                     ("score", .int(e.score)), ("recorded", .double(e.recorded))])
        })
        var fields: [(String, JSON)] = [("version", .int(1))]
        if generation > 0 { fields.append(("reset", .int(generation))) }
        fields.append(("scores", scores))
        return [UInt8]((JSON.object(fields).serialized() + "\n").utf8)
    }

    /// What is on disk, as far as it could be read.
    struct ScoreFile: Sendable {
        var entries: [HighScoreEntry] = []
        var generation = 0
    }

    enum Inspection {
        case missing
        case good(ScoreFile)
        case damaged(ScoreFile, String)
        case unreadable(String)
        case notAFile(String)

        var isBad: Bool {
            switch self {
            case .damaged, .unreadable: return true
            default: return false
            }
        }
        var file: ScoreFile {
            switch self {
            case .good(let f), .damaged(let f, _): return f
            default: return ScoreFile()
            }
        }
    }

    nonisolated static func inspect(_ path: String, knownGames: Set<GameKind>) -> Inspection {
        switch AtomicFile.read(path, limit: sizeLimit) {
        case .missing: return .missing
        case .notAFile(let why): return .notAFile(why)
        case .unreadable(let why): return .unreadable(why)
        case .data(let data):
            let (file, problem) = decodeFile(data, knownGames: knownGames)
            return problem.map { .damaged(file, $0) } ?? .good(file)
        }
    }

    nonisolated static let newerVersionNote = "it was written by a newer version of the game"

    /// Decodes the file; answers the good entries and what was wrong, if anything.
    nonisolated static func decode(_ data: [UInt8], knownGames: Set<GameKind> = [.memory, .sorting, .balloons]) -> ([HighScoreEntry], String?) {
        let (file, problem) = decodeFile(data, knownGames: knownGames)
        return (file.entries, problem)
    }

    /// Decodes with the JSON module, entry by entry (one bad entry does not void the rest), with
    /// the checks a hand-edited or damaged file needs.
    nonisolated static func decodeFile(_ data: [UInt8], knownGames: Set<GameKind>) -> (ScoreFile, String?) {
        guard !data.isEmpty else { return (ScoreFile(), "the file is empty") }
        let document: JSON
        switch StoreJSON.read(data, current: 1) {
        case .document(let json, _): document = json
        case .newer(let v):
            return (ScoreFile(), newerVersionNote + " (version \(v); this one reads version 1), so its scores are not taken in")
        case .damaged(let why):
            return (ScoreFile(), why.hasPrefix("it is not valid JSON") ? "it is not valid JSON" : "it has no \"scores\" list")
        }
        var problems: [String] = []
        let duplicateKeys = document.repeatedKeys
        if !duplicateKeys.isEmpty {
            // A key written twice: the first is read. Say it.
            problems.append(duplicateKeys.map { "\"\(printable($0.key))\" appears \($0.count) times (only the first is read)" }
                .joined(separator: ", "))
        }
        guard let list = document["scores"]?.arrayValue else { return (ScoreFile(), "it has no \"scores\" list") }
        var best: [String: HighScoreEntry] = [:]
        var order: [String] = []
        var duplicates: [String: Int] = [:]
        var bad = 0
        for (index, item) in list.enumerated() {
            // Every field may be missing or of the wrong type (an old file's entries have no
            // id or date); a field of the wrong type is as good as missing.
            guard case .object = item,
                  let game = item["game"]?.stringValue.map(GameKind.init(rawValue:)), knownGames.contains(game),
                  let level = item["level"]?.stringValue.flatMap(Level.init(rawValue:)),
                  let score = item["score"]?.exactIntValue, score >= 0, score <= HighScoreTable.maximumScore
            else { bad += 1; continue }
            // A date outside 1970...2100 (a damaged file: -1e300, 1e19) is taken as unknown.
            let recorded = item["recorded"]?.doubleValue.flatMap { $0.isFinite && $0 >= 0 && $0 <= 4_102_444_800 ? $0 : nil } ?? Double(index)
            let entry = HighScoreEntry(id: item["id"]?.stringValue.map { String(printable($0).prefix(64)) } ?? "legacy-\(index)", game: game, level: level,
                                       score: score, recorded: recorded)
            if let other = best[entry.id] {
                // Two entries with one id: keep the better (the earlier among equals), say so.
                duplicates[entry.id, default: 1] += 1
                if entry.score > other.score || (entry.score == other.score && entry.recorded < other.recorded) { best[entry.id] = entry }
            } else {
                best[entry.id] = entry
                order.append(entry.id)
            }
        }
        if bad > 0 { problems.append("\(bad) unusable entr\(bad == 1 ? "y" : "ies")") }
        for (id, count) in duplicates.sorted(by: { $0.key < $1.key }) {
            problems.append("\(count) entries share the id \"\(printable(id))\" (the best is kept)")
        }
        if list.count > HighScoreTable.capacity { problems.append("\(list.count) entries where at most \(HighScoreTable.capacity) belong") }
        let table = HighScoreTable(entries: order.compactMap { best[$0] })
        let file = ScoreFile(entries: table.entries, generation: max(0, document["reset"]?.exactIntValue ?? 0))
        return (file, problems.isEmpty ? nil : problems.joined(separator: ", "))
    }
}
