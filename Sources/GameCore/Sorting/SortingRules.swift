/// Where a vehicle belongs: the three areas of the sorting picture.
public enum VehicleCategory: String, CaseIterable, Sendable {
    case air, water, land

    /// The icon image drawn on the zone.
    public var iconName: String { "zone-\(rawValue)" }
}

/// One vehicle of a game: its picture name and the category it must be sorted into.
public struct SortingVehicle: Equatable, Sendable {
    public let name: String
    public let category: VehicleCategory
    /// Its picture's asset name (`vehicle-bus`; a set's own: `set-<set>-<item>`).
    public let imageName: String
    public init(name: String, category: VehicleCategory, imageName: String? = nil) {
        self.name = name; self.category = category; self.imageName = imageName ?? "vehicle-\(name)"
    }

    /// The pool of 15 vehicles of the asset manifest: 5 air, 5 water, 5 land.
    public static var pool: [SortingVehicle] {
        GameContent.vehicles.compactMap { entry in
            VehicleCategory(rawValue: entry.category).map { SortingVehicle(name: entry.name, category: $0) }
        }
    }
}

/// One drop zone of a category: the painted region it stands for, as rectangles that do not
/// overlap (`area`), and their bounding box (`rect`, the dump's `frame`). A category has one
/// or two zones; ids count from 1 (`zone-air-1`, `zone-air-2`) as in the scripted-play contract.
public struct SortingZone: Equatable, Sendable {
    public let category: VehicleCategory
    public let index: Int
    /// The bounding box of `area`.
    public let rect: Rect
    /// The painted region (sky, sea or land), approximated by rectangles.
    public let area: [Rect]
    public init(category: VehicleCategory, index: Int = 1, area: [Rect]) {
        precondition(!area.isEmpty, "a zone needs an area")
        self.category = category; self.index = index; self.area = area
        let x0 = area.map(\.minX).min()!, y0 = area.map(\.minY).min()!
        let x1 = area.map(\.maxX).max()!, y1 = area.map(\.maxY).max()!
        rect = Rect(x0, y0, x1 - x0, y1 - y0)
    }
    public init(category: VehicleCategory, index: Int = 1, rect: Rect) {
        self.init(category: category, index: index, area: [rect])
    }
    public var id: String { "zone-\(category.rawValue)-\(index)" }

    /// True when `point` lies on the painted region (edges included).
    public func contains(_ point: Point) -> Bool { area.contains { $0.contains(point) } }

    /// How many square pixels of `frame` lie over the painted region.
    public func coveredArea(of frame: Rect) -> Double {
        area.reduce(0) { sum, r in
            let w = min(r.maxX, frame.maxX) - max(r.minX, frame.minX)
            let h = min(r.maxY, frame.maxY) - max(r.minY, frame.minY)
            return sum + (w > 0 && h > 0 ? w * h : 0)
        }
    }
}

/// What happened after a rule call; the scene turns these into sounds, log lines and motion.
public enum SortingEvent: Equatable, Sendable {
    /// Dropped inside a zone of its category: it stays there and earns `points`.
    case placed(vehicle: Int, zone: String, points: Int)
    /// Dropped anywhere else (`zone` is the other category's zone it landed on, if any).
    case rejected(vehicle: Int, zone: String?)
    /// Every vehicle is placed before the time ran out.
    case won(score: Int)
    /// The countdown reached 0:00 first.
    case timeUp(score: Int)
}

/// The Sorting game's rules (SPEC section 5) as a plain value: which vehicles are in play,
/// how a drop is judged (by the point where the pointer is let go), the speed score and the
/// countdown. It never reads a clock or draws a random number on its own: callers pass the
/// game time `now` and the app's seeded generator.
public struct SortingRules: Sendable {
    public let level: Level
    public let vehicles: [SortingVehicle]
    public let zones: [SortingZone]
    public let countdown: Countdown
    public private(set) var placed: Set<Int> = []
    /// Drops that went home (the history's mistakes).
    public private(set) var wrongDrops = 0
    public private(set) var score = 0
    /// Game time of the previous correct placement (or the start): the speed score counts from it.
    public private(set) var lastPlacementAt = 0.0
    public private(set) var isOver = false
    public private(set) var isWon = false

    /// ≤ 2 s: 5 points; ≤ 4 s: 4; slower: 3.
    public static let scoring = TieredScore(tiers: [(maxSeconds: 2, points: 5), (maxSeconds: 4, points: 4)], slowPoints: 3)

    /// One level's numbers: how many vehicles wait in the row and the time on the clock.
    public struct LevelData: Sendable {
        public let vehicles: Int
        public let timeLimit: Double
    }

    /// Easy 8 vehicles in 1:00, Medium 10 in 0:45, Hard 12 in 0:30.
    public static let levels: [Level: LevelData] = [
        .easy: LevelData(vehicles: 8, timeLimit: 60),
        .medium: LevelData(vehicles: 10, timeLimit: 45),
        .hard: LevelData(vehicles: 12, timeLimit: 30),
    ]

    /// A wrong drop glides home over exactly this long (the spec's 2 to 3 seconds).
    public static let glideDuration = 2.5
    /// With reduced motion the glide home is shorter (the scene's setting; `returned.seconds`).
    public static let reducedGlideDuration = 1.0
    /// The won alert waits for the last vehicle's bounce to be seen.
    public static let winDelay = 0.8

