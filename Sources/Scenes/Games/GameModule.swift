import GameCore
import Stage
import TextCatalogs

/// A game, declared in one place (issue #25, "a game is a module"): its definition (id, title,
/// levels as data, stars), what it says, the pictures it draws, how it can end, how it scores,
/// what its dump items mean, and its play (`Play`, a value: `GamePlay`). The closed generic
/// host (`GameHost<Module>`: top bar, pause, countdown, intro and re-prompt, "hear it again",
/// the demo, the game over) runs it; a game is never a subclass.
///
/// What the compiler keeps: a game cannot be registered without its voice lines (a
/// requirement here, not a lookup that may come back empty), and its play tells its round's
/// statistics (`GamePlay` refines `RoundStatistics`), so a round is never recorded with
/// made-up zeros.
@MainActor
public protocol GameModule {
    /// The game's play: its state as a value and the functions the host calls.
    associatedtype Play: GamePlay
    /// Id, title, levels' numbers and star thresholds.
    static var definition: GameDefinition { get }
    /// The lines it says: its name (Home's tile), its intro and its re-prompt, and the others.
    static var voice: GameVoice { get }
    /// Every way a round of it can end (the `gameover` event's `result` and `reason`).
    static var endings: [GameEnding] { get }
    /// How a round at `level` ends when the child stops playing (outside the relaxed mode):
    /// by itself within a bound, or only by being played. Required: a new game says it, and
    /// the conformance kit holds it to it.
    static func endsBy(_ level: Level) -> GameEndsBy
    /// How points are earned, in a sentence for grown-ups and tools (`--describe-games`).
    static var scoring: String { get }
    /// What its dump items are: an id (or an id pattern such as `card-N`) and its meaning.
    static var items: [GameItem] { get }
    /// The pictures it draws, its Home tile (`game-<id>`) among them, as asset names or patterns
    /// (`vehicle-*`): the app loads these because the module declares them, nothing else of it.
    static var pictures: [String] { get }
    /// Pictures it draws at fixed sizes (an animation's steps, in logical units), which the
    /// renderer makes ahead on a worker thread so their first use costs no late frame.
    static var picturesAhead: [PictureAhead] { get }
    /// How often it is drawn while it plays (`FramePace`): `.calm` (30 frames a second) only
    /// for a game whose things drift on their own and are only tapped, never dragged; a
    /// game that follows a finger is `.smooth`. Required: a new game chooses.
    static var motion: FramePace { get }
    /// Where things are at a level (frames in logical pixels), for `--describe-games`.
    static func layout(_ level: Level) -> [(String, JSON)]
    /// The busiest play the benchmark measures (`--bench <id>-hard`), if not the Hard level's.
    static func benchPlay(_ start: GameStart, random: inout SeededGenerator) -> Play?
    /// The benchmark's next move, chosen from the scene's dump items.
    static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)]
}

extension GameModule {
    public static var picturesAhead: [PictureAhead] { [] }
    public static func layout(_ level: Level) -> [(String, JSON)] { [] }
    public static func benchPlay(_ start: GameStart, random: inout SeededGenerator) -> Play? { nil }
    /// Its scene: the host running its play at a level.
    public static func makeScene(context: GameContext, level: Level) -> GameHost<Self> { GameHost(context: context, level: level) }
    /// The benchmark's scene: the host running its busiest play (`benchPlay`), if it has one.
    public static func makeBenchScene(context: GameContext) -> GameHost<Self>? {
        let start = GameStart(kind: definition.id, level: .hard, context: context)
        return benchPlay(start, random: &context.random.generator).map { GameHost(context: context, level: .hard, play: $0) }
    }
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] { [] }
}

