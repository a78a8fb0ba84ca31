import GameCore
import Glibc
import SystemIO

// MARK: - File format

extension HighScoreStore {
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
