import GameCore
import Settings
import Stage
import TextCatalogs

/// What a scene sees of the game around it: a read-only environment (the words of the
/// current language, the games, the switches, the session, who plays, what the stores
/// hold). The runtime provides it (`GameRuntime`, in the Runtime target, which Scenes cannot
/// import): the event log, the voice, the sound player, the stores and the session's state
/// are the runtime's, and a scene changes them only by returning an `Effect` from a callback
/// (`Reaction`): the context has no `send`. It is also the router: it makes the scene a
/// route names.
@MainActor
public protocol GameContext: AnyObject {
    // MARK: Words, games, chance

    /// The words of the current language.
    var catalog: any MessageCatalog { get }
    /// The games Home offers, in tile order (the corner may change which: `.chooseClassroom`).
    var registry: GameRegistry { get }
    /// Every game the app knows, shown or not (the corner's game filter lists these).
    var allGames: GameRegistry { get }
    /// The run's seeded generator (`--seed`): scenes draw decks and questions from it.
    var random: RandomSource { get }
    /// Kiosk mode: quitting needs the adult gate.
    var kiosk: Bool { get }

    // MARK: Switches and classroom

    /// The top bar's speaker (this run's mute).
    var muted: Bool { get }
    /// This run's settings (SettingsTable's keys, resolved): `voice` (off keeps every spoken
    /// line silent, effects still play), `effects`, `relaxed` (games count for the child's own
    /// progress, never for the everyone-table), `reducedMotion` (no confetti and no shaking, a
    /// shake becomes a short outline pulse, flips and glides shortened; visual only, except
    /// Sorting's glide home, which takes `SortingRules.reducedGlideDuration`), `grow` (grow
    /// with the child). The corner's switches change them through `.chooseSwitch`.
    var settings: Settings { get }
    /// What a school or a parent set in the config files (session limit, gate PIN, locks).
    var classroom: ClassroomSettings { get }
    /// Every content set found, usable or not (issue 44; the corner's classroom page lists them).
    var sets: SetLibrary { get }
    /// The set a game's next round plays (the classroom's choice, or the game's sets in turn;
    /// nil: the game takes no sets). A round that starts with it returns `.takeSet(game)`.
    func nextSet(_ game: GameKind) -> ContentSet?

    // MARK: The session (the runtime's `Session`: scenes read it and send intents)

    /// The adult gate's tries and wait, kept while the gate is closed (reopening it gives no
    /// new tries). Made at the gate's first opening (`.gateOpened`).
    var gateRules: GateRules? { get }
    /// What the gate's last answer brought (`.gateAnswered`), until it opens again or its
    /// wait ends.
    var gateOutcome: GateRules.Outcome? { get }
    /// The session limit's clock (seconds played since the start or the last rest), whether
    /// the spoken warning was given, and whether the rest screen shows.
    var sessionElapsed: Double { get }
    var sessionWarned: Bool { get }
    var restShowing: Bool { get }
    /// Who plays now (the guest unless a child was picked or `--profile` named one).
    var player: Player { get }
    /// The key of the line the voice is speaking, nil when it is quiet.
    var speakingKey: String? { get }
    /// Whether this run shows show-me demos at all, and whether `game` opens with its demo.
    var demosOn: Bool { get }
    func showsDemo(_ game: GameKind) -> Bool
    /// The language choice, when the app offers one: the current code, and whether it may
    /// change in this run.
    var languageSetting: LanguageSetting? { get }

    // MARK: What the stores hold

    /// The everyone-table, and the id of the score recorded last in this run (the popup
    /// highlights it).
    var highScores: HighScoreTable { get }
    var lastRecordedScoreID: String? { get }
    /// A table: everyone's or a player's own, all games or one, best first.
    func scoreEntries(_ query: TableQuery) -> [HighScoreEntry]
    /// Profiles are on (the picker, the corner's children).
    var profilesOn: Bool { get }
    /// The children, and how many (kept, not counted at every frame); none when profiles
    /// are off.
    var children: [ChildProfile] { get }
    var childCount: Int { get }
    /// The stickers a child earned, in order (kinds 1...24).
    func stickers(of child: ChildProfile) -> [Int]
    /// Per player and game: rounds, wins, best, time and the scores in order.
    func progressSummary() -> [ProgressSummary]
    /// Her last `limit` rounds of one game, oldest first.
    func lastRounds(of child: ChildProfile, game: GameKind, limit: Int) -> [PlayedRound]
    /// The Progress screen's reader (the store's history query), when there is one.
    var progressReader: (any ProgressReading)? { get }
    /// The progress report can be saved in this run, and where to.
    var reportsOn: Bool { get }
    func reportDestinations() -> [ReportDestination]
    /// The school's server, when one is named (the corner's small sign); nil: none.
    var serverSign: ServerSign? { get }
}

