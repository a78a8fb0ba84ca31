import GameCore
import Stage
import TextCatalogs

/// Sorting, the module (issue #25): everything the rest of the program knows about it.
public enum SortingGame: GameModule {
    public typealias Play = SortingPlay
    public static var definition: GameDefinition { SortingRules.definition }
    public static let voice = GameVoice(
        name: VoiceLines.game("sorting"), intro: VoiceLines.intro(.sorting), reprompt: VoiceLines.reprompt(.sorting),
        lines: GameContent.vehicles.map { VoiceLines.vehicle($0.name) } + GameContent.vehicles.map { VoiceLines.placed($0.name) }
            + VehicleCategory.allCases.map { VoiceLines.zoneHint($0) })
    /// Every vehicle placed: won, recorded.
    public static let allPlaced = GameEnding.won("all-placed")
    public static let endings = [allPlaced, GameEnding.timeUp]
    /// Its clock: the level's time limit.
    public static func endsBy(_ level: Level) -> GameEndsBy { .itself(within: SortingRules.timeLimit(for: level)) }
    /// Vehicles follow a dragging finger: a frame for every step.
    public static let motion = FramePace.smooth
    public static let scoring = "Each vehicle placed in its zone scores 5 points within 2 s of the previous one (or the start), 4 within 4 s, else 3."
    public static let items = [
        GameItem("vehicle-N", kind: "vehicle", tappable: true,
                 "a vehicle: `name`, `category`, `state` waiting, lifted, gliding or placed, its slot `home`; drag it (or tap it, then a zone) to its zone"),
        GameItem("zone-CATEGORY", kind: "zone", tappable: true, "a zone (sky, water, land): `category`, its painted `area`; a drop or a tap there places the lifted vehicle"),
    ]
    public static let pictures = ["game-sorting", "vehicle-*", "zone-*", "check", "sparkle", "star"]

    public static func layout(_ level: Level) -> [(String, JSON)] {
        [("slots", .array(SortingLayout.slots(count: SortingRules.vehicleCount(for: level)).map(\.json))),
         ("zones", .array(SortingLayout.zones.map { .object([("id", .string($0.id)), ("category", .string($0.category.rawValue)), ("frame", $0.rect.json),
                                                              ("area", .array($0.area.map(\.json)))]) }))]
    }

    /// The benchmark's move: drag a waiting vehicle across the picture, mostly to a wrong
    /// zone so vehicles glide back.
    public static func benchMove(frame: Int, items: [JSON], random: inout SeededGenerator) -> [(Int, InputEvent)] {
        let waiting = items.filter { $0["kind"]?.stringValue == "vehicle" && $0["state"]?.stringValue == "waiting" }
        guard let vehicle = waiting.randomElement(using: &random), let from = vehicle.frameCenter else { return [] }
        let category = vehicle["category"]?.stringValue ?? ""
        let zones = items.filter { $0["kind"]?.stringValue == "zone" }
        let right = Int.random(in: 0..<4, using: &random) == 0
        let target = zones.filter { right ? $0["category"]?.stringValue == category : $0["category"]?.stringValue != category }
            .randomElement(using: &random)?.frameCenter ?? Point(512, 500)
        let steps = 40
        return [(1, .pointerDown(from))] + (1...steps).map { (1 + $0, .pointerMoved(Point.lerp(from, target, Double($0) / Double(steps)))) }
            + [(2 + steps, .pointerUp(target))]
    }
}

extension SortingPlay {
    public var roundProgress: Int { rules.placed.count }
    public var roundMistakes: Int { rules.wrongDrops }
}
