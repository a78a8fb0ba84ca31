import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
import Stage
import TextCatalogs
@testable import SceneTests

/// Issue 45, "done when": a child's whole morning, in every language at four shapes, played
/// by what the dumps show, frame by frame like the app's loop: the speaker once, Memory (her
/// first, relaxed after its demo; again with its clock; the suggested level followed by ↻,
/// Back once on the way), Sorting (first and again), Balloons (first), Home between them. Every
/// line the voice says is checked, in the frame it is said, against what the screen does:
/// a game's name against the tile chosen, "Let's play!" against the game that opens, an end
/// line against the end screen, a suggestion against the level ↻ shows and then plays, a
/// sticker's name against the sticker on the panel, and so on. A line without a rule fails.
@MainActor
@Suite struct ChildsMorningTests {
    nonisolated static let languages = Languages.codes
    static let screens = [(1024, 768), (1920, 1080), (2560, 1080), (800, 1280)]

    @MainActor final class Morning {
        let context: GameRuntime
        let stack: SceneStack
        let what: String
        var heard = 0
        var checked: [String: Int] = [:]
        /// The level the last suggestion named, to be checked against the next game ↻ opens.
        var suggested: Level?

        init(language: String, screen: (Int, Int)) throws {
            Canvas1024.use(Canvas1024.size(forScreen: screen.0, screen.1), screen: screen)
            let (context, _) = try ChildAloneTests.childContext()
            context.catalog = try SceneAssets.catalog(language)
            context.voice.library = SceneAssets.voices(language)
            self.context = context
            stack = SceneStack(root: HomeScene(context: context), runtime: context)
            stack.rightToLeft = context.rightToLeft
            what = "\(language) \(screen.0)x\(screen.1)"
        }

        var log: EventLog { context.log }
        var items: [JSON] { stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? [] }
        func item(_ id: String) -> JSON? { items.first { $0["id"]?.stringValue == id } }
        var home: HomeScene? { stack.top as? HomeScene }
        var game: GameScene? { stack.scenes.last { $0 is GameScene } as? GameScene }
        var alert: AlertScene? { stack.top as? AlertScene }

        /// One frame, then every voice line it said is checked against the screen.
        func frame() {
            step(stack, frames: 1, log: log)
            let voices = log.events("voice")
            while heard < voices.count {
                check(voices[heard])
                heard += 1
            }
        }

        func frames(_ seconds: Double) { for _ in 0..<Int((seconds * 60).rounded()) { frame() } }

        func until(_ seconds: Double, _ why: String, _ done: () -> Bool) throws {
            var left = Int(seconds * 60)
            while !done() {
                left -= 1
                try #require(left > 0, "\(what): \(why) within \(seconds) s")
                frame()
            }
        }

        /// A tap on the item's centre as the dump places it (press, a frame, release).
        func tap(_ id: String) throws {
            let it = try #require(item(id), "\(what): \(id) on \(stack.names) (\(items.compactMap { $0["id"]?.stringValue }))")
            tap(at: frameOf(it).center)
        }

        func tap(at p: Point) {
            stack.handle(.pointerDown(p))
            frame()
            stack.handle(.pointerUp(p))
            frame()
        }

        // MARK: What each line means on screen

