import FoundationEssentials
import GameCore
import Scenes
import Glibc

/// Where the game keeps its files: `--data-dir`, else `$XDG_DATA_HOME/kids-joy-center`,
/// else `~/.local/share/kids-joy-center`.
public enum DataDirectory {
    public static func resolve(override: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               warn: ((String) -> Void)? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center" }
        return home(environment, warn: warn) + "/.local/share/kids-joy-center"
    }

    /// HOME when it is an absolute path; a relative or empty HOME is treated as unset (the
    /// password database's home folder), with a message.
    public static func home(_ environment: [String: String] = ProcessInfo.processInfo.environment,
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
    public static func expandingHome(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if path == "~" { return home(environment) }
        guard path.hasPrefix("~/") else { return path }
        let home = home(environment)
        return (home == "/" ? "" : home) + path.dropFirst()
    }
}

/// Persists the high-score table as JSON with atomic writes, recovering from bad files.
/// Every problem is reported once through `warn`, and play goes on.
///
/// Saves run on `SaveQueue` (never in the frame loop), in order; each re-reads the file and
/// merges under the folder's lock, so two running copies lose nothing. A file that could not
/// be read or is damaged is moved aside (never written over, never copied at every start).
/// "Reset high scores" bumps the file's `reset` generation: entries of an older generation,
/// from this copy or another one already running, are not merged back.
@MainActor
public final class HighScoreStore: ScoreKeeping {
    public nonisolated static let fileName = "highscores.json"
    /// A save file larger than this is not ours.
    public nonisolated static let sizeLimit = 1_000_000

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    nonisolated static func lockPath(_ directory: String) -> String { directory + "/.highscores.lock" }
    public private(set) var table = HighScoreTable()
    /// The reset generation the table belongs to (0 until someone resets).
    public private(set) var generation = 0
    /// The id of the score recorded last in this run (the popup highlights it).
    public private(set) var lastRecordedID: String?
    private let warn: (String) -> Void
    private let clock: () -> Double
    private var makeID: () -> String
    private var reportedSaveFailure = false
    private let mailbox = Mailbox()
    /// Tests: runs in each save before its fsync (plays a slow disk).
    var beforeSync: (@Sendable () -> Void)?

    /// The games whose scores belong in the table (the registry's); others are unusable.
    let knownGames: Set<GameKind>

    public init(directory: String, knownGames: [GameKind] = GameRegistry.standard.ids, warn: @escaping (String) -> Void,
                clock: @escaping () -> Double = { Date().timeIntervalSince1970 },
                makeID: @escaping () -> String = { UUID().uuidString }) {
        self.directory = directory
        self.knownGames = Set(knownGames)
        self.warn = warn
        self.clock = clock
        self.makeID = makeID
        // Saves this process already asked for land first (a second store on the same folder
        // reads what the first one saved).
        SaveQueue.shared.waitUntilIdle()
        let (file, message, rewrite) = Self.open(directory: directory, knownGames: self.knownGames)
        table = HighScoreTable(entries: file.entries)
        generation = file.generation
        if let message { warn(message) }
        if rewrite { enqueueSave(what: "save high scores") }
    }

    /// Records a finished game's score if it makes the top five; answers its rank.
    /// The rank counts what other running copies saved (the file is read first); the save
    /// itself runs in the background.
    @discardableResult
    public func record(game: GameKind, level: Level, score: Int) -> Int? {
        deliverMessages()
        syncWithFile()
        let entry = HighScoreEntry(id: makeID(), game: game, level: level, score: score, recorded: clock())
        let rank = table.insert(entry)
        if rank != nil {
            lastRecordedID = entry.id
            enqueueSave(what: "save high scores")
        }
        return rank
    }

    /// Would this score enter the table now?
    public func accepts(_ score: Int) -> Bool { table.accepts(score) }

