import GameCore
import Stage

/// The answer to a tap where nothing is: a soft ring that grows and fades where the finger
/// was (no flashing: one ring, under half a second).
public struct Ripple: Sendable, Aging {
    public let center: Point
    public var age = 0.0
    public static let duration = 0.45
    public init(center: Point) { self.center = center }
    public var isFinished: Bool { age >= Self.duration - 1e-9 }

    @MainActor
    public func draw(on canvas: any Canvas) {
        let t = min(age / Self.duration, 1)
        let radius = 14 + 34 * Easing.easeOutCubic(t)
        let ring = Rect(center: center, size: Size(2 * radius, 2 * radius))
        canvas.strokeRounded(ring, radius: radius, width: 6, Color(255, 255, 255).withAlpha(0.85 * (1 - t)))
        canvas.strokeRounded(ring.insetBy(-3, -3), radius: radius + 3, width: 2, Color(40, 50, 90).withAlpha(0.45 * (1 - t)))
    }
}
