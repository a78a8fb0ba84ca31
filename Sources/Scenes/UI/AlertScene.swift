import GameCore

/// A button of an alert.
public struct AlertButton: Equatable, Sendable {
    public enum Kind: String, Sendable { case yes, no, ok }
    public var kind: Kind
    public var label: Message
    public init(_ kind: Kind, _ label: Message) { self.kind = kind; self.label = label }
    public static let yes = AlertButton(.yes, Messages.yes)
    public static let no = AlertButton(.no, Messages.no)
    public static let ok = AlertButton(.ok, Messages.ok)
    public static func standard(_ kind: Kind) -> AlertButton {
        switch kind {
        case .yes: return .yes
        case .no: return .no
        case .ok: return .ok
        }
    }
}

/// What an alert says, as data: the route to an alert carries it, and the answer goes back
/// to the scene beneath as `SceneResult.answered(kind, button)`.
public struct AlertContent: Equatable, Sendable {
    /// What the alert is about: the log's `alert.kind`, and who acts on the answer.
    public enum Kind: String, Sendable { case won, lost, quit, reset, delete, reportSaved, reportFailed }
    /// One line of the message: a catalog entry and its values.
    public struct Line: Equatable, Sendable {
        public let message: Message
        public let values: [String: String]
        public init(_ message: Message, _ values: [String: String] = [:]) { self.message = message; self.values = values }
    }
    public var kind: Kind
    public var title: Message
    public var lines: [Line]
    public var buttons: [AlertButton.Kind]
    /// Confetti over the panel (a win).
    public var celebrate: Bool

    public init(kind: Kind, title: Message, lines: [Line], buttons: [AlertButton.Kind], celebrate: Bool = false) {
        self.kind = kind
        self.title = title
        self.lines = lines
        self.buttons = buttons
        self.celebrate = celebrate
    }

    /// The title's colour: green for a win, red for a loss or an erase.
    var titleColor: Color {
        switch kind {
        case .won: return Theme.yes
        case .lost, .reset, .delete, .reportFailed: return Theme.no
        case .reportSaved: return Theme.yes
        case .quit: return Theme.ink
        }
    }
}

/// A modal question over the dimmed scene: title, message, and big buttons.
/// It scales in with the pop-up sound; `celebrate` rains confetti over it.
@MainActor
public final class AlertScene: BaseScene {
    public static let panelFrame = Rect(192, 194, 640, 380)
    public let content: AlertContent
    public let alertTitle: String
    public let message: String
    public let buttons: [AlertButton]
    private var appear = 0.0
    private var press = PressTracker<AlertButton.Kind>()
    private var focus: Int? = nil
    private var confetti: Confetti?

    public init(context: GameContext, content: AlertContent) {
        self.content = content
        alertTitle = context.text(content.title)
        message = content.lines.map { context.text($0.message, $0.values) }.joined(separator: "\n")
        buttons = content.buttons.map(AlertButton.standard)
        super.init(context: context, name: "alert")
    }

    public override var isOverlay: Bool { true }
    public override var needsFrames: Bool { super.needsFrames || confetti != nil }

    public override func enter() {
        context.play(.popup)
        context.log.emit("alert", [("title", .string(alertTitle)), ("message", .string(message)),
                                   ("buttons", .strings(buttons.map { $0.kind.rawValue })), ("kind", .string(content.kind.rawValue)),
                                   ("key", .string(content.title.key)), ("messageKey", .optional(content.lines.first?.message.key))])
        timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
        if content.celebrate { confetti = Confetti(seed: UInt64(alertTitle.count * 7919 + message.count)) }
    }

    public func buttonFrame(_ index: Int) -> Rect {
        let width = 200.0, height = 88.0, gap = 48.0
        let total = Double(buttons.count) * width + Double(buttons.count - 1) * gap
        let p = Self.panelFrame
        return Rect(p.midX - total / 2 + Double(index) * (width + gap), p.maxY - height - 32, width, height)
    }

    private func hit(_ p: Point) -> AlertButton.Kind? {
        buttons.indices.first(where: { buttonFrame($0).contains(p) }).map { buttons[$0].kind }
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        confetti?.update(dt: dt)
        if confetti?.isFinished == true { confetti = nil }
        return []
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
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
        context.play(.click)
        context.log.emit("answer", [("button", .string(kind.rawValue))])
        return [.pop(.answered(content.kind, kind))]
    }

    public override func drawContent(on canvas: any Canvas) {
        let scale = 0.6 + 0.4 * appear
        let panel = Self.panelFrame.scaled(scale)
        Decor.card(canvas, panel.insetBy(-6, -6), radius: 38, fill: Theme.panelBorder, shadow: 10)
        Decor.card(canvas, panel, radius: 32, fill: Theme.panel, shadow: 0)
        let alpha = max(0, min(1, (appear - 0.4) / 0.6))
        guard alpha > 0 else { return }
        canvas.text(alertTitle, Theme.bigText, at: Point(panel.midX, panel.y + 62), color: content.titleColor, alpha: alpha)
        let lines = message.split(separator: "\n").map(String.init)
        for (i, line) in lines.enumerated() {
            canvas.text(line, Theme.bodyText, at: Point(panel.midX, panel.y + 128 + Double(i) * 38), color: Theme.ink, alpha: alpha)
        }
        for (i, button) in buttons.enumerated() {
            let color: Color = button.kind == .no ? Theme.no : Theme.yes
            Decor.button(canvas, buttonFrame(i), label: context.text(button.label), color: color,
                         pressed: press.pressed == button.kind, focused: focus == i)
        }
        confetti?.draw(on: canvas)
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("title", .string(alertTitle)), ("message", .string(message))]
    }

    public override func dumpItems() -> [JSON] {
        buttons.enumerated().map { i, b in
            dumpItem("alert-\(b.kind.rawValue)", kind: "button", frame: buttonFrame(i),
                     [("label", .string(context.text(b.label))), ("title", .string(alertTitle)), ("message", .string(message)), ("enabled", true)])
        }
    }
}
