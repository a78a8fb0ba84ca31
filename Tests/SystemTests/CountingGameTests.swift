import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Platform
@testable import KidsJoyApp
@testable import Storage
import Stage
import TextCatalogs
@testable import SceneTests

/// Counting, the test-only fourth game, is a module of its own (issue #25): registered next to
/// the three real games with nothing edited outside this folder, it speaks its own lines,
/// records real statistics, describes itself, and survives a monkey run under the checker's
/// (the soak's) invariants.
@MainActor
@Suite(.serialized) struct CountingGameTests {
    static var registry: GameRegistry { GameRegistry(GameRegistry.standard.games + [GameEntry(CountingGame.self)]) }

    /// Four games, Counting's lines recorded (silent files: the voice channel logs what it says).
    static func context() -> (GameRuntime, HighScoreStore) {
        let dir = temporaryDirectory()
        let clips = (CountingGame.voice.all + [VoiceLines.letsPlay, VoiceLines.won]).map {
            VoiceClip(key: $0.key, language: "en", path: "/nonexistent/\($0.key).ogg", duration: 0.5)
        }
        let scores = HighScoreStore(directory: dir, knownGames: registry.ids, warn: { _ in })
        let context = GameRuntime(log: EventLog(writer: nil, keepInMemory: true), random: RandomSource(seed: 3), scores: scores,
                                  settingsStore: SettingsStore(directory: dir, warn: { _ in }), soundPlayer: SilentSoundPlayer(),
                                  registry: registry, voices: VoiceLibrary(language: "en", clips: clips))
        return (context, scores)
    }

    static func item(_ stack: SceneStack, _ id: String) -> JSON? {
        stack.top.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    /// The corner's game filter keeps an injected game (issue #44): it chooses among every
    /// game the app was given, not among the standard three, and keeps their order.
    @Test func test_theCornersGameFilterKeepsAnInjectedGame() {
        let (context, _) = Self.context()
        context.send(.chooseClassroom(.games([GameKind(rawValue: "counting"), .memory])))
        #expect(context.registry.ids.map(\.rawValue) == ["memory", "counting"])
        #expect(context.allGames.ids.map(\.rawValue) == ["memory", "sorting", "balloons", "counting"])
        context.send(.chooseClassroom(.games(context.allGames.ids)))
        #expect(context.registry.ids.count == 4)
    }

    /// Home says its name, the game says its intro, each tap its cheer, and its end the
    /// line its ending declares: every one a `voice` event with Counting's own key and text.
    @Test func test_countingSpeaksItsOwnLines() throws {
        let (context, _) = Self.context()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        tap(stack, try #require(Self.item(stack, "game-counting")?.frameCenter))
        step(stack, seconds: 1)
        tap(stack, try #require(Self.item(stack, "level-easy")?.frameCenter))
        tap(stack, HomeLayout.play.center)
        step(stack, seconds: 2)
        tap(stack, CountingPlay.star.center)
        step(stack, seconds: 1)
        let voices = context.log.events("voice")
        let said = voices.compactMap { $0["line"]?.stringValue }
        #expect(said.contains("voice.game.counting"), "\(said)")
        #expect(said.contains("voice.intro.counting"), "\(said)")
        #expect(said.contains("voice.counting.more"), "\(said)")
        let intro = try #require(voices.first { $0["line"]?.stringValue == "voice.intro.counting" })
        #expect(intro["text"]?.stringValue == "Tap the big star and count!")
        // Quiet for a while: its own re-prompt.
        step(stack, seconds: GameHosting.repromptAfter + 1)
        #expect(context.log.events("voice").contains { $0["line"]?.stringValue == "voice.reprompt.counting" })
        // "Hear it again": its intro once more.
        step(stack, seconds: 2)
        tap(stack, TopBar.hearAgainFrame.center)
        #expect(context.log.events("voice").filter { $0["line"]?.stringValue == "voice.intro.counting" }.count == 2)
    }

    /// One-switch scanning names Counting's Home tile with its own line (its module's name).
    @Test func test_scanningNamesCountingsTile() throws {
        let (context, _) = Self.context()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let tile = try #require(Self.item(stack, "game-counting"))
        #expect(FocusNavigation.voiceLine(for: tile, games: Self.registry)?.key == "voice.game.counting")
        let memory = try #require(Self.item(stack, "game-memory"))
        #expect(FocusNavigation.voiceLine(for: memory, games: Self.registry)?.key == "voice.game.memory")
    }

    /// A won round goes into the history with its real statistics: taps on the star as its
    /// progress, taps beside it as its mistakes (no `as?` cast that records 0).
    @Test func test_countingRecordsItsRealStatistics() throws {
        let (context, scores) = Self.context()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.game("counting", .medium))])
        step(stack, seconds: 0.5)
        tap(stack, Point(100, 650))
        tap(stack, Point(900, 650))
        for _ in 0..<4 { tap(stack, CountingPlay.star.center) }
        step(stack, seconds: 0.6)
        let over = try #require(context.log.events("gameover").last)
        #expect(over["game"]?.stringValue == "counting" && over["reason"]?.stringValue == "all-counted")
        #expect(over["key"]?.stringValue == CountingGame.allCounted.message.key)
        let history = try scores.database?.history(child: nil)
        let rows = try #require(history)
        let row = try #require(rows.last)
        #expect(row.game == "counting" && row.level == .medium && row.score == 4)
        #expect(row.progress == 4, "taps on the star")
        #expect(row.mistakes == 2, "taps beside it")
        #expect(row.reason == "all-counted")
    }

