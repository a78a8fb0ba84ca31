/// Where balloons enter, how big they are drawn, where their touchable body is, and where
/// the score pill and the "slow" indicator sit. Pure constants and small functions, shared by
/// the rules (positions, hit-testing) and the scene (drawing).
public enum BalloonLayout {
    /// The area under the top bar where balloons can be seen and touched.
    public static var playArea: Rect { Canvas1024.playArea }

    /// The balloon images are 120×180; drawn at 0.8 so that ten entrance spots fit side by
    /// side across 1024 px without overlapping, while the body stays far above 64×64.
    public static let imageSize = Size(120, 180)
    public static let scale = 0.8
    public static let size = Size(imageSize.width * scale, imageSize.height * scale)
    /// The body (the round part) inside the 120×180 image; the string hangs below it.
    public static let bodyInImage = Rect(8, 4, 104, 132)
    /// Taps a little off the body still count: small fingers are not precise and balloons move.
    public static let hitMargin = 12.0

    /// Ten spots across 1024×768; a wider sky has more (up to 14 at 21:9), a portrait one
    /// fewer (at least 7 across 768 units), so balloons rise over the whole width.
    public static var spotCount: Int {
        Canvas1024.isStandard ? 10 : max(7, min(14, Int(Canvas1024.width / 128)))
    }
    /// Equal gaps between the ten spots and at both ends.
    public static var spotGap: Double { (Canvas1024.width - Double(spotCount) * size.width) / Double(spotCount + 1) }
    /// A new balloon starts with its top at the bottom edge of the screen and rises into view.
    public static var entranceY: Double { Canvas1024.height }

    /// Left edge of an entrance spot (0...9).
    public static func spotX(_ spot: Int) -> Double {
        spotGap + Double(spot) * (size.width + spotGap)
    }

    /// The balloon image frame (body and string) with its top-left corner at (x, y).
    public static func frame(x: Double, y: Double) -> Rect { Rect(x, y, size.width, size.height) }

    /// The body inside a balloon image frame.
    public static func body(in frame: Rect) -> Rect {
        let s = frame.width / imageSize.width
        return Rect(frame.x + bodyInImage.x * s, frame.y + bodyInImage.y * s, bodyInImage.width * s, bodyInImage.height * s)
    }

    /// The touchable area: the body plus a margin, cut to the play area (a balloon behind the
    /// top bar cannot be touched, and the centre of this frame is never on a top-bar button).
    /// Nil once nothing of it is left in the play area.
    public static func hitFrame(in frame: Rect) -> Rect? {
        clip(body(in: frame).insetBy(-hitMargin, -hitMargin), to: playArea)
    }

    /// True when `p` lies on the drawn body of a balloon in `frame`: the ellipse the body
    /// rectangle holds. The skull's hit area is exactly this, with no margin (issue 14: a tap
    /// in clear sky beside it must never end a game).
    public static func bodyContains(_ p: Point, in frame: Rect) -> Bool {
        let body = body(in: frame)
        let dx = (p.x - body.midX) / (body.width / 2), dy = (p.y - body.midY) / (body.height / 2)
        return dx * dx + dy * dy <= 1 + 1e-9
    }

    /// The intersection of two rectangles, nil when they do not overlap.
    public static func clip(_ r: Rect, to bounds: Rect) -> Rect? {
        let x0 = max(r.minX, bounds.minX), y0 = max(r.minY, bounds.minY)
        let x1 = min(r.maxX, bounds.maxX), y1 = min(r.maxY, bounds.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// Where popped numbers fly to: the centre of the score pill.
    /// (The centre of TopBar.scoreFrame; a test keeps the two together.)
    public static var scoreTarget: Point { Point(Canvas1024.width - 249, 32) }
    /// One speed for every flying number, so far balloons take visibly longer.
    public static let flyingNumberSpeed = 900.0

    /// The "slow" indicator after a bonus balloon: a pill just under the top bar.
    public static var slowIndicator: Rect { Rect(Canvas1024.width / 2 - 130, Canvas1024.topBarHeight + 14, 260, 76) }
    public static var slowIcon: Rect { Rect(slowIndicator.x + 12, slowIndicator.y + 8, 60, 60) }
    public static var slowBarTrack: Rect { Rect(slowIndicator.x + 84, slowIndicator.maxY - 24, slowIndicator.width - 104, 12) }
    public static var slowLabelAnchor: Point { Point(slowIndicator.x + 84, slowIndicator.y + 28) }

    /// The idle warning (from `idleWarning` seconds without a pop): a sleeping balloon and the
    /// seconds left before the game stops, in a card just under the top bar, in the middle.
    public static var idleWarning: Rect { Rect(Canvas1024.width / 2 - 120, Canvas1024.topBarHeight + 14, 240, 124) }
    public static var idleWarningPicture: Rect { Rect(idleWarning.x + 12, idleWarning.y + 8, 108, 108) }
    public static var idleWarningNumber: Point { Point(idleWarning.maxX - 62, idleWarning.midY) }
}
