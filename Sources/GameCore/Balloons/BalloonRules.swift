/// What kind of balloon: a numbered one, the star (bonus) or the skull (killer).
public enum BalloonType: String, Sendable, Equatable {
    case regular, bonus, killer
}

/// One balloon on its way up. Its position is a function of time (it rises at `speed` px/s
/// from the entrance since `spawnTime`), so the rules never accumulate rounding drift and a
/// script can tell where a balloon will be at any later moment.
public struct Balloon: Equatable, Sendable {
    public let id: Int
    public let type: BalloonType
    /// The image colour: one of `GameContent.balloonColors`, or "star"/"skull".
    public let color: String
    /// The points it gives; nil for the star and skull balloons.
    public let number: Int?
    public let spot: Int
    public let speed: Double
    public let spawnTime: Double

    public var name: String { "balloon-\(id)" }
    public var imageName: String { "balloon-\(color)" }

    /// Top edge of the image at time `now`.
    public func y(at now: Double) -> Double { BalloonLayout.entranceY - speed * (now - spawnTime) }
    /// The image frame (body and string) at time `now`.
    public func frame(at now: Double) -> Rect { BalloonLayout.frame(x: BalloonLayout.spotX(spot), y: y(at: now)) }
    /// The touchable area's bounding box at time `now`, nil once it is behind the top bar:
    /// the body and a margin, but for the skull just its drawn body.
    public func hitFrame(at now: Double) -> Rect? {
        type == .killer ? BalloonLayout.clip(BalloonLayout.body(in: frame(at: now)), to: BalloonLayout.playArea)
                        : BalloonLayout.hitFrame(in: frame(at: now))
    }
    /// True when a tap at `p` at time `now` touches this balloon (the skull: only on its shape).
    public func isHit(by p: Point, at now: Double) -> Bool {
        guard let area = hitFrame(at: now), area.contains(p) else { return false }
        return type != .killer || BalloonLayout.bodyContains(p, in: frame(at: now))
    }
    /// True once the whole balloon, string included, is above the play area.
    public func hasEscaped(at now: Double) -> Bool { frame(at: now).maxY <= BalloonLayout.playArea.minY + 1e-9 }
}

/// Why a Balloons game ended.
public enum BalloonEnd: String, Sendable, Equatable {
    /// Time ran out: the child played to the end (won, recorded if in the top five).
    case time
    /// No balloon popped for ten seconds (lost, not recorded).
    case idle
    /// The skull balloon was popped (lost, not recorded).
    case killer
}

/// What happened in one step or tap, in order.
public enum BalloonEvent: Equatable, Sendable {
    case spawned(Balloon)
    case escaped(Balloon)
    case popped(Balloon, points: Int)
    /// A bonus was popped: regular balloons that appear until `until` rise slower.
    case slowedDown(until: Double)
    /// `idleWarning` seconds without a pop: the sleeping balloon starts counting down what is
    /// left of `idleLimit` (once per quiet stretch; a pop starts a new one).
    case idleWarning(left: Double)
    case ended(BalloonEnd)
}

/// The rules of the Balloons game (SPEC section 6), as a pure value: time comes in as `now`
/// (seconds since the game started) and randomness from the caller's generator.
///
/// Regular balloons appear every second (the count drawn per level), spread over that second
/// so they do not rise in flat rows. Star and skull balloons follow their own
/// schedules. Entrance spots are chosen so a balloon never appears on top of one that entered
/// the same spot earlier; that choice looks at which balloons *entered*, not at which were
/// popped, so popping a regular balloon never changes what appears later (a script can plan
/// its taps from one run).
public struct BalloonRules: Sendable {
    /// Every number of the game, per level.
    public struct Config: Sendable {
        public var timeLimit: Double
        /// How many regular balloons may appear in one second; each choice equally likely.
        public var countsPerSecond: [Int]
        public var numbers: ClosedRange<Int>
        /// Regular rising speed, logical px/s.
        public var speed: Double
        public var bonusSpeedFactor = 1.5
        public var killerSpeedFactor = 0.7
        /// Regular balloons that appear within `slowDuration` after a bonus pop rise at this factor.
        public var slowFactor = 0.5
        public var slowDuration = 5.0
        /// Each next star (and, independently, skull) balloon comes after a gap drawn from here.
        public var specialGap: ClosedRange<Double> = 20...25
        /// Seconds without a pop that end the game.
        public var idleLimit = 10.0
        /// Seconds without a pop after which the game warns (the sleeping balloon counts
        /// down the rest of `idleLimit` and the voice asks for a pop).
        public var idleWarning = 5.0
        /// Skull balloons fly (off in relaxed mode).
        public var killers = true

