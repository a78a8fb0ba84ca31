import GameCore
import Stage

/// One look for "locked" everywhere (issue 45, item 8): a control a school's system file
/// locked (or a language fixed for the run) has a grey body, its picture and words drawn on it
/// in dark ink (so they stay readable: it still says what it is set to), the padlock badge on
/// its top trailing corner and a "Locked" caption on a dark pill across its bottom edge,
/// fitted to the word in every language. The corner's Settings switches, its Classroom
/// controls and the language tiles all draw it through `draw`; the top bar's speaker carries
/// the same badge, smaller.
@MainActor
public enum LockedLook {
    /// The grey body of a locked control, and the ink of what is drawn on it (9:1).
    public static let fill = Color(218, 222, 230)
    public static let ink = Theme.ink
    /// The caption's pill, and its words (white on it: 11:1).
    public static let captionFill = Color(62, 68, 86)
    public static let captionHeight = 30.0
    /// The caption's words, shrunk to fit its pill if need be.
    public static let captionText = Theme.smallText
    /// The badge: a white disc with the padlock, 44 units, on the control's top trailing corner.
    public static let badgeSize = 44.0

    /// Where the padlock badge sits on `control` (canvas units, left to right; a mirrored
    /// screen puts it on the top left).
    public static func badgeFrame(for control: Rect) -> Rect {
        Rect(control.maxX - badgeSize + 14, control.y - 14, badgeSize, badgeSize)
    }

    /// The caption's pill for words `textWidth` wide: centred on the control's bottom edge, as
    /// wide as the words and a margin, never wider than the control (or 140 units for a
    /// small one).
    public static func captionFrame(for control: Rect, textWidth: Double) -> Rect {
        let width = min(max(control.width, 140), textWidth + 28)
        return Rect(control.midX - width / 2, control.maxY - captionHeight / 2, width, captionHeight)
    }

    /// A locked control: its grey body (corners of `radius`), what `content` draws on it (in
    /// `ink`), then the badge and the caption.
    public static func draw(_ canvas: any Canvas, control: Rect, radius: Double, caption: String, content: () -> Void) {
        body(canvas, control: control, radius: radius)
        content()
        marks(canvas, control: control, caption: caption)
    }

    /// The grey body alone (for a control that draws a lot on it: a language tile).
    public static func body(_ canvas: any Canvas, control: Rect, radius: Double) {
        Decor.card(canvas, control, radius: radius, fill: fill, shadow: 4)
    }

    /// The badge and the caption, drawn over the control's body and content.
    public static func marks(_ canvas: any Canvas, control: Rect, caption: String) {
        badge(canvas, in: badgeFrame(for: control))
        let pill = captionFrame(for: control, textWidth: canvas.measure(caption, captionText).width)
        canvas.fillRounded(pill, radius: captionHeight / 2, captionFill)
        canvas.text(caption, canvas.fitting(caption, captionText, width: pill.width - 16), at: pill.center, color: .white)
    }

    /// The padlock badge alone: a white disc and the padlock.
    public static func badge(_ canvas: any Canvas, in frame: Rect) {
        canvas.fillCircle(center: frame.center, radius: frame.width / 2, .white)
        canvas.image("lock", in: frame.insetBy(frame.width * 0.14, frame.width * 0.14))
    }

    /// The dump fields a locked control adds (`locked` and the badge's picture).
    nonisolated public static var dumpFields: [(String, JSON)] { [("locked", .bool(true)), ("badge", "lock")] }
}