        func check(_ voice: JSON) {
            guard let key = voice["key"]?.stringValue else { return }
            let kind = key.split(separator: ".").dropLast().joined(separator: ".")
            let last = String(key.split(separator: ".").last ?? "")
            checked[key, default: 0] += 1
            let at = "\(what): \"\(key)\" with \(stack.names)"
            switch key {
            case "voice.home.greeting", "voice.home.pick-game":
                #expect(home != nil, "\(at)")
            case "voice.home.pick-level":
                #expect(home?.selectedGame != nil && home?.selectedLevel == nil, "\(at)")
            case "voice.home.press-play":
                #expect(home?.selectedGame != nil && home?.selectedLevel != nil, "\(at)")
            case "voice.home.play":
                #expect(stack.top is GameScene, "\(at): Let's play! opens a game")
            case "voice.won":
                #expect(game?.isOver == true && log.events("gameover").last?["result"]?.stringValue == "won", "\(at)")
            case "voice.finished.balloons":
                #expect(game?.kind == .balloons && game?.isOver == true, "\(at)")
            case "voice.lost.time", "voice.lost.idle", "voice.lost.skull":
                let reason = ["time": "time", "idle": "idle", "skull": "killer"][last]
                #expect(game?.isOver == true && log.events("gameover").last?["reason"]?.stringValue == reason, "\(at)")
            case "voice.suggest.harder", "voice.suggest.easier":
                let level = try? #require(game?.level)
                let next = game?.nextLevel
                let i = Level.allCases.firstIndex(of: level ?? .easy) ?? 0
                let expected = Level.allCases[max(0, min(2, i + (last == "harder" ? 1 : -1)))]
                #expect(next == expected && log.events("suggest").last?["level"]?.stringValue == expected.rawValue,
                        "\(at): the suggestion is what ↻ plays (\(String(describing: next)))")
                suggested = next
            case "voice.hurry":
                #expect(game.map { !$0.isOver && !$0.relaxed } == true, "\(at): a clocked game is running")
            case "voice.end.idle", "voice.paused", "voice.quit.ask", "voice.highscores":
                #expect(stack.top is AlertScene || game?.isPaused == true || stack.top.name == "highscores", "\(at)")
            default:
                switch kind {
                case "voice.game":
                    #expect(home?.selectedGame?.rawValue == last, "\(at): the tile named is the one chosen")
                case "voice.level":
                    #expect(home?.selectedLevel?.rawValue == last, "\(at): the level named is the one chosen")
                case "voice.intro", "voice.reprompt":
                    #expect(game?.kind.rawValue == last && stack.top === game, "\(at)")
                case "voice.animal":
                    let found = (game as? MemoryScene)?.rules.cards.filter { $0.face == last && $0.state == .matched }.count
                    #expect(found == 2, "\(at): the pair named is found")
                case "voice.vehicle", "voice.placed", "voice.hint":
                    #expect(game?.kind == .sorting, "\(at)")
                case "voice.number":
                    let popped = log.events("pop").last?["number"]?.intValue
                    #expect(game?.kind == .balloons && popped.map(String.init) == last, "\(at): the number said is the one popped")
                case "voice.button":
                    // A button named (focus, scanning) is on the screen.
                    let ids = ["play": ["play"], "again": ["alert-yes"], "home": ["alert-no", "home"], "highscores": ["highscores"],
                               "close": ["close"], "back": ["back"], "mute": ["mute"], "pause": ["pause"], "leave": ["alert-yes"],
                               "stay": ["alert-no"]][last] ?? []
                    #expect(ids.contains { item($0) != nil }, "\(at): the button named is on screen")
                case "voice.praise", "voice.encourage", "voice.hurry":
                    #expect(game != nil, "\(at)")
                case "voice.balloon":
                    let type = last == "star" ? BalloonType.bonus : .killer
                    #expect((game as? BalloonScene)?.rules.balloons.contains { $0.type == type } == true, "\(at)")
                case "voice.highscore":
                    #expect(log.events("gameover").last?["rank"]?.intValue.map(String.init) == last, "\(at)")
                case "voice.sticker":
                    let sticker = alert.flatMap { a in a.content.result?.sticker }
                    #expect(sticker.map(String.init) == last && alert?.stickerPlace == AlertScene.stickerFrame,
                            "\(at): the sticker named is on the panel")
                default:
                    Issue.record("\(at): no rule for this line: what does the screen do when it is said?")
                }
            }
        }

        // MARK: Playing

        /// From Home: the game's tile, the level (unless Home chose it), Play.
        func start(_ kind: GameKind, level: Level) throws {
            try until(3, "Home") { home != nil && !stack.tapGuardRunning && stack.transitionLeft ?? 0 <= 0 }
            frames(0.4)
            try tap("game-\(kind.rawValue)")
            frames(0.6)
            if home?.selectedLevel != level { try tap("level-\(level.rawValue)"); frames(0.6) }
            try tap("play")
            try until(2, "the game opens") { stack.top is GameScene }
            #expect(game?.kind == kind && game?.level == level, "\(what): Play opens what was chosen")
            // Her first game opens with its demo: watch it to its end.
            try until(6, "the demo ends") { game?.demo == nil }
        }

        /// Plays the game on top to its end, then waits for the end screen.
        func playToTheEnd(backOnce: Bool = false) throws {
            let g = try #require(game)
            var askedBack = !backOnce
            try until(90, "the end of \(g.kind)") {
                if alert != nil { return true }
                guard !g.isOver, stack.top === g, g.demo == nil, g.clock.now > 0.05 else { return false }
                if !askedBack && g.clock.now > 1 {
                    // Back once: the door and ▶; ▶ goes on with the game.
                    askedBack = true
                    try? tap("back")
                    frames(0.5)
                    #expect(alert?.content.kind == .leave, "\(what): Back asks")
                    try? tap("alert-no")
                    frames(0.5)
                    #expect(stack.top === g, "\(what): ▶ goes on")
                    return false
                }
                move(in: g)
                return false
            }
            try until(12, "the end screen") { alert?.content.result != nil }
        }

        /// One move of a child who knows the game (what the dump shows).
        func move(in g: GameScene) {
            let all = items
            switch g.kind {
            case .memory:
                let cards = all.filter { $0["kind"]?.stringValue == "card" }
                let hidden = cards.filter { $0["state"]?.stringValue == "hidden" }
                // One card open (a tap before was guarded or the pair is half done): its partner.
                if let open = cards.first(where: { $0["state"]?.stringValue == "open" }) {
                    if let partner = hidden.first(where: { $0["face"] == open["face"] }) { tap(at: frameOf(partner).center) }
                    frames(0.3)
                    return
                }
                guard let a = hidden.first, let b = hidden.dropFirst().first(where: { $0["face"] == a["face"] }) else { frame(); return }
                tap(at: frameOf(a).center)
                frames(0.2)
                tap(at: frameOf(b).center)
                frames(0.3)
            case .sorting:
                let waiting = all.filter { $0["kind"]?.stringValue == "vehicle" && $0["state"]?.stringValue != "placed" }
                guard let v = waiting.first,
                      let zone = all.first(where: { $0["kind"]?.stringValue == "zone" && $0["category"] == v["category"] }),
                      let area = zone["area"]?.arrayValue?.first?.arrayValue?.compactMap(\.doubleValue), area.count == 4
                else { frame(); return }
                // Tap-tap: the vehicle, then its place.
                tap(at: frameOf(v).center)
                frames(0.2)
                tap(at: Point(area[0] + area[2] / 2, area[1] + area[3] / 2))
                frames(0.5)
            case .balloons:
                let regular = all.filter { $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue == "regular" }
                if let b = regular.max(by: { frameOf($0).minY > frameOf($1).minY }) { tap(at: frameOf(b).center) }
                frames(0.4)
            default:
                frame()
            }
        }

        /// ↻ on the end screen: checks it plays what it shows (and what was suggested).
        func replay() throws -> GameScene {
            let shown = try #require(item("alert-yes")?["level"]?.stringValue, "\(what): ↻ shows its level")
            let before = try #require(game)
            if let suggested { #expect(shown == suggested.rawValue, "\(what): ↻ shows the level suggested") }
            frames(0.5)
            try tap("alert-yes")
            try until(2, "↻ opens the game") { (stack.top as? GameScene).map { $0 !== before } ?? false }
            let next = try #require(game)
            #expect(next.level.rawValue == shown && next.kind == before.kind, "\(what): ↻ plays what it shows")
            suggested = nil
            return next
        }

        /// The house: Home with the level ↻ showed chosen. Listening first: she waits until
        /// everything is said and her sticker is in the book.
        func goHome(listening: Bool = false) throws {
            if listening { try until(20, "the sticker in the book") { alert?.stickerInBook == true } }
            let shown = item("alert-yes")?["level"]?.stringValue
            let kind = game?.kind
            frames(0.5)
            try tap("alert-no")
            try until(2, "Home") { home != nil }
            #expect(home?.selectedGame == kind && home?.selectedLevel?.rawValue == shown,
                    "\(what): Home chooses the level ↻ showed (\(String(describing: shown)))")
            suggested = nil
        }
    }

    @Test(arguments: languages)
    func test_aChildsWholeMorning_everyLineMeansWhatHappensNext(_ language: String) throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for screen in Self.screens {
            let m = try Morning(language: language, screen: screen)
            m.context.demos = DemoMemory(mode: .firstTime)
            m.frames(1)
            // The speaker once: muted lines keep their timing; then on again.
            try m.tap("mute")
            #expect(m.context.muted, "\(m.what): the speaker mutes")
            m.frames(0.5)
            try m.tap("mute")
            #expect(!m.context.muted, "\(m.what): and brings the voice back")

            // Memory: her first (relaxed, after its demo), won: the same level with its clock.
            try m.start(.memory, level: .easy)
            #expect(m.game?.relaxed == true, "\(m.what): her first Memory is relaxed")
            try m.playToTheEnd()
            #expect(m.item("alert-yes")?["level"]?.stringValue == "easy", "\(m.what): after a relaxed game, the same level")
            var g = try m.replay()
            #expect(!g.relaxed, "\(m.what): with its clock")
            try m.playToTheEnd()
            // Quick pairs: three stars, the next level suggested; ↻ follows it.
            #expect(m.suggested == .medium, "\(m.what): three stars suggest Medium: \(m.log.events("gameover").last.map { $0.serialized() } ?? "")")
            g = try m.replay()
            #expect(g.level == .medium)
            try m.playToTheEnd(backOnce: true)
            try m.goHome()

            // Sorting: first (relaxed), then again; Home.
            try m.start(.sorting, level: .easy)
            try m.playToTheEnd()
            _ = try m.replay()
            try m.playToTheEnd()
            try m.goHome()

            // Balloons: her first, relaxed (no skull, no idle loss), to the end of its minute.
            try m.start(.balloons, level: .easy)
            #expect(m.game?.relaxed == true && (m.game as? BalloonScene)?.rules.config.killers == false)
            try m.playToTheEnd()
            try m.goHome(listening: true)

            for key in ["voice.home.play", "voice.intro.memory", "voice.intro.sorting", "voice.intro.balloons", "voice.suggest.harder"] {
                #expect(m.checked[key, default: 0] > 0, "\(m.what): \(key) was said and checked")
            }
            #expect(m.checked.keys.contains { $0.hasPrefix("voice.sticker.") }, "\(m.what): a sticker was named")
        }
    }
}
