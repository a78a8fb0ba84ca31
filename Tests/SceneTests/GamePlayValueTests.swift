import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue #44, item 1: a game is a value. Its play starts from a level, content and the
/// environment, and its functions return what it wants done (`GameOutput`); the closed,
/// generic host (`GameHost`) carries it out. These tests call the plays with no host, step
/// their time by hand, and read the sources for what the compiler cannot say.
@Suite @MainActor struct GamePlayValueTests {
    private func start(_ kind: GameKind, _ level: Level = .easy, _ context: GameRuntime) -> GameStart {
        GameStart(kind: kind, level: level, context: context)
    }

    /// A clock stepped by hand: `frames` frames of play (rules running), as the host steps it.
    private func time(frames: Int) -> GameTime {
        var t = GameTime()
        for _ in 0..<frames {
            t.frameBegins(GameClock.step)
            t.rulesRun(GameClock.step)
            t.frameEnds(GameClock.step, over: false)
        }
        return t
    }

    /// Memory's play, on its own: a tap on a card returns the flip's feedback; two cards that
    /// are no pair return the mismatch, and its step at one second later returns their close.
    /// Nothing happened outside the value: the log is empty, and a copy taken before the taps
    /// still has every card hidden.
    @Test func memoryIsAValue_itsTapsAndStepsReturnWhatTheyWant() throws {
        let context = makeContext()
        var random = SeededGenerator(seed: 7)
        var play = MemoryPlay(start(.memory, .easy, context), random: &random)
        var now = GameNow(time: time(frames: 0), context: context)
        #expect(play.opening(now), "the deal plays first")
        #expect(play.land(now).effects.count == 2, "the deal's start and end are logged")
        #expect(!play.opening(now))
        let before = play
        // Two cards of different faces.
        let a = 0
        let b = try #require(play.rules.cards.indices.first { play.rules.cards[$0].face != play.rules.cards[a].face })
        func tap(_ card: Int) -> GameOutput {
            let centre = play.cardFrames[card].center
            let down = play.input(.pointerDown(centre), now)
            return down + play.input(.pointerUp(centre), now)
        }
        let first = tap(a)
        #expect(first.requests.count == 1)
        guard case .feedback(let flip)? = first.requests.first else { Issue.record("\(first)"); return }
        #expect(flip.first == .sound(.flip))
        now = GameNow(time: time(frames: 30), context: context)
        let second = tap(b)
        #expect(second.effects.contains(.sound(.boing)), "a mismatch: \(second.effects)")
        #expect(!second.requests.contains { if case .points = $0 { true } else { false } })
        // The pair closes exactly one second after the second flip: a step at 90 frames.
        let early = play.step(GameNow(time: time(frames: 89), context: context), random: &random)
        #expect(!early.effects.contains(.sound(.close)))
        let onTime = play.step(GameNow(time: time(frames: 90), context: context), random: &random)
        #expect(onTime.effects.contains(.sound(.close)), "\(onTime.effects)")
        #expect(context.log.events("flip").isEmpty && context.log.events("mismatch").isEmpty, "a play does nothing itself")
        #expect(before.rules.cards.allSatisfy { $0.state == .hidden }, "a copy is its own game")
    }

    /// Memory's last pair asks for the end after its celebration, Sorting's last vehicle after
    /// its bounce, Counting's last tap after half a second: a decision as data (`.end(after:)`),
    /// which the host times on scene time; no closure.
    @Test func aWinIsAnEndRequestWithItsDelay() throws {
        let context = makeContext()
        var random = SeededGenerator(seed: 3)
        var counting = CountingPlay(start("counting", .easy, context), random: &random)
        let now = GameNow(time: time(frames: 5), context: context)
        var last = GameOutput()
        for _ in 0..<3 { last = counting.input(.pointerDown(CountingPlay.star.center), now) }
        #expect(last.requests.last == .end(CountingGame.allCounted, score: 3, after: 0.5))
    }

