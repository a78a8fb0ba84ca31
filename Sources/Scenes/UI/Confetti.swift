import GameCore
import CMath
import Stage

/// Falling confetti and stars for a win. Uses its own generator so decoration never changes
/// the game's random draws.
@MainActor
public final class Confetti {
    struct Piece {
        var position: Point
        var velocity: Point
        var rotation: Double
        var spin: Double
        var color: Color
        var isStar: Bool
        var size: Double
    }
    private var pieces: [Piece] = []
    /// The owner's time when it was made, and the time of its last frame: its age is read
    /// from the owner's clock (the alert's timeline), not summed here.
    private let born: Double
    private var now: Double
    private var age: Double { now - born }
    public static let lifetime = 3.5
    private static let colors = [Color(255, 80, 80), Color(255, 190, 40), Color(80, 200, 90), Color(60, 150, 255),
                                 Color(190, 90, 230), Color(255, 120, 200)]

    public init(seed: UInt64, count: Int = 90, at now: Double) {
        born = now
        self.now = now
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<count {
            pieces.append(Piece(
                position: Point(Double.random(in: 0...Canvas1024.width, using: &rng), Double.random(in: -300...(-10), using: &rng)),
                velocity: Point(Double.random(in: -60...60, using: &rng), Double.random(in: 160...320, using: &rng)),
                rotation: Double.random(in: 0...360, using: &rng),
                spin: Double.random(in: -360...360, using: &rng),
                color: Self.colors[Int.random(in: 0..<Self.colors.count, using: &rng)],
                isStar: Int.random(in: 0..<4, using: &rng) == 0,
                size: Double.random(in: 14...26, using: &rng)))
        }
    }

    public var isFinished: Bool { age >= Self.lifetime }

    /// One frame of `dt`, ending at the owner's time `now`. The pieces' places are moved on
    /// by their speeds (a fall with a wobble, integrated frame by frame: not a clock).
    public func update(dt: Double, now: Double) {
        self.now = now
        for i in pieces.indices {
            pieces[i].position = pieces[i].position + Point(pieces[i].velocity.x * dt + sin(age * 3 + Double(i)) * 0.8, pieces[i].velocity.y * dt)
            pieces[i].rotation += pieces[i].spin * dt
        }
    }

    /// Draws the pieces below `top` (the top bar's lower edge, in the canvas's units): they
    /// fall from under the bar, never over it, so the speaker never looks crossed out
    /// (issue 45, item 10). A piece shows once all of it is below the bar.
    public func draw(on canvas: any Canvas, below top: Double = 0) {
        let fade = max(0, min(1, (Self.lifetime - age) / 0.8))
        for piece in pieces where piece.position.y < 800 {
            let frame = Rect(center: piece.position, size: Size(piece.size, piece.size))
            // The diagonal of a turned piece reaches up to 0.71 of its size from its centre.
            guard piece.position.y - piece.size * 0.71 >= top else { continue }
            if piece.isStar {
                canvas.image("star", in: frame, ImageOptions(alpha: fade, rotation: piece.rotation))
            } else {
                canvas.image("confetti", in: frame, ImageOptions(alpha: fade, scaleY: 0.55, rotation: piece.rotation, tint: piece.color))
            }
        }
    }
}

/// "+N" that rises from a point while fading (points earned).
public struct FloatingText: Sendable, Aging {
    public var text: String
    public var start: Point
    public var age: Double = 0
    public var color: Color
    public static let duration = 1.0
    public static let rise = 60.0
    /// How far it rises (a score's "+N" stops below the score's digits).
    public var rise = FloatingText.rise
    public init(text: String, start: Point, color: Color = Theme.pointsText, rise: Double = FloatingText.rise) {
        self.text = text; self.start = start; self.color = color; self.rise = rise
    }
    public var isFinished: Bool { age >= Self.duration - 1e-9 }
    public var position: Point { Point(start.x, start.y - rise * Easing.easeOutQuad(min(age / Self.duration, 1))) }
    public var alpha: Double { 1 - Easing.easeInQuad(min(age / Self.duration, 1)) }
}
