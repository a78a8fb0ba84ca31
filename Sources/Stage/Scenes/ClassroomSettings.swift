import GameCore

/// Settings a school or a parent gives in the config files (TESTING decision 5) that scenes
/// need: the session limit, the gate's PIN and which settings a system file locked (the
/// corner shows those as locked and does not change them).
public struct ClassroomSettings: Equatable, Sendable {
    /// Minutes a session may last (5...120), nil for no limit.
    public var sessionMinutes: Int?
    /// The numeric PIN the adult gate asks for, if any.
    public var gatePIN: String?
    /// The levels Home offers (nil: all).
    public var levels: [Level]?
    /// The content sets the games play (issue 44; nil: every set of a game in turn).
    public var sets: [String]?
    /// Config keys a system file's `[locked]` table set.
    public var locked: Set<SettingKey> = []

    public init(sessionMinutes: Int? = nil, gatePIN: String? = nil, levels: [Level]? = nil, locked: Set<SettingKey> = []) {
        self.sessionMinutes = sessionMinutes; self.gatePIN = gatePIN; self.levels = levels; self.locked = locked
    }

    /// The levels Home offers (every level when none was chosen).
    public var shownLevels: [Level] { levels.flatMap { $0.isEmpty ? nil : $0 } ?? Level.allCases }

    public func isLocked(_ key: SettingKey) -> Bool { locked.contains(key) }
}
