import GameCore

/// Why a child could not be added.
public enum ProfileFailure: Error, Equatable, Sendable {
    /// There are already `Profiles.maximumChildren`.
    case full
    /// Another child has that nickname.
    case nicknameTaken
    /// The database refused (its words).
    case storage(String)
}

/// Keeps the children (the app's store keeps them in the progress database).
@MainActor
public protocol ProfileKeeping: AnyObject {
    var children: [ChildProfile] { get }
    /// How many children there are (kept, not counted at every frame).
    var childCount: Int { get }
    func addChild(nickname: String?, avatar: Avatar) -> Result<ChildProfile, ProfileFailure>
    /// Changes a child's nickname or avatar.
    @discardableResult func update(_ child: ChildProfile) -> Bool
    /// Deletes the child and every record of hers.
    @discardableResult func deleteChild(_ child: ChildProfile) -> Bool
    /// The stickers she earned, in order (kinds 1...24).
    func stickers(of child: ChildProfile) -> [Int]
    /// Per player and game: rounds, wins, best, time and the scores in order.
    func summary() -> [ProgressSummary]
    /// Her rounds of one game, oldest first (growing with the child, Home's level; the same
    /// GameCore value the Progress screen reads).
    func rounds(of child: ChildProfile, game: GameKind) -> [PlayedRound]
}

extension ScoreKeeping {
    /// Stores without a history record only what enters the everyone-table.
    @discardableResult
    public func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks {
        guard round.counts, !round.relaxed else { return RoundRanks() }
        return RoundRanks(rank: record(game: round.game, level: round.level, score: round.score))
    }

    public func entries(_ query: TableQuery) -> [HighScoreEntry] {
        table.entries.filter { e in
            (query.player == nil || e.player == query.player) && (query.game == nil || e.game == query.game)
        }
    }
}

/// Remembers the switches a grown-up sets in the corner (`voice`, `effects`, `relaxed`).
@MainActor
public protocol SwitchRemembering: AnyObject {
    func remember(_ key: String, _ value: Bool)
    /// The corner's classroom choices: the session limit (0: none), the games and levels
    /// Home shows, the gate's PIN ("": none).
    func rememberClassroom(sessionMinutes: Int?, games: [String]?, levels: [String]?, gatePIN: String?)
}

/// Where the progress report can be saved: the home folder, or a mounted USB stick.
public struct ReportDestination: Equatable, Sendable {
    /// The stick's name; nil for the home folder (its words come from the catalog).
    public var label: String?
    public var path: String
    public var isUSB: Bool
    public init(label: String?, path: String, isUSB: Bool) { self.label = label; self.path = path; self.isUSB = isUSB }
}

/// Saves the progress report (CSV and chart pictures) to a folder (the app does: it owns the
/// files and the pictures).
@MainActor
public protocol ReportSaving: AnyObject {
    func destinations() -> [ReportDestination]
    /// Writes the report into a new folder inside `destination`; answers that folder.
    func save(to destination: ReportDestination) -> Result<String, ProfileFailure>
}
