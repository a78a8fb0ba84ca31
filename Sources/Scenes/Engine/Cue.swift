import GameCore
import Stage

/// One piece of feedback for something that happened: an effect, a spoken line, a log line.
/// Each game turns its rule events into cues in one function (its feedback table); the
/// context turns them into effects (`GameContext.perform`).
public enum Cue {
    case effect(Sound)
    /// A spoken line: now if the voice is free, else after the current line (replacing
    /// any line already waiting: never a backlog).
    case voice(Message, [String: String])
    /// A spoken line that cuts the current one (the answer to what the child just did).
    case voiceNow(Message, [String: String])
    /// The next praise line (after the current line), and the next gentle encouragement
    /// (at once); each takes turns through its lines.
    case praise, encourage
    /// The `hint` event: `kind` and the item it is about.
    case hintEvent(String, String?)
    case log(String, [(String, JSON)])

    public static func voice(_ message: Message) -> Cue { .voice(message, [:]) }
    public static func voiceNow(_ message: Message) -> Cue { .voiceNow(message, [:]) }

    /// The effect this cue asks for. Points in a `log` cue are where the child saw them
    /// (`drop.at` in Arabic): mirrored when the screens are.
    @MainActor
    public func effect(rightToLeft: Bool) -> Effect {
        switch self {
        case .effect(let sound): return .sound(sound)
        case .voice(let message, let values): return .speak(message, values)
        case .voiceNow(let message, let values): return .speak(message, values, now: true)
        case .praise: return .praise
        case .encourage: return .encourage
        case .hintEvent(let kind, let target): return .hintEvent(kind, target: target)
        case .log(let event, let fields):
            return .log(event, LogFields(rightToLeft ? fields.map { ($0.0, MirroredCanvas.mirror($0.1, key: $0.0)) } : fields))
        }
    }
}
