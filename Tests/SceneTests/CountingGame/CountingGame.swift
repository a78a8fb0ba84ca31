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
    public typealias Play = CountingPlay
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

    public static func layout(_ level: Level) -> [(String, JSON)] { [("star", CountingPlay.star.json)] }
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] {
        frame % 20 == 0 ? benchTap(CountingPlay.star.center) : []
    }
}

/// Counting's scene: the host running its play.
public typealias CountingScene = GameHost<CountingGame>

/// Counting's play: the rules and the star, as a value the host runs.
@MainActor
public struct CountingPlay: GamePlay {
    public static let star = Rect(412, 300, 200, 200)
    public private(set) var rules: CountingRules

    public init(_ start: GameStart, random: inout SeededGenerator) {
        rules = CountingRules(level: start.level)
    }

    public var roundProgress: Int { rules.taps }
    public var roundMistakes: Int { rules.misses }

    public mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput {
        guard case .pointerDown(let p) = event, !now.isDecided else { return [] }
        guard Self.star.contains(p) else {
            guard GameHosting.playArea.contains(p) else { return [] }
            rules.miss()
            return [.nothingHere(at: p, target: nil)]
        }
        let (points, won) = rules.tap()
        var out: GameOutput = [.feedback([.sound(.pop), .log("count", [("taps", .int(rules.taps))])]), .points(points)]
        guard won else {
            out.ask(.feedback([.speak(CountingGame.cheer, now: true)]))
            return out
        }
        out.ask(.end(CountingGame.allCounted, score: rules.taps, after: 0.5))
        return out
    }

    public mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput { [] }

    public func draw(on canvas: any Canvas, _ now: GameNow) {
        canvas.image("star", in: Self.star)
    }

    public func dumpItems(_ now: GameNow) -> [JSON] {
        [dumpItem(CountingGame.starItem, frame: Self.star, [("taps", .int(rules.taps))])]
    }
}