extension GameContext {
    public var serverSign: ServerSign? { nil }
}

/// The in-game language choice as scenes see it (`Effect.pickLanguage` changes it).
public struct LanguageSetting: Equatable, Sendable {
    /// The current language's code.
    public var current: String
    /// False when the choice is fixed for this run (`--language`, or locked by the
    /// classroom's configuration): the tiles show it and a tap only says the name.
    public var canChoose: Bool
    public init(current: String, canChoose: Bool) { self.current = current; self.canChoose = canChoose }
}

extension GameContext {
    /// The catalog's language reads right to left: screens mirror (`SceneStack.rightToLeft`).
    public var rightToLeft: Bool { TextDirection.of(language: catalog.language) == .rightToLeft }

    /// The voice is saying a line.
    public var voiceIsSpeaking: Bool { speakingKey != nil }

    // MARK: Words

    /// The text of a message in the current language, values filled in.
    public func text(_ message: Message, _ values: [String: String] = [:]) -> String {
        catalog.text(message, values)
    }

    /// A game's name.
    public func title(of game: GameKind) -> String {
        registry.entry(game).map { text($0.definition.title) } ?? game.rawValue
    }

    // MARK: Feedback

    /// A game's feedback as it is carried out (its feedback table's effects for a rule event;
    /// animations stay with the scene that draws them). Points in a `log` line are where the
    /// child saw them (`drop.at` in Arabic): mirrored when the screens are.
    public func placed(_ feedback: [Effect]) -> [Effect] {
        rightToLeft ? feedback.map(\.withMirroredPoints) : feedback
    }

    // MARK: Content sets

    /// The set a game's next round plays, or the game's standard one.
    public func roundSet(_ game: GameKind) -> ContentSet? {
        nextSet(game) ?? ContentSet.standard(for: game)
    }

    /// The line that names an item of a set when it is shown (`voice.animal.cat`), or the
    /// set's own recording of its name in this language; nil when the set has neither (the
    /// voice then says only the game's other lines).
    public func itemLine(_ set: ContentSet, _ itemID: String) -> Message? {
        if let key = set.itemLine(itemID) { return VoiceLines.line(key) }
        return recordedName(set, itemID)
    }

    /// Sorting: the line said when an item of a set is placed, or its recorded name.
    public func placedLine(_ set: ContentSet, _ itemID: String) -> Message? {
        if let key = set.placedLine(itemID) { return VoiceLines.line(key) }
        return recordedName(set, itemID)
    }

    private func recordedName(_ set: ContentSet, _ itemID: String) -> Message? {
        guard set.voiceFiles[catalog.language]?[itemID] != nil, let item = set.item(itemID) else { return nil }
        return Message(set.recordingKey(itemID), item.names[catalog.language] ?? item.names["en"] ?? itemID)
    }

    /// Whether a system file locked the top bar's speaker (`[locked] mute = ...`).
    public var muteLocked: Bool { classroom.isLocked(.mute) }

    // MARK: Routes

    /// Makes the scene for a game at a level.
    public func makeGame(_ kind: GameKind, _ level: Level) -> any Scene {
        guard let scene = scene(for: .game(kind, level)) else { preconditionFailure("no game '\(kind)' in the registry") }
        return scene
    }

    /// The scene a route names.
    public func scene(for route: Route) -> (any Scene)? {
        switch route {
        case .home: return HomeScene(context: self)
        case .game(let kind, let level): return registry.entry(kind).map { $0.makeScene(self, level) }
        case .bench(let kind): return registry.entry(kind).flatMap { $0.makeBenchScene(self) }
        case .alert(let content): return AlertScene(context: self, content: content)
        case .highScores: return HighScoresPopup(context: self)
        case .gate: return AdultGateScene(context: self)
        case .languages: return LanguageScene(context: self)
        case .picker: return PickerScene(context: self)
        case .stickers: return StickerBookScene(context: self)
        case .corner: return CornerScene(context: self)
        case .rest: return RestScene(context: self)
        }
    }
}

extension Effect {
    /// A `log` line with its points mirrored (`MirroredCanvas.mirror`); any other effect as it is.
    var withMirroredPoints: Effect {
        guard case .log(let event, let fields) = self else { return self }
        return .log(event, LogFields(fields.pairs.map { ($0.0, MirroredCanvas.mirror($0.1, key: $0.0)) }))
    }
}
