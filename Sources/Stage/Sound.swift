import GameCore

/// Every sound effect of the game; the raw value is the file name in Assets/sounds (.ogg).
public enum Sound: String, CaseIterable, Sendable {
    case click, select, whoosh, popup, flip, close, cheer, boing
    case pick, correct, oops, pop, magic, boom, coin, tick
    case fanfare, sadTrombone = "sad-trombone", applause
    case bonusArrive = "bonus-arrive", killerArrive = "killer-arrive"
    /// Soft: a tap that changes nothing (a locked card, empty sky, the greyed Play button).
    case nope
}

/// A recorded or pre-rendered spoken line: a file and how long it lasts.
public struct VoiceClip: Equatable, Sendable {
    public let key: String
    public let language: String
    public let path: String
    public let duration: Double
    public init(key: String, language: String, path: String, duration: Double) {
        self.key = key; self.language = language; self.path = path; self.duration = duration
    }
}

/// The spoken lines that exist on disk for a language (Assets/voices/<lang>/index.tsv).
public struct VoiceLibrary: Sendable {
    public let language: String
    private let clips: [String: VoiceClip]
    /// Why the index could not be read (already said when it was loaded), or nil.
    public let problem: String?
    public init(language: String, clips: [VoiceClip], problem: String? = nil) {
        self.language = language
        self.clips = Dictionary(clips.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        self.problem = problem
    }
    public static let empty = VoiceLibrary(language: "en", clips: [])
    /// The recordings a voice index lists (`voices/<lang>/index.tsv`, one line per recording:
    /// `key<TAB>seconds<TAB>text`; a header or a bad line is skipped), each at
    /// `folder/key.ogg`. A recording's length comes from the index, so a headless run knows
    /// how long each line speaks without decoding audio.
    public static func clips(inIndex text: String, folder: String, language: String) -> [VoiceClip] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let seconds = Double(fields[1]), seconds.isFinite, seconds > 0 else { return nil }
            let key = String(fields[0])
            return VoiceClip(key: key, language: language, path: "\(folder)/\(key).ogg", duration: seconds)
        }
    }
    public func clip(_ key: String) -> VoiceClip? { clips[key] }
    public var count: Int { clips.count }
    /// This library with more recordings (a game module's own lines; a key it has wins).
    public func adding(_ more: [VoiceClip]) -> VoiceLibrary {
        VoiceLibrary(language: language, clips: Array(clips.values) + more.filter { clips[$0.key] == nil }, problem: problem)
    }
}

/// The audio device, with two channels: effects (many at once) and one voice. The SDL_mixer
/// player implements it; headless runs and tests use a silent one.
@MainActor
public protocol SoundPlayer: AnyObject {
    /// Plays an effect on the effects channel.
    func play(_ sound: Sound)
    /// Starts a spoken line on the voice channel now, cutting whatever it was saying.
    /// Answers false when the line cannot be played (no device, unreadable file).
    func playVoice(_ clip: VoiceClip) -> Bool
    func stopVoice()
    /// Effects play quieter while a voice speaks, so an instruction is never drowned.
    func setEffectsDucked(_ ducked: Bool)
}

/// Plays nothing (headless runs, tests, no audio device), remembering what it was asked.
@MainActor
public final class SilentSoundPlayer: SoundPlayer {
    public private(set) var played: [Sound] = []
    public private(set) var voices: [String] = []
    public private(set) var ducked = false
    /// False stands for "no audio device" (headless runs): spoken lines then log `muted`
    /// (TESTING.md, decision 8). Tests keep it true to see ducking.
    public let audible: Bool
    public init(audible: Bool = true) { self.audible = audible }
    public func play(_ sound: Sound) { played.append(sound) }
    public func playVoice(_ clip: VoiceClip) -> Bool { voices.append(clip.key); return audible }
    public func stopVoice() {}
    public func setEffectsDucked(_ ducked: Bool) { self.ducked = ducked }
}
