import GameCore
import Stage
import TextCatalogs

/// Memory, the module (issue #25): everything the rest of the program knows about it.
public enum MemoryGame: GameModule {
    public typealias Play = MemoryPlay
    public static var definition: GameDefinition { MemoryRules.definition }
    public static let voice = GameVoice(name: VoiceLines.game("memory"), intro: VoiceLines.intro(.memory),
                                        reprompt: VoiceLines.reprompt(.memory), lines: GameContent.animals.map { VoiceLines.animal($0) })
    /// Every pair found: won, recorded.
    public static let allFound = GameEnding.won("all-found")
    public static let endings = [allFound, GameEnding.timeUp]
    /// Its clock: the level's time limit.
    public static func endsBy(_ level: Level) -> GameEndsBy { .itself(within: MemoryRules.timeLimit(for: level)) }
    public static let motion = FramePace.smooth
    public static let scoring = "Each pair found scores 5 points within 3 s of the previous pair (or the start), 4 within 7 s, else 3."
    public static let items = [
        GameItem("card-N", kind: "card", tappable: true, "a card: `face` (its animal), `state` hidden, open or matched; a tap turns a hidden one"),
    ]
    public static let pictures = ["game-memory", "card-back", "card-front", "animal-*", "check", "sparkle", "mascot-happy"]

    public static func layout(_ level: Level) -> [(String, JSON)] {
        [("cards", .array(MemoryLayout.frames(for: level, in: GameHosting.playArea).map(\.json)))]
    }

    /// The benchmark's move: tap a hidden card every 25 frames.
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] {
        guard frame % 25 == 0 else { return [] }
        let hidden = items.filter { $0["kind"]?.stringValue == "card" && $0["state"]?.stringValue == "hidden" }
        return hidden.randomElement(using: &random)?.frameCenter.map { benchTap($0) } ?? []
    }
}

extension MemoryPlay {
    public var roundProgress: Int { rules.matchedPairs }
    public var roundMistakes: Int { rules.mismatches }
}
