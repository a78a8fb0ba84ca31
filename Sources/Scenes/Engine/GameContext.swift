import GameCore
import Stage
import TextCatalogs

/// The services every scene shares, owned by the app and handed down (no globals): the
/// log, the random source, the stores, the audio channels, the words of the current
/// language and the registry of games. It is also the router: it makes the scene a route
/// names.
@MainActor
public final class GameContext {
    public let log: EventLog
    public let random: RandomSource
    public let scores: any ScoreKeeping
    public let settings: any SettingsKeeping
    public var soundPlayer: any SoundPlayer
    /// Kiosk mode: quitting needs the adult gate.
    public var kiosk: Bool
    /// The games Home offers, in tile order.
    /// (The grown-ups' corner may change which games Home shows.)
    public var registry: GameRegistry
    /// The words of the current language.
    public var catalog: any MessageCatalog
    /// The catalog's language reads right to left: screens mirror (`SceneStack.rightToLeft`).
    public var rightToLeft: Bool { TextDirection.of(language: catalog.language) == .rightToLeft }
    /// Voices on (a setting): off keeps every spoken line silent, effects still play.
    public var voiceEnabled = true
    /// Reduced motion (a setting): no confetti and no shaking (a shake becomes a short
    /// outline pulse), flips and glides shortened. Visual only, except Sorting's glide home,
    /// which takes `SortingRules.reducedGlideDuration` (its `returned.seconds` says so).
    public var reducedMotion = false
    public private(set) var voice: VoiceChannel!
    /// Switches the language while the game runs (the app's; nil in tests that need none).
    public weak var languages: (any LanguageSwitching)?
    /// Reports a problem once on the terminal (the app's `warn`).
    public var warn: (String) -> Void = { _ in }
    /// Who plays now (the guest unless a child was picked or `--profile` named one).
    public var player: Player = .guest
    /// The children, when profiles are on and a store keeps them.
    public var profiles: (any ProfileKeeping)?
    /// Relaxed mode (the corner or `relaxed = true`): games count for the child's own
    /// progress, never for the everyone-table.
    public var relaxed = false
    /// Sound effects on (a setting): off keeps every effect silent, spoken lines still play.
    public var effectsEnabled = true
    /// Grow with the child (the `grow` setting, on by default): read-only for scenes; the
    /// corner's switch and the app change it through `setSwitch`.
    public private(set) var growWithChild = true
    /// What a school or a parent set in the config files (session limit, gate PIN, locks).
    public var classroom = ClassroomSettings()
    /// The adult gate's tries and wait, kept while the gate is closed (reopening it gives no
    /// new tries). Made at the gate's first opening.
    public var gateRules: GateRules?
    /// The session limit's clock (seconds played since the start or the last rest), whether
    /// the spoken warning was given, and whether the rest screen shows.
    public var sessionElapsed = 0.0
    public var sessionWarned = false
    public var restShowing = false
    /// Remembers the corner's switches; saves the progress report.
    public var switchMemory: (any SwitchRemembering)?
    public var reports: (any ReportSaving)?

    /// Which show-me demos to show, and which were seen (the app's demo store).
    public var demos = DemoMemory(mode: .off)
    /// Praise and encouragement take turns through their lines (never drawn from the seeded
    /// generator: speaking must not change what a game deals).
    private var praiseTurn = 0
    private var encourageTurn = 0

    public init(log: EventLog, random: RandomSource, scores: any ScoreKeeping, settings: any SettingsKeeping,
                soundPlayer: any SoundPlayer, kiosk: Bool = false, registry: GameRegistry = .standard,
                catalog: any MessageCatalog = EnglishCatalog(), voices: VoiceLibrary = .empty) {
        self.log = log
        self.random = random
        self.scores = scores
        self.settings = settings
        self.soundPlayer = soundPlayer
        self.kiosk = kiosk
        self.registry = registry
        self.catalog = catalog
        voice = VoiceChannel(log: log, library: voices, player: { [unowned self] in self.soundPlayer },
                             silenced: { [unowned self] in self.muted || !self.voiceEnabled },
                             text: { [unowned self] in self.text($0, $1) }, warn: { [unowned self] in self.warn($0) })
    }

    public var muted: Bool { settings.muted }

    // MARK: Words