    /// `--describe-games` says how Counting ends, scores, what its dump items are and what it
    /// says, beside the three games' (whose existing fields are unchanged).
    @Test func test_describeGamesAddsEndingsScoringItemsAndVoice() throws {
        let games = Self.registry.json["games"]?.arrayValue ?? []
        let counting = try #require(games.first { $0["id"]?.stringValue == "counting" })
        #expect(counting["endings"]?.arrayValue?.count == 1)
        #expect(counting["endings"]?.arrayValue?.first?["reason"]?.stringValue == "all-counted")
        #expect(counting["endings"]?.arrayValue?.first?["recorded"]?.boolValue == true)
        #expect(counting["scoring"]?.stringValue?.isEmpty == false)
        #expect(counting["items"]?.arrayValue?.first?["id"]?.stringValue == "star")
        #expect(counting["items"]?.arrayValue?.first?["tappable"]?.boolValue == true)
        #expect(counting["voice"]?["intro"]?.stringValue == "voice.intro.counting")
        #expect(counting["levels"]?["easy"]?["star"]?.arrayValue?.count == 4, "the star's frame, for a blind monkey")
        let balloons = try #require(games.first { $0["id"]?.stringValue == "balloons" })
        let reasons = balloons["endings"]?.arrayValue?.compactMap { $0["reason"]?.stringValue } ?? []
        #expect(reasons == ["time", "idle", "killer"])
        let paces = games.compactMap { game in game["id"]?.stringValue.map { ($0, game["motion"]?.stringValue ?? "-") } }
        #expect(paces.map { "\($0.0)=\($0.1)" } == ["memory=smooth", "sorting=smooth", "balloons=calm", "counting=smooth"],
                "Balloons only drifts and is tapped; the others follow a finger")
    }

    /// The monkey, which has no plugin for Counting, reads its `--describe-games`, taps what
    /// it says is tappable and checks the log against its invariants (generic ones and the
    /// endings Counting declares): no KeyError, no failure, Counting started and won.
    @Test(.enabled(if: Exec.find("python3") != nil, "python3 is needed"))
    func test_countingSurvivesAMonkeyRun() throws {
        let python = try #require(Exec.find("python3"))
        let dir = temporaryDirectory()
        let describe = dir + "/games.json"
        try Self.registry.json.serialized().write(toFile: describe, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        let monkey = packageRoot + "/tools/monkey/monkey.py"
        var counting = 0, wins = 0
        // Seeds 1-3 as the runner plays them (odd seeds as a child, seed 3 with demos), blind:
        // the binary has no Counting to probe. (Seed 4 trips two gaps of
        // the checker's model that have nothing to do with Counting: a game left standing
        // for half a minute under Back's panel before its intro and first balloons.)
        for seed in 1...3 {
            let script = dir + "/script-\(seed).txt"
            let gen = try Exec.capture(python, [monkey, "gen", "--describe", describe, "--seed", "\(seed)", "--events", "700",
                                                "-o", script], environment: env, timeout: 300)
            #expect(gen.status == 0, "\(gen.output)")
            let text = try String(contentsOfFile: script, encoding: .utf8)
            var options = AppOptions()
            options.headless = true
            options.seed = UInt64(seed)
            options.scriptText = text
            options.settings.dataDir = dir + "/data-\(seed)"
            options.noDraw = true
            options.profile = seed % 2 == 1 ? "monkey" : nil
            options.demo = seed % 4 == 3
            let app = try GameApp(options: options, keepLogInMemory: true, games: Self.registry)
            try app.start()
            // Counting's own lines have no recordings among the assets: silent stand-ins, so
            // the voice channel says (and logs) them.
            app.context.voice.library = app.context.voice.library.adding(CountingGame.voice.all.map {
                VoiceClip(key: $0.key, language: "en", path: "/nonexistent/\($0.key).ogg", duration: 0.8)
            })
            let status = app.run()
            let lines = app.log.lines
            app.shutdown()
            #expect(status == 0)
            counting += lines.filter { $0.is("scene", "scene", "counting") && $0["action"]?.stringValue != "pop" }.count
            wins += lines.filter { $0.is("gameover", "game", "counting") && $0["result"]?.stringValue == "won" }.count
            let log = dir + "/log-\(seed).jsonl"
            try (lines.map { $0.serialized() }.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
            let check = try Exec.capture(python, [monkey, "check", "--describe", describe, log], environment: env, timeout: 300)
            #expect(check.status == 0, "seed \(seed): \(check.output)")
            #expect(check.stdout.contains(" 0 failures"), "seed \(seed): \(check.output)")
        }
        #expect(counting > 0, "the monkey played Counting")
        #expect(wins > 0, "and won it")
    }

    // MARK: - What the compiler keeps

    /// The modules the tests were built with (beside the test bundle).
    static var modules: String { URL(fileURLWithPath: GameBinary.path).deletingLastPathComponent().path + "/Modules" }

    /// Type-checks `source` against the built GameCore and Scenes: the errors, empty if none.
    static func typecheck(_ source: String) throws -> String {
        let swiftc = try #require(Exec.find("swiftc"))
        let file = temporaryDirectory() + "/Game.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        // Scenes imports CMath (math.h alone): its module map, as SwiftPM gives a package's targets.
        let r = try Exec.capture(swiftc, ["-typecheck", "-swift-version", "6", "-I", modules, "-I", packageRoot + "/Sources/CMath", file],
                                 environment: ProcessInfo.processInfo.environment, timeout: 120)
        return r.status == 0 ? "" : r.output
    }

    static let header = """
        import GameCore
        import Scenes
        import Stage
        struct Quiet: GamePlay {
            init(_ start: GameStart, random: inout SeededGenerator) {}
            var roundProgress: Int { 0 }
            var roundMistakes: Int { 0 }
            mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput { [] }
            mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput { [] }
            func draw(on canvas: any Canvas, _ now: GameNow) {}
            func dumpItems(_ now: GameNow) -> [JSON] { [] }
        }

        """
    static let rest = """
            static var definition: GameDefinition { GameDefinition(id: "quiet", title: Message("game.quiet", "Quiet"), levels: [:], stars: [:]) }
            static let endings: [GameEnding] = []
            static func endsBy(_ level: Level) -> GameEndsBy { .playing }
            static let scoring = ""
            static let items: [GameItem] = []
            static let pictures: [String] = []

        """
    static let motion = "    static let motion = FramePace.smooth\n"
    static let voice = "    static let voice = GameVoice(name: Message(\"a\", \"A\"), intro: Message(\"b\", \"B\"), reprompt: Message(\"c\", \"C\"))\n"

    /// A game without voice lines or a frame pace, or whose play does not tell its
    /// statistics, does not compile; nor can a game subclass the host (it is closed).
    /// (A complete one compiles.)
    @Test(.enabled(if: Exec.find("swiftc") != nil && GameBinary.isBuilt, "swiftc and a build are needed"))
    func test_aGameWithoutVoiceLinesOrStatisticsDoesNotCompile() throws {
        let opening = Self.header + "enum QuietGame: GameModule {\n    typealias Play = Quiet\n"
        let complete = try Self.typecheck(opening + Self.voice + Self.motion + Self.rest + "}\n")
        #expect(complete.isEmpty, "the complete module compiles: \(complete)")
        let noVoice = try Self.typecheck(opening + Self.motion + Self.rest + "}\n")
        #expect(noVoice.contains("does not conform to protocol 'GameModule'"), "\(noVoice)")
        let noMotion = try Self.typecheck(opening + Self.voice + Self.rest + "}\n")
        #expect(noMotion.contains("does not conform to protocol 'GameModule'"), "a game chooses its pace: \(noMotion)")
        let noEnd = try Self.typecheck(opening + Self.voice + Self.motion
                                       + Self.rest.replacingOccurrences(of: "static func endsBy(_ level: Level) -> GameEndsBy { .playing }\n", with: "") + "}\n")
        #expect(noEnd.contains("does not conform to protocol 'GameModule'"), "a game says how it ends: \(noEnd)")
        let noStatistics = try Self.typecheck("""
            import GameCore
            import Scenes
            import Stage
            struct Quiet: GamePlay {
                init(_ start: GameStart, random: inout SeededGenerator) {}
                mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput { [] }
                mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput { [] }
                func draw(on canvas: any Canvas, _ now: GameNow) {}
                func dumpItems(_ now: GameNow) -> [JSON] { [] }
            }
            enum QuietGame: GameModule {
                typealias Play = Quiet

            """ + Self.voice + Self.motion + Self.rest + "}\n")
        #expect(noStatistics.contains("error"), "\(noStatistics)")
        // The host is closed: a game cannot be a subclass of it (nor of anything else of the host's).
        let subclass = try Self.typecheck(Self.header + "enum QuietGame: GameModule {\n    typealias Play = Quiet\n" + Self.voice + Self.motion
                                          + Self.rest + "}\nfinal class Loud: GameHost<QuietGame> {}\n")
        #expect(subclass.contains("error") && subclass.contains("Loud"), "\(subclass)")
    }
}
