/// The three games a child can pick on Home.
public enum GameKind: String, CaseIterable, Sendable, Codable {
    case memory, sorting, balloons
    public var title: String {
        switch self {
        case .memory: return "Memory"
        case .sorting: return "Sorting"
        case .balloons: return "Balloons"
        }
    }
    public var imageName: String { "game-\(rawValue)" }
    public init?(title: String) {
        guard let kind = GameKind.allCases.first(where: { $0.title.lowercased() == title.lowercased() }) else { return nil }
        self = kind
    }
}

/// Difficulty levels.
public enum Level: String, CaseIterable, Sendable, Codable {
    case easy, medium, hard
    public var title: String {
        switch self {
        case .easy: return "Easy"
        case .medium: return "Medium"
        case .hard: return "Hard"
        }
    }
    public var imageName: String { "level-\(rawValue)" }
    public init?(title: String) {
        guard let level = Level.allCases.first(where: { $0.title.lowercased() == title.lowercased() }) else { return nil }
        self = level
    }
}
