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
public final class GameRuntime: GameContext {
    public let log: EventLog
    public let random: RandomSource
    public let scores: any ScoreKeeping
    /// settings.json: what the corner remembers, and this run's mute.
    public let settingsStore: any SettingsKeeping
    public var soundPlayer: any SoundPlayer
    /// Kiosk mode: quitting needs the adult gate.
    public var kiosk: Bool
    /// The games Home offers, in tile order.
    /// (The grown-ups' corner may change which games Home shows.)
    public var registry: GameRegistry
    /// Every game the app was put together with (the registry it was given, an injected
    /// game included); `registry` is the ones Home shows (the corner's and the config's choice).
    public let allGames: GameRegistry
    /// The words of the current language.
    public var catalog: any MessageCatalog
    /// This run's settings, resolved (`GameContext.settings`); the corner's switches change
    /// them through `setSwitch`.
    public var settings = Settings()
    public private(set) var voice: VoiceChannel!
    /// Switches the language while the game runs (the app's; nil in tests that need none).
    public weak var languages: (any LanguageSwitching)?
    /// Reports a problem once on the terminal (the app's `warn`).
    public var warn: (String) -> Void = { _ in }
    /// Who plays now (the guest unless a child was picked or `--profile` named one).
    public var player: Player = .guest
    /// The children, when profiles are on and a store keeps them.
    public var profiles: (any ProfileKeeping)?
    /// What a school or a parent set in the config files (session limit, gate PIN, locks).
    public var classroom = ClassroomSettings()
    /// Every content set found (issue 44): the app's discovery, the standard sets in tests.
    public var sets = SetLibrary.standard
    /// Without a classroom choice, each new round of a game takes the next of its sets
    /// (windowed play). Off (scripted runs and tests), every round plays the game's first set,
    /// the standard one, so scripts and their logs stay the same whatever sets are installed.
    public var rotatesSets = false
    /// Rounds started per game, for the sets' turns.
    private var setRounds: [GameKind: Int] = [:]
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
    /// The school's server's sign (the app sets it from its worker; nil: no server named).
    public var serverSign: ServerSign?

    /// Which show-me demos to show, and which were seen (the app's demo store).
    public var demos = DemoMemory(mode: .off)
    /// Praise and encouragement take turns through their lines (never drawn from the seeded
    /// generator: speaking must not change what a game deals).
    private var praiseTurn = 0
    private var encourageTurn = 0

    public init(log: EventLog, random: RandomSource, scores: any ScoreKeeping, settingsStore: any SettingsKeeping,
                soundPlayer: any SoundPlayer, kiosk: Bool = false, registry: GameRegistry, allGames: GameRegistry? = nil,
                catalog: any MessageCatalog = EnglishCatalog(), voices: VoiceLibrary = .empty) {
        self.log = log
        self.random = random
        self.scores = scores
        self.settingsStore = settingsStore
        self.soundPlayer = soundPlayer
        self.kiosk = kiosk
        self.registry = registry
        self.allGames = allGames ?? registry
        self.catalog = catalog
        voice = VoiceChannel(log: log, library: voices, player: { [unowned self] in self.soundPlayer },
                             silenced: { [unowned self] in self.muted || !self.settings.voice },
                             text: { [unowned self] in self.text($0, $1) }, warn: { [unowned self] in self.warn($0) })
    }

    public var muted: Bool { settingsStore.muted }

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

    // MARK: Effects

    /// Carries out one effect now (scenes send them in the order they happen, so the log
    /// is the same as when scenes called the services themselves).
    @discardableResult
    public func send(_ effect: Effect) -> EffectReply {
        switch effect {
        case .sound(let sound): play(sound)
        case .speak(let message, let values, let now, let then): voice.say(message, values, interrupt: now, onFinished: then)
        case .praise:
            voice.say(VoiceLines.praise[praiseTurn % VoiceLines.praise.count])
            praiseTurn += 1
        case .encourage:
            // The answer to a mistake just made: at once.
            voice.say(VoiceLines.encouragements[encourageTurn % VoiceLines.encouragements.count], interrupt: true)
            encourageTurn += 1
        case .stopSpeaking: voice.stop()
        case .advanceVoice(let dt): voice.update(dt: dt)
        case .log(let event, let fields): log.emit(event, fields)
        case .hintEvent(let kind, let target, let fields): hint(kind, target: target, fields)
        case .warn(let message): warn(message)
        case .toggleMute: toggleMute()
        case .setSwitch(let key, let value): setSwitch(key, value)
        case .rememberSwitch(let key, let value): switchMemory?.remember(key, value)
        case .setClassroom(let settings): classroom = settings
        case .showGames(let ids): registry = GameRegistry(allGames.games.filter { ids.contains($0.id) })
        case .rememberClassroom(let minutes, let games, let levels, let pin):
            switchMemory?.rememberClassroom(sessionMinutes: minutes, games: games, levels: levels, gatePIN: pin)
        case .setGateRules(let rules): gateRules = rules
        case .takeSet(let game): return .contentSet(takeContentSet(game))
        case .rememberSets(let ids): switchMemory?.rememberSets(ids)
        case .session(let elapsed, let warned, let resting):
            if let elapsed { sessionElapsed = elapsed }
            if let warned { sessionWarned = warned }
            if let resting { restShowing = resting }
        case .choosePlayer(let chosen): player = chosen
        case .demoSeen(let game): demos.markSeen(game)
        case .chooseLanguage(let code): languages?.choose(code)
        case .recordRound(let round): return .ranks(scores.recordRound(round, player: player))
        case .resetScores: scores.reset()
        case .refreshScores: scores.refresh()
        case .addChild(let nickname, let avatar):
            guard let profiles else { return .done }
            return .child(profiles.addChild(nickname: nickname, avatar: avatar))
        case .updateChild(let child): return .changed(profiles?.update(child) ?? false)
        case .deleteChild(let child): return .changed(profiles?.deleteChild(child) ?? false)
        case .saveReport(let destination): return .report(reports?.begin(to: destination))
        }
        return .done
    }

    /// The set of a game's new round: in turn among the classroom's chosen sets of that game
    /// (all of them when it chose none of this game's), or the first when sets do not rotate.
    func takeContentSet(_ game: GameKind) -> ContentSet? {
        let chosen = classroom.sets.map { ids in ids.filter { sets.set($0)?.game == game } }.flatMap { $0.isEmpty ? nil : $0 }
        guard rotatesSets || chosen != nil else { return sets.pick(game, chosen: nil, round: 0) }
        let round = setRounds[game, default: 0]
        setRounds[game] = round + 1
        return sets.pick(game, chosen: chosen, round: round)
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
    /// A stack whose own lines (`scene`, `ignored`, `focus`) go to `log`.
    public convenience init(root: any Scene, log: EventLog?) {
        self.init(root: root, effects: log.map(StackLog.init))
    }
}

/// The stack's outbox when it is given only the log: it sends nothing but log lines.
@MainActor
private final class StackLog: EffectPerformer {
    let log: EventLog
    init(_ log: EventLog) { self.log = log }
    func send(_ effect: Effect) -> EffectReply {
        guard case .log(let event, let fields) = effect else { preconditionFailure("the scene stack sends only log lines") }
        log.emit(event, fields)
        return .done
    }
}
