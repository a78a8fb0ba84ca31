import GameCore
import Stage
import TextCatalogs

/// The bar across the top of every screen: logo (Home) or Back and title (games), and the
/// mute button on the right. Games also show their time and score pills in it.
public enum TopBar {
    public static var height: Double { Canvas1024.topBarHeight }
    /// How far the bar's 64-unit row of pills and icons sits down in a taller bar (a small
    /// screen's, `Canvas1024.fingerUnits`): 0 at 1024×768 and larger.
    public static var rowY: Double { ((height - 64) / 2).rounded() }
    /// The bar spans the canvas: Back on the left, mute, pause and score at the right edge,
    /// the title or logo in the middle, whatever the screen's shape.
    public static var frame: Rect { Rect(0, 0, Canvas1024.width, height) }
    /// Hit areas span the bar's full height: at least 64×64 for small fingers.
    public static var backFrame: Rect { Rect(0, 0, 150, height) }
    public static var muteFrame: Rect { Rect(Canvas1024.width - 84, 0, 84, height) }
    public static var logoFrame: Rect { Rect(Canvas1024.width / 2 - logoWidth / 2, rowY + 4, logoWidth, 56) }
    /// 500 units; 260 on a portrait screen, about the width the logo's picture takes at its full
    /// height, so the player and stickers buttons stay clear on its left and Home's
    /// grown-ups' sign (padlock, "Grown-ups: hold 3 s") has room on its right.
    static var logoWidth: Double { Canvas1024.shape == .portrait ? 260 : min(500, Canvas1024.width - 2 * 190) }
    public static var pauseFrame: Rect { Rect(Canvas1024.width - 84 - 80, 0, 80, height) }
    public static var timeFrame: Rect { Rect(160, rowY + 8, 150, 48) }
    public static var scoreFrame: Rect { Rect(pauseFrame.x - 160, rowY + 8, 150, 48) }

    /// "Hear it again" (games): a speaker that says the intro once more. Between the time
    /// pill and the title, the bar's full height, so it is at least 64×64.
    public static var hearAgainFrame: Rect { Rect(timeFrame.maxX + 8, 0, max(72, Canvas1024.fingerUnits), height) }

    /// The width a title has in a portrait bar without pills: centred, clear of Back's and
    /// mute's frames by 8 units.
    static var portraitTitleRoom: Double {
        2 * (min(Canvas1024.width / 2 - backFrame.maxX, muteFrame.minX - Canvas1024.width / 2) - 8)
    }

    public enum Target: Equatable, Sendable { case back, mute, pause }

    /// How the speaker moves while it wiggles (`SpeakerWiggle`): turned by some degrees, or,
    /// with "less motion", still with an outline of some opacity.
    public enum SpeakerMotion: Equatable, Sendable { case turn(Double), pulse(Double) }

    /// Back's pill: 124 wide, or wider for a longer word ("Zurück", "Retour"), up to the
    /// edge of its hit area, so the word keeps the size of the others.
    static func backPill(labelWidth: Double) -> Rect {
        Rect(6, rowY + 8, max(124, min(backFrame.maxX - 8, 48 + labelWidth + 10)), 48)
    }

    public static func hit(_ p: Point, showsBack: Bool, showsPause: Bool = false) -> Target? {
        if muteFrame.contains(p) { return .mute }
        if showsPause && pauseFrame.contains(p) { return .pause }
        if showsBack && backFrame.contains(p) { return .back }
        return nil
    }

    @MainActor
    public static func draw(on canvas: any Canvas, title: String?, backLabel: String, showsBack: Bool, showsPause: Bool = false,
                            paused: Bool = false, muted: Bool, muteLocked: Bool = false, voiceOff: Bool = false, pressed: Target?,
                            wiggle: SpeakerMotion? = nil) {
        // Across the whole screen, and up to its top (a portrait screen's extra goes above).
        let visible = canvas.visibleRect
        canvas.fill(Rect(visible.minX, height, visible.width, 5), Theme.topBarShadow)
        canvas.fill(Rect(visible.minX, visible.minY, visible.width, height - visible.minY), Theme.topBar)
        if let title {
            if Canvas1024.shape != .portrait {
                canvas.text(title, Theme.titleText, at: Point(Canvas1024.width / 2, height / 2), color: .white, outline: Color(50, 50, 140))
            } else if !showsPause {
                // A portrait bar keeps the title of a screen without pills (the picker, the
                // sticker book, the grown-ups' screens), fitted between Back and mute.
                canvas.text(title, canvas.fitting(title, Theme.titleText, width: portraitTitleRoom), at: Point(Canvas1024.width / 2, height / 2),
                            color: .white, outline: Color(50, 50, 140))
            }
            // A game's portrait bar has no room between its pills for a title: the game's
            // picture and its spoken intro say which game it is.
        } else {
            canvas.image("logo", in: logoFrame)
        }
        drawButtons(on: canvas, backLabel: backLabel, showsBack: showsBack, showsPause: showsPause, paused: paused, muted: muted, muteLocked: muteLocked,
                    voiceOff: voiceOff, pressed: pressed, wiggle: wiggle)
    }