    /// Clears the table (the adult gate's "Reset high scores"), here and in every copy of the
    /// game that saves later: the file's reset generation goes up.
    public func reset() {
        deliverMessages()
        if case .good(let file) = Self.inspect(path, knownGames: knownGames) { generation = max(generation, file.generation) }
        generation += 1
        table = HighScoreTable()
        lastRecordedID = nil
        enqueueSave(what: "reset high scores")
    }

    /// Waits until every save asked for so far has finished (a quit, the crash-test driver),
    /// then reports what went wrong, if anything.
    public func waitForPendingSaves() {
        SaveQueue.shared.waitUntilIdle()
        deliverMessages()
    }

    // MARK: - Background saves

    private func enqueueSave(what: String) {
        let snapshot = table.entries, generation = generation
        let path = path, directory = directory, mailbox = mailbox, beforeSync = beforeSync, knownGames = knownGames
        SaveQueue.shared.async {
            Self.save(snapshot, generation: generation, path: path, directory: directory, what: what,
                      mailbox: mailbox, beforeSync: beforeSync, knownGames: knownGames)
        }
    }

    /// One save, on the save queue: under the lock, re-read the file (moving a bad one aside),
    /// merge by generation, write atomically.
    nonisolated static func save(_ entries: [HighScoreEntry], generation: Int, path: String, directory: String, what: String,
                                 mailbox: Mailbox, beforeSync: (@Sendable () -> Void)?, knownGames: Set<GameKind>) {
        do {
            try AtomicFile.makeDirectories(directory)
            try AtomicFile.withLock(lockPath(directory)) {
                var onDisk = ScoreFile()
                switch inspect(path, knownGames: knownGames) {
                case .missing: break
                case .good(let file): onDisk = file
                case .notAFile(let why): throw StoreFailure("\(fileName): \(why)")
                case .damaged(let file, let problem):
                    onDisk = file
                    let target = try moveAsideOrRefuse(path, because: "is damaged (\(problem))")
                    mailbox.post("high scores file \(printable(path)) was damaged (\(problem)); it was moved to \(printable(target))")
                case .unreadable(let why):
                    let target = try moveAsideOrRefuse(path, because: "cannot be read (\(why))")
                    mailbox.post("high scores file \(printable(path)) could not be read (\(why)); it was moved to \(printable(target))")
                }
                let result: [HighScoreEntry]
                if onDisk.generation > generation {
                    return // Reset by another copy after this one's scores: the reset wins.
                } else if onDisk.generation == generation {
                    result = HighScoreTable.merged(entries, onDisk.entries).entries
                } else {
                    result = entries // This copy reset: older entries stay out.
                }
                try AtomicFile.write(encode(result, generation: generation), to: path, beforeSync: beforeSync)
            }
        } catch {
            mailbox.post("cannot \(what) in \(printable(directory)) (\(error)); scores are kept only until the game closes", saveFailure: true)
        }
    }

    nonisolated static func moveAsideOrRefuse(_ path: String, because problem: String, name: String = fileName) throws -> String {
        switch AtomicFile.moveAside(path) {
        case .success(let target): return target
        case .failure(let failure):
            throw StoreFailure("\(name) \(problem) and could not be moved aside (\(failure)), so it is not written over")
        }
    }

    private func deliverMessages() {
        for message in mailbox.take() {
            if message.isSaveFailure {
                if reportedSaveFailure { continue }
                reportedSaveFailure = true
            }
            warn(message.text)
        }
    }

    /// Takes in what other copies saved, by reset generation.
    private func syncWithFile() {
        guard case .good(let file) = Self.inspect(path, knownGames: knownGames) else { return }
        if file.generation > generation {
            table = HighScoreTable(entries: file.entries)
            generation = file.generation
        } else if file.generation == generation {
            table = HighScoreTable.merged(table.entries, file.entries)
        }
    }

    // MARK: - Opening

