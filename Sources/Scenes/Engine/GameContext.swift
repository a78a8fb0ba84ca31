import GameCore

/// The services every scene shares, owned by the app and handed down (no globals).
@MainActor
public final class GameContext {
    public let log: EventLog
    public let random: RandomSource
    public let scores: any ScoreKeeping
    public let settings: any SettingsKeeping
    public var soundPlayer: any SoundPlayer
    /// Kiosk mode: quitting needs the adult gate.
    public var kiosk: Bool

    public init(log: EventLog, random: RandomSource, scores: any ScoreKeeping, settings: any SettingsKeeping,
                soundPlayer: any SoundPlayer, kiosk: Bool = false) {
        self.log = log
        self.random = random
        self.scores = scores
        self.settings = settings
        self.soundPlayer = soundPlayer
        self.kiosk = kiosk
    }

    public var muted: Bool { settings.muted }

    /// Logs the sound and plays it unless muted.
    public func play(_ sound: Sound) {
        log.emit("sound", [("name", .string(sound.rawValue)), ("muted", .bool(muted))])
        if !muted { soundPlayer.play(sound) }
    }

    public func toggleMute() {
        settings.setMuted(!settings.muted)
        log.emit("mute", [("muted", .bool(muted))])
        if !muted { play(.click) }
    }

    /// Makes the scene for a game at a level.
    public func makeGame(_ kind: GameKind, _ level: Level) -> any Scene {
        switch kind {
        case .memory: return MemoryScene(context: self, level: level)
        case .sorting: return SortingScene(context: self, level: level)
        case .balloons: return BalloonScene(context: self, level: level)
        }
    }
}

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
}

/// Keeps the settings a child or a parent changes while playing (mute, for now).
@MainActor
public protocol SettingsKeeping: AnyObject {
    var muted: Bool { get }
    /// Remembers the choice.
    func setMuted(_ value: Bool)
    /// Mutes this run only (`--mute`), without changing the remembered choice.
    func overrideMuted(_ value: Bool)
}