        public init(timeLimit: Double, countsPerSecond: [Int], numbers: ClosedRange<Int>, speed: Double) {
            self.timeLimit = timeLimit
            self.countsPerSecond = countsPerSecond
            self.numbers = numbers
            self.speed = speed
        }

        public static func level(_ level: Level) -> Config {
            switch level {
            case .easy: return Config(timeLimit: 60, countsPerSecond: [1], numbers: 1...9, speed: 110)
            case .medium: return Config(timeLimit: 45, countsPerSecond: [1, 2], numbers: 1...7, speed: 150)
            case .hard: return Config(timeLimit: 30, countsPerSecond: [1, 2, 3], numbers: 1...5, speed: 200)
            }
        }

        /// The numbers of this configuration, as `--describe-games` shows them.
        public var json: [(String, JSON)] {
            [("timeLimit", .double(timeLimit)), ("countsPerSecond", .array(countsPerSecond.map { .int($0) })),
             ("numbers", .array([.int(numbers.lowerBound), .int(numbers.upperBound)])), ("speed", .double(speed)),
             ("bonusSpeed", .double(bonusSpeed)), ("killerSpeed", .double(killerSpeed)), ("slowFactor", .double(slowFactor)),
             ("slowDuration", .double(slowDuration)),
             ("specialGap", .array([.double(specialGap.lowerBound), .double(specialGap.upperBound)])),
             ("idleLimit", .double(idleLimit)), ("idleWarning", .double(idleWarning)), ("killerAlertDelay", .double(BalloonRules.killerAlertDelay))]
        }

        public var bonusSpeed: Double { speed * bonusSpeedFactor }
        public var killerSpeed: Double { speed * killerSpeedFactor }
    }

    /// After the skull pops, the end screen waits a moment so the "boom" can be seen.
    public static let killerAlertDelay = 0.9

    /// Balloons as the registry knows it.
    public static let definition = GameDefinition(
        id: .balloons, title: Message("game.balloons", "Balloons"),
        levels: Dictionary(uniqueKeysWithValues: Level.allCases.map { ($0, Config.level($0).json) }),
        stars: [.easy: [10, 60, 120], .medium: [10, 60, 120], .hard: [10, 50, 100]])

    /// A balloon that entered a spot, kept (popped or not) until it has left the screen.
    private struct Entrance: Sendable {
        let spot: Int
        let time: Double
        let speed: Double
    }

    public let config: Config
    /// Balloons on screen, oldest first.
    public private(set) var balloons: [Balloon] = []
    public private(set) var score = 0
    /// Balloons popped, and balloons that left the top unpopped (the history's numbers).
    public private(set) var pops = 0
    public private(set) var escapes = 0
    /// When the last balloon was popped (0 before any pop: idle counts from the start).
    public private(set) var lastPop = 0.0
    /// The `lastPop` whose quiet stretch was warned about (the warning comes once per stretch).
    private var warnedAfterPop: Double?
    /// Regular balloons that appear up to this time are slowed (after a bonus pop).
    public private(set) var slowUntil: Double?
    /// When the next star and skull balloons appear.
    public private(set) var nextBonus: Double
    public private(set) var nextKiller: Double
    public private(set) var ended: BalloonEnd?
    /// The time of the last `advance`.
    public private(set) var now = 0.0

    /// Where and when balloons come in (the regular balloons' plan, the spots taken).
    private var plan = Plan()

    /// The schedule's own state: the regular balloons planned ahead and the spots balloons
    /// entered, so none appears on top of another.
    private struct Plan: Sendable {
        var nextID = 0
        /// The next whole second whose regular balloons have not been planned yet.
        var nextSecond = 0
        /// Planned appearance times of regular balloons, ascending.
        var pendingRegular: [Double] = []
        /// Spots taken in the current second, so balloons of one second never share a spot.
        var spotsThisSecond: Set<Int> = []
        var currentSecond = -1
        var entrances: [Entrance] = []
    }

