import GameCore
import Stage

/// Where a panel drawn for 1024×768 goes on a canvas of another shape (issue 27): the
/// grown-ups' screens, the picker, the sticker book, alerts and popups keep their hand-placed
/// 4:3 frames and are centred on the canvas, made smaller only where their content does not
/// fit (a screen using the whole design: 0.75 on a portrait screen; a panel of 680 units, the
/// end screen's: its full size). The top bar is never placed: it spans the canvas
/// (`BaseScene` draws it, hit-tests it and dumps it as it is). Game screens and Home place
/// their own frames per shape and are not placed.
public struct Placement: Equatable, Sendable {
    public let scale: Double
    public let dx: Double
    public let dy: Double

    public static let identity = Placement(scale: 1, dx: 0, dy: 0)
    public var isIdentity: Bool { self == .identity }

    public init(scale: Double, dx: Double, dy: Double) { self.scale = scale; self.dx = dx; self.dy = dy }

    /// The placement of a 1024×768 design on the current canvas.
    public static var current: Placement { current(showing: Canvas1024.standardBounds) }

    /// The placement of a 1024×768 design, centred, at the largest scale (1 at most) that
    /// keeps `content` (the part of the design that must show: a panel with its margin) on
    /// the canvas. A panel narrower than the design keeps its full size on a portrait screen
    /// (the end screen, the gate, the language panel), where the whole design would be 0.75.
    public static func current(showing content: Rect) -> Placement {
        let design = Canvas1024.standardSize, canvas = Canvas1024.size
        guard canvas != design else { return .identity }
        let centre = Point(design.width / 2, design.height / 2)
        var s = 1.0
        // The content's farthest edge from the design's centre meets the canvas's edge.
        for (reach, room) in [(centre.x - content.minX, canvas.width / 2), (content.maxX - centre.x, canvas.width / 2),
                              (centre.y - content.minY, canvas.height / 2), (content.maxY - centre.y, canvas.height / 2)] where reach > 0 {
            s = min(s, room / reach)
        }
        return Placement(scale: s, dx: ((canvas.width - design.width * s) / 2).rounded(), dy: ((canvas.height - design.height * s) / 2).rounded())
    }

    public func toCanvas(_ p: Point) -> Point { Point(p.x * scale + dx, p.y * scale + dy) }
    public func toCanvas(_ r: Rect) -> Rect { Rect(r.x * scale + dx, r.y * scale + dy, r.width * scale, r.height * scale) }
    public func toDesign(_ p: Point) -> Point { Point((p.x - dx) / scale, (p.y - dy) / scale) }
    public func toDesign(_ r: Rect) -> Rect { Rect((r.x - dx) / scale, (r.y - dy) / scale, r.width / scale, r.height / scale) }

    public func toDesign(_ event: InputEvent) -> InputEvent {
        switch event {
        case .pointerDown(let p): .pointerDown(toDesign(p))
        case .pointerMoved(let p): .pointerMoved(toDesign(p))
        case .pointerUp(let p): .pointerUp(toDesign(p))
        default: event
        }
    }

    /// A dump value with its frames (`frame`, `home`, `area`) and points (`at`) on the canvas.
    public func toCanvas(_ json: JSON, key: String? = nil) -> JSON {
        guard !isIdentity else { return json }
        return DumpGeometry.map(json, key: key, rect: { toCanvas($0) }, point: { values in
            let p = toCanvas(Point(DumpGeometry.number(values[0]) ?? 0, DumpGeometry.number(values[1]) ?? 0))
            return .array([.int(Int(p.x.rounded())), .int(Int(p.y.rounded()))])
        })
    }
}

/// Draws a 1024×768 design where `placement` puts it on the canvas beneath.
@MainActor
public final class PlacedCanvas: Canvas {
    public let base: any Canvas
    public let placement: Placement
    public init(_ base: any Canvas, _ placement: Placement) { self.base = base; self.placement = placement }

    private var s: Double { placement.scale }
    private func r(_ rect: Rect) -> Rect { placement.toCanvas(rect) }
    private func p(_ point: Point) -> Point { placement.toCanvas(point) }
    private func style(_ st: TextStyle) -> TextStyle { s == 1 ? st : TextStyle(size: max(1, Int((Double(st.size) * s).rounded(.down))), bold: st.bold) }

    public func clear(_ color: Color) { base.clear(color) }
    public func fill(_ rect: Rect, _ color: Color) { base.fill(r(rect), color) }
    public func fillRounded(_ rect: Rect, radius: Double, _ color: Color) { base.fillRounded(r(rect), radius: radius * s, color) }
    public func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        base.strokeRounded(r(rect), radius: radius * s, width: width * s, color)
    }
    public func fillCircle(center: Point, radius: Double, _ color: Color) { base.fillCircle(center: p(center), radius: radius * s, color) }
    public func line(from a: Point, to b: Point, width: Double, _ color: Color) { base.line(from: p(a), to: p(b), width: width * s, color) }
    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) { base.image(name, in: r(frame), options) }
    public func imageSize(_ name: String) -> Size? { base.imageSize(name) }
    public func text(_ string: String, _ st: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        base.text(string, style(st), at: p(at), align: align, color: color, outline: outline, alpha: alpha)
    }
    public func measure(_ string: String, _ st: TextStyle) -> Size {
        let m = base.measure(string, style(st))
        return Size(m.width / s, m.height / s)
    }
    public func layer(_ id: String, _ draw: () -> Void) { base.layer(id, draw) }
    public var visibleRect: Rect { placement.toDesign(base.visibleRect) }
    public func background(_ name: String, in frame: Rect, _ options: ImageOptions) { base.background(name, in: r(frame), options) }
}
