import GameCore
import Scenes
import Stage

// "Counting", a fourth game that exists only in the tests (issue #25): a game module in a
// folder of its own, written against the public API alone (no `@testable`). Nothing outside
// this folder names it; the tests register it next to the three real games.

/// Tap the big star three (four, five) times. Rules as a plain value, like the real games.
public struct CountingRules: Sendable {
    public static let definition = GameDefinition(
        id: "counting", title: Message("game.counting", "Counting"),
        levels: [.easy: [("taps", .int(3))], .medium: [("taps", .int(4))], .hard: [("taps", .int(5))]],
        stars: [.easy: [1, 2, 3], .medium: [1, 3, 4], .hard: [1, 3, 5]])
    public let needed: Int
    public private(set) var taps = 0
    /// Taps beside the star.
    public private(set) var misses = 0
    public init(level: Level) { needed = [Level.easy: 3, .medium: 4, .hard: 5][level]! }
    /// A tap on the star: one point; the last one wins.
    public mutating func tap() -> (points: Int, won: Bool) {
        taps += 1
        return (1, taps == needed)
    }
    public mutating func miss() { misses += 1 }
}

/// The module: everything the program knows about Counting, in one place.
public enum CountingGame: GameModule {
    public typealias Play = CountingScene
    public static var definition: GameDefinition { CountingRules.definition }
    /// Its own lines (not in the game's voice catalog: a test gives them recordings).
    public static let voice = GameVoice(
        name: Message("voice.game.counting", "Counting"),
        intro: Message("voice.intro.counting", "Tap the big star and count!"),
        reprompt: Message("voice.reprompt.counting", "Tap the star!"),
        lines: [cheer])
    /// Said at every tap on the star that does not win.
    public static let cheer = Message("voice.counting.more", "One more!")
    public static let allCounted = GameEnding.won("all-counted")
    public static let endings = [allCounted]
    /// No clock: only counting to the end ends it (its bench move taps the star).
    public static func endsBy(_ level: Level) -> GameEndsBy { .playing }
    public static let motion = FramePace.smooth
    public static let scoring = "Each tap on the star scores 1 point; the level's number of taps wins."
    /// The star: a button, so it has its picture and its words.
    public static let starItem = GameItem.button("star", icon: "star", words: Message("counting.star", "Star"),
                                                 "the star: `taps` so far; a tap counts one")
    public static let items = [starItem]
    public static let pictures = ["star"]

    public static func makeScene(context: GameContext, level: Level) -> CountingScene { CountingScene(context: context, level: level) }
    public static func layout(_ level: Level) -> [(String, JSON)] { [("star", CountingScene.star.json)] }
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] {
        frame % 20 == 0 ? benchTap(CountingScene.star.center) : []
    }
}

@MainActor
public final class CountingScene: GameScene, RoundStatistics {
    public static let star = Rect(412, 300, 200, 200)
    public private(set) var rules: CountingRules

    public init(context: GameContext, level: Level) {
        rules = CountingRules(level: level)
        super.init(context: context, module: CountingGame.self, level: level)
    }

    public var roundProgress: Int { rules.taps }
    public var roundMistakes: Int { rules.misses }

    public override func gameInput(_ event: InputEvent) -> [SceneCommand] {
        guard case .pointerDown(let p) = event, !isDecided else { return [] }
        guard Self.star.contains(p) else {
            if GameScene.playArea.contains(p) {
                rules.miss()
                nothingHere(at: p, target: nil)
            }
            return []
        }
        let (points, won) = rules.tap()
        perform([.sound(.pop), .log("count", [("taps", .int(rules.taps))])])
        showPoints(points)
        guard won else {
            perform([.speak(CountingGame.cheer, now: true)])
            return []
        }
        let score = shownScore
        decide(after: 0.5) { [weak self] in self?.finish(CountingGame.allCounted, score: score) ?? [] }
        return []
    }

    public override func drawContent(on canvas: any Canvas) {
        canvas.image("star", in: Self.star)
    }

    public override func dumpItems() -> [JSON] {
        [dumpItem(CountingGame.starItem, frame: Self.star, [("taps", .int(rules.taps))])]
    }
}
