import GameCore
import Stage

/// The show-me demo: a ghost hand shows a game's move over `duration` seconds while the
/// intro plays. It runs on its own time; the game's time stands still meanwhile and any
/// tap ends it (GameHost). A game gives the hand's path (`stops`) and draws what the hand
/// does to the picture (a card that flips, a vehicle carried, a balloon that pops); none of
/// it touches the rules, so nothing a demo does can score.
public struct ShowMeDemo: Sendable, Aging {
    /// One point of the hand's path: where it is at time `at`, and whether it presses there.
    public struct Stop: Sendable {
        public let at: Double
        public let point: Point
        public let pressed: Bool
        public init(_ at: Double, _ point: Point, pressed: Bool = false) {
            self.at = at; self.point = point; self.pressed = pressed
        }
    }

    /// 3 to 4 seconds (issue 14): long enough to follow, short enough to wait for.
    public static let duration = 3.6
    /// Where the hand comes from and goes back to: the bottom right, off the play.
    public static let rest = Point(980, 820)
    public static let handSize = 112.0
    /// The fingertip inside the hand picture (👆), as a fraction of its frame.
    public static let fingertip = Point(0.40, 0.08)

    public let stops: [Stop]
    /// Seconds since it began (set from the game's awake time).
    public var age = 0.0
    public init(stops: [Stop]) { self.stops = stops.sorted { $0.at < $1.at } }

    public var isFinished: Bool { age >= Self.duration - 1e-9 }

    /// Where the fingertip is at `t`, eased between stops, and whether it presses.
    public func hand(at t: Double) -> (point: Point, pressed: Bool) {
        guard let first = stops.first else { return (Self.rest, false) }
        if t <= first.at { return (first.point, first.pressed) }
        for (a, b) in zip(stops, stops.dropFirst()) where t < b.at {
            let f = (t - a.at) / max(b.at - a.at, 1e-9)
            return (Point.lerp(a.point, b.point, Easing.easeInOutCubic(f)), a.pressed)
        }
        let last = stops[stops.count - 1]
        return (last.point, last.pressed)
    }

    /// The hand fades in over the first 0.3 s and out over the last 0.4 s.
    public func alpha(at t: Double) -> Double {
        min(1, t / 0.3, max(0, (Self.duration - t) / 0.4))
    }

    /// Progress 0...1 of something that happens from `start` for `length` seconds, or nil
    /// outside it.
    public func progress(_ start: Double, _ length: Double) -> Double? {
        guard age >= start else { return nil }
        return min((age - start) / length, 1)
    }

    @MainActor
    public func drawHand(on canvas: any Canvas) {
        let (p, pressed) = hand(at: age)
        let size = Self.handSize * (pressed ? 0.88 : 1)
        let frame = Rect(p.x - Self.fingertip.x * size, p.y - Self.fingertip.y * size, size, size)
        let alpha = alpha(at: age)
        if pressed {
            // The press shows as a soft ring under the fingertip.
            canvas.fillCircle(center: p, radius: 22, Color(255, 255, 255).withAlpha(0.55 * alpha))
        }
        canvas.image("hand", in: frame, ImageOptions(alpha: 0.9 * alpha))
    }
}