    /// The text of a message in the current language, values filled in.
    public func text(_ message: Message, _ values: [String: String] = [:]) -> String {
        catalog.text(message, values)
    }

    /// A game's name.
    public func title(of game: GameKind) -> String {
        registry.entry(game).map { text($0.definition.title) } ?? game.rawValue
    }

    // MARK: Sound and feedback

    /// Logs the sound and plays it unless muted.
    public func play(_ sound: Sound) {
        let silent = muted || !effectsEnabled
        log.emit("sound", [("name", .string(sound.rawValue)), ("muted", .bool(silent))])
        if !silent { soundPlayer.play(sound) }
    }

    /// Carries out cues in order: effects, spoken lines and log lines (the feedback tables'
    /// output; animations stay with the scene that draws them).
    public func perform(_ cues: [Cue]) {
        for cue in cues {
            switch cue {
            case .effect(let sound): play(sound)
            case .voice(let message, let values): voice.say(message, values)
            case .voiceNow(let message, let values): voice.say(message, values, interrupt: true)
            case .praise:
                voice.say(VoiceLines.praise[praiseTurn % VoiceLines.praise.count])
                praiseTurn += 1
            case .encourage:
                // The answer to a mistake just made: at once.
                voice.say(VoiceLines.encouragements[encourageTurn % VoiceLines.encouragements.count], interrupt: true)
                encourageTurn += 1
            case .hint(let kind, let target): hint(kind, target: target)
            case .log(let event, let fields):
                // Points in the log are where the child saw them (`drop.at` in Arabic).
                log.emit(event, rightToLeft ? fields.map { ($0.0, MirroredCanvas.mirror($0.1, key: $0.0)) } : fields)
            }
        }
    }

    /// A tap that changed nothing, or help after mistakes: the `hint` event (TESTING.md).
    public func hint(_ kind: String, target: String?, _ fields: [(String, JSON)] = []) {
        log.emit("hint", [("kind", .string(kind)), ("target", .optional(target))] + fields)
    }

    /// A tap that changes nothing gets an answer: a soft sound and a `nothing-here` hint
    /// (the scene wiggles the thing, or ripples where nothing is).
    public func nothingHere(_ target: String?) {
        play(.nope)
        hint("nothing-here", target: target)
    }

    /// Sets one of SettingsTable's corner switches (`voice`, `effects`, `relaxed`,
    /// `reduced-motion`, `grow`).
    public func setSwitch(_ key: String, _ value: Bool) {
        switch key {
        case "voice": voiceEnabled = value
        case "effects": effectsEnabled = value
        case "relaxed": relaxed = value
        case "reduced-motion": reducedMotion = value
        case "grow": growWithChild = value
        default: break
        }
    }

    /// A corner switch's value now.
    public func switchValue(_ key: String) -> Bool {
        switch key {
        case "voice": return voiceEnabled
        case "effects": return effectsEnabled
        case "relaxed": return relaxed
        case "reduced-motion": return reducedMotion
        case "grow": return growWithChild
        default: return false
        }
    }

    /// Whether a system file locked the top bar's speaker (`[locked] mute = ...`).
    public var muteLocked: Bool { classroom.isLocked("mute") }

    /// A tap on a locked control: it changes nothing and answers with a soft "no" (the
    /// `sound` and a `hint` of kind `locked` naming it).
    public func refuseLocked(_ target: String) {
        play(.nope)
        hint("locked", target: target)
    }

    /// The top bar's speaker (and M): mutes or unmutes until the game quits, never saved
    /// (issue #26). Locked by a system file, it only says no.
    public func toggleMute() {
        if muteLocked { refuseLocked("mute"); return }
        settings.setMuted(!settings.muted)
        log.emit("mute", [("muted", .bool(muted))])
        if muted { soundPlayer.stopVoice() }
        if !muted { play(.click) }
    }

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

/// One piece of feedback for something that happened: an effect, a spoken line, a log line.
/// Each game turns its rule events into cues in one function (its feedback table).
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
    case hint(String, String?)
    case log(String, [(String, JSON)])

    public static func voice(_ message: Message) -> Cue { .voice(message, [:]) }
    public static func voiceNow(_ message: Message) -> Cue { .voiceNow(message, [:]) }
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
