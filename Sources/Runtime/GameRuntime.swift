import GameCore
import Scenes
import Settings
import Stage
import TextCatalogs

/// What runs around the scenes, owned by the app and handed down (no globals): the event
/// log, the random source, the stores, the audio channels, the words of the current language,
/// the registry of games and the session's state. Scenes see it as their `GameContext`: they
/// read it and send it `Effect`s, which it carries out at once, in order (`send`). Only the
/// app (and the tests) set it up and change it directly.
@MainActor
public final class GameRuntime: GameContext, EffectPerformer, FrameStepping {
    public let log: EventLog
    public let random: RandomSource
    /// The high scores, settings.json, the children, the report's saver (`Stores`).
    public var stores: Stores
    public var soundPlayer: any SoundPlayer
    /// Kiosk mode: quitting needs the adult gate.
    public var kiosk: Bool
    /// Every game the app was put together with (the registry it was given, an injected
    /// game included); `registry` is the ones Home shows (the corner's and the config's choice).
    public let allGames: GameRegistry
    /// The words of the current language.
    public var catalog: any MessageCatalog
    /// This run's settings, resolved (`GameContext.settings`); the corner's switches change
    /// them through `.chooseSwitch`.
    public var settings = Settings()
    public private(set) var voice: VoiceChannel!
    /// Switches the language while the game runs (the app's; nil in tests that need none).
    public weak var languages: (any LanguageSwitching)?
    /// Reports a problem once on the terminal (the app's `warn`).
    public var warn: (String) -> Void = { _ in }
    /// Who plays, the classroom's choices, the session limit's clock and the rest, the adult
    /// gate: changed by the intents scenes send and by the frame (`frameEnds`), nothing else.
    public private(set) var session: Session
    /// The content sets found, and which set each game's next round takes.
    public var setTurns = SetTurns()
    /// The school's server's sign (the app sets it from its worker; nil: no server named).
    public var serverSign: ServerSign?

    /// Which show-me demos to show, and which were seen (the app's demo store).
    public var demos = DemoMemory(mode: .off)

    public init(log: EventLog, random: RandomSource, scores: any ScoreKeeping, settingsStore: any SettingsKeeping,
                soundPlayer: any SoundPlayer, kiosk: Bool = false, registry: GameRegistry, allGames: GameRegistry? = nil,
                catalog: any MessageCatalog = EnglishCatalog(), voices: VoiceLibrary = .empty) {
        self.log = log
        self.random = random
        stores = Stores(scores: scores, settings: settingsStore)
        self.soundPlayer = soundPlayer
        self.kiosk = kiosk
        self.allGames = allGames ?? registry
        session = Session(games: registry)
        self.catalog = catalog
        voice = VoiceChannel(log: log, library: voices, player: { [unowned self] in self.soundPlayer },
                             silenced: { [unowned self] in self.muted || !self.settings.voice },
                             text: { [unowned self] in self.text($0, $1) }, warn: { [unowned self] in self.warn($0) })
    }

    public var muted: Bool { settingsStore.muted }

    // MARK: The stores and the sets (the app and tests set them up)

    public var scores: any ScoreKeeping { stores.scores }
    /// settings.json: what the corner remembers, and this run's mute.
    public var settingsStore: any SettingsKeeping { stores.settings }
    /// The children, when profiles are on and a store keeps them.
    public var profiles: (any ProfileKeeping)? {
        get { stores.profiles }
        set { stores.profiles = newValue }
    }
    /// Remembers the corner's switches and classroom choices.
    public var switchMemory: (any SwitchRemembering)? {
        get { stores.switchMemory }
        set { stores.switchMemory = newValue }
    }
    /// Saves the progress report.
    public var reports: (any ReportSaving)? {
        get { stores.reports }
        set { stores.reports = newValue }
    }
    /// Every content set found (issue 44): the app's discovery, the standard sets in tests.
    public var sets: SetLibrary {
        get { setTurns.library }
        set { setTurns.library = newValue }
    }
    /// Without a classroom choice, each new round of a game takes the next of its sets
    /// (windowed play). Off (scripted runs and tests), every round plays the game's first set.
    public var rotatesSets: Bool {
        get { setTurns.rotates }
        set { setTurns.rotates = newValue }
    }

