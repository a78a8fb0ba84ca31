import GameCore
import Stage

/// Buttons a child can use without reading: the picture carries the meaning, the words are
/// a small caption for grown-ups. Every button in a dump names its picture (`icon`) and,
/// where it shows words, their message key (`key`) (TESTING.md, Additions).
@MainActor
public enum PictureButton {
    /// The dump fields every button adds: the picture it shows and the key of its words.
    public nonisolated static func dumpFields(icon: String, key: String?) -> [(String, JSON)] {
        [("icon", .string(icon))] + (key.map { [("key", .string($0))] } ?? [])
    }

    /// Pictures drawn as round buttons already (a coloured disc with a white sign).
    public static let roundPictures: Set<String> = ["replay", "home", "play", "close", "check", "hear-again"]

    /// The share of a round picture's square its disc fills (radius / side).
    public static let discRatio = 0.44
    /// The ring drawn round every picture button's disc.
    public static let ringWidth = 4.0

    /// A big round picture button (the picture is the whole button: `replay`, `home`,
    /// `door`, `play`, `close`) with its caption under it. `frame` is the hit area; the
    /// picture is a circle of `size` at its top centre, the caption below.
    public static func draw(_ canvas: any Canvas, _ frame: Rect, icon: String, caption: String, size: Double,
                            pressed: Bool = false, focused: Bool = false, alpha: Double = 1, ring: Color = Theme.buttonRing) {
        let circle = Rect(frame.midX - size / 2, frame.y + 4, size, size)
        let shown = pressed ? circle.scaled(0.92) : circle
        // A soft shadow under the round picture, so it reads as something to press.
        canvas.fillCircle(center: Point(shown.midX, shown.midY + (pressed ? 3 : 7)), radius: shown.width * 0.44 - 2,
                          Theme.tileShadow.withAlpha(alpha))
        // A dark ring round the disc: the button stands out from any background (contrast).
        canvas.fillCircle(center: shown.center, radius: shown.width * discRatio + ringWidth, ring.withAlpha(alpha))
        if roundPictures.contains(icon) {
            canvas.image(icon, in: shown, ImageOptions(alpha: alpha))
        } else {
            // A picture that is not a round button itself (the door) sits on a round plate,
            // so both buttons of a panel look alike and as big.
            // The round pictures fill 88% of their square: so does the plate.
            canvas.fillCircle(center: shown.center, radius: shown.width * discRatio, Theme.plateRim.withAlpha(alpha))
            canvas.fillCircle(center: shown.center, radius: shown.width * discRatio - 5, Theme.plate.withAlpha(alpha))
            canvas.image(icon, in: shown.scaled(0.66), ImageOptions(alpha: alpha))
        }
        if focused {
            canvas.strokeRounded(circle.insetBy(-9, -9), radius: circle.width / 2 + 9, width: 5, Theme.focus)
        }
        canvas.text(caption, Theme.captionText, at: Point(frame.midX, circle.maxY + 26), color: Theme.ink, alpha: alpha)
    }
}
