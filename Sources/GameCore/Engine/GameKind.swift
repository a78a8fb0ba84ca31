/// A game's id (`memory`, `sorting`, `balloons`, or a game registered later): what the log,
/// the dumps and the score files call it. Open, so a fourth game needs no edit here.
public struct GameKind: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let memory = GameKind("memory")
    public static let sorting = GameKind("sorting")
    public static let balloons = GameKind("balloons")

    /// The picture of its Home tile.
    public var imageName: String { "game-\(rawValue)" }
}

/// Difficulty levels: the same three for every game; each game says what they mean.
public enum Level: String, CaseIterable, Sendable, Codable {
    case easy, medium, hard
    public var imageName: String { "level-\(rawValue)" }
}

/// What one game is, as data: its id, its Home picture, its words, and its levels' numbers.
/// The scene side (Scenes' `GameEntry`) adds how it is played and drawn.
public struct GameDefinition: Sendable {
    public let id: GameKind
    /// Its name, on the Home tile, the top bar and the high-score table.
    public let title: Message
    /// Other words of the game (item names, zone names), for the catalog.
    public let messages: [Message]
    /// The numbers of each level (grid, counts, time limits, speeds, ranges), as the log
    /// and `--describe-games` show them.
    public let levels: [Level: [(String, JSON)]]
    /// Score thresholds for one, two and three stars at each level.
    public let stars: [Level: [Int]]

    public init(id: GameKind, title: Message, messages: [Message] = [], levels: [Level: [(String, JSON)]], stars: [Level: [Int]]) {
        self.id = id
        self.title = title
        self.messages = messages
        self.levels = levels
        self.stars = stars
    }

    /// Stars (0 to 3) earned by `score` at `level`.
    public func starCount(score: Int, level: Level) -> Int {
        (stars[level] ?? []).filter { score >= $0 }.count
    }

    /// The definition as JSON (`--describe-games`).
    public var json: JSON {
        .object([
            ("id", .string(id.rawValue)), ("title", .string(title.english)), ("titleKey", .string(title.key)),
            ("image", .string(id.imageName)),
            ("levels", .object(Level.allCases.compactMap { level in levels[level].map { (level.rawValue, .object($0)) } })),
            ("stars", .object(Level.allCases.compactMap { level in stars[level].map { (level.rawValue, .array($0.map { .int($0) })) } })),
        ])
    }
}
