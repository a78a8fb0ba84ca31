import GameCore
import Stage
import TextCatalogs

/// Balloons, the module (issue #25): everything the rest of the program knows about it.
public enum BalloonGame: GameModule {
    public typealias Play = BalloonPlay
    public static var definition: GameDefinition { BalloonRules.definition }
    public static let voice = GameVoice(
        name: VoiceLines.game("balloons"), intro: VoiceLines.intro(.balloons), reprompt: VoiceLines.reprompt(.balloons),
        lines: (1...9).map { VoiceLines.number($0) } + [VoiceLines.starBalloon, VoiceLines.skullBalloon])
    /// The time ran out: a finish, won and recorded.
    public static let finished = GameEnding.won("time", voice: VoiceLines.finishedBalloons)
    /// The skull was popped: lost, its own picture, no score shown.
    public static let skull = GameEnding(result: .lost, reason: "killer", message: Messages.skull, voice: VoiceLines.lostSkull,
                                         records: false, picture: "reason-killer", showsScore: false)
    public static let endings = [finished, GameEnding.idle, skull]
    /// Its clock (the round's length; nobody popping stops it sooner, at the idle limit).
    public static func endsBy(_ level: Level) -> GameEndsBy { .itself(within: BalloonRules.Config.level(level).timeLimit) }
    /// Balloons drift up on their own and are only tapped: 30 frames a second keep their
    /// motion even at half the CPU of 60 (issue 31); a tap waits at most 1/30 s.
    public static let motion = FramePace.calm
    public static let scoring = "A numbered balloon scores its number when the number lands on the score; the star slows the sky down, the skull ends the round."
    public static let items = [
        GameItem("balloon-N", kind: "balloon", tappable: true,
                 "a balloon in the sky: `type` number, star or killer, `color`, `number`, `speed`; a tap pops it (not the killer, which ends the round)"),
        GameItem("idle-warning", kind: "picture", tappable: false,
                 "from 5 s without a pop: the sleeping balloon and the whole `seconds` left before the round stops (pop a balloon and it goes)"),
    ]
    public static let pictures = ["game-balloons", "balloon-*", "burst", "sparkle", "snail", "star"]
    public static var picturesAhead: [PictureAhead] { PopEffect.picturesAhead }

    /// The benchmark's busiest sky: Hard's numbers, ten balloons a second at a speed that
    /// keeps 40-50 on screen, no time or idle limit.
    public static func benchPlay(_ start: GameStart, random: inout SeededGenerator) -> BalloonPlay? {
        var config = BalloonRules.Config.level(.hard)
        config.countsPerSecond = [10]
        config.speed = 150
        config.timeLimit = 10_000
        config.idleLimit = 10_000
        return BalloonPlay(start, random: &random, config: config)
    }

    public static func layout(_ level: Level) -> [(String, JSON)] {
        [("balloonSize", .array([.double(BalloonLayout.size.width), .double(BalloonLayout.size.height)])),
         ("spotX", .array((0..<BalloonLayout.spotCount).map { .double(BalloonLayout.spotX($0)) })),
         ("bodyInFrame", BalloonLayout.body(in: BalloonLayout.frame(x: 0, y: 0)).jsonExact),
         ("hitMargin", .double(BalloonLayout.hitMargin)), ("entranceY", .double(BalloonLayout.entranceY))]
    }

    /// The benchmark's move: pop a balloon other than the skull every 12 frames.
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] {
        guard frame % 12 == 0 else { return [] }
        let balloons = items.filter { $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue != "killer" }
        return balloons.randomElement(using: &random)?.frameCenter.map { benchTap($0) } ?? []
    }
}

extension BalloonPlay {
    public var roundProgress: Int { rules.pops }
    public var roundMistakes: Int { rules.escapes }
}
