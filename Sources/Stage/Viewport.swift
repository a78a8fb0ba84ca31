import GameCore

/// Where the logical canvas (`Canvas1024.size`, the screen's own shape: issue 27) lies on a
/// screen of real pixels: scaled by one factor (the largest at which all of it fits) and
/// centred, offset by whole pixels. On the screen the canvas was shaped for it covers the
/// screen but for a rounding pixel; on another (a window dragged to another shape, a
/// screenshot at another size) what lies beyond it is still drawn: scenes fill
/// `visibleRect` with their background, and nothing touchable lies outside the canvas.
public struct Viewport: Equatable, Sendable {
    /// The real size in pixels.
    public let width: Int
    public let height: Int
    /// Real pixels per logical unit.
    public let scale: Double
    /// Where logical (0, 0) is, in real pixels (whole pixels).
    public let offsetX: Double
    public let offsetY: Double

    /// The logical size this viewport shows.
    public let logical: Size

    public init(width: Int, height: Int, logical: Size = Canvas1024.size) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.logical = logical
        let w = Double(self.width), h = Double(self.height)
        scale = min(w / logical.width, h / logical.height)
        offsetX = ((w - logical.width * scale) / 2).rounded(.down)
        offsetY = ((h - logical.height * scale) / 2).rounded(.down)
    }

    /// The logical canvas at its own size: the identity.
    public static var logical: Viewport { Viewport(width: Int(Canvas1024.width), height: Int(Canvas1024.height)) }

    public var isIdentity: Bool { scale == 1 && offsetX == 0 && offsetY == 0 && Double(width) == logical.width && Double(height) == logical.height }

    /// What the screen shows, in logical units: contains the canvas; x or y is negative
    /// when the screen is wider or taller than the canvas.
    public var visibleRect: Rect {
        Rect(-offsetX / scale, -offsetY / scale, Double(width) / scale, Double(height) / scale)
    }

    public func toReal(_ p: Point) -> Point { Point(p.x * scale + offsetX, p.y * scale + offsetY) }
    public func toReal(_ r: Rect) -> Rect { Rect(r.x * scale + offsetX, r.y * scale + offsetY, r.width * scale, r.height * scale) }
    public func toLogical(_ p: Point) -> Point { Point((p.x - offsetX) / scale, (p.y - offsetY) / scale) }
}
