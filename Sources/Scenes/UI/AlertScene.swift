import GameCore
import CMath
import Stage
import TextCatalogs

// What an alert's buttons and lines look like in this game: their pictures and words come
// from the catalog (`Messages`) and the theme, so they live beside the alert scene.
extension AlertButton {
    public static let yes = AlertButton(.yes, Messages.yes, icon: "check")
    public static let no = AlertButton(.no, Messages.no, icon: "close")
    public static let ok = AlertButton(.ok, Messages.ok, icon: "check")
    public static func standard(_ kind: Kind) -> AlertButton {
        switch kind {
        case .yes: return .yes
        case .no: return .no
        case .ok: return .ok
        }
    }

    /// The button `kind` of an alert of `alert` kind: its picture and caption.
    public static func of(_ kind: Kind, in alert: AlertContent.Kind) -> AlertButton {
        switch (alert, kind) {
        case (.won, .yes), (.lost, .yes): return AlertButton(.yes, Messages.playAgainButton, icon: "replay")
        case (.won, .no), (.lost, .no): return AlertButton(.no, Messages.homeButton, icon: "home")
        case (.quit, .yes), (.leave, .yes): return AlertButton(.yes, Messages.leaveButton, icon: "door")
        case (.quit, .no), (.leave, .no): return AlertButton(.no, Messages.stayButton, icon: "play")
        default: return standard(kind)
        }
    }
}

extension AlertContent {
    /// The title's colour: green for a win, red for a loss or an erase (dark enough to read
    /// on the panel: see `Theme.contrastPairs`).
    var titleColor: Color {
        switch kind {
        case .won, .reportSaved, .rest: return Theme.yesText
        case .lost, .reset, .delete, .reportFailed: return Theme.noText
        case .quit, .leave: return Theme.ink
        }
    }

    /// Lines drawn as small captions: the score and "Play again?" are shown as pictures
    /// (the number beside a star, the ↻ button), so they are left out.
    var captionLines: [Line] {
        lines.filter { $0.message != Messages.yourScore && $0.message != Messages.playAgain }
    }
}

/// A modal question over the dimmed scene, said with pictures: a mascot (happy or sad but
/// kind), on end screens the stars earned and the score beside a star, and two big round
/// picture buttons whose meaning never depends on colour or words (↻ play again and a
/// house; a door to leave and ▶ to stay). Words are small captions for grown-ups.
/// It scales in with the pop-up sound; `celebrate` rains confetti over it.
@MainActor
public final class AlertScene: BaseScene {
    public static let panelFrame = Rect(172, 84, 680, 522)
    /// The round picture of a button (the hit area is the whole `buttonFrame`, caption too).
    public static let buttonIconSize = 124.0
    /// Where the mascot stands: left of the stars on end screens, in the middle otherwise.
    static let mascotSize = 200.0
    /// Centre of the row of stars and of the score under it (end screens).
    static let starsCentre = Point(636, 212)
    static let scoreCentreY = 318.0
    public let content: AlertContent
    public let alertTitle: String
    public let message: String
    public let buttons: [AlertButton]
    private var appear = 0.0
    /// How far each star has popped in, 0...1 (they come one after another).
    private var starPop: [Double] = [0, 0, 0]
    private var press = PressTracker<AlertButton.Kind>()
    private var focus: Int? = nil
    private var confetti: Confetti?
    /// Seconds since the alert appeared (the sticker's flight): its timeline's time.
    private var age: Double { timeline.time }
    /// End screens re-prompt after a quiet while ("play again, or go home?").
    private var idle = IdlePrompt()
    /// When the sticker starts its flight into the book (alert age): after the voice has
    /// named it, so the name is said while its picture is on the panel.
    private var stickerFlight: Double?
    private var stickerNamed = false

    public init(context: GameContext, content: AlertContent) {
        self.content = content
        alertTitle = context.text(content.title)
        message = content.lines.map { context.text($0.message, $0.values) }.joined(separator: "\n")
        buttons = content.buttons.map { AlertButton.of($0, in: content.kind) }
        super.init(context: context, name: "alert")
    }