    @MainActor
    static func drawButtons(on canvas: any Canvas, backLabel: String, showsBack: Bool, showsPause: Bool, paused: Bool, muted: Bool, muteLocked: Bool,
                            voiceOff: Bool, pressed: Target?, wiggle: SpeakerMotion?) {
        if showsBack {
            let r = backPill(labelWidth: canvas.measure(backLabel, Theme.labelText).width)
            let shown = pressed == .back ? r.scaled(0.94) : r
            canvas.fillRounded(shown, radius: 24, Theme.backPill)
            canvas.image("back", in: Rect(shown.x + 4, shown.y + 4, 40, 40))
            let style = canvas.fitting(backLabel, Theme.labelText, width: shown.maxX - 8 - (shown.x + 48))
            canvas.text(backLabel, style, at: Point(shown.x + 48, shown.midY), align: .left, color: .white)
        }
        if showsPause {
            var p = Rect(pauseFrame.midX - 24, rowY + 8, 48, 48)
            if pressed == .pause { p = p.scaled(0.9) }
            canvas.fillCircle(center: p.center, radius: 24, paused ? Theme.yes : Color(255, 255, 255, 70))
            if paused {
                canvas.image("play", in: p.insetBy(4, 4))
            } else {
                canvas.fillRounded(Rect(p.midX - 11, p.y + 13, 8, 22), radius: 3, .white)
                canvas.fillRounded(Rect(p.midX + 3, p.y + 13, 8, 22), radius: 3, .white)
            }
        }
        let m = Rect(muteFrame.midX - 24, rowY + 8, 48, 48)
        var turn = 0.0
        switch wiggle {
        case .turn(let degrees)?: turn = degrees
        case .pulse(let alpha)?: canvas.strokeRounded(m.insetBy(-5, -5), radius: 29, width: 4, Color.white.withAlpha(alpha))
        case nil: break
        }
        canvas.image(muted ? "speaker-off" : "speaker-on", in: pressed == .mute ? m.scaled(0.9) : m,
                     ImageOptions(alpha: muteLocked ? 0.6 : 1, rotation: turn))
        if muteLocked {
            // Locked by the school: the padlock badge on the speaker (not only a paler one).
            LockedLook.badge(canvas, in: speakerBadgeFrame)
        } else if voiceOff {
            // The voice is off (the grown-ups' switch): the muted ear on the speaker, as on
            // "hear it again", though effects still sound.
            canvas.image("hear-again-off", in: speakerBadgeFrame)
        }
    }

    /// The speaker's badge (the padlock, or the muted ear): on its lower trailing corner.
    public static var speakerBadgeFrame: Rect {
        let m = Rect(muteFrame.midX - 24, rowY + 8, 48, 48)
        return Rect(m.maxX - 17, m.maxY - 21, 30, 30)
    }

    @MainActor
    public static func drawHearAgain(on canvas: any Canvas, pressed: Bool, silent: SilentVoice? = nil) {
        var r = Rect(hearAgainFrame.midX - 26, rowY + 6, 52, 52)
        if pressed { r = r.scaled(0.9) }
        canvas.fillCircle(center: r.center, radius: 26, Color(255, 255, 255, 70))
        // The voice cannot be heard: the muted ear (a tap wiggles the speaker instead).
        canvas.image(silent == nil ? "hear-again" : "hear-again-off", in: r.insetBy(3, 3))
    }

    /// The dump item of "hear it again": `state` `speaks`, or `silent` with `why`
    /// (`muted`, `locked`, `voice-off`) when the voice cannot be heard.
    public static func hearAgainItem(silent: SilentVoice? = nil) -> JSON {
        .object([("id", "hear-again"), ("kind", "button"), ("frame", hearAgainFrame.json), ("icon", .string(silent == nil ? "hear-again" : "hear-again-off")),
                 ("key", .string(Messages.hearAgain.key)), ("enabled", true), ("state", .string(silent == nil ? "speaks" : "silent"))]
                + (silent.map { [("why", JSON.string($0.rawValue))] } ?? []))
    }

    /// Dump items for the bar's buttons.
    public static func items(showsBack: Bool, showsPause: Bool = false, paused: Bool = false, muted: Bool, muteLocked: Bool = false,
                             voiceOff: Bool = false, wiggling: Bool = false) -> [JSON] {
        var items: [JSON] = []
        if showsBack {
            items.append(.object([("id", "back"), ("kind", "button"), ("frame", backFrame.json), ("enabled", true)]
                                 + PictureButton.dumpFields(icon: "back", key: Messages.back.key)))
        }
        if showsPause {
            items.append(.object([("id", "pause"), ("kind", "button"), ("frame", pauseFrame.json), ("paused", .bool(paused)), ("enabled", true)]
                                 + PictureButton.dumpFields(icon: paused ? "play" : "pause", key: nil)))
        }
        // A locked speaker adds `locked: true` (and `badge: "lock"`); it stays "enabled": a tap answers.
        // `voice` is false while the voice is off (then, unlocked, `badge` is the muted ear,
        // "hear-again-off"); `wiggling` is true while it wiggles to show why nothing is heard.
        items.append(.object([("id", "mute"), ("kind", "button"), ("frame", muteFrame.json), ("muted", .bool(muted)), ("enabled", true)]
                             + PictureButton.dumpFields(icon: muted ? "speaker-off" : "speaker-on", key: nil)
                             + (muteLocked ? LockedLook.dumpFields : voiceOff ? [("badge", "hear-again-off")] : [])
                             + [("voice", .bool(!voiceOff)), ("wiggling", .bool(wiggling))]))
        return items
    }
}
