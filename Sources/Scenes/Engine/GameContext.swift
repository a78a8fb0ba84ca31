/// The services every scene shares, owned by the app and handed down (no globals).
@MainActor
public final class GameContext {
    public let log: EventLog
    public let random: RandomSource
    public let scores: HighScoreStore
    public let settings: SettingsStore
    public var soundPlayer: any SoundPlayer
    /// Kiosk mode: quitting needs the adult gate.
    public var kiosk: Bool

    public init(log: EventLog, random: RandomSource, scores: HighScoreStore, settings: SettingsStore,
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