    public override var isOverlay: Bool { true }
    /// Its panel keeps its full size on a portrait screen (`Placement.current(showing:)`).
    public override var designContent: Rect { Self.panelWithMargin }
    public static let panelWithMargin = panelFrame.insetBy(-16, -16)
    public override var needsFrames: Bool {
        super.needsFrames || confetti != nil || (isEndScreen && idle.isWaiting)
            || (content.result?.sticker != nil && !stickerInBook)
    }

    /// A game's end screen (won or lost): it re-prompts and shows the sticker earned.
    var isEndScreen: Bool { content.kind == .won || content.kind == .lost }

    public override func onEnter() {
        emit(.sound(.popup))
        var fields: [(String, JSON)] = [("title", .string(alertTitle)), ("message", .string(message)),
                                        ("buttons", .strings(buttons.map { $0.kind.rawValue })), ("kind", .string(content.kind.rawValue)),
                                        ("key", .string(content.title.key)), ("messageKey", .optional(content.lines.first?.message.key))]
        if let result = content.result { fields.append(("stars", .int(result.stars))) }
        if let reason = content.result?.reason { fields.append(("reason", .string(reason))) }
        if let sticker = content.result?.sticker { fields.append(("sticker", .int(sticker))) }
        emit(.log("alert", LogFields(fields)))
        timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
        if let result = content.result {
            for i in 0..<result.stars {
                timeline.after(0.3 + 0.25 * Double(i)) { [weak self] in
                    self?.timeline.tween(0.3, easing: Easing.easeOutBack, step: { v in self?.starPop[i] = v })
                }
            }
        }
        // Reduced motion: no confetti.
        if content.celebrate && !context.settings.reducedMotion { confetti = Confetti(seed: UInt64(alertTitle.count * 7919 + message.count), at: timeline.time) }
    }

    /// Button `index`'s hit area: its round picture and its caption. With two buttons the
    /// centres stay where the old Yes and No were (388, 498) and (636, 498).
    public func buttonFrame(_ index: Int) -> Rect {
        let width = 200.0, height = 176.0, gap = 48.0
        let total = Double(buttons.count) * width + Double(buttons.count - 1) * gap
        return Rect(512 - total / 2 + Double(index) * (width + gap), 498 - height / 2, width, height)
    }

    /// The mascot's frame, or nil for alerts without one.
    public var mascotFrame: Rect? {
        guard content.mascot != nil else { return nil }
        let s = Self.mascotSize
        return content.result != nil ? Rect(206, 142, s, s) : Rect(512 - s / 2, 136, s, s)
    }

    /// Where `AlertContent.picture` goes, between the message and the buttons.
    static let pictureFrame = Rect(452, 276, 120, 120)

    /// Star `index` (0 to 2) of an end screen: the middle one bigger and higher.
    public static func starFrame(_ index: Int) -> Rect {
        let size = index == 1 ? 104.0 : 84.0
        let x = starsCentre.x + Double(index - 1) * 96
        let y = starsCentre.y - (index == 1 ? 12 : 0)
        return Rect(x - size / 2, y - size / 2, size, size)
    }

    /// Why a game was lost (the clock, the skull, a sleeping balloon), where the stars and
    /// the score of a win are.
    public static let reasonFrame = Rect(starsCentre.x - 90, 146, 180, 180)

    /// The score: a star picture and the number beside it, centred under the stars.
    static let scoreIconSize = 64.0

