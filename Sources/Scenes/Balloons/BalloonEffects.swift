import GameCore
import CMath
import Stage

/// The colours of the balloon images (the asset generator's palette), used to tint the pop
/// burst so it bursts in the colour of the balloon that was popped.
public enum BalloonPalette {
    public static func color(_ name: String) -> Color {
        switch name {
        case "red": return Color(242, 58, 58)
        case "orange": return Color(255, 140, 26)
        case "yellow": return Color(255, 210, 26)
        case "green": return Color(61, 201, 82)
        case "teal": return Color(20, 191, 174)
        case "sky": return Color(92, 200, 255)
        case "blue": return Color(36, 83, 219)
        case "purple": return Color(147, 69, 232)
        case "pink": return Color(255, 110, 180)
        case "brown": return Color(156, 95, 52)
        case "star": return Color(255, 200, 40)
        case "skull": return Color(90, 90, 104)
        default: return Color.white
        }
    }
}

/// The burst left where a balloon popped: the `burst` image in the balloon's colour growing
/// and fading, and sparkles flying out. The star balloon's burst is bigger and golden with
/// more sparkles (magic); the skull's is a dark "boom". Purely decorative: the sparkle
/// directions come from the balloon id, never from the game's random generator.
public struct PopEffect: Sendable, Aging {
    public enum Style: Sendable { case pop, magic, boom }
    public let center: Point
    public let tint: Color
    public let style: Style
    public let seed: Int
    public var age = 0.0

    public init(center: Point, tint: Color, style: Style, seed: Int) {
        self.center = center; self.tint = tint; self.style = style; self.seed = seed
    }

    public static let burstDuration = 0.4
    /// The burst's sizes: one a frame at 60 Hz.
    static let burstSteps = 24.0
    public var duration: Double { style == .pop ? 0.7 : 1.1 }
    public var isFinished: Bool { age >= duration - 1e-9 }

    var sparkleCount: Int {
        switch style {
        case .pop: return 6
        case .magic: return 14
        case .boom: return 8
        }
    }
    var reach: Double { style == .pop ? 80 : 150 }

    /// The burst's width at a step (0 to `burstSteps`): a pop's is smaller than the star's
    /// and the skull's.
    static func burstSize(_ style: Style, step: Double) -> Double {
        (style == .pop ? 130 : 210) * (0.45 + 0.85 * Easing.easeOutQuad(step / burstSteps))
    }
    /// Every size the burst is drawn at, for every style (made ahead by the renderer: the
    /// first star burst at 2560x1080 made a sprite a frame, 23 late frames in a row).
    static var picturesAhead: [PictureAhead] {
        [Style.pop, .magic].flatMap { style in
            (0..<Int(burstSteps)).map { step in
                let size = burstSize(style, step: Double(step))
                return PictureAhead("burst", Size(size, size))
            }
        }
    }

    @MainActor
    public func draw(on canvas: any Canvas, offset: Point = .zero) {
        let c = center + offset
        let t = min(age / Self.burstDuration, 1)
        if t < 1 {
            // The burst grows in the steps of a 60 Hz frame, the same sizes at every pop, so
            // the renderer keeps each size's sprite (`keep`) and copies it, tinted, where it
            // resampled the picture each frame (a third of a busy Balloons frame's work).
            let step = (t * Self.burstSteps + 1e-6).rounded(.down)
            let size = Self.burstSize(style, step: step)
            canvas.image("burst", in: Rect(center: c, size: Size(size, size)),
                         ImageOptions(alpha: 1 - Easing.easeInQuad(t), tint: tint, keep: true))
        }
        let s = min(age / duration, 1)
        let sparkleTint: Color? = style == .boom ? Color(255, 120, 90) : (style == .magic ? nil : tint)
        for i in 0..<sparkleCount {
            // Golden-angle spread, turned per balloon so no two bursts look the same.
            let angle = Double(i) * 2.399963 + Double(seed) * 0.7
            let distance = reach * (0.55 + 0.45 * Double((i * 7 + seed) % 5) / 4) * Easing.easeOutCubic(s)
            let p = Point(c.x + cos(angle) * distance, c.y + sin(angle) * distance)
            let size = (style == .pop ? 30.0 : 40.0) * (1 - 0.5 * s)
            canvas.image("sparkle", in: Rect(center: p, size: Size(size, size)),
                         ImageOptions(alpha: 1 - Easing.easeInQuad(s), rotation: s * 180 + Double(i) * 20, tint: sparkleTint))
        }
    }
}
