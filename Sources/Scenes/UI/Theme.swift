import GameCore
import Stage

/// The palette and text styles, named for what they are used for.
public enum Theme {
    public static let background = Color(255, 248, 236)
    public static let topBar = Color(92, 96, 226)
    public static let topBarShadow = Color(40, 40, 110, 90)
    /// Back's pill: a darker shade of the bar, so its white word reads at 4.5:1 even when a
    /// long word (Arabic, German) is drawn small (issue 26; a white veil gave 3.24:1).
    public static let backPill = Color(30, 30, 110, 90)
    public static let ink = Color(52, 46, 84)
    public static let inkSoft = Color(110, 104, 140)
    public static let tile = Color(255, 255, 255)
    public static let tileShadow = Color(60, 40, 90, 50)
    public static let selection = Color(255, 138, 0)
    /// The label of a selected tile: the selection's orange, dark enough to read.
    public static let selectionText = Color(176, 84, 0)
    public static let focus = Color(30, 144, 255)
    /// Green of "go on" (Play's outline, the running pause button, the gate's OK): white
    /// words on it read (see `contrastPairs`).
    public static let yes = Color(30, 140, 70)
    public static let no = Color(236, 88, 96)
    /// Words in the colours of a win and a loss (alert titles): dark enough on the panel.
    public static let yesText = Color(24, 118, 56)
    public static let noText = Color(196, 40, 52)
    public static let neutral = Color(120, 132, 176)
    public static let panel = Color(255, 253, 246)
    public static let panelBorder = Color(255, 196, 64)
    public static let warning = Color(232, 48, 64)
    public static let highlightRow = Color(255, 236, 150)
    public static let pill = Color(255, 255, 255, 235)
    /// Words that cannot be used yet (Play before a game and a level are chosen).
    public static let disabledText = Color(96, 96, 104)
    /// The face of a disabled Play.
    public static let disabledFill = Color(228, 228, 232)
    /// The face of an enabled Play.
    public static let playFill = Color(232, 255, 232)
    /// The "+N" that floats up when points are scored (outlined in white).
    public static let pointsText = Color(190, 80, 0)
    /// Sorting's dashed zone outlines: a white dash on a dark edge, seen on any painting.
    public static let zoneDash = Color(255, 255, 255, 235)
    public static let zoneDashEdge = Color(28, 44, 96, 210)
    /// The ring round picture buttons (on panels: dark; over the dimmed game: white).
    public static let buttonRing = Color(52, 46, 84)
    /// The round plate under a picture that is not a round button itself (the door).
    public static let plate = Color(255, 236, 204)
    public static let plateRim = Color(232, 128, 40)
    /// Every other row of the high-score table.
    public static let stripeRow = Color(250, 240, 220)

    public static let titleText = TextStyle(size: 34, bold: true)
    public static let headingText = TextStyle(size: 30, bold: true)
    public static let labelText = TextStyle(size: 26, bold: true)
    public static let bodyText = TextStyle(size: 26, bold: false)
    public static let smallText = TextStyle(size: 20, bold: true)
    public static let bigText = TextStyle(size: 44, bold: true)
    /// The score of an end screen, beside its star.
    public static let scoreText = TextStyle(size: 60, bold: true)
    /// The small words under a picture button, for grown-ups.
    public static let captionText = TextStyle(size: 22, bold: true)
}

/// Draws a rounded "card" with a soft shadow, the look shared by tiles, panels and pills.
@MainActor
public enum Decor {
    public static func card(_ canvas: any Canvas, _ rect: Rect, radius: Double = 22, fill: Color = Theme.tile,
                            shadow: Double = 6, alpha: Double = 1) {
        if shadow > 0 {
            let shadowRect = rect.offsetBy(0, shadow)
            if alpha >= 1 && fill.a == 255 {
                // Only the band below an opaque card shows: blend just that (blending is
                // what costs most in software rendering).
                let band = min(shadowRect.height, 2 * radius + shadow)
                canvas.fillRounded(Rect(shadowRect.x, shadowRect.maxY - band, shadowRect.width, band), radius: radius, Theme.tileShadow)
            } else {
                canvas.fillRounded(shadowRect, radius: radius, Theme.tileShadow.withAlpha(alpha))
            }
        }
        canvas.fillRounded(rect, radius: radius, fill.withAlpha(alpha))
    }

    /// A rounded button with an optional icon and label; `pressed` shrinks it a little.
    public static func button(_ canvas: any Canvas, _ rect: Rect, label: String, color: Color, icon: String? = nil,
                              pressed: Bool = false, focused: Bool = false, enabled: Bool = true) {
        let r = pressed ? rect.scaled(0.94) : rect
        let fill = enabled ? color : Color(190, 190, 198)
        card(canvas, r, radius: min(r.height / 2, 28), fill: fill, shadow: pressed ? 2 : 5)
        if focused { canvas.strokeRounded(r.insetBy(-7, -7), radius: min(r.height / 2, 28) + 7, width: 5, Theme.focus) }
        let textColor = Color.white
        if let icon {
            let textWidth = canvas.measure(label, Theme.labelText).width
            // Narrow keys (the gate's OK and Del) shrink the picture so the words still fit;
            // where even that leaves no room (a long word in another language), the picture
            // alone says it: words never spill out of a button nor shrink below a readable size.
            let room = r.width - 12 - (label.isEmpty ? 0 : 10 + textWidth)
            let showsLabel = !label.isEmpty && room >= r.height * 0.4
            let iconSize = showsLabel ? min(r.height * 0.62, room) : r.height * 0.62
            let total = iconSize + (showsLabel ? 10 + textWidth : 0)
            let startX = r.midX - total / 2
            canvas.image(icon, in: Rect(startX, r.midY - iconSize / 2, iconSize, iconSize), ImageOptions(alpha: enabled ? 1 : 0.5))
            if showsLabel {
                canvas.text(label, Theme.labelText, at: Point(startX + iconSize + 10, r.midY), align: .left, color: textColor)
            }
        } else {
            canvas.text(label, Theme.labelText, at: r.center, color: textColor)
        }
    }
}

/// Tracks a press so that a tap counts only when press and release hit the same target.
public struct PressTracker<ID: Equatable>: Sendable where ID: Sendable {
    public private(set) var pressed: ID?
    public init() {}
    public mutating func down(_ id: ID?) { pressed = id }
    /// The target tapped, if the release is on the target that was pressed.
    public mutating func up(_ id: ID?) -> ID? {
        defer { pressed = nil }
        guard let id, id == pressed else { return nil }
        return id
    }
    public mutating func cancel() { pressed = nil }
}
