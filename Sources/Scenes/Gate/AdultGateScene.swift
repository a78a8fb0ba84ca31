import GameCore
import Stage
import TextCatalogs

/// The adult gate: reached by holding the logo on Home for three seconds. A question a young
/// child cannot answer by counting (27 + 35, 6 × 7), or the PIN a grown-up set, is answered
/// on a number pad (GateRules): a wrong answer brings another question, the third starts a
/// wait (30 s, then 2 min, then 10 min), which runs while the gate shows (the runtime's
/// `Session` keeps the tries and steps the wait). A right answer offers Quit and Reset high scores;
/// Reset asks a fresh question before it erases anything. In kiosk mode it is the only way out.
@MainActor
public final class AdultGateScene: BaseScene {
    /// The number pad reads 1 2 3 from the left in every language, like every keypad.
    public override var mirrorsRightToLeft: Bool { false }
    /// `confirm`: "Reset high scores?" asks a fresh question on the key pad (a second
    /// confirmation that repeating the taps that opened the gate cannot give).
    public enum Stage: String { case question, unlocked, confirm }
    public enum Target: Hashable, Sendable {
        case digit(Int), erase, ok, cancel, quit, reset, language, corner
        var id: String {
            switch self {
            case .digit(let d): return "gate-key-\(d)"
            case .erase: return "gate-erase"
            case .ok: return "gate-ok"
            case .cancel: return "gate-cancel"
            case .quit: return "gate-quit"
            case .reset: return "gate-reset"
            case .language: return "gate-language"
            case .corner: return "gate-corner"
            }
        }
        /// The picture the key shows: a numeral for the digits (drawn as text), pictures
        /// beside the words of the others.
        var icon: String {
            switch self {
            case .digit(let d): return "digit-\(d)"
            case .erase: return "back"
            case .ok: return "check"
            case .cancel: return "close"
            case .quit: return "door"
            case .reset: return "trophy"
            case .language: return "speaker-on"
            case .corner: return "gear"
            }
        }
        /// The message key of the key's words (digits have none).
        var key: String? {
            switch self {
            case .digit: return nil
            case .erase: return Messages.gateErase.key
            case .ok: return Messages.ok.key
            case .cancel: return Messages.cancel.key
            case .quit: return Messages.gateQuit.key
            case .reset: return Messages.gateReset.key
            case .language: return LanguageNames.choose.key
            case .corner: return Messages.gateCorner.key
            }
        }
    }

    public static let panel = Rect(212, 80, 600, 664)
    public static let cancelFrame = Rect(panel.maxX - 170, panel.y + 16, 150, 68)
    static let keySize = Size(100, 76)
    static let keyGap = 12.0
    static let questionStyle = TextStyle(size: 64, bold: true)

    public private(set) var stage = Stage.question
    public private(set) var typed = ""
    /// What the last answer brought (shown under the answer box; the session's, forgotten
    /// when the gate opens again or its wait ends).
    public var lastOutcome: GateRules.Outcome? { context.gateOutcome }
    private var press = PressTracker<Target>()
    private var appear = 0.0

    /// What a right answer hands back to the scene beneath instead of the grown-ups' menu
    /// (nil: the menu).
    public var unlocks: SceneResult?

    public init(context: GameContext) {
        super.init(context: context, name: "gate")
    }

    /// The tries, wait and question: the runtime's session keeps them while the gate is
    /// closed (made when it opens: `Effect.gateOpened`).
    public var rules: GateRules {
        guard let rules = context.gateRules else { preconditionFailure("the gate's rules are made when it opens (enter)") }
        return rules
    }
    /// The question's two numbers (0 for a PIN).
    public var a: Int {
        switch rules.question { case .sum(let a, _), .product(let a, _): return a; case .pin: return 0 }
    }
    public var b: Int {
        switch rules.question { case .sum(_, let b), .product(_, let b): return b; case .pin: return 0 }
    }

