import FoundationEssentials
import GameCore
import Scenes

/// Where the game keeps its files: `--data-dir`, else `$XDG_DATA_HOME/kids-joy-center`,
/// else `~/.local/share/kids-joy-center`.
public enum DataDirectory {
    public static func resolve(override: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center" }
        let home = environment["HOME"] ?? homeDirectory()
        return home + "/.local/share/kids-joy-center"
    }
}

/// Persists the high-score table as JSON with atomic writes, recovering from bad files.
/// Every problem is reported once through `warn`, and play goes on.
@MainActor
public final class HighScoreStore: ScoreKeeping {
    public static let fileName = "highscores.json"
    /// A save file larger than this is not ours.
    public static let sizeLimit = 1_000_000

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    private var lockPath: String { directory + "/.highscores.lock" }
    public private(set) var table = HighScoreTable()
    /// The id of the score recorded last in this run (the popup highlights it).
    public private(set) var lastRecordedID: String?
    private let warn: (String) -> Void
    private let clock: () -> Double
    private var makeID: () -> String
    private var reportedSaveFailure = false
    /// The games whose scores belong in the table (the registry's); others are unusable.
    private let knownGames: Set<GameKind>

    public init(directory: String, knownGames: [GameKind] = GameRegistry.standard.ids, warn: @escaping (String) -> Void,
                clock: @escaping () -> Double = { Date().timeIntervalSince1970 },
                makeID: @escaping () -> String = { UUID().uuidString }) {
        self.directory = directory
        self.knownGames = Set(knownGames)
        self.warn = warn
        self.clock = clock
        self.makeID = makeID
        table = HighScoreTable(entries: readFile(reportProblems: true))
    }

    /// Records a finished game's score if it makes the top five; answers its rank.
    /// The file is re-read and merged under a lock first, so two running copies lose nothing.
    @discardableResult
    public func record(game: GameKind, level: Level, score: Int) -> Int? {
        let entry = HighScoreEntry(id: makeID(), game: game, level: level, score: score, recorded: clock())
        var rank: Int?
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.withLock(lockPath) {
                table = HighScoreTable.merged(table.entries, readFile(reportProblems: false))
                rank = table.insert(entry)
                if rank != nil { try AtomicFile.write(encode(table), to: path) }
            }
        } catch {
            // Not saved, but the child still sees the score in this session.
            if rank == nil { rank = table.insert(entry) }
            if !reportedSaveFailure {
                reportedSaveFailure = true
                warn("cannot save high scores in \(directory) (\(error)); scores are kept only until the game closes")
            }
        }
        if rank != nil { lastRecordedID = entry.id }
        return rank
    }

    /// Would this score enter the table now?
    public func accepts(_ score: Int) -> Bool { table.accepts(score) }

    /// Clears the table (the adult gate's "Reset high scores").
    public func reset() {
        table = HighScoreTable()
        lastRecordedID = nil
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.withLock(lockPath) { try AtomicFile.write(encode(table), to: path) }
        } catch {
            warn("cannot reset high scores in \(directory): \(error)")
        }
    }

    // MARK: - File format

    func encode(_ table: HighScoreTable) -> Data {
        let scores = JSON.array(table.entries.map { e in
            .object([("id", .string(e.id)), ("game", .string(e.game.rawValue)), ("level", .string(e.level.rawValue)),
                     ("score", .int(e.score)), ("recorded", .double(e.recorded))])
        })
        let doc = JSON.object([("version", .int(1)), ("scores", scores)])
        return Data((doc.serialized() + "\n").utf8)
    }

    /// Reads what it can. A bad file is copied aside (once) and reported (once).
    private func readFile(reportProblems: Bool) -> [HighScoreEntry] {
        switch AtomicFile.read(path, limit: Self.sizeLimit) {
        case .missing:
            return []
        case .unreadable(let why):
            if reportProblems {
                let copy = AtomicFile.keepBadCopy(of: path)
                warn("high scores file \(path) cannot be read (\(why)); starting with an empty table" + (copy.map { "; a copy is kept at \($0)" } ?? ""))
            }
            return []
        case .data(let data):
            let (entries, problem) = Self.decode(data, knownGames: knownGames)
            if let problem, reportProblems {
                let copy = AtomicFile.keepBadCopy(of: path)
                let kept = entries.isEmpty ? "starting with an empty table" : "kept \(entries.count) good score(s)"
                warn("high scores file \(path) is damaged (\(problem)); \(kept)" + (copy.map { "; the bad file is kept at \($0)" } ?? ""))
            }
            return entries
        }
    }

    /// Decodes the file; answers the good entries and what was wrong, if anything.
    nonisolated static func decode(_ data: Data, knownGames: Set<GameKind> = [.memory, .sorting, .balloons]) -> ([HighScoreEntry], String?) {
        guard !data.isEmpty else { return ([], "the file is empty") }
        guard let text = String(data: data, encoding: .utf8), let doc = JSON.parse(text) else {
            return ([], "it is not valid JSON")
        }
        guard let list = doc["scores"]?.arrayValue else { return ([], "it has no \"scores\" list") }
        var entries: [HighScoreEntry] = []
        var bad = 0
        for (index, item) in list.enumerated() {
            guard let game = item["game"]?.stringValue.map(GameKind.init(rawValue:)), knownGames.contains(game),
                  let level = item["level"]?.stringValue.flatMap(Level.init(rawValue:)),
                  case .int(let score)? = item["score"], score >= 0, score <= HighScoreTable.maximumScore
            else { bad += 1; continue }
            let id = item["id"]?.stringValue ?? "legacy-\(index)"
            let recorded = item["recorded"]?.doubleValue ?? Double(index)
            entries.append(HighScoreEntry(id: id, game: game, level: level, score: score, recorded: recorded))
        }
        var problems: [String] = []
        if bad > 0 { problems.append("\(bad) unusable entr\(bad == 1 ? "y" : "ies")") }
        if list.count > HighScoreTable.capacity { problems.append("\(list.count) entries where at most \(HighScoreTable.capacity) belong") }
        let table = HighScoreTable(entries: entries)
        return (table.entries, problems.isEmpty ? nil : problems.joined(separator: ", "))
    }
}
