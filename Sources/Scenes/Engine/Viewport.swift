import GameCore

/// Where the 1024×768 logical canvas lies on a screen of real pixels: scaled by one factor
/// (the largest at which all of it fits) and centred, offset by whole pixels. What lies
/// beyond it (left and right of a 16:9 screen, above and below a portrait one) is still
/// drawn: scenes fill `visibleRect` with their background, and nothing touchable lies
/// outside 0..1024 × 0..768.
public struct Viewport: Equatable, Sendable {
    /// The real size in pixels.
    public let width: Int
    public let height: Int
    /// Real pixels per logical unit.
    public let scale: Double
    /// Where logical (0, 0) is, in real pixels (whole pixels).
    public let offsetX: Double
    public let offsetY: Double

    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        let w = Double(self.width), h = Double(self.height)
        scale = min(w / Canvas1024.width, h / Canvas1024.height)
        offsetX = ((w - Canvas1024.width * scale) / 2).rounded(.down)
        offsetY = ((h - Canvas1024.height * scale) / 2).rounded(.down)
    }

    /// The logical canvas at its own size: the identity.
    public static let logical = Viewport(width: Int(Canvas1024.width), height: Int(Canvas1024.height))

    public var isIdentity: Bool { self == .logical }

    /// What the screen shows, in logical units: contains 0..1024 × 0..768; x or y is
    /// negative when the screen is wider or taller than 4:3.
    public var visibleRect: Rect {
        Rect(-offsetX / scale, -offsetY / scale, Double(width) / scale, Double(height) / scale)
    }

    public func toReal(_ p: Point) -> Point { Point(p.x * scale + offsetX, p.y * scale + offsetY) }
    public func toReal(_ r: Rect) -> Rect { Rect(r.x * scale + offsetX, r.y * scale + offsetY, r.width * scale, r.height * scale) }
    public func toLogical(_ p: Point) -> Point { Point((p.x - offsetX) / scale, (p.y - offsetY) / scale) }
}
