import GameCore
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
    private let clock: () -> Double
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
        let (db, messages) = Self.openDatabase(directory: directory, knownGames: self.knownGames)
        messages.forEach(warn)
        if let db {
            database = db
        } else {
            inMemory = true
            database = try? ProgressDatabase(path: ":memory:")
        }
        refresh()
        _ = children
    }

    /// Reads the everyone-table again (what other running copies recorded).
    public func refresh() {
        guard let database else { return }
        if let entries = try? database.table(TableQuery()) { table = HighScoreTable(entries: entries) }
    }

    /// Records a finished game's score for the guest; answers its rank in the everyone-table.
    @discardableResult
    public func record(game: GameKind, level: Level, score: Int) -> Int? {
        recordRound(RoundRecord(game: game, level: level, score: score, result: "won", reason: ""), player: .guest).rank
    }

    /// Records a finished game for the player (every finished game, won or not); answers
    /// where it landed in the everyone-, own and game tables, and the sticker it earned.
    @discardableResult
    public func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks {
        let id = makeID()
        let now = clock()
        var ranks = RoundRanks()
        do {
            guard let database else { throw SQLiteError(code: 1, message: "no database", context: "record") }
            let (_, sticker) = try database.record(round, child: player.child?.number, entry: id, played: now)
            ranks.sticker = sticker
            guard round.counts else { return ranks }
            func rank(_ q: TableQuery) throws(SQLiteError) -> Int? {
                try database.table(q).firstIndex(where: { $0.id == id }).map { $0 + 1 }
            }
            let everyone = try database.table(TableQuery())
            table = HighScoreTable(entries: everyone)
            ranks.rank = everyone.firstIndex(where: { $0.id == id }).map { $0 + 1 }
            ranks.childRank = try rank(TableQuery(player: player.id))
            ranks.gameRank = round.relaxed ? nil : try rank(TableQuery(game: round.game))
        } catch {
            if !reportedSaveFailure {
                reportedSaveFailure = true
                warn("cannot save the game in \(printable(databasePath)) (\(error)); scores are kept only until the game closes")
            }
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
    /// the game: the history and the stickers stay.
    public func reset() {
        do {
            try database?.resetTables()
        } catch {
            warn("cannot reset high scores in \(printable(databasePath)) (\(error))")
        }
        table = HighScoreTable()
        lastRecordedID = nil
    }

    /// Kept for the quit path: writes are synchronous transactions, so nothing waits.
    public func waitForPendingSaves() {}

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
            .map { PlayedRound(level: $0.level, result: $0.result, score: $0.score) }
    }

    // MARK: - Opening

    /// Opens progress.db in `directory`, creating the folder, taking in highscores.json once,
    /// and setting a damaged or unreadable database aside. Answers nil (with the messages to
    /// show) when the folder cannot hold a database: the scores then live in memory.
    nonisolated static func openDatabase(directory: String, knownGames: Set<GameKind>) -> (ProgressDatabase?, [String]) {
        var messages: [String] = []
        let dbPath = directory + "/" + databaseName
        let shown = printable(dbPath)
        do {
            try AtomicFile.makeDirectories(directory)
        } catch {
            return (nil, ["cannot keep scores in \(printable(directory)) (\(error)); scores are kept only until the game closes"])
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
        for attempt in 0..<2 {
            switch DatabaseFile.prepare(dbPath) {
            case .ready: break
            case .notAFile(let why):
                return (nil, messages + ["progress database \(shown) cannot be used (\(why)); it is left alone, and scores are kept only until the game closes"])
            case .readOnly(let why):
                return (nil, messages + ["progress database \(shown) cannot be written by this account (\(why)); it is left alone, and scores are kept only until the game closes (a folder shared by several accounts needs the setgid group setup in README)"])
            case .unreadable(let why):
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) cannot be read (\(why)); it was set aside as \(printable(target)) and a new one started")
                    continue
                case .failure(let failure):
                    return (nil, messages + ["progress database \(shown) cannot be read (\(why)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            case .failed(let why):
                return (nil, messages + ["cannot create the progress database \(shown) (\(why)); scores are kept only until the game closes"])
            }
            do {
                return (try ProgressDatabase(path: dbPath, importLegacy: legacy), messages)
            } catch {
                guard error.isDamage, attempt == 0 else {
                    return (nil, messages + ["cannot open the progress database \(shown) (\(error.message)); it is left alone, and scores are kept only until the game closes"])
                }
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) is damaged (\(error.message)); it was set aside as \(printable(target)) and a new one started")
                case .failure(let failure):
                    return (nil, messages + ["progress database \(shown) is damaged (\(error.message)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            }
        }
        return (nil, messages)
    }

    /// Reads highscores.json for the first start's import. Answers its good entries, the
    /// message to show (a damaged or unreadable file), and whether the import is done (false:
    /// the file could not be read now; it is tried again at the next start). The file is
    /// never changed: it stays as a backup.
    nonisolated static func importLegacy(directory: String, knownGames: Set<GameKind>) -> ([HighScoreEntry], String?, Bool) {
        let path = directory + "/" + fileName
        let shown = printable(path)
        switch inspect(path, knownGames: knownGames) {
        case .missing: return ([], nil, true)
        case .good(let file): return (file.entries, nil, true)
        case .notAFile(let why):
            return ([], "old high scores file \(shown) cannot be used (\(why)); it is left alone", true)
        case .unreadable(let why):
            return ([], "old high scores file \(shown) cannot be read (\(why)); its scores will be taken in once it can be read, and it is left alone", false)
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

    /// Decodes the file; answers the good entries and what was wrong, if anything.
    nonisolated static func decode(_ data: [UInt8], knownGames: Set<GameKind> = [.memory, .sorting, .balloons]) -> ([HighScoreEntry], String?) {
        let (file, problem) = decodeFile(data, knownGames: knownGames)
        return (file.entries, problem)
    }

    /// Decodes with JSONDecoder, entry by entry (one bad entry does not void the rest), with
    /// the checks a hand-edited or damaged file needs.
    nonisolated static func decodeFile(_ data: [UInt8], knownGames: Set<GameKind>) -> (ScoreFile, String?) {
        guard !data.isEmpty else { return (ScoreFile(), "the file is empty") }
        let document: ScoreDocument
        do {
            document = try JSONReader().decode(ScoreDocument.self, from: data)
        } catch DecodingError.dataCorrupted {
            return (ScoreFile(), "it is not valid JSON")
        } catch {
            return (ScoreFile(), "it has no \"scores\" list")
        }
        var problems: [String] = []
        let duplicateKeys = JSONKeys.duplicateTopLevelKeys(data)
        if !duplicateKeys.isEmpty {
            // JSONDecoder keeps the first of duplicate keys without a word: say it.
            problems.append(duplicateKeys.map { "\"\(printable($0.key))\" appears \($0.count) times (only the first is read)" }
                .joined(separator: ", "))
        }
        guard let list = document.scores else { return (ScoreFile(), "it has no \"scores\" list") }
        var best: [String: HighScoreEntry] = [:]
        var order: [String] = []
        var duplicates: [String: Int] = [:]
        var bad = 0
        for (index, item) in list.enumerated() {
            guard let stored = item.value,
                  let game = stored.game.map(GameKind.init(rawValue:)), knownGames.contains(game),
                  let level = stored.level.flatMap(Level.init(rawValue:)),
                  let score = stored.score, score >= 0, score <= HighScoreTable.maximumScore
            else { bad += 1; continue }
            let entry = HighScoreEntry(id: stored.id ?? "legacy-\(index)", game: game, level: level, score: score,
                                       recorded: stored.recorded ?? Double(index))
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
        let file = ScoreFile(entries: table.entries, generation: max(0, document.reset ?? 0))
        return (file, problems.isEmpty ? nil : problems.joined(separator: ", "))
    }
}

/// The score file's top level. `scores` is read element by element through `Lenient`.
private struct ScoreDocument: Decodable {
    var version: Int?
    var reset: Int?
    var scores: [Lenient<StoredEntry>]?

    enum CodingKeys: String, CodingKey { case version, reset, scores }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try? c.decodeIfPresent(Int.self, forKey: .version)
        reset = try? c.decodeIfPresent(Int.self, forKey: .reset)
        scores = try c.decodeIfPresent([Lenient<StoredEntry>].self, forKey: .scores)
    }
}

/// Decodes a value, or nil when it does not decode: one bad array element stays one.
struct Lenient<T: Decodable>: Decodable {
    let value: T?
    init(from decoder: any Decoder) throws { value = try? T(from: decoder) }
}

/// An entry as found in a file: every field may be missing or of the wrong type; the store
/// decides what is usable (and an old file's entries have no id or date).
private struct StoredEntry: Decodable {
    var id: String?
    var game: String?
    var level: String?
    var score: Int?
    var recorded: Double?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: HighScoreEntry.CodingKeys.self)
        id = try? c.decodeIfPresent(String.self, forKey: .id)
        game = try? c.decodeIfPresent(String.self, forKey: .game)
        level = try? c.decodeIfPresent(String.self, forKey: .level)
        score = try? c.decodeIfPresent(Int.self, forKey: .score)
        recorded = try? c.decodeIfPresent(Double.self, forKey: .recorded)
    }
}

/// The one thing JSONDecoder hides: a key written twice in an object (it keeps the first
/// silently). A scan of the top level only, run after JSONDecoder accepted the text.
enum JSONKeys {
    static func duplicateTopLevelKeys(_ data: [UInt8]) -> [(key: String, count: Int)] {
        let bytes = data
        var depth = 0, i = 0
        var counts: [String: Int] = [:]
        var order: [String] = []
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
        while i < bytes.count {
            let c = bytes[i]
            if c == quote {
                let start = i + 1
                i += 1
                while i < bytes.count && bytes[i] != quote { i += bytes[i] == backslash ? 2 : 1 }
                let text = bytes[start..<min(i, bytes.count)]
                i += 1
                if depth == 1 {
                    var j = i
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j += 1 }
                    if j < bytes.count && bytes[j] == colon {
                        let key = String(decoding: text, as: UTF8.self)
                        if counts[key] == nil { order.append(key) }
                        counts[key, default: 0] += 1
                    }
                }
                continue
            }
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
            else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
            i += 1
        }
        return order.compactMap { key in counts[key].flatMap { $0 > 1 ? (key, $0) : nil } }
    }
}
