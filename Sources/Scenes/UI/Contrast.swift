import GameCore
import CMath
import Stage

/// WCAG 2 contrast: relative luminance of sRGB colours and the ratio of two.
public enum Contrast {
    /// Relative luminance, 0 (black) to 1 (white).
    public static func luminance(_ c: Color) -> Double {
        func channel(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    /// The contrast ratio of two opaque colours, 1 to 21.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` (with its alpha) over the opaque `bottom`, as it shows.
    public static func blend(_ top: Color, over bottom: Color) -> Color {
        let a = Double(top.a) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(t) * a + Double(b) * (1 - a)).rounded()) }
        return Color(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b))
    }
}

/// One colour drawn on another somewhere on screen: words on a button, a title on a panel,
/// an outlined word over a picture, an outline on a painted background. `Theme.contrastPairs`
/// lists every pair the screens draw; the contrast test checks each against its minimum and
/// that no screen draws words in a colour not listed.
public struct ContrastPair: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Words in this style. Words with an `outline` are checked against the outline,
        /// which separates them from any picture beneath.
        case text(TextStyle)
        /// A line or shape that shows where something is (Sorting's zone outlines).
        case graphic
    }
    public let name: String
    public let foreground: Color
    /// What is directly behind: a colour, or the outline drawn round the words.
    public let background: Color
    /// What shows through a translucent `background` (at worst).
    public let beneath: Color?
    public let kind: Kind
    /// The background is the outline drawn round the words (`text(..., outline:)`).
    public let isOutline: Bool

    public init(_ name: String, _ foreground: Color, on background: Color, beneath: Color? = nil, _ kind: Kind, outline: Bool = false) {
        self.name = name
        self.foreground = foreground
        self.background = background
        self.beneath = beneath
        self.kind = kind
        self.isOutline = outline
    }

    /// The background as it shows (blended over what is beneath when translucent).
    public var shownBackground: Color {
        background.a == 255 ? background : Contrast.blend(background, over: beneath ?? .black)
    }

    public var ratio: Double { Contrast.ratio(Contrast.blend(foreground, over: shownBackground), shownBackground) }

    /// 4.5:1 for words; 3:1 for bold words of 24 px or more and for graphics (WCAG 1.4.3, 1.4.11).
    public var minimum: Double {
        switch kind {
        case .text(let style): return style.bold && style.size >= 24 ? 3 : 4.5
        case .graphic: return 3
        }
    }
}

extension Theme {
    /// The top bar's translucent white controls, as they show on the bar.
    static var onTopBar: Color { Contrast.blend(Color(255, 255, 255, 60), over: topBar) }

    /// Every pair of colours the screens draw words (or outlines) in, with their styles.
    public static let contrastPairs: [ContrastPair] = [
        // Panels, tiles and pills: dark words on light faces.
        ContrastPair("ink on the panel", ink, on: panel, .text(captionText)),
        ContrastPair("soft ink on the panel", inkSoft, on: panel, .text(labelText)),
        ContrastPair("ink on a tile", ink, on: tile, .text(captionText)),
        ContrastPair("ink on a pill over the bar", ink, on: pill, beneath: topBar, .text(labelText)),
        ContrastPair("ink on the highlighted row", ink, on: highlightRow, .text(labelText)),
        ContrastPair("ink on a striped row", ink, on: stripeRow, .text(labelText)),
        ContrastPair("ink on Sorting's badge", ink, on: Color(255, 255, 255, 225), beneath: .black, .text(labelText)),
        ContrastPair("ink on the gate's answer box", ink, on: .white, .text(bigText)),
        ContrastPair("selected tile's label", selectionText, on: Color(255, 246, 220), .text(labelText)),
        ContrastPair("Play's label", yesText, on: playFill, .text(headingText)),
        ContrastPair("Play's label, disabled", disabledText, on: disabledFill, .text(headingText)),
        ContrastPair("a win's title", yesText, on: panel, .text(headingText)),
        ContrastPair("a loss's title", noText, on: panel, .text(headingText)),
        ContrastPair("Balloons' Slow!", Color(120, 70, 200), on: Color(255, 252, 230), .text(labelText)),
        // White words on coloured buttons and bars.
        ContrastPair("white on a green button", .white, on: yes, .text(labelText)),
        ContrastPair("white on a red button", .white, on: no, .text(labelText)),
        ContrastPair("white on a grey-blue button", .white, on: neutral, .text(labelText)),
        ContrastPair("white on a blue key", .white, on: focus, .text(labelText)),
        ContrastPair("white time in its last seconds", .white, on: warning, .text(labelText)),
        ContrastPair("white Back on its pill", .white, on: backPill, beneath: topBar, .text(labelText)),
        // Outlined words over pictures: checked against their outline.
        ContrastPair("the bar's title", .white, on: Color(50, 50, 140), .text(titleText), outline: true),
        ContrastPair("Home's headings", ink, on: .white, .text(headingText), outline: true),
        ContrastPair("the floating +N", pointsText, on: .white, .text(headingText), outline: true),
        ContrastPair("balloon numbers", .white, on: Color(40, 30, 70), .text(TextStyle(size: 40, bold: true)), outline: true),
        // Sorting's dashes: the white dash on its dark edge (the edge on the painting is
        // checked on a headless render's pixels).
        ContrastPair("Sorting's dash on its edge", zoneDash, on: zoneDashEdge, beneath: .white, .graphic),
    ]
}
