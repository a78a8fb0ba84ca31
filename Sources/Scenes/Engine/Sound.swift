import GameCore

/// Every sound effect of the game; the raw value is the file name in Assets/sounds (.wav).
public enum Sound: String, CaseIterable, Sendable {
    case click, select, whoosh, popup, flip, close, cheer, boing
    case pick, correct, oops, pop, magic, boom, coin, tick
    case fanfare, sadTrombone = "sad-trombone", applause
    case bonusArrive = "bonus-arrive", killerArrive = "killer-arrive"
}

/// Plays sounds. The SDL_mixer player implements it; headless and tests use a silent one.
@MainActor
public protocol SoundPlayer: AnyObject {
    func play(_ sound: Sound)
}

/// Plays nothing (headless runs, tests, no audio device).
@MainActor
public final class SilentSoundPlayer: SoundPlayer {
    public private(set) var played: [Sound] = []
    public init() {}
    public func play(_ sound: Sound) { played.append(sound) }
}