    private func hit(_ p: Point) -> AlertButton.Kind? {
        buttons.indices.first(where: { buttonFrame($0).contains(p) }).map { buttons[$0].kind }
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        if let sticker = content.result?.sticker, stickerFlight == nil {
            if context.speakingKey == VoiceLines.sticker(sticker).key {
                stickerNamed = true
            } else if stickerNamed || age >= Self.stickerLatest {
                // Named (or never to be: no voice for it): off to the book.
                stickerFlight = age
            }
        }
        if isEndScreen, idle.update(dt: dt, speaking: context.voiceIsSpeaking) {
            emit(.log("reprompt", [("scene", "alert"), ("count", .int(idle.said))]))
            emit(.speak(VoiceLines.endIdle, now: true))
        }
        confetti?.update(dt: dt, now: timeline.time)
        if confetti?.isFinished == true { confetti = nil }
        return []
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown, .key, .finger: idle.heard()
        default: break
        }
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let kind = press.up(hit(p)) { return answer(kind) }
        case .key(.left, _), .key(.up, _):
            focus = max((focus ?? 0) - 1, 0)
        case .key(.right, _), .key(.down, _), .key(.tab, _):
            focus = ((focus ?? -1) + 1) % buttons.count
        case .key(.return, _), .key(.space, _):
            return answer(buttons[focus ?? 0].kind)
        default: break
        }
        return []
    }

    public override func onEscape() -> [SceneCommand] {
        let cancel = buttons.first(where: { $0.kind == .no }) ?? buttons.first(where: { $0.kind == .ok }) ?? buttons[0]
        return answer(cancel.kind)
    }

    private func answer(_ kind: AlertButton.Kind) -> [SceneCommand] {
        emit(.sound(.click))
        emit(.log("answer", [("button", .string(kind.rawValue))]))
        return [.pop(.answered(content.kind, kind))]
    }

    // MARK: - Drawing

    public override func drawContent(on canvas: any Canvas) {
        let scale = 0.6 + 0.4 * appear
        let panel = Self.panelFrame.scaled(scale)
        Decor.card(canvas, panel.insetBy(-6, -6), radius: 38, fill: Theme.panelBorder, shadow: 10)
        Decor.card(canvas, panel, radius: 32, fill: Theme.panel, shadow: 0)
        let alpha = max(0, min(1, (appear - 0.4) / 0.6))
        guard alpha > 0 else { return }
        // Confetti falls behind the words, the score and the buttons, never over them.
        // And below the top bar of the screen beneath (its speaker, its Back).
        confetti?.draw(on: canvas, below: placement.toDesign(Point(0, TopBar.height)).y)
        canvas.text(alertTitle, Theme.headingText, at: Point(Self.panelFrame.midX, Self.panelFrame.y + 38), color: content.titleColor,
                    alpha: alpha)
        if let mascot = content.mascot, let frame = mascotFrame {
            canvas.image(mascot, in: frame, ImageOptions(alpha: alpha))
        }
        let captions = content.captionLines.flatMap { context.text($0.message, $0.values).split(separator: "\n").map(String.init) }
        if let result = content.result {
            drawResult(canvas, result, alpha: alpha)
            // Three lines or more close up and start higher, so the last stays above the buttons.
            let compact = captions.count > 2
            for (i, line) in captions.enumerated() {
                // Long words (some languages) shrink to stay on the panel, right of the mascot.
                let room = 2 * (Self.panelFrame.maxX - 24 - Self.starsCentre.x)
                let width = canvas.measure(line, Theme.captionText).width
                var style = Theme.captionText
                if compact { style.size -= 2 }
                if width > room { style.size = max(16, Int((Double(style.size) * room / width).rounded(.down))) }
                let y = compact ? Self.scoreCentreY + 36 + Double(i) * 22 : Self.scoreCentreY + 52 + Double(i) * 28
                canvas.text(line, style, at: Point(Self.starsCentre.x, y), color: Theme.ink, alpha: alpha)
            }
        } else {
            // Three lines or more close up (and a little smaller), the last above the buttons.
            let compact = captions.count > 2
            let top = (mascotFrame?.maxY ?? Self.panelFrame.y + 90) + (compact ? 14 : 22)
            var style = Theme.bodyText
            if compact { style.size -= 4 }
            for (i, line) in captions.enumerated() {
                canvas.text(line, style, at: Point(Self.panelFrame.midX, top + Double(i) * (compact ? 24 : 34)), color: Theme.ink, alpha: alpha)
            }
            if let picture = content.picture {
                // What the question is about (the trophy of the table a reset erases).
                canvas.image(picture, in: Self.pictureFrame, ImageOptions(alpha: alpha))
            }
        }
        for (i, button) in buttons.enumerated() {
            PictureButton.draw(canvas, buttonFrame(i), icon: button.icon, caption: context.text(button.label), size: Self.buttonIconSize,
                               pressed: press.pressed == button.kind, focused: focus == i, alpha: alpha)
            if button.kind == .yes, isEndScreen, let next = content.result?.next {
                // ↻ shows the level it plays: its stars, as on Home's level tile.
                canvas.image(next.imageName, in: replayBadgeFrame(i), ImageOptions(alpha: alpha))
            }
        }
        if let sticker = content.result?.sticker { drawSticker(canvas, sticker, alpha: alpha) }
    }

    // MARK: - The sticker earned

    /// The level badge on ↻ (button `index`): at the lower right of its round picture.
    public func replayBadgeFrame(_ index: Int) -> Rect {
        let b = buttonFrame(index), size = 64.0
        return Rect(b.midX + Self.buttonIconSize / 2 - size * 0.7, b.y + 4 + Self.buttonIconSize - size * 0.8, size, size)
    }

    /// The sticker shows at the panel's top right until the voice has named it, then flies
    /// into the book at its bottom left.
    public static let stickerFrame = Rect(748, 100, 92, 92)
    public static let bookFrame = Rect(188, 520, 84, 84)
    /// Seconds of the flight.
    static let stickerFlightTime = 0.8
    /// A sticker whose name is not said by then (no voice for the line) flies anyway.
    public static let stickerLatest = 10.0

    /// The sticker is in the book (its flight over).
    public var stickerInBook: Bool { stickerFlight.map { age >= $0 + Self.stickerFlightTime } ?? false }

    /// Where the sticker is now: its own place, then an arc into the book; nil once in.
    public var stickerPlace: Rect? { Self.stickerPlace(flying: stickerFlight.map { age - $0 }) }

    /// Where the sticker is `flying` seconds into its flight (nil: not flying yet): its own
    /// place, then an arc into the book, shrinking; nil once in the book.
    public static func stickerPlace(flying: Double?) -> Rect? {
        guard let flying, flying > 0 else { return stickerFrame }
        guard flying < stickerFlightTime else { return nil }
        let t = Easing.easeInOutCubic(flying / stickerFlightTime)
        let from = stickerFrame.center, to = bookFrame.center
        let p = Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t - 120 * sin(t * .pi))
        let side = stickerFrame.width * (1 - 0.6 * t)
        return Rect(center: p, size: Size(side, side))
    }

    private func drawSticker(_ canvas: any Canvas, _ sticker: Int, alpha: Double) {
        // The book hops when the sticker lands in it.
        let landed = stickerFlight.map { age - $0 - Self.stickerFlightTime } ?? -1
        let hop = landed > 0 && landed < 0.3 ? sin(landed / 0.3 * .pi) * 10 : 0
        canvas.image("sticker-book", in: Self.bookFrame.offsetBy(0, -hop), ImageOptions(alpha: alpha))
        if let place = stickerPlace {
            canvas.image(Self.stickerImage(sticker), in: place, ImageOptions(alpha: alpha))
        }
    }

    /// `sticker-07` for 7.
    public static func stickerImage(_ kind: Int) -> String { "sticker-" + (kind < 10 ? "0" : "") + String(kind) }

    /// The stars earned (filled) and not (empty), and the score beside a star; a medal for
    /// a new high score of rank 1 to 3.
    private func drawResult(_ canvas: any Canvas, _ result: AlertContent.GameResult, alpha: Double) {
        if let reason = result.reason {
            // A loss shows why, as one picture, no stars; the points she made stay under it
            // when the ending keeps them ("Your score" among its lines).
            canvas.image(reason, in: lossShowsScore ? Self.reasonWithScoreFrame : Self.reasonFrame, ImageOptions(alpha: alpha))
            if lossShowsScore { drawScore(canvas, result, alpha: alpha) }
            return
        }
        for i in 0..<3 {
            let frame = Self.starFrame(i)
            canvas.image("star-empty", in: frame, ImageOptions(alpha: alpha))
            if i < result.stars, starPop[i] > 0 {
                canvas.image("star-big", in: frame.scaled(starPop[i]), ImageOptions(alpha: alpha))
            }
        }
        drawScore(canvas, result, alpha: alpha)
    }

    /// A lost round that keeps its points (Balloons stopped by waiting).
    var lossShowsScore: Bool { content.result?.reason != nil && content.result?.keepsScore == true }
    /// Why it was lost, smaller and higher when the score is under it.
    public static let reasonWithScoreFrame = Rect(starsCentre.x - 66, 140, 132, 132)

    /// The score beside a star, and a medal for a new high score of rank 1 to 3.
    private func drawScore(_ canvas: any Canvas, _ result: AlertContent.GameResult, alpha: Double) {
        let number = String(result.score)
        let width = canvas.measure(number, Theme.scoreText).width
        let icon = Self.scoreIconSize
        let medal = result.rank.flatMap { $0 <= 3 ? "medal-\($0)" : nil }
        let total = icon + 12 + width + (medal != nil ? 12 + icon : 0)
        let x = Self.starsCentre.x - total / 2
        canvas.image("score-star", in: Rect(x, Self.scoreCentreY - icon / 2, icon, icon), ImageOptions(alpha: alpha))
        canvas.text(number, Theme.scoreText, at: Point(x + icon + 12, Self.scoreCentreY), align: .left, color: Theme.ink, alpha: alpha)
        if let medal {
            canvas.image(medal, in: Rect(x + icon + 12 + width + 12, Self.scoreCentreY - icon / 2, icon, icon), ImageOptions(alpha: alpha))
        }
    }

    // MARK: - Dump

    public override func dumpFields() -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("title", .string(alertTitle)), ("message", .string(message)), ("kind", .string(content.kind.rawValue))]
        if let result = content.result { fields += [("stars", .int(result.stars)), ("score", .int(result.score))] }
        if let reason = content.result?.reason { fields.append(("reason", .string(reason))) }
        if let sticker = content.result?.sticker { fields.append(("sticker", .int(sticker))) }
        return fields
    }

    public override func dumpItems() -> [JSON] {
        var items = buttons.enumerated().map { i, b in
            let next = b.kind == .yes && isEndScreen ? content.result?.next : nil
            return dumpItem("alert-\(b.kind.rawValue)", kind: "button", frame: buttonFrame(i),
                            [("label", .string(context.text(b.label))), ("title", .string(alertTitle)), ("message", .string(message)), ("enabled", true)]
                            + PictureButton.dumpFields(icon: b.icon, key: b.label.key)
                            + (next.map { [("level", .string($0.rawValue)), ("badge", .string($0.imageName))] } ?? []))
        }
        if let mascot = content.mascot, let frame = mascotFrame {
            items.append(dumpItem("alert-mascot", kind: "picture", frame: frame, [("icon", .string(mascot))]))
        }
        if let picture = content.picture {
            items.append(dumpItem("alert-picture", kind: "picture", frame: Self.pictureFrame, [("icon", .string(picture))]))
        }
        if let sticker = content.result?.sticker {
            items.append(dumpItem("alert-sticker", kind: "sticker", frame: stickerPlace ?? Self.bookFrame,
                                  [("icon", .string(Self.stickerImage(sticker))), ("inBook", .bool(stickerInBook))]))
            items.append(dumpItem("alert-book", kind: "picture", frame: Self.bookFrame, [("icon", "sticker-book")]))
        }
        if let reason = content.result?.reason, let result = content.result {
            items.append(dumpItem("alert-reason", kind: "picture", frame: lossShowsScore ? Self.reasonWithScoreFrame : Self.reasonFrame,
                                  [("icon", .string(reason))]))
            if lossShowsScore {
                items.append(dumpItem("alert-score", kind: "score", frame: Rect(Self.starsCentre.x - 150, Self.scoreCentreY - 32, 300, 64),
                                      [("score", .int(result.score)), ("icon", "score-star"), ("medal", .null)]))
            }
        } else if let result = content.result {
            let first = Self.starFrame(0), middle = Self.starFrame(1), last = Self.starFrame(2)
            let stars = Rect(first.minX, middle.minY, last.maxX - first.minX, max(first.maxY, middle.maxY) - middle.minY)
            items.append(dumpItem("alert-stars", kind: "stars", frame: stars,
                                  [("stars", .int(result.stars)), ("of", 3),
                                   ("icons", .strings((0..<3).map { $0 < result.stars ? "star-big" : "star-empty" }))]))
            items.append(dumpItem("alert-score", kind: "score", frame: Rect(Self.starsCentre.x - 150, Self.scoreCentreY - 32, 300, 64),
                                  [("score", .int(result.score)), ("icon", "score-star"),
                                   ("medal", .optional(result.rank.flatMap { $0 <= 3 ? "medal-\($0)" : nil }))]))
        }
        return items
    }
}
