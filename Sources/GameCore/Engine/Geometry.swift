/// A point in logical canvas coordinates (1024×768, origin top-left).
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Linear interpolation from `a` to `b` at fraction `t`.
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
}

/// A size in logical pixels.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle in logical canvas coordinates.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(center: Point, size: Size) {
        self.init(center.x - size.width / 2, center.y - size.height / 2, size.width, size.height)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }
    public var origin: Point { Point(x, y) }
    public var size: Size { Size(width, height) }

    /// True when `p` lies inside, edges included (a tap on the border counts).
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= maxX && p.y >= y && p.y <= maxY
    }
    public func contains(_ r: Rect) -> Bool {
        r.x >= x - 1e-9 && r.y >= y - 1e-9 && r.maxX <= maxX + 1e-9 && r.maxY <= maxY + 1e-9
    }
    public func intersects(_ r: Rect) -> Bool {
        x < r.maxX && r.x < maxX && y < r.maxY && r.y < maxY
    }
    public func insetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy)
    }
    public func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(x + dx, y + dy, width, height)
    }
    /// The rectangle scaled about its centre.
    public func scaled(_ sx: Double, _ sy: Double? = nil) -> Rect {
        let sy = sy ?? sx
        return Rect(center: center, size: Size(width * sx, height * sy))
    }
    /// Moves the rectangle the least distance needed to lie inside `bounds`.
    public func clamped(into bounds: Rect) -> Rect {
        var r = self
        r.x = min(max(r.x, bounds.x), bounds.maxX - r.width)
        r.y = min(max(r.y, bounds.y), bounds.maxY - r.height)
        return r
    }
    /// The largest rectangle of the given aspect that fits inside, centred (aspect-fit).
    public func aspectFit(_ content: Size) -> Rect {
        guard content.width > 0, content.height > 0 else { return self }
        let scale = min(width / content.width, height / content.height)
        return Rect(center: center, size: Size(content.width * scale, content.height * scale))
    }
    /// [x, y, w, h] as they are (fractions kept).
    public var jsonExact: JSON { .array([.double(x), .double(y), .double(width), .double(height)]) }
    /// [x, y, w, h] rounded to whole pixels, for logs and dumps.
    public var json: JSON { .array([.int(Int(x.rounded())), .int(Int(y.rounded())), .int(Int(width.rounded())), .int(Int(height.rounded()))]) }
}

/// The logical canvas everything is drawn on. Its shape follows the screen's (issue 27):
/// 1024×768 on a 4:3 screen (and on anything squarer, letterboxed), otherwise the short side
/// stays 768 units and the long side grows with the screen: 1365×768 at 16:9, 1820×768 at
/// 2560×1080, 768×1229 on a portrait 800×1280. Three shape classes (`Shape`) choose the
/// hand-placed frames. The size is set once per run, before the first scene is made
/// (`use(_:)`: the app from its screen, tests around the scenes they make), and read by
/// every layout; nothing else writes it.
public enum Canvas1024 {
    /// The shape classes the scenes place their frames for.
    public enum Shape: String, Sendable, Equatable, CaseIterable {
        /// 4:3 (1024×768, and squarer screens letterboxed into it).
        case standard
        /// Landscape 16:10 to 21:9 (and beyond, letterboxed at 2.4:1).
        case wide
        /// Portrait 9:16 to 3:4.
        case portrait
    }

    /// The 4:3 size every script and golden log is written for.
    public static let standardSize = Size(1024, 768)
    /// The 1024×768 design's whole area.
    public static let standardBounds = Rect(0, 0, standardSize.width, standardSize.height)
    /// The short side of every other shape.
    public static let shortSide: Double = 768
    /// The widest and tallest shapes laid out; beyond them the canvas is letterboxed.
    public static let widestRatio = 2.4
    public static let tallestRatio = 16.0 / 9

    // Written only by `use(_:)`, on the main thread before scenes exist (see above).
    nonisolated(unsafe) private static var current = standardSize
    // Real pixels per unit on the screen of this run (1 when unknown: tests, headless without a size).
    nonisolated(unsafe) private static var screenScale = 1.0

    /// The logical size for a screen of `width`×`height` real pixels.
    public static func size(forScreen width: Int, _ height: Int) -> Size {
        let w = Double(max(width, 1)), h = Double(max(height, 1))
        if w >= h {
            let ratio = min(w / h, widestRatio)
            return ratio <= 4.0 / 3 + 1e-3 ? standardSize : Size((shortSide * ratio).rounded(), shortSide)
        }
        let ratio = min(h / w, tallestRatio)
        return Size(shortSide, max(1024, (shortSide * ratio).rounded()))
    }

    /// Makes `size` the canvas of this run (whole units), drawn on a screen of `screen` real
    /// pixels (nil: at one pixel a unit, as tests and a headless run without `--size` draw).
    public static func use(_ size: Size, screen: (width: Int, height: Int)? = nil) {
        current = Size(size.width.rounded(), size.height.rounded())
        screenScale = screen.map { min(Double($0.width) / current.width, Double($0.height) / current.height) } ?? 1
    }

    /// The least a finger target measures on screen (issue 27).
    public static let leastTargetPixels: Double = 48
    /// The units a finger target needs to be at least `leastTargetPixels` on this screen: 64 on
    /// every screen that draws a unit at 0.75 px or more (1024×768 and larger: frames unchanged),
    /// more on a small one (77 at 640×480, where the 1024×768 canvas is drawn at 0.625).
    public static var fingerUnits: Double { max(64, (leastTargetPixels / screenScale - 1e-9).rounded(.up)) }

    public static var size: Size { current }
    public static var width: Double { current.width }
    public static var height: Double { current.height }
    public static var bounds: Rect { Rect(0, 0, width, height) }
    public static var shape: Shape {
        if height > width { return .portrait }
        return width > standardSize.width ? .wide : .standard
    }
    public static var isStandard: Bool { current == standardSize }
    /// The bar across the top of every screen (Back, title, time, score, mute).
    /// 64 units, taller on a small screen so its buttons stay finger-sized (`fingerUnits`).
    public static var topBarHeight: Double { fingerUnits }
    /// Everything below the top bar's 64 units: the games' rules and frames are the same on
    /// every screen of one shape (a small screen's taller bar stays clear of Memory's cards and
    /// Sorting's row; a balloon escapes at the same moment).
    public static var playArea: Rect { Rect(0, 64, width, height - 64) }
    /// [w, h] for the log (`start`, `dump`).
    public static var json: JSON { .array([.int(Int(width)), .int(Int(height))]) }
}
