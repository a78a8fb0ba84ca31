import GameCore

/// The full-screen backgrounds the scenes draw and the frames they draw them in. Each shape
/// class has its own picture, drawn for it by tools/make_images.py (issue 27): `NAME` at 4:3,
/// `NAME-wide` (1843×768) on landscape 16:10 to 21:9 and `NAME-portrait` (768×1365) on
/// portrait 9:16 to 3:4. A picture is never mirrored or stretched to fill a screen: the
/// wide and tall ones are cropped to the canvas (`frame(_:)` places them so that the canvas
/// shows the part its layout was made for). On a screen of another size than the canvas the
/// canvas makes them at that size ahead of use, so a game's first frame (and a skull's shake)
/// has no background to resample.
public enum SceneBackgrounds {
    /// The pictures of one background, by shape.
    public static let wideSize = Size(1843, 768)
    public static let portraitSize = Size(768, 1365)
    public static let names = ["bg-home", "bg-balloons", "bg-sorting"]
    /// Every picture name (for the asset list).
    public static var allNames: [String] { names.flatMap { [$0, $0 + "-wide", $0 + "-portrait"] } }

    /// How a cropped picture lines up with the canvas.
    public enum Anchor: Sendable { case center, bottomRight }

    /// The picture drawn for `base` on this canvas's shape.
    public static func name(_ base: String) -> String {
        switch Canvas1024.shape {
        case .standard: base
        case .wide: base + "-wide"
        case .portrait: base + "-portrait"
        }
    }

    /// Where the picture for `base` goes: the canvas itself at 4:3; otherwise the picture's
    /// own size, placed by `anchor` (Balloons keeps its sun in the top-right corner of a wide
    /// sky and its hills along the bottom of a tall one).
    public static func frame(_ base: String, anchor: Anchor = .center) -> Rect {
        let canvas = Canvas1024.bounds
        let size: Size
        switch Canvas1024.shape {
        case .standard: return canvas
        case .wide: size = wideSize
        case .portrait: size = portraitSize
        }
        // A canvas beyond the picture (wider than 21:9, taller than 9:16) shows all of it,
        // scaled up to cover.
        let cover = max(canvas.width / size.width, canvas.height / size.height, 1)
        let w = size.width * cover, h = size.height * cover
        switch anchor {
        case .center: return Rect(((canvas.width - w) / 2).rounded(), ((canvas.height - h) / 2).rounded(), w, h)
        case .bottomRight: return Rect(canvas.width - w, canvas.height - h, w, h)
        }
    }

    /// Draws the background for `base` for this canvas's shape.
    @MainActor public static func draw(_ base: String, on canvas: any Canvas, anchor: Anchor = .center,
                                       offset: Point = .zero, scale: Double = 1) {
        canvas.background(name(base), in: frame(base, anchor: anchor).scaled(scale).offsetBy(offset.x, offset.y))
    }
}