    // MARK: The session (the app and tests set it up; scenes change it by intents)

    /// The games Home offers, in tile order (the config's and the corner's choice).
    public var registry: GameRegistry {
        get { session.games }
        set { session.games = newValue }
    }
    /// Who plays now (`--profile` names her at the start).
    public var player: Player {
        get { session.player }
        set { session.player = newValue }
    }
    /// What a school or a parent set in the config files (session limit, gate PIN, locks).
    public var classroom: ClassroomSettings {
        get { session.classroom }
        set { session.classroom = newValue }
    }
    public var gateRules: GateRules? { session.gate }
    public var gateOutcome: GateRules.Outcome? { session.gateOutcome }
    public var sessionElapsed: Double { session.elapsed }
    public var sessionWarned: Bool { session.warned }
    public var restShowing: Bool { session.resting }

    // MARK: What scenes read (GameContext)

    public var speakingKey: String? { voice.currentKey }
    public var demosOn: Bool { demos.mode != .off }
    public func showsDemo(_ game: GameKind) -> Bool { demos.shouldShow(game) }
    public var languageSetting: LanguageSetting? {
        languages.map { LanguageSetting(current: $0.current, canChoose: $0.canChoose) }
    }
    public var highScores: HighScoreTable { scores.table }
    public var lastRecordedScoreID: String? { scores.lastRecordedID }
    public func scoreEntries(_ query: TableQuery) -> [HighScoreEntry] { scores.entries(query) }
    public var profilesOn: Bool { profiles != nil }
    public var children: [ChildProfile] { profiles?.children ?? [] }
    public var childCount: Int { profiles?.childCount ?? 0 }
    public func stickers(of child: ChildProfile) -> [Int] { profiles?.stickers(of: child) ?? [] }
    public func progressSummary() -> [ProgressSummary] { profiles?.summary() ?? [] }
    public func lastRounds(of child: ChildProfile, game: GameKind, limit: Int) -> [PlayedRound] {
        profiles?.lastRounds(of: child, game: game, limit: limit) ?? []
    }
    public var progressReader: (any ProgressReading)? { profiles as? any ProgressReading }
    public var reportsOn: Bool { reports != nil }
    public func reportDestinations() -> [ReportDestination] { reports?.destinations() ?? [] }

    public func nextSet(_ game: GameKind) -> ContentSet? { setTurns.next(game, chosen: classroom.sets) }

    // MARK: Effects

    /// Carries out one effect now (the stack sends what a scene's callback returned, in
    /// order, so the log reads as if the scene had done it itself).
    @discardableResult
    public func send(_ effect: Effect) -> EffectReply {
        switch effect {
        case .sound(let sound): play(sound)
        case .speak(let message, let values, let now, let then): voice.say(message, values, interrupt: now, then: then[...])
        case .praise: voice.praise()
        case .encourage: voice.encourage()
        case .stopSpeaking: voice.stop()
        case .log(let event, let fields): log.emit(event, fields.pairs)
        case .hintEvent(let kind, let target, let fields): hint(kind, target: target, fields.pairs)
        case .warn(let message): warn(message)
        case .speakerTapped: toggleMute()
        case .chooseSwitch(let key, let value):
            setSwitch(key, value)
            switchMemory?.remember(key, value)
        case .chooseClassroom(let choice): chooseClassroom(choice); return .chosen
        case .gateOpened: session.openGate(using: &random.generator); return .gate
        case .gateAnswered(let typed): session.answerGate(typed, using: &random.generator); return .gate
        case .gateAsksAgain: session.askGateAgain(using: &random.generator); return .gate
        case .restEnded: session.restEnded()
        case .pickPlayer(let chosen): session.player = chosen
        case .demoStarted(let game): demos.markSeen(game)
        case .pickLanguage(let code): languages?.choose(code)
        case .takeSet(let game): setTurns.take(game, chosen: classroom.sets)
        case .recordRound(let round): return .ranks(scores.recordRound(round, player: player))
        case .resetScores: scores.reset()
        case .refreshScores: scores.refresh(); return .changed(true)
        case .addChild(let nickname, let avatar):
            guard let profiles else { return .done }
            return .child(profiles.addChild(nickname: nickname, avatar: avatar))
        case .updateChild(let child):
            guard let profiles else { return .changed(false) }
            let changed = profiles.update(child)
            session.childChanged(child)
            return .changed(changed)
        case .deleteChild(let child):
            let deleted = profiles?.deleteChild(child) ?? false
            if deleted { session.childDeleted(child) }
            return .changed(deleted)
        case .saveReport(let destination): return .report(reports?.begin(to: destination))
        }
        return .done
    }