    /// What `advance` does next: plan a second's regular balloons, or let one balloon in.
    private enum Due { case plan, regular, bonus, killer }

    public init<R: RandomNumberGenerator>(config: Config, using rng: inout R) {
        self.config = config
        nextBonus = Double.random(in: config.specialGap, using: &rng)
        nextKiller = Double.random(in: config.specialGap, using: &rng)
        if !config.killers { nextKiller = .infinity }
    }

    public init<R: RandomNumberGenerator>(level: Level, using rng: inout R) {
        self.init(config: .level(level), using: &rng)
    }

    public var isOver: Bool { ended != nil }

    /// True when a regular balloon appearing at `time` is slowed by a bonus.
    public func isSlow(at time: Double) -> Bool {
        guard let slowUntil else { return false }
        return time <= slowUntil + 1e-9
    }

    /// Seconds of slow-down left at `time` (0 when none).
    public func slowLeft(at time: Double) -> Double {
        guard let slowUntil else { return 0 }
        return max(slowUntil - time, 0)
    }

    /// Seconds left before the idle loss while the idle warning shows (from `idleWarning`
    /// seconds after the last pop, or the start), nil otherwise: no warning before then, in a
    /// game without an idle loss (relaxed), or once the game has ended.
    public func idleLeft(at time: Double) -> Double? {
        guard ended == nil, config.idleLimit.isFinite else { return nil }
        let quiet = time - lastPop
        guard quiet >= config.idleWarning - 1e-9 else { return nil }
        return max(config.idleLimit - quiet, 0)
    }

    // MARK: - Time

    /// Moves the game to time `now`: balloons due appear (in time order), balloons above the
    /// top escape, and the game ends on time out (checked first: a child who played to the
    /// end gets their score) or after `idleLimit` seconds without a pop.
    public mutating func advance<R: RandomNumberGenerator>(to now: Double, using rng: inout R) -> [BalloonEvent] {
        guard ended == nil else { return [] }
        self.now = max(now, self.now)
        var events: [BalloonEvent] = []
        let limit = config.timeLimit - 1e-9

        while true {
            var due: (time: Double, what: Due)?
            func consider(_ time: Double, _ what: Due) {
                guard time <= now + 1e-9, time < limit else { return }
                if due == nil || time < due!.time { due = (time, what) }
            }
            consider(Double(plan.nextSecond), .plan)
            if let first = plan.pendingRegular.first { consider(first, .regular) }
            consider(nextBonus, .bonus)
            consider(nextKiller, .killer)
            guard let (time, what) = due else { break }
            switch what {
            case .plan:
                let count = config.countsPerSecond.randomElement(using: &rng) ?? 1
                // Spread over the second with a little jitter, so balloons do not rise in rows.
                for j in 0..<count {
                    let offset = (Double(j) + Double.random(in: 0..<0.8, using: &rng)) / Double(count)
                    plan.pendingRegular.append(Double(plan.nextSecond) + offset)
                }
                plan.nextSecond += 1
            case .regular:
                plan.pendingRegular.removeFirst()
                events.append(.spawned(spawn(.regular, at: time, using: &rng)))
            case .bonus:
                events.append(.spawned(spawn(.bonus, at: time, using: &rng)))
                nextBonus += Double.random(in: config.specialGap, using: &rng)
            case .killer:
                events.append(.spawned(spawn(.killer, at: time, using: &rng)))
                nextKiller += Double.random(in: config.specialGap, using: &rng)
            }
        }

        for balloon in balloons where balloon.hasEscaped(at: now) { events.append(.escaped(balloon)); escapes += 1 }
        balloons.removeAll { $0.hasEscaped(at: now) }
        plan.entrances.removeAll { entrance in
            BalloonLayout.entranceY - entrance.speed * (now - entrance.time) + BalloonLayout.size.height <= BalloonLayout.playArea.minY
        }

        if now >= limit {
            ended = .time
            events.append(.ended(.time))
        } else if now - lastPop >= config.idleLimit - 1e-9 {
            ended = .idle
            events.append(.ended(.idle))
        } else if let left = idleLeft(at: now), warnedAfterPop != lastPop {
            warnedAfterPop = lastPop
            events.append(.idleWarning(left: left))
        }
        return events
    }