/// What a game says. Every field but `lines` is required: a game without an intro does not
/// compile. The keys follow `voice.game.<id>`, `voice.intro.<id>`, `voice.reprompt.<id>`
/// (the monkey's checker looks for the intro by its key).
public struct GameVoice: Sendable {
    /// Said when its Home tile is chosen.
    public let name: Message
    /// Said when a round starts and on "hear it again".
    public let intro: Message
    /// Said after a quiet while during play.
    public let reprompt: Message
    /// Its other lines (animals, vehicles, numbers...), for the catalog and the tools.
    public let lines: [Message]

    public init(name: Message, intro: Message, reprompt: Message, lines: [Message] = []) {
        self.name = name
        self.intro = intro
        self.reprompt = reprompt
        self.lines = lines
    }

    public var all: [Message] { [name, intro, reprompt] + lines }

    var json: JSON {
        .object([("name", .string(name.key)), ("intro", .string(intro.key)), ("reprompt", .string(reprompt.key)),
                 ("lines", .array(lines.map { .string($0.key) }))])
    }
}

/// One way a round can end: its result and reason (as `gameover` logs them), the words of
/// its end screen (`gameover.key`), the line said, the picture of why it was lost, whether
/// its score goes into the tables, and whether a lost round's screen still shows the score.
public struct GameEnding: Sendable, Equatable {
    public let result: GameOutcome
    public let reason: String
    public let message: Message
    public let voice: Message
    public let records: Bool
    /// A lost round's picture (`reason-time`, `reason-idle`, `reason-killer`); nil for a win.
    public let picture: String?
    /// A lost round with points still shows "Your score" under why it was lost.
    public let showsScore: Bool
    /// A lost round keeps its points on the end screen's panel, under the picture of why
    /// (Balloons stopped by waiting: she did pop well before).
    public let keepsScore: Bool

    public init(result: GameOutcome, reason: String, message: Message, voice: Message, records: Bool,
                picture: String? = nil, showsScore: Bool = true, keepsScore: Bool = false) {
        self.result = result
        self.reason = reason
        self.message = message
        self.voice = voice
        self.records = records
        self.picture = picture
        self.showsScore = showsScore
        self.keepsScore = keepsScore
    }

    /// Won by doing it all (`all-found`, `all-placed`, ...): recorded, "You won!".
    public static func won(_ reason: String, voice: Message = VoiceLines.won) -> GameEnding {
        GameEnding(result: .won, reason: reason, message: Messages.won, voice: voice, records: true)
    }
    /// Lost when the time ran out: not recorded, the clock's picture.
    public static let timeUp = GameEnding(result: .lost, reason: "time", message: Messages.timeUp, voice: VoiceLines.lostTime,
                                          records: false, picture: "reason-time")
    /// Lost because nobody played for a while: it says what happened, and the points she
    /// made stay on the panel.
    public static let idle = GameEnding(result: .lost, reason: "idle", message: Messages.idle, voice: VoiceLines.lostIdle,
                                        records: false, picture: "reason-idle", keepsScore: true)

    var json: JSON {
        .object([("result", .string(result.rawValue)), ("reason", .string(reason)), ("key", .string(message.key)),
                 ("voice", .string(voice.key)), ("recorded", .bool(records)), ("picture", .optional(picture))])
    }
}

/// How a round ends when nobody plays (`GameModule.endsBy`): a child who walks away is not
/// left in a game for ever, or the game says it cannot end so and how it is played to its end.
public enum GameEndsBy: Sendable, Equatable {
    /// By itself within this many seconds of its rules' time (its clock, its idle rule).
    case itself(within: Double)
    /// Only by being played: its `benchMove` plays it to its end (the conformance kit does).
    case playing

    var json: JSON {
        switch self {
        case .itself(let seconds): .object([("by", .string("itself")), ("within", .double(seconds))])
        case .playing: .object([("by", .string("playing"))])
        }
    }
}

