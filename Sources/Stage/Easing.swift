import GameCore

/// Easing curves: pure functions from progress 0...1 to eased progress.
public enum Easing {
    public typealias Curve = @Sendable (Double) -> Double
    public static let linear: Curve = { $0 }
    public static let easeInQuad: Curve = { $0 * $0 }
    public static let easeOutQuad: Curve = { 1 - (1 - $0) * (1 - $0) }
    public static let easeInOutCubic: Curve = { t in
        let u = -2 * t + 2
        return t < 0.5 ? 4 * t * t * t : 1 - u * u * u / 2
    }
    public static let easeOutCubic: Curve = { t in let u = 1 - t; return 1 - u * u * u }
    /// Overshoots a little and settles: for things that "pop" into place.
    public static let easeOutBack: Curve = { t in
        let c1 = 1.70158, c3 = c1 + 1
        let u = t - 1
        return 1 + c3 * u * u * u + c1 * u * u
    }
    /// A bounce that lands at 1.
    public static let easeOutBounce: Curve = { t in
        let n1 = 7.5625, d1 = 2.75
        if t < 1 / d1 { return n1 * t * t }
        if t < 2 / d1 { let u = t - 1.5 / d1; return n1 * u * u + 0.75 }
        if t < 2.5 / d1 { let u = t - 2.25 / d1; return n1 * u * u + 0.9375 }
        let u = t - 2.625 / d1
        return n1 * u * u + 0.984375
    }
}