    /// A classroom choice: this run's, and remembered for the next start.
    private func chooseClassroom(_ choice: ClassroomChoice) {
        session.choose(choice, among: allGames)
        guard let memory = switchMemory else { return }
        if case .sets(let ids) = choice {
            memory.rememberSets(ids)
        } else {
            memory.rememberClassroom(sessionMinutes: classroom.sessionMinutes ?? 0, games: registry.ids.map(\.rawValue),
                                     levels: classroom.shownLevels.map(\.rawValue), gatePIN: classroom.gatePIN ?? "")
        }
    }

    // MARK: The frame

    /// The runtime's part of a frame, before the top scene's: the voice's clock, and the
    /// gate's wait while the gate shows.
    public func frameBegins(_ dt: Double, top: any Scene) {
        voice.update(dt: dt)
    }

    /// After the top scene's frame: the session's rules step (the limit's clock, its
    /// warning and the rest; the gate's wait while it shows); what they bring is logged and
    /// said here, and the rest screen is the command returned.
    public func frameEnds(_ dt: Double, top: any Scene) -> [SceneCommand] {
        var commands: [SceneCommand] = []
        for event in session.step(dt, gateShowing: top is AdultGateScene) {
            switch event {
            case .gateReady(let question):
                log.emit("gate", [("action", "ready"), ("question", .string(question))])
            case .warning(let left):
                log.emit("session", [("action", "warning"), ("left", .int(left))])
                voice.say(Messages.sessionWarning)
            case .rest(let minutes):
                log.emit("session", [("action", "rest"), ("minutes", .int(minutes))])
                commands.append(.show(.rest))
            }
        }
        return commands
    }

    /// Logs the sound and plays it unless muted.
    public func play(_ sound: Sound) {
        let silent = muted || !settings.effects
        log.emit("sound", [("name", .string(sound.rawValue)), ("muted", .bool(silent))])
        if !silent { soundPlayer.play(sound) }
    }

    /// A tap that changed nothing, or help after mistakes: the `hint` event (TESTING.md).
    public func hint(_ kind: String, target: String?, _ fields: [(String, JSON)] = []) {
        log.emit("hint", [("kind", .string(kind)), ("target", .optional(target))] + fields)
    }

    /// Sets one of SettingsTable's corner switches.
    public func setSwitch(_ key: SettingKey, _ value: Bool) {
        settings.turn(key, value)
    }

    /// The top bar's speaker (and M): mutes or unmutes until the game quits, never saved
    /// (issue #26). Locked by a system file, it only says no.
    public func toggleMute() {
        if muteLocked { send(Effect.refuseLocked("mute")); return }
        settingsStore.setMuted(!settingsStore.muted)
        log.emit("mute", [("muted", .bool(muted))])
        if muted { soundPlayer.stopVoice() }
        if !muted { play(.click) }
    }
}

extension SceneStack {
    /// A stack whose own lines (`scene`, `ignored`, `focus`) go to `log`; nothing steps the
    /// voice or the session (a test of the stack alone).
    public convenience init(root: any Scene, log: EventLog?) {
        self.init(root: root, effects: log.map(StackLog.init))
    }

    /// The app's stack: the runtime carries out what its scenes return and logs the stack's
    /// own lines, and each frame steps the runtime's clocks around the top scene's
    /// (`FrameStepping`).
    public convenience init(root: any Scene, runtime: GameRuntime) {
        self.init(root: root, effects: runtime, frames: runtime)
    }
}

/// The stack's outbox when it is given only the log: it sends nothing but log lines.
@MainActor
private final class StackLog: EffectPerformer {
    let log: EventLog
    init(_ log: EventLog) { self.log = log }
    func send(_ effect: Effect) -> EffectReply {
        guard case .log(let event, let fields) = effect else { preconditionFailure("the scene stack sends only log lines") }
        log.emit(event, fields.pairs)
        return .done
    }
}
