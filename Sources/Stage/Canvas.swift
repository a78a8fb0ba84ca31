import GameCore

/// An RGBA colour, 0-255 per channel.
public struct Color: Equatable, Sendable {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    public func withAlpha(_ alpha: Double) -> Color {
        Color(r, g, b, UInt8((Double(a) * alpha.clamped(0, 1)).rounded()))
    }
    public static let white = Color(255, 255, 255)
    public static let black = Color(0, 0, 0)
    public static let clear = Color(0, 0, 0, 0)
}

/// Text sizes and weights, so draw code names what a label is for.
public struct TextStyle: Equatable, Sendable, Hashable {
    public var size: Int
    public var bold: Bool
    public init(size: Int, bold: Bool = true) { self.size = size; self.bold = bold }
}

public enum TextAlign: Equatable, Sendable { case left, center, right }

/// How an image is placed in a frame. Images are never stretched except by an explicit
/// scale (the card flip squeezes the width through 0 on purpose).
public struct ImageOptions: Equatable, Sendable {
    public var alpha: Double = 1
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    /// Degrees, clockwise, about the frame centre.
    public var rotation: Double = 0
    public var tint: Color? = nil
    /// The picture comes back at these same sizes and angles (an animation drawn in fixed
    /// steps, like a pop's burst): the renderer keeps what it made for them from the first
    /// use, instead of resampling the picture every frame.
    public var keep = false
    public init(alpha: Double = 1, scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, tint: Color? = nil, keep: Bool = false) {
        self.alpha = alpha; self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation; self.tint = tint; self.keep = keep
    }
}

/// A picture a scene will draw at a fixed size (a frame of `size` logical units, upright),
/// which the renderer may make ahead (`GameModule.picturesAhead`): an animation's steps,
/// drawn with `ImageOptions.keep`.
public struct PictureAhead: Equatable, Sendable {
    public let name: String
    public let size: Size
    public init(_ name: String, _ size: Size) { self.name = name; self.size = size }
}

/// What scenes draw on. The SDL renderer implements it; tests use a recording canvas.
@MainActor
public protocol Canvas: AnyObject {
    func clear(_ color: Color)
    func fill(_ rect: Rect, _ color: Color)
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color)
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color)
    func fillCircle(center: Point, radius: Double, _ color: Color)
    func line(from a: Point, to b: Point, width: Double, _ color: Color)
    /// Draws the named image aspect-fit into `frame`, then applies the options.
    func image(_ name: String, in frame: Rect, _ options: ImageOptions)
    /// Pixel size of a loaded image (nil if unknown).
    func imageSize(_ name: String) -> Size?
    /// Draws a text line; `at` is the anchor on the baseline box's vertical centre.
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double)
    func measure(_ string: String, _ style: TextStyle) -> Size
    /// Draws what `draw` draws, through a full-screen picture kept under `id` (a still
    /// background, the scenes beneath an overlay). Call it every frame: the canvas decides
    /// when the kept picture is stale (the software canvas compares the drawing calls `draw`
    /// makes with the ones the picture was drawn from), so `draw` must draw everything the
    /// picture shows and nothing else. A canvas that keeps no pictures just draws.
    func layer(_ id: String, _ draw: () -> Void)
    /// What the screen shows, in logical units: 0..1024 × 0..768 on a 4:3 screen; wider
    /// (x negative) or taller (y negative) on other screens, the play area centred. Scenes
    /// fill it with their background; nothing touchable goes outside 0..1024 × 0..768.
    var visibleRect: Rect { get }
    /// Draws a full-screen background image in `frame` and extends it over the rest of
    /// `visibleRect` (the software canvas mirrors it sideways and continues its top and
    /// bottom colours).
    func background(_ name: String, in frame: Rect, _ options: ImageOptions)
}

extension Canvas {
    /// `style`, made smaller if need be so that `string` is at most `width` wide (not below
    /// `minimum` points): a longer word in another language shrinks instead of spilling.
    public func fitting(_ string: String, _ style: TextStyle, width: Double, minimum: Int = 14) -> TextStyle {
        var fitted = style
        var w = measure(string, fitted).width
        while w > width && fitted.size > minimum {
            // Text width scales with the size: jump close, then step down to be sure.
            fitted.size = max(minimum, min(fitted.size - 1, Int((Double(fitted.size) * width / w).rounded(.down))))
            w = measure(string, fitted).width
        }
        TextFitting.observer?(string, style, fitted)
        return fitted
    }

    public var visibleRect: Rect { Canvas1024.bounds }
    public func background(_ name: String, in frame: Rect, _ options: ImageOptions) { image(name, in: frame, options) }
    public func background(_ name: String, in frame: Rect) { background(name, in: frame, ImageOptions()) }
    public func image(_ name: String, in frame: Rect, alpha: Double = 1) {
        image(name, in: frame, ImageOptions(alpha: alpha))
    }
    public func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign = .center,
                     color: Color, outline: Color? = nil, alpha: Double = 1) {
        text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha)
    }
}

/// What `fitting` made smaller, for the text-fit test (issue 27: no word below 85% of its
/// style's size). Nil in the game.
@MainActor
public enum TextFitting {
    public static var observer: ((_ string: String, _ style: TextStyle, _ fitted: TextStyle) -> Void)?
}
