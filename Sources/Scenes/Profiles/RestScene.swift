import GameCore
import Stage
import TextCatalogs

/// "Time to rest": a calm screen when the session limit is reached (the runtime's `Session`
/// counts the time played, gives the spoken warning two minutes before and shows this), over whatever was
/// showing (a game waits beneath, paused). A child cannot leave it: holding the logo or the
/// "Grown-ups: hold 3 s" sign (as on Home) for three seconds opens the adult gate, whose right answer ends the rest and starts a new
/// session. Taps elsewhere get a soft answer.
@MainActor
public final class RestScene: BaseScene {
    /// The timeline's time when the logo or the sign was pressed, while it is held (as on Home).
    private var holdStart: Double?
    private var heldFrame = TopBar.logoFrame
    private var logoHold: Double? { holdStart.map { timeline.time - $0 } }
    /// The sleeping sun: the rest screen's picture.
    public static let mascot = "mascot-asleep"

    public init(context: GameContext) {
        super.init(context: context, name: "rest")
    }

    public override var needsFrames: Bool { super.needsFrames || logoHold != nil }
    public override var gateHoldFrames: [Rect] { [TopBar.logoFrame, HomeScene.grownUpsFrame()] }

    public override func onEnter() {
        emit(.speak(Messages.sessionRest))
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        guard let held = logoHold else { return [] }
        if held >= HomeScene.gateHoldSeconds - 1e-9 {
            holdStart = nil
            return [.show(.gate)]
        }
        return []
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p):
            if let held = gateHoldFrames.first(where: { $0.contains(p) }) { holdStart = timeline.time; heldFrame = held } else {
                softAnswer()
            }
        case .pointerMoved(let p): if !heldFrame.contains(p) { holdStart = nil }
        case .pointerUp(let p):
            // A quick tap on the sign gets the soft answer of a tap elsewhere.
            if let held = logoHold, held <= HomeScene.quickTapSeconds, heldFrame == HomeScene.grownUpsFrame(), heldFrame.contains(p) {
                softAnswer()
            }
            holdStart = nil
        default: break
        }
        return []
    }

    private func softAnswer() {
        emit([.sound(.boing), .log("hint", [("kind", "resting"), ("target", .null)])])
    }

    /// Escape and Back do nothing here: only the gate ends the rest.
    public override func onEscape() -> [SceneCommand] {
        emit(.log("ignored", [("what", "escape"), ("why", "rest")]))
        return []
    }

    /// The gate's right answer: the rest ends and a new session starts.
    public override func onResume(with result: SceneResult?) -> [SceneCommand] {
        guard case .answered(.rest, _)? = result else { return [] }
        emit([.restEnded, .log("session", [("action", "resumed")])])
        return [.pop]
    }

    public override func drawContent(on canvas: any Canvas) {
        // The night sky over the whole screen; the stars, the moon and the mascot placed for
        // its shape (the same frames at 4:3).
        canvas.fill(canvas.visibleRect, Color(44, 52, 96))
        let w = Canvas1024.width, h = Canvas1024.height, mid = w / 2, dy = h - 768
        for i in 0..<24 {
            let x = (Double((i * 173) % 1000) + 12) * (w - 24) / 1000, y = Double((i * 97) % 300) + 90 + dy / 3
            canvas.fillCircle(center: Point(x, y), radius: Double(2 + i % 3), Color(255, 246, 200, 200))
        }
        canvas.fillCircle(center: Point(mid + 248, 220 + dy / 3), radius: 90, Color(255, 240, 170))
        canvas.fillCircle(center: Point(mid + 288, 190 + dy / 3), radius: 80, Color(44, 52, 96))
        // The sun asleep: time to rest (the wide-awake grin is a win's).
        canvas.image(Self.mascot, in: Rect(mid - 120, 300 + dy / 2, 240, 240))
        let title = context.text(Messages.restTitle)
        canvas.text(title, canvas.fitting(title, Theme.bigText, width: min(900, w - 48)), at: Point(mid, 600 + dy / 2), color: .white)
        let line = context.text(Messages.restMessage)
        canvas.text(line, canvas.fitting(line, Theme.bodyText, width: min(900, w - 48)), at: Point(mid, 660 + dy / 2), color: Color(230, 232, 250))
    }

    public override func drawOverBar(on canvas: any Canvas) {
        HomeScene.drawGrownUpsSign(canvas, context)
        if let held = logoHold { HomeScene.drawHoldProgress(canvas, held: held, under: heldFrame) }
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("minutes", .int(context.classroom.sessionMinutes ?? 0))]
    }

    public override func dumpItems() -> [JSON] {
        [dumpItem("logo", kind: "logo", frame: TopBar.logoFrame, [("holdSeconds", .double(HomeScene.gateHoldSeconds))]),
         HomeScene.grownUpsItem,
         dumpItem("rest-mascot", kind: "picture", frame: Rect(392, 300, 240, 240), [("icon", .string(Self.mascot))])]
    }
}
