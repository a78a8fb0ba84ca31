import GameCore

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
    /// Starts writing the report into a new folder inside `destination`, off the frame loop;
    /// the scene asks the job every frame until it answers.
    func begin(to destination: ReportDestination) -> any ReportJob
}

/// One "Save report" under way (issue #28: saving froze the game 4-10 s). `poll()` is called
/// once a frame and does at most one small step on the main thread (one chart drawn); the
/// files are encoded and written on a worker thread.
@MainActor
public protocol ReportJob: AnyObject {
    /// nil while saving; then the folder written, or why it failed (nothing half-saved stays).
    func poll() -> Result<String, ProfileFailure>?
    /// Stops it (a quit, or the screen closed): what was written is removed, the folder too.
    func cancel()
}

/// A job already done (saved or failed), for savers that write at once.
@MainActor
public final class FinishedReportJob: ReportJob {
    private let result: Result<String, ProfileFailure>
    public init(_ result: Result<String, ProfileFailure>) { self.result = result }
    public func poll() -> Result<String, ProfileFailure>? { result }
    public func cancel() {}
}
