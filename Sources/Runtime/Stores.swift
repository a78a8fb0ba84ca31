import GameCore
import Scenes
import Stage

// The stores and services the runtime owns and scenes never see: scenes read what they hold
// through `GameContext` and change it with `Effect`s.

/// Keeps the high-score table (the app's store writes it to the data folder).
@MainActor
public protocol ScoreKeeping: AnyObject {
    var table: HighScoreTable { get }
    /// The id of the score recorded last in this run (the popup highlights it).
    var lastRecordedID: String? { get }
    /// Records a finished game's score if it makes the top five; answers its rank.
    @discardableResult func record(game: GameKind, level: Level, score: Int) -> Int?
    /// Clears the table (the adult gate's "Reset high scores").
    func reset()
    /// Records a finished game for a player (every finished game; the tables take the ones
    /// that count); answers its ranks and sticker.
    @discardableResult func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks
    /// A table: everyone's or a player's own, all games or one, best first.
    func entries(_ query: TableQuery) -> [HighScoreEntry]
    /// Reads the table again (what another running copy recorded or reset).
    func refresh()
}

extension ScoreKeeping {
    public func refresh() {}
}

/// Keeps this run's mute (the top bar's speaker); the remembered settings are the
/// corner's (`SwitchRemembering`).
@MainActor
public protocol SettingsKeeping: AnyObject {
    var muted: Bool { get }
    /// Mutes or unmutes this run (not saved).
    func setMuted(_ value: Bool)
    /// Mutes this run only (`--mute`, `mute = true`).
    func overrideMuted(_ value: Bool)
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
    /// Her last `limit` rounds of one game, oldest first (growing with the child, Home's
    /// level; the same GameCore value the Progress screen reads). A query with a limit: a tap
    /// never reads her whole history.
    func lastRounds(of child: ChildProfile, game: GameKind, limit: Int) -> [PlayedRound]
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
    func remember(_ key: SettingKey, _ value: Bool)
    /// The corner's classroom choices: the session limit (0: none), the games and levels
    /// Home shows, the gate's PIN ("": none).
    func rememberClassroom(sessionMinutes: Int?, games: [String]?, levels: [String]?, gatePIN: String?)
    /// The classroom's content sets (nil: none chosen, every set in turn).
    func rememberSets(_ ids: [String]?)
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

/// Switches the language while the game runs (the app's).
@MainActor
public protocol LanguageSwitching: AnyObject {
    /// The current language's code.
    var current: String { get }
    /// False when the choice is fixed for this run (`--language`, or locked by the
    /// classroom's configuration): the tiles show it and a tap only says the name.
    var canChoose: Bool { get }
    /// Switches the game to `code` (catalog, voices, layout direction) and remembers it.
    func choose(_ code: String)
}

/// The stores the runtime records to and reads from (the app's files and database; in-memory
/// ones in tests), kept together: the runtime's own state is the session's.
@MainActor
public struct Stores {
    /// The high-score table (and, with profiles, each child's rounds).
    public let scores: any ScoreKeeping
    /// settings.json: what the corner remembers, and this run's mute.
    public let settings: any SettingsKeeping
    /// The children, when profiles are on and a store keeps them.
    public var profiles: (any ProfileKeeping)?
    /// Remembers the corner's switches and classroom choices.
    public var switchMemory: (any SwitchRemembering)?
    /// Saves the progress report.
    public var reports: (any ReportSaving)?

    public init(scores: any ScoreKeeping, settings: any SettingsKeeping) {
        self.scores = scores
        self.settings = settings
    }
}

/// The content sets found, and the sets' turns: without a classroom choice each new round of
/// a game takes the next of its sets (windowed play); not rotating (scripted runs and tests),
/// every round plays the game's first set, the standard one, so scripts and their logs stay
/// the same whatever sets are installed. A value: its tests take turns with it.
@MainActor
public struct SetTurns {
    /// Every content set found (the app's discovery; the standard sets in tests).
    public var library = SetLibrary.standard
    public var rotates = false
    /// Rounds started per game.
    private var rounds: [GameKind: Int] = [:]

    public init() {}

    /// The set of a game's next round: in turn among the classroom's chosen sets of that game
    /// (all of them when it chose none of this game's), or the first when sets do not rotate.
    public func next(_ game: GameKind, chosen ids: [String]?) -> ContentSet? {
        let chosen = Self.chosen(game, ids, in: library)
        guard rotates || chosen != nil else { return library.pick(game, chosen: nil, round: 0) }
        return library.pick(game, chosen: chosen, round: rounds[game, default: 0])
    }

    /// A round of the game started with `next`'s set: the turn moves on (when sets take turns).
    public mutating func take(_ game: GameKind, chosen ids: [String]?) {
        guard rotates || Self.chosen(game, ids, in: library) != nil else { return }
        rounds[game, default: 0] += 1
    }

    private static func chosen(_ game: GameKind, _ ids: [String]?, in library: SetLibrary) -> [String]? {
        ids.map { ids in ids.filter { library.set($0)?.game == game } }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
