import GameCore
import Stage

/// Right-to-left screens: scenes lay out for left to right, and in Arabic everything they
/// place is mirrored across the canvas's vertical centre line (Back on the right, score and
/// time swap sides, the vehicle row fills from the right, the alert buttons swap). What is
/// inside a frame is not mirrored: pictures keep their look, text is shaped in its own
/// direction, and the clock, the score and the balloons' numbers read as children learn
/// them. Only pictures that point the way back or forward (`mirroredPictures`) turn round.
/// Pointer input is mirrored the same way, so a tap lands on what the child sees, and dumps
/// report the frames as drawn.
@MainActor
public final class MirroredCanvas: Canvas {
    public let base: any Canvas
    public static var width: Double { Canvas1024.width }
    /// Pictures of an arrow that means "back" or "next" (drawn symmetric top to bottom).
    public static let mirroredPictures: Set<String> = ["back"]

    public init(_ base: any Canvas) { self.base = base }

    public static func mirror(_ r: Rect) -> Rect { Rect(width - r.x - r.width, r.y, r.width, r.height) }
    public static func mirror(_ p: Point) -> Point { Point(width - p.x, p.y) }

    public func clear(_ color: Color) { base.clear(color) }
    public func fill(_ rect: Rect, _ color: Color) { base.fill(Self.mirror(rect), color) }
    public func fillRounded(_ rect: Rect, radius: Double, _ color: Color) { base.fillRounded(Self.mirror(rect), radius: radius, color) }
    public func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        base.strokeRounded(Self.mirror(rect), radius: radius, width: width, color)
    }
    public func fillCircle(center: Point, radius: Double, _ color: Color) { base.fillCircle(center: Self.mirror(center), radius: radius, color) }
    public func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        base.line(from: Self.mirror(a), to: Self.mirror(b), width: width, color)
    }
    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
        var o = options
        o.rotation = -options.rotation
        // The arrows are symmetric top to bottom: half a turn points them the other way.
        if Self.mirroredPictures.contains(name) { o.rotation += 180 }
        base.image(name, in: Self.mirror(frame), o)
    }
    public func imageSize(_ name: String) -> Size? { base.imageSize(name) }
    public func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        let swapped: TextAlign = align == .left ? .right : align == .right ? .left : .center
        base.text(string, style, at: Self.mirror(at), align: swapped, color: color, outline: outline, alpha: alpha)
    }
    public func measure(_ string: String, _ style: TextStyle) -> Size { base.measure(string, style) }
    public func layer(_ id: String, _ draw: () -> Void) { base.layer(id + "-rtl", draw) }
    /// The screen beyond the play area is symmetric about its centre: the same rect.
    public var visibleRect: Rect { Self.mirror(base.visibleRect) }
    /// A game's painting turns with its screen (docs/screens.md, "Arabic: right to left"): the play field is mirrored
    /// whole, so the sea the picture shows is where the water zone, its badge, the demo's hand
    /// and the hint's glow are (the rules judge the mirrored input in the unmirrored layout).
    public func background(_ name: String, in frame: Rect, _ options: ImageOptions) {
        base.background(Self.mirroredPicture(name), in: Self.mirror(frame), options)
    }

    /// The name of a picture drawn flipped left to right (`NAME#mirror`; a flipped one unflips).
    public static func mirroredPicture(_ name: String) -> String {
        name.hasSuffix("#mirror") ? String(name.dropLast("#mirror".count)) : name + "#mirror"
    }

    /// An input event as the scene laid it out.
    public static func mirror(_ event: InputEvent) -> InputEvent {
        switch event {
        case .pointerDown(let p): .pointerDown(mirror(p))
        case .pointerMoved(let p): .pointerMoved(mirror(p))
        case .pointerUp(let p): .pointerUp(mirror(p))
        default: event
        }
    }

    /// A dump or log value with its frames (`frame`, `home`, `area`) and points (`at`) as drawn.
    public static func mirror(_ json: JSON, key: String? = nil) -> JSON {
        DumpGeometry.map(json, key: key, rect: { mirror($0) }, point: { values in
            .array([mirroredNumber(DumpGeometry.number(values[0]) ?? 0, like: values[0]), values[1]])
        })
    }

    private static func mirroredNumber(_ x: Double, like j: JSON) -> JSON {
        if case .int = j { return .int(Int((width - x).rounded())) }
        return .double(width - x)
    }
}