    private mutating func spawn<R: RandomNumberGenerator>(_ type: BalloonType, at time: Double, using rng: inout R) -> Balloon {
        let second = Int((time + 1e-9).rounded(.down))
        if second != plan.currentSecond {
            plan.currentSecond = second
            plan.spotsThisSecond = []
        }
        let speed: Double
        switch type {
        case .regular: speed = config.speed * (isSlow(at: time) ? config.slowFactor : 1)
        case .bonus: speed = config.bonusSpeed
        case .killer: speed = config.killerSpeed
        }
        let unused = (0..<BalloonLayout.spotCount).filter { !plan.spotsThisSecond.contains($0) }
        let clear = unused.filter { isClear(spot: $0, at: time, speed: speed) }
        // Ten spots and at most four balloons a second: `unused` is never empty.
        let spot = (clear.isEmpty ? unused : clear).randomElement(using: &rng) ?? 0
        plan.spotsThisSecond.insert(spot)
        plan.entrances.append(Entrance(spot: spot, time: time, speed: speed))

        let color: String
        let number: Int?
        switch type {
        case .regular:
            color = GameContent.balloonColors.randomElement(using: &rng) ?? "red"
            number = Int.random(in: config.numbers, using: &rng)
        case .bonus:
            color = "star"; number = nil
        case .killer:
            color = "skull"; number = nil
        }
        let balloon = Balloon(id: plan.nextID, type: type, color: color, number: number, spot: spot, speed: speed, spawnTime: time)
        plan.nextID += 1
        balloons.append(balloon)
        return balloon
    }

    /// A spot is clear when every balloon that entered it has risen a full balloon height
    /// and, if the new one is faster, will leave the screen before the new one catches up.
    private func isClear(spot: Int, at time: Double, speed: Double) -> Bool {
        let height = BalloonLayout.size.height
        for e in plan.entrances where e.spot == spot {
            let risen = e.speed * (time - e.time)
            if risen < height { return false }
            if speed > e.speed {
                let gap = risen - height
                let catchUp = gap / (speed - e.speed)
                let topOfOld = BalloonLayout.entranceY - risen
                let leaves = (topOfOld + height - BalloonLayout.playArea.minY) / e.speed
                if catchUp < leaves { return false }
            }
        }
        return true
    }

    // MARK: - Taps

    /// The balloon a tap at `p` hits at time `now`: among those whose touchable area contains
    /// the point, the one whose body centre is nearest.
    public func balloon(at p: Point, now: Double) -> Balloon? {
        balloons
            .filter { $0.isHit(by: p, at: now) }
            .min { BalloonLayout.body(in: $0.frame(at: now)).center.distance(to: p) < BalloonLayout.body(in: $1.frame(at: now)).center.distance(to: p) }
    }

    /// A tap at `p`: pops the balloon there. A number adds to the score; the star slows the
    /// next regular balloons; the skull ends the game. Taps beside every balloon do nothing.
    public mutating func tap(_ p: Point, now: Double) -> [BalloonEvent] {
        guard ended == nil, let hit = balloon(at: p, now: now) else { return [] }
        balloons.removeAll { $0.id == hit.id }
        lastPop = now
        pops += 1
        let points = hit.number ?? 0
        score += points
        var events: [BalloonEvent] = [.popped(hit, points: points)]
        switch hit.type {
        case .regular: break
        case .bonus:
            slowUntil = now + config.slowDuration
            events.append(.slowedDown(until: now + config.slowDuration))
        case .killer:
            ended = .killer
            events.append(.ended(.killer))
        }
        return events
    }
}

/// A popped balloon's number on its way to the score pill. Every number flies at the same
/// speed, so one from a far balloon takes longer; the score counts it when it lands.
public struct FlyingNumber: Sendable, Equatable {
    public let number: Int
    public let from: Point
    public let to: Point
    public let speed: Double
    public var age = 0.0

    public init(number: Int, from: Point, to: Point = BalloonLayout.scoreTarget, speed: Double = BalloonLayout.flyingNumberSpeed) {
        self.number = number
        self.from = from
        self.to = to
        self.speed = speed
    }

    /// Seconds from the balloon to the score.
    public var duration: Double { from.distance(to: to) / speed }
    public var progress: Double { duration > 0 ? min(age / duration, 1) : 1 }
    public var position: Point { Point.lerp(from, to, progress) }
    public var hasLanded: Bool { age >= duration - 1e-9 }
}
