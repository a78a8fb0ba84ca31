/// One recorded score, as the score file keeps it (`id`, `game`, `level`, `score`, `recorded`).
public struct HighScoreEntry: Equatable, Sendable, Codable {
    /// Unique id, so entries merged from two running instances are not doubled.
    public var id: String
    public var game: GameKind
    public var level: Level
    public var score: Int
    /// When it was recorded (seconds since 1970); orders equal scores, earlier first.
    public var recorded: Double
    /// Who played: `guest` or `child-N` (not in the old file: its scores are the guest's).
    public var player: String = "guest"
    /// The child's nickname, if an adult gave one.
    public var nickname: String? = nil

    /// The file's field names (a file's entries are decoded one by one, leniently, by the store).
    public enum CodingKeys: String, CodingKey { case id, game, level, score, recorded }

    public init(id: String, game: GameKind, level: Level, score: Int, recorded: Double) {
        self.id = id; self.game = game; self.level = level; self.score = score; self.recorded = recorded
    }
}

/// The five best scores over all games and levels, best first; equal scores keep the
/// earlier one first. A pure value: the store persists it.
public struct HighScoreTable: Equatable, Sendable {
    public static let capacity = 5
    /// Scores above this are not believable and are dropped when a file is read.
    public static let maximumScore = 100_000
    public private(set) var entries: [HighScoreEntry] = []

    public init() {}

    /// A table of the best five of `entries`, sorted.
    public init(entries: [HighScoreEntry]) {
        self = HighScoreTable.merged(entries, [])
    }

    private init(sorted: [HighScoreEntry]) { entries = sorted }

    /// True when a score would enter: fewer than five entries, or it beats the lowest.
    public func accepts(_ score: Int) -> Bool {
        entries.count < Self.capacity || score > (entries.last?.score ?? Int.min)
    }

    /// Inserts if the score makes the table; returns its rank 1...5, or nil.
    @discardableResult
    public mutating func insert(_ entry: HighScoreEntry) -> Int? {
        guard accepts(entry.score), !entries.contains(where: { $0.id == entry.id }) else { return nil }
        // After every entry with an equal or better score: earlier equal scores stay first.
        let index = entries.firstIndex(where: { $0.score < entry.score }) ?? entries.count
        entries.insert(entry, at: index)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
        return index + 1
    }

    public func rank(ofID id: String) -> Int? {
        entries.firstIndex(where: { $0.id == id }).map { $0 + 1 }
    }

    /// The union of two lists (by id), best first, earlier first among equals, cut to five.
    public static func merged(_ a: [HighScoreEntry], _ b: [HighScoreEntry]) -> HighScoreTable {
        var seen = Set<String>()
        var all: [HighScoreEntry] = []
        for entry in a + b where !seen.contains(entry.id) {
            seen.insert(entry.id)
            all.append(entry)
        }
        let sorted = all.enumerated().sorted { lhs, rhs in
            if lhs.element.score != rhs.element.score { return lhs.element.score > rhs.element.score }
            if lhs.element.recorded != rhs.element.recorded { return lhs.element.recorded < rhs.element.recorded }
            return lhs.offset < rhs.offset
        }.map(\.element)
        return HighScoreTable(sorted: Array(sorted.prefix(capacity)))
    }
}