/// One kind of item in a game's dump: its id (`star`) or pattern (`card-N`), its dump
/// `kind`, whether a child taps it (the monkey's generic player taps these), and what it is.
/// A button is made by `GameItem.button` only, with its picture and its words: a button
/// without an icon or a words key cannot be declared (a child who cannot read sees the
/// picture; scanning and the catalog have the words), and the scene dumps it from here
/// (`dumpItem(_:frame:)`).
public struct GameItem: Sendable {
    public let id: String
    public let kind: String
    public let tappable: Bool
    public let meaning: String
    /// A button's picture (an asset name) and words; nil for other kinds.
    public let icon: String?
    public let words: Message?

    /// An item that is not a button (a card, a vehicle, a balloon, a picture).
    public init(_ id: String, kind: String, tappable: Bool, _ meaning: String) {
        precondition(kind != "button", "\(id): a button is declared with GameItem.button(_:icon:words:_:)")
        self.init(id: id, kind: kind, tappable: tappable, meaning: meaning, icon: nil, words: nil)
    }

    private init(id: String, kind: String, tappable: Bool, meaning: String, icon: String?, words: Message?) {
        self.id = id
        self.kind = kind
        self.tappable = tappable
        self.meaning = meaning
        self.icon = icon
        self.words = words
    }

    /// A button a child taps: its picture and its words are required.
    public static func button(_ id: String, icon: String, words: Message, _ meaning: String) -> GameItem {
        GameItem(id: id, kind: "button", tappable: true, meaning: meaning, icon: icon, words: words)
    }

    /// Whether a dump id is one of this kind's (`card-N` matches `card-12`; `zone-CATEGORY` matches `zone-sky`).
    public func matches(_ dumpId: String) -> Bool {
        guard let cut = id.lastIndex(of: "-"), id[id.index(after: cut)...].allSatisfy({ $0.isUppercase }) else { return dumpId == id }
        let prefix = id[...cut]
        return dumpId.hasPrefix(prefix) && dumpId.count > prefix.count
    }

    var json: JSON {
        .object([("id", .string(id)), ("kind", .string(kind)), ("tappable", .bool(tappable)), ("meaning", .string(meaning))]
                + (icon.map { [("icon", .string($0))] } ?? []) + (words.map { [("key", .string($0.key))] } ?? []))
    }
}

/// One dump item of a declared kind: its `id` (the kind's own, or one matching its pattern),
/// `kind`, `frame`, a button's `icon` and `key`, then the item's state fields.
public func dumpItem(_ item: GameItem, id: String? = nil, frame: Rect, _ fields: [(String, JSON)] = []) -> JSON {
    let look: [(String, JSON)] = item.icon.map { PictureButton.dumpFields(icon: $0, key: item.words?.key) } ?? []
    return dumpItem(id ?? item.id, kind: item.kind, frame: frame, look + fields)
}

extension GameEntry {
    /// The registry's entry of a game module: the only way a game is registered.
    public init<M: GameModule>(_ module: M.Type) {
        self.init(definition: M.definition, voice: M.voice, endings: M.endings,
                  endsBy: Dictionary(uniqueKeysWithValues: Level.allCases.map { ($0, M.endsBy($0)) }), scoring: M.scoring, items: M.items,
                  pictures: M.pictures, picturesAhead: M.picturesAhead, motion: M.motion,
                  makeScene: { M.makeScene(context: $0, level: $1) },
                  makeBenchScene: { M.makeBenchScene(context: $0) },
                  layout: { M.layout($0) },
                  benchMove: { M.benchMove(frame: $0, items: $1, random: &$2) })
    }

    /// What `--describe-games` adds to the definition (additions only): endings, scoring,
    /// dump items, voice lines, pictures and how often it is drawn.
    var moduleJSON: [(String, JSON)] {
        [("endings", .array(endings.map(\.json))),
         ("endsBy", .object(Level.allCases.map { ($0.rawValue, endsBy[$0]?.json ?? .null) })),
         ("scoring", .string(scoring)), ("items", .array(items.map(\.json))),
         ("voice", voice.json), ("pictures", .array(pictures.map { .string($0) })), ("motion", .string(motion.rawValue))]
    }
}
