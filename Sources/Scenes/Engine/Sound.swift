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
    public init(language: String, clips: [VoiceClip]) {
        self.language = language
        self.clips = Dictionary(clips.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    }
    public static let empty = VoiceLibrary(language: "en", clips: [])
    public func clip(_ key: String) -> VoiceClip? { clips[key] }
    public var count: Int { clips.count }
    /// This library with more recordings (a game module's own lines; a key it has wins).
    public func adding(_ more: [VoiceClip]) -> VoiceLibrary {
        VoiceLibrary(language: language, clips: Array(clips.values) + more.filter { clips[$0.key] == nil })
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

/// The voice channel's rules: one line at a time; a line asked for while another speaks
/// waits, and a newer one replaces the one waiting (never a backlog); effects duck while a
/// line speaks; a line reports when it has finished. Time comes from the frame step, and a
/// line lasts as long as its file (also when it is not heard: muted, voice off, no device),
/// so a run gives the same log whatever the machine can play.
@MainActor
public final class VoiceChannel {
    public struct Line {
        public let message: Message
        public let values: [String: String]
        public let onFinished: (() -> Void)?
    }
    private struct Speaking {
        let key: String
        var left: Double
        let onFinished: (() -> Void)?
    }
    private var speaking: Speaking?
    private var waiting: Line?
    private let log: EventLog
    private let player: () -> any SoundPlayer
    /// True when a line is not to be heard (mute, voice off).
    private let silenced: () -> Bool
    private let text: (Message, [String: String]) -> String
    private let warn: (String) -> Void
    public var library: VoiceLibrary
    private var reportedMissing = false

    public init(log: EventLog, library: VoiceLibrary, player: @escaping () -> any SoundPlayer, silenced: @escaping () -> Bool,
                text: @escaping (Message, [String: String]) -> String, warn: @escaping (String) -> Void) {
        self.log = log
        self.library = library
        self.player = player
        self.silenced = silenced
        self.text = text
        self.warn = warn
    }

    public var isSpeaking: Bool { speaking != nil }
    /// The key of the line being spoken, if any.
    public var currentKey: String? { speaking?.key }

    /// Says `message`: now when the channel is free, else after the current line
    /// (replacing any line already waiting). `interrupt` cuts the current line instead, and
    /// forgets a waiting one: what the child just did makes older news stale.
    public func say(_ message: Message, _ values: [String: String] = [:], interrupt: Bool = false, onFinished: (() -> Void)? = nil) {
        let line = Line(message: message, values: values, onFinished: onFinished)
        if interrupt { waiting = nil }
        if speaking == nil || interrupt {
            if interrupt, speaking != nil { player().stopVoice(); speaking = nil }
            start(line)
        } else {
            waiting = line
        }
    }

    /// Silences the channel and forgets the waiting line (leaving a screen).
    public func stop() {
        waiting = nil
        guard speaking != nil else { return }
        speaking = nil
        player().stopVoice()
        player().setEffectsDucked(false)
    }

    /// Advances the current line by one frame; the next line starts when it ends.
    public func update(dt: Double) {
        guard var current = speaking else { return }
        current.left -= dt
        if current.left > 1e-9 {
            speaking = current
            return
        }
        speaking = nil
        player().setEffectsDucked(false)
        current.onFinished?()
        if speaking == nil, let next = waiting {
            waiting = nil
            start(next)
        }
    }

    private func start(_ line: Line) {
        let key = line.message.key
        let muted = silenced()
        guard let clip = library.clip(key) else {
            // A line without a file is silent (and said once), and finishes at once.
            if !reportedMissing {
                reportedMissing = true
                warn("no voice recording for '\(key)' in \(library.language) (Assets/voices/\(library.language)/); the game stays silent where it would speak")
            }
            line.onFinished?()
            return
        }
        var heard = !muted
        if heard { heard = player().playVoice(clip) }
        if heard { player().setEffectsDucked(true) }
        log.emit("voice", [("line", .string(key)), ("key", .string(key)), ("text", .string(text(line.message, line.values))),
                           ("language", .string(library.language)), ("muted", .bool(!heard))])
        speaking = Speaking(key: key, left: clip.duration, onFinished: line.onFinished)
    }
}
