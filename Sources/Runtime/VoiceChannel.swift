import GameCore
import Scenes
import Stage
import TextCatalogs

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
        /// Said one after another once this line has finished.
        public let then: ArraySlice<Message>
    }
    private struct Speaking {
        let key: String
        var left: Double
        let then: ArraySlice<Message>
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

    /// Praise and encouragement take turns through their lines (never drawn from the seeded
    /// generator: speaking must not change what a game deals).
    private var praiseTurn = 0, encourageTurn = 0

    /// The next praise line (queued).
    public func praise() {
        say(VoiceLines.praise[praiseTurn % VoiceLines.praise.count])
        praiseTurn += 1
    }

    /// The next gentle encouragement: the answer to a mistake just made, at once.
    public func encourage() {
        say(VoiceLines.encouragements[encourageTurn % VoiceLines.encouragements.count], interrupt: true)
        encourageTurn += 1
    }

    public var isSpeaking: Bool { speaking != nil }
    /// The key of the line being spoken, if any.
    public var currentKey: String? { speaking?.key }

    /// Says `message`: now when the channel is free, else after the current line
    /// (replacing any line already waiting). `interrupt` cuts the current line instead, and
    /// forgets a waiting one: what the child just did makes older news stale.
    /// `then`: lines said in turn after it, each when the one before has finished (dropped
    /// with it when it is cut or replaced).
    public func say(_ message: Message, _ values: [String: String] = [:], interrupt: Bool = false, then: ArraySlice<Message> = []) {
        let line = Line(message: message, values: values, then: then)
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
        sayNext(current.then)
        if speaking == nil, let next = waiting {
            waiting = nil
            start(next)
        }
    }

    private func start(_ line: Line) {
        let key = line.message.key
        let muted = silenced()
        guard let clip = library.clip(key) else {
            // A line without a file is silent (and said once), and finishes at once. An
            // index that could not be read was said already, with why.
            if !reportedMissing && library.problem == nil {
                reportedMissing = true
                warn("no voice recording for '\(key)' in \(library.language) (Assets/voices/\(library.language)/); the game stays silent where it would speak")
            }
            sayNext(line.then)
            return
        }
        var heard = !muted
        if heard { heard = player().playVoice(clip) }
        if heard { player().setEffectsDucked(true) }
        log.emit("voice", [("line", .string(key)), ("key", .string(key)), ("text", .string(text(line.message, line.values))),
                           ("language", .string(library.language)), ("muted", .bool(!heard))])
        speaking = Speaking(key: key, left: clip.duration, then: line.then)
    }

    /// The next of the lines said in turn, the others after it.
    private func sayNext(_ lines: ArraySlice<Message>) {
        guard let first = lines.first else { return }
        say(first, then: lines.dropFirst())
    }
}