    public override var isOverlay: Bool { true }
    /// Its panel keeps its full size on a portrait screen (`Placement.current(showing:)`).
    public override var designContent: Rect { Self.panelWithMargin }
    public static let panelWithMargin = panel.insetBy(-12, -12)
    public override var needsFrames: Bool { super.needsFrames || context.gateRules?.isWaiting == true }

    /// The session makes or keeps the gate's rules as it opens; the gate shows them when it
    /// has answered (`onAnswer`).
    public override func onEnter() {
        emit(.gateOpened)
    }

    /// The session's gate changed: opened (its question is shown and logged), answered (the
    /// outcome is logged and acted on), or asked again for the reset's confirmation.
    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        switch effect {
        case .gateOpened:
            emit(.sound(.popup))
            emit(.log("gate", [("action", "open"), ("question", .string(rules.question.text)),
                               ("triesLeft", .int(rules.triesLeft)), ("wait", .int(rules.waitSeconds))]))
            timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
        case .gateAnswered:
            return answered()
        case .gateAsksAgain where stage == .confirm:
            // A fresh question (never the one that opened the gate): only an adult reaches Yes.
            confirmQuestion = rules.pin == nil ? rules.question : GateRules.makeQuestion(avoiding: rules.wrongAnswers, using: &context.random.generator)
            emit(.log("gate", [("action", "confirm"), ("question", .string(confirmQuestion.text))]))
        default:
            break
        }
        return []
    }

    /// What the answer typed brought (`lastOutcome`, the session's).
    private func answered() -> [SceneCommand] {
        switch lastOutcome {
        case .right:
            emit(.log("gate", [("action", "right")]))
            // Over the rest screen, the right answer ends the rest.
            if context.restShowing { return [.pop(.answered(.rest, .ok))] }
            // Opened for one thing (the picker's "+"): the right answer is that thing.
            if let unlocks { return [.pop(unlocks)] }
            stage = .unlocked
        case .wrong(let left):
            emit(.log("gate", [("action", "wrong"), ("triesLeft", .int(left)), ("question", .string(rules.question.text))]))
        case .waiting(let seconds):
            emit(.log("gate", [("action", "wrong"), ("triesLeft", .int(0)), ("wait", .int(Int(seconds)))]))
        case .ignored, nil:
            break
        }
        return []
    }

    // MARK: - Layout

    public static func keyFrame(_ target: Target) -> Rect? {
        let cell: (Int, Int)
        switch target {
        case .digit(0): cell = (3, 1)
        case .digit(let d): cell = ((d - 1) / 3, (d - 1) % 3)
        case .erase: cell = (3, 0)
        case .ok: cell = (3, 2)
        default: return nil
        }
        let width = 3 * keySize.width + 2 * keyGap
        let x0 = panel.midX - width / 2, y0 = panel.y + 268
        return Rect(x0 + Double(cell.1) * (keySize.width + keyGap), y0 + Double(cell.0) * (keySize.height + keyGap),
                    keySize.width, keySize.height)
    }

    public static func choiceFrame(_ target: Target) -> Rect? {
        switch target {
        case .quit: return Rect(panel.midX - 220, panel.y + 180, 440, 96)
        case .reset: return Rect(panel.midX - 220, panel.y + 310, 440, 96)
        case .language: return Rect(panel.midX - 220, panel.y + 440, 440, 96)
        case .corner: return Rect(panel.midX - 220, panel.y + 560, 440, 80)
        default: return nil
        }
    }

    /// The key pad shows (asking the question, or the reset's confirmation).
    var showsPad: Bool { stage != .unlocked }

    private var targets: [Target] {
        showsPad ? (0...9).map { Target.digit($0) } + [.erase, .ok, .cancel] : [.quit, .reset, .language, .corner, .cancel]
    }

    public func frame(of target: Target) -> Rect? {
        if target == .cancel { return Self.cancelFrame }
        return showsPad ? Self.keyFrame(target) : Self.choiceFrame(target)
    }

    private func hit(_ p: Point) -> Target? { targets.first { frame(of: $0)?.contains(p) == true } }

    // MARK: - Input

    /// The answer box has the focus while the key pad shows: typed digits are its own.
    public override var ownsTextKeys: Bool { showsPad }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p): if let t = press.up(hit(p)) { return activate(t) }
        case .key(.return, _) where showsPad:
            // Return on a keyboard is the pad's OK, BackSpace its erase key.
            return activate(.ok)
        case .key(.backspace, _) where showsPad:
            return activate(.erase)
        case .text(let text) where showsPad:
            // Digits typed on a keyboard (the row or the keypad) are the pad's keys.
            var out: [SceneCommand] = []
            for ch in text { if let d = ch.wholeNumberValue, ch.isASCII { out += activate(.digit(d)) } }
            return out
        default: break
        }
        return []
    }

    public override func onEscape() -> [SceneCommand] { activate(.cancel) }

    private func activate(_ target: Target) -> [SceneCommand] {
        if rules.isWaiting, stage == .question, target != .cancel {
            // Every tap gets an answer: during the wait, a soft "not now".
            emit(.sound(.oops))
            emit(.log("gate", [("action", "waiting"), ("wait", .int(rules.waitSeconds))]))
            return []
        }
        emit(.sound(.click))
        switch target {
        case .digit(let d):
            let limit = rules.pin == nil || stage == .confirm ? GateRules.questionDigits : GateRules.maximumDigits
            if typed.count < limit { typed += String(d) }
        case .erase:
            typed = String(typed.dropLast())
        case .ok where stage == .confirm:
            // The reset's second confirmation: right resets; anything else goes back.
            let right = typed == confirmAnswer
            typed = ""
            // (Not in the confirmation any more: the session's new question is not shown.)
            stage = .unlocked
            emit(.gateAsksAgain)
            if right {
                emit(.resetScores)
                emit(.log("gate", [("action", "reset")]))
                return [.pop]
            }
            emit(.log("gate", [("action", "reset-wrong")]))
        case .ok:
            // The session judges it; what it brought comes back in `onAnswer`.
            emit(.gateAnswered(typed))
            typed = ""
        case .cancel:
            emit(.log("gate", [("action", "cancel")]))
            return [.pop]
        case .quit:
            emit(.log("gate", [("action", "quit")]))
            return [.quit]
        case .language:
            return [.show(.languages)]
        case .corner:
            emit(.log("gate", [("action", "corner")]))
            return [.pop, .show(.corner)]
        case .reset:
            // The session asks anew; the confirmation's question is made in `onAnswer`.
            typed = ""
            stage = .confirm
            emit(.gateAsksAgain)
        }
        return []
    }

    /// The reset's question (with a PIN too: the PIN opened the gate, a sum confirms).
    public private(set) var confirmQuestion = GateRules.Question.pin
    var confirmAnswer: String {
        switch confirmQuestion {
        case .sum(let a, let b): return String(a + b)
        case .product(let a, let b): return String(a * b)
        case .pin: return rules.pin ?? ""
        }
    }


    // MARK: - Drawing

    public override func drawContent(on canvas: any Canvas) {
        let panel = Self.panel.scaled(0.6 + 0.4 * appear)
        Decor.card(canvas, panel.insetBy(-6, -6), radius: 38, fill: Theme.neutral, shadow: 10)
        Decor.card(canvas, panel, radius: 32, fill: Theme.panel, shadow: 0)
        guard appear > 0.5 else { return }
        canvas.text(context.text(Messages.gateTitle), Theme.headingText, at: Point(Self.panel.x + 40, Self.panel.y + 50), align: .left, color: Theme.inkSoft)
        Decor.button(canvas, Self.cancelFrame, label: context.text(Messages.cancel), color: Theme.neutral, icon: Target.cancel.icon,
                     pressed: press.pressed == .cancel)
        if showsPad {
            let question: String
            let shown = stage == .confirm ? confirmQuestion : rules.question
            if stage == .confirm {
                canvas.text(context.text(Messages.resetTitle), Theme.bodyText, at: Point(Self.panel.midX, Self.panel.y + 84), color: Theme.ink)
            }
            switch shown {
            case .sum(let a, let b): question = context.text(Messages.gateQuestion, ["a": String(a), "b": String(b)])
            case .product(let a, let b): question = context.text(Messages.gateTimes, ["a": String(a), "b": String(b)])
            case .pin: question = context.text(Messages.gatePIN)
            }
            canvas.text(question, shown != .pin ? Self.questionStyle : Theme.headingText, at: Point(Self.panel.midX, Self.panel.y + 128), color: Theme.ink)
            let box = Rect(Self.panel.midX - 120, Self.panel.y + 168, 240, 60)
            canvas.fillRounded(box, radius: 16, .white)
            canvas.strokeRounded(box, radius: 16, width: 3, Theme.focus)
            if shown != .pin {
                canvas.text(typed.isEmpty ? " " : typed, Theme.bigText, at: box.center, color: Theme.ink)
            } else {
                // A PIN shows as dots, never as digits.
                let count = Double(typed.count)
                for i in 0..<typed.count {
                    canvas.fillCircle(center: Point(box.midX + (Double(i) - (count - 1) / 2) * 26, box.midY), radius: 8, Theme.ink)
                }
            }
            if rules.isWaiting && stage == .question {
                canvas.text(context.text(Messages.gateWait, ["seconds": String(rules.waitSeconds)]), Theme.labelText,
                            at: Point(Self.panel.midX, Self.panel.y + 250), color: Theme.ink)
            } else if case .wrong(let left)? = lastOutcome {
                canvas.text(context.text(Messages.gateWrong, ["n": String(left)]), Theme.labelText,
                            at: Point(Self.panel.midX, Self.panel.y + 250), color: Theme.ink)
            }
            for target in targets where target != .cancel {
                guard let f = Self.keyFrame(target) else { continue }
                let label: String
                switch target {
                case .digit(let d): label = String(d)
                case .erase: label = context.text(Messages.gateErase)
                case .ok: label = context.text(Messages.ok)
                default: label = ""
                }
                let color = target == .ok ? Theme.yes : (target == .erase ? Theme.no : Theme.focus)
                Decor.button(canvas, f, label: label, color: rules.isWaiting && stage == .question ? Theme.neutral : color, icon: target == .ok || target == .erase ? target.icon : nil,
                             pressed: press.pressed == target)
            }
        } else {
            canvas.text(context.text(Messages.gateChoose), Theme.bodyText, at: Point(Self.panel.midX, Self.panel.y + 130), color: Theme.ink)
            Decor.button(canvas, Self.choiceFrame(.quit)!, label: context.text(Messages.gateQuit), color: Theme.no, icon: Target.quit.icon,
                         pressed: press.pressed == .quit)
            Decor.button(canvas, Self.choiceFrame(.reset)!, label: context.text(Messages.gateReset), color: Theme.neutral, icon: Target.reset.icon,
                         pressed: press.pressed == .reset)
            Decor.button(canvas, Self.choiceFrame(.language)!, label: context.text(LanguageNames.choose), color: Theme.focus,
                         icon: Target.language.icon, pressed: press.pressed == .language)
            Decor.button(canvas, Self.choiceFrame(.corner)!, label: context.text(Messages.gateCorner), color: Theme.yes, icon: Target.corner.icon,
                         pressed: press.pressed == .corner)
        }
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("stage", .string(stage.rawValue)), ("question", .string(stage == .confirm ? confirmQuestion.text : rules.question.text)),
         ("typed", .string(rules.pin == nil || stage == .confirm ? typed : String(repeating: "*", count: typed.count))),
         ("triesLeft", .int(rules.triesLeft)), ("wait", .int(rules.waitSeconds))]
    }

    public override func dumpItems() -> [JSON] {
        targets.compactMap { t in
            frame(of: t).map { dumpItem(t.id, kind: "button", frame: $0, [("enabled", .bool(t == .cancel || stage != .question || !rules.isWaiting))]
                                        + PictureButton.dumpFields(icon: t.icon, key: t.key)) }
        }
    }
}