    /// Reads the file at start. A bad file is moved aside once, under the lock (a rename:
    /// nothing is copied, and the next start finds a good file or none); the good entries it
    /// had are saved again. Orphaned temporary files of killed copies are removed.
    /// Answers the file, the one message to show, and whether to save the entries back.
    nonisolated static func open(directory: String, knownGames: Set<GameKind>) -> (ScoreFile, String?, Bool) {
        let path = directory + "/" + fileName
        var found = inspect(path, knownGames: knownGames)
        var moved: Result<String, StoreFailure>?
        if AtomicFile.isDirectory(directory) {
            do {
                try AtomicFile.withLock(lockPath(directory)) {
                    AtomicFile.removeOrphanedTemporaries(in: directory, names: [fileName, SettingsStore.fileName])
                    found = inspect(path, knownGames: knownGames)
                    switch found {
                    case .damaged, .unreadable: moved = AtomicFile.moveAside(path)
                    default: break
                    }
                }
            } catch {
                if found.isBad { moved = .failure(error as? StoreFailure ?? StoreFailure("\(error)")) }
            }
        }
        let shown = printable(path)
        func fate(_ thing: String) -> String {
            switch moved {
            case .success(let target)?: return "; \(thing) was moved to \(printable(target))"
            case .failure(let failure)?: return "; \(thing) could not be moved aside (\(failure)), so scores will not be saved over it"
            case nil: return ""
            }
        }
        switch found {
        case .missing, .good:
            return (found.file, nil, false)
        case .notAFile(let why):
            return (ScoreFile(), "high scores file \(shown) cannot be used (\(why)); starting with an empty table, and it is left alone", false)
        case .unreadable(let why):
            return (ScoreFile(), "high scores file \(shown) cannot be read (\(why)); starting with an empty table" + fate("it"), false)
        case .damaged(let file, let problem):
            let kept = file.entries.isEmpty ? "starting with an empty table" : "kept \(file.entries.count) good score(s)"
            let rewrite = !file.entries.isEmpty && (try? moved?.get()) != nil
            return (file, "high scores file \(shown) is damaged (\(problem)); \(kept)" + fate("the bad file"), rewrite)
        }
    }

    // MARK: - File format

    /// `{"version":1,"scores":[{"id","game","level","score","recorded"}…]}`, plus `"reset":G`
    /// once the table has been reset. Written by the ordered JSON writer, so the bytes read
    /// the same as they always have (JSONEncoder would shuffle the keys).
    nonisolated static func encode(_ entries: [HighScoreEntry], generation: Int = 0) -> Data {
        let scores = JSON.array(entries.map { e in
            .object([("id", .string(e.id)), ("game", .string(e.game.rawValue)), ("level", .string(e.level.rawValue)),
                     ("score", .int(e.score)), ("recorded", .double(e.recorded))])
        })
        var fields: [(String, JSON)] = [("version", .int(1))]
        if generation > 0 { fields.append(("reset", .int(generation))) }
        fields.append(("scores", scores))
        return Data((JSON.object(fields).serialized() + "\n").utf8)
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
    nonisolated static func decode(_ data: Data, knownGames: Set<GameKind> = [.memory, .sorting, .balloons]) -> ([HighScoreEntry], String?) {
        let (file, problem) = decodeFile(data, knownGames: knownGames)
        return (file.entries, problem)
    }

    /// Decodes with JSONDecoder, entry by entry (one bad entry does not void the rest), with
    /// the checks a hand-edited or damaged file needs.
    nonisolated static func decodeFile(_ data: Data, knownGames: Set<GameKind>) -> (ScoreFile, String?) {
        guard !data.isEmpty else { return (ScoreFile(), "the file is empty") }
        let document: ScoreDocument
        do {
            document = try JSONDecoder().decode(ScoreDocument.self, from: data)
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
    static func duplicateTopLevelKeys(_ data: Data) -> [(key: String, count: Int)] {
        let bytes = [UInt8](data)
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
