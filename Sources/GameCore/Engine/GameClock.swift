/// Seconds since a game started, advanced by the fixed dt. Whole steps of 1/60 s are
/// counted as an integer, so 180 steps are exactly 3.0 s (adding 1/60 180 times is not).
public struct GameClock: Sendable, Equatable {
    public static let stepsPerSecond = 60.0
    /// One frame: every update of the game is this long, windowed or headless.
    public static let step = 1.0 / stepsPerSecond
    private var steps = 0
    private var extra = 0.0
    public init() {}
    public var now: Double { Double(steps) / Self.stepsPerSecond + extra }
    public mutating func advance(_ dt: Double) {
        if abs(dt * Self.stepsPerSecond - 1) < 1e-9 { steps += 1 } else { extra += dt }
    }
}

/// A countdown shown as m:ss. The shown whole seconds round up, so "0:01" shows until the
/// very end and "0:00" means time is over.
public struct Countdown: Sendable, Equatable {
    public let limit: Double
    public init(limit: Double) { self.limit = limit }
    /// A limit no game reaches (relaxed mode: finite, so the shown seconds stay a number).
    public static let unlimited = 1e9
    public func left(at now: Double) -> Double { max(limit - now, 0) }
    public func shownSeconds(at now: Double) -> Int { Int((left(at: now) - 1e-9).rounded(.up)).clamped(0, Int(limit.rounded(.up))) }
    public func isOver(at now: Double) -> Bool { now >= limit - 1e-9 }
    public static func format(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}

/// Points for doing something quickly: the first tier whose limit the interval does not
/// exceed, else the slowest value. Intervals are compared with a tiny tolerance, so an
/// interval of exactly 3.0 s computed as 5.35 - 2.35 still counts as 3.0.
public struct TieredScore: Sendable {
    public let tiers: [(maxSeconds: Double, points: Int)]
    public let slowPoints: Int
    public init(tiers: [(maxSeconds: Double, points: Int)], slowPoints: Int) {
        self.tiers = tiers; self.slowPoints = slowPoints
    }
    public func points(forInterval interval: Double) -> Int {
        for tier in tiers where interval <= tier.maxSeconds + 1e-6 { return tier.points }
        return slowPoints
    }
}

extension Comparable {
    public func clamped(_ lo: Self, _ hi: Self) -> Self { min(max(self, lo), hi) }
}