    /// Sorting's lift is time-based state: read at a time, it rises from 1 to the lift's size
    /// over its duration on scene time, and a copy keeps its own.
    @Test func aLiftIsReadAtATime_notSteppedByATimeline() {
        let lift = Eased(from: 1, to: SortingPlay.liftScale, start: 2, duration: SortingPlay.liftDuration, easing: Easing.easeOutQuad)
        #expect(lift.value(at: 1) == 1, "before it starts")
        #expect(lift.value(at: 2) == 1)
        #expect(abs(lift.value(at: 2 + SortingPlay.liftDuration / 2) - (1 + 0.15 * 0.75)) < 1e-9)
        #expect(lift.value(at: 3) == SortingPlay.liftScale)
        #expect(!lift.isOver(at: 2.1) && lift.isOver(at: 2 + SortingPlay.liftDuration))
        // It ends where a timeline's tween ended (within 1e-9 s), exactly at its end value: the
        // skull's shake is over 27 frames after it started, whichever frame that was.
        let late = (0..<3600).filter { k in
            Eased(from: 1, to: 0, start: Double(k) / 60, duration: BalloonPlay.shakeDuration).value(at: Double(k + 27) / 60) != 0
        }
        #expect(late.isEmpty, "the shake outlives its 0.45 s when it starts at frames \(late.prefix(5))")
        let bounce = Eased(from: 0, to: 1, start: 0, duration: 1, easing: { _ in 1.3 }, clamped: true)
        #expect(bounce.value(at: 0.5) == 1, "a clamped value never overshoots")
    }

    /// Every game's play is a value type, and its module's scene is the one host.
    @Test func everyPlayIsAValue_andEverySceneIsTheHost() {
        func isValue<T>(_: T.Type) -> Bool { !(T.self is AnyClass) }
        #expect(isValue(MemoryGame.Play.self) && isValue(SortingGame.Play.self) && isValue(BalloonGame.Play.self) && isValue(CountingGame.Play.self))
        #expect(!isValue(MemoryScene.self), "the check can fail")
        let context = makeContext()
        let scenes: [BaseScene] = [MemoryGame.makeScene(context: context, level: .easy), SortingGame.makeScene(context: context, level: .easy),
                                   BalloonGame.makeScene(context: context, level: .easy), CountingGame.makeScene(context: context, level: .easy)]
        #expect(scenes.allSatisfy { $0 is any GameScene })
        #expect(scenes.allSatisfy(\.playsAGame) && !HomeScene(context: context).playsAGame, "the property the loop asks each frame")
        #expect(scenes.map { String(describing: type(of: $0)).prefix(9) } == Array(repeating: "GameHost<", count: 4))
    }

    /// What the compiler cannot say, read from the sources: the host and the games declare
    /// nothing `open` (the host is `final`; the compiler refuses a subclass of it outside
    /// Scenes, `CountingGameTests`), no game file sums `dt` or keeps a timeline, and a game's
    /// folder declares no class.
    @Test func theHostIsClosed_andNoGameSumsItsTime() throws {
        let sources = TypeSizeTests.sources()
        let host = ["Scenes/UI/GameHost.swift", "Scenes/UI/GameHost+Ending.swift", "Scenes/UI/GameScene.swift", "Scenes/UI/GameTime.swift",
                    "Scenes/Games/GamePlay.swift", "Scenes/Games/GameModule.swift"]
        let games = sources.map(\.path).filter { ["Scenes/Memory/", "Scenes/Sorting/", "Scenes/Balloons/"].contains(where: $0.hasPrefix) }
        #expect(games.count >= 9, "the games' files were found: \(games)")
        // The program asks whether a game plays with a property (`playsAGame`), never a cast to
        // `GameScene`: a protocol cast looks the type up the first time (a late first frame).
        let cast = try Regex(#"(\bis|as[?!]) (any )?GameScene\b"#)
        let open = try Regex(#"\bopen\s+(class|func|var|let|override|subscript|init)\b"#)
        let sums = try Regex(#"[+-]=\s*dt\b"#)
        let clazz = try Regex(#"\bclass\s+[A-Z]"#)
        let hostClass = sources.first { $0.path == "Scenes/UI/GameHost.swift" }?.text ?? ""
        #expect(hostClass.contains("public final class GameHost<M: GameModule>: BaseScene, GameScene {"))
        for (file, text) in sources {
            let checked = host.contains(file) || games.contains(file)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.contains(cast) { Issue.record("Sources/\(file):\(n + 1) casts to GameScene: \(line)") }
                guard checked, !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                if line.contains(open) { Issue.record("Sources/\(file):\(n + 1) declares an open member: \(line)") }
                if line.contains(sums) && file != "Scenes/UI/GameTime.swift" { Issue.record("Sources/\(file):\(n + 1) sums its own dt: \(line)") }
                if line.contains("timeline.") { Issue.record("Sources/\(file):\(n + 1) keeps a timeline: \(line)") }
                if games.contains(file) && line.contains(clazz) { Issue.record("Sources/\(file):\(n + 1) declares a class: \(line)") }
            }
        }
    }
}