    /// Sorting as the registry knows it.
    public static let definition = GameDefinition(
        id: .sorting, title: Message("game.sorting", "Sorting"),
        levels: levels.mapValues { level in
            [("vehicles", .int(level.vehicles)), ("timeLimit", .double(level.timeLimit)), ("glide", .double(glideDuration)),
             ("winDelay", .double(winDelay)), ("pool", .array(GameContent.vehicles.map { .object([("name", .string($0.name)), ("category", .string($0.category))]) }))]
        },
        stars: [.easy: [1, 24, 34], .medium: [1, 30, 43], .hard: [1, 36, 51]])

    public static func vehicleCount(for level: Level) -> Int { levels[level]!.vehicles }

    /// Seconds on the clock: 1:00, 0:45, 0:30.
    public static func timeLimit(for level: Level) -> Double { levels[level]!.timeLimit }

    /// Draws `count` different vehicles from the pool (the standard set's 15, or a set's
    /// things), in a random row order.
    public static func draw(count: Int, from pool: [SortingVehicle] = SortingVehicle.pool,
                            using generator: inout some RandomNumberGenerator) -> [SortingVehicle] {
        Array(pool.shuffled(using: &generator).prefix(count))
    }

    public init(level: Level, vehicles: [SortingVehicle], zones: [SortingZone], relaxed: Bool = false) {
        self.level = level
        self.vehicles = vehicles
        self.zones = zones
        self.countdown = Countdown(limit: relaxed ? Countdown.unlimited : Self.timeLimit(for: level))
    }

    /// A new game: draws the level's number of vehicles with the given generator.
    /// `relaxed`: no time limit (the game ends when every vehicle is placed).
    /// `pool`: the things of the round's set (the standard vehicles by default).
    public init(level: Level, zones: [SortingZone], relaxed: Bool = false, pool: [SortingVehicle] = SortingVehicle.pool,
                using generator: inout some RandomNumberGenerator) {
        self.init(level: level, vehicles: Self.draw(count: Self.vehicleCount(for: level), from: pool, using: &generator),
                  zones: zones, relaxed: relaxed)
    }

    /// A drop goes to the category whose painted area covers the largest share of the
    /// vehicle's frame, if that share is at least this (TESTING.md, decision 9).
    public static let minimumShare = 0.4

    /// The zone whose painted region holds `point` (edges included), if any.
    public func zone(at point: Point) -> SortingZone? {
        zones.first { $0.contains(point) }
    }

    /// The share (0...1) of `frame` over each category's painted area.
    public func shares(of frame: Rect) -> [VehicleCategory: Double] {
        let total = frame.width * frame.height
        guard total > 0 else { return [:] }
        var shares: [VehicleCategory: Double] = [:]
        for zone in zones { shares[zone.category, default: 0] += zone.coveredArea(of: frame) / total }
        return shares
    }

    /// Where a vehicle covering `frame` lands: the zone of the category that covers the
    /// largest share of it, when that share is at least 40% (within the category, the zone
    /// that covers most); nil over no category enough.
    public func zone(covering frame: Rect) -> SortingZone? {
        let shares = shares(of: frame)
        guard let best = VehicleCategory.allCases.max(by: { shares[$0] ?? 0 < shares[$1] ?? 0 }),
              let share = shares[best], share >= Self.minimumShare - 1e-9 else { return nil }
        return zones.filter { $0.category == best }.max { $0.coveredArea(of: frame) < $1.coveredArea(of: frame) }
    }

    /// True while the vehicle can still be picked up and dropped.
    public func isMovable(_ vehicle: Int) -> Bool {
        !isOver && vehicles.indices.contains(vehicle) && !placed.contains(vehicle)
    }

    /// The vehicle was let go at `point` at game time `now` (a drop without a frame: judged
    /// by the painted region under the point).
    public mutating func drop(_ vehicle: Int, at point: Point, now: Double) -> [SortingEvent] {
        judge(vehicle, zone(at: point), now: now)
    }

    /// The vehicle was let go covering `frame` at game time `now`: judged by how much of it
    /// lies over each painted region (decision 9).
    public mutating func drop(_ vehicle: Int, covering frame: Rect, now: Double) -> [SortingEvent] {
        judge(vehicle, zone(covering: frame), now: now)
    }

    private mutating func judge(_ vehicle: Int, _ zone: SortingZone?, now: Double) -> [SortingEvent] {
        guard isMovable(vehicle) else { return [] }
        if countdown.isOver(at: now) { return update(now: now) }
        guard let zone, zone.category == vehicles[vehicle].category else {
            wrongDrops += 1
            return [.rejected(vehicle: vehicle, zone: zone?.id)]
        }
        let points = Self.scoring.points(forInterval: now - lastPlacementAt)
        placed.insert(vehicle)
        score += points
        lastPlacementAt = now
        var events: [SortingEvent] = [.placed(vehicle: vehicle, zone: zone.id, points: points)]
        if placed.count == vehicles.count {
            isOver = true
            isWon = true
            events.append(.won(score: score))
        }
        return events
    }

    /// Advances to `now`: the game is lost when the countdown is over first.
    public mutating func update(now: Double) -> [SortingEvent] {
        guard !isOver, countdown.isOver(at: now) else { return [] }
        isOver = true
        return [.timeUp(score: score)]
    }
}
