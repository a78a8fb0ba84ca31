import GameCore
import CMath
import Stage
import TextCatalogs

/// Changes the language the game shows and speaks, for grown-ups (opened from behind the
/// adult gate). Each language is a big tile with its name in its own language and script,
/// never a flag; a tap switches at once and says the name in that language's voice, so a
/// grown-up who cannot read the script hears it. The chosen tile has a check mark and a
/// thick frame (not colour alone). ✕ or Escape closes.
@MainActor
public final class LanguageScene: BaseScene {
    public static let panelFrame = Rect(112, 104, 800, 530)
    public static let closeFrame = Rect(panelFrame.maxX - 96, panelFrame.y + 12, 84, 84)
    private var appear = 0.0
    private var press = PressTracker<String>()
    /// A shake of a tile that cannot be chosen, until the timeline's `until` (its last frame,
    /// at rest, included).
    private var wiggling: (code: String, until: Double)?
    /// The shaking tile and the seconds its shake has left.
    private var wiggle: (code: String, left: Double)? { wiggling.map { ($0.code, $0.until - timeline.time) } }

    public init(context: GameContext) {
        super.init(context: context, name: "language")
    }

    public override var isOverlay: Bool { true }
    /// Its panel keeps its full size on a portrait screen (`Placement.current(showing:)`).
    public override var designContent: Rect { Self.panelWithMargin }
    public static let panelWithMargin = panelFrame.insetBy(-12, -12)

    public override func onEnter() {
        emit(.sound(.popup))
        emit(.log("language", [("action", "open"), ("language", .string(current))]))
        timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
    }

    private var current: String { context.languageSetting?.current ?? context.catalog.language }

    public static func tileFrame(_ index: Int) -> Rect {
        let w = 232.0, h = 150.0, gap = 24.0
        let x0 = panelFrame.midX - (3 * w + 2 * gap) / 2
        return Rect(x0 + Double(index % 3) * (w + gap), panelFrame.y + 150 + Double(index / 3) * (h + gap), w, h)
    }

    private func hit(_ p: Point) -> String? {
        if Self.closeFrame.contains(p) { return "close" }
        return LanguageNames.choices.indices.first { Self.tileFrame($0).contains(p) }.map { LanguageNames.choices[$0].code }
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let target = press.up(hit(p)) { return activate(target) }
        default: break
        }
        return []
    }

    public override func onEscape() -> [SceneCommand] { activate("close") }

    private func activate(_ target: String) -> [SceneCommand] {
        emit(.sound(.click))
        guard target != "close" else { return [.pop] }
        guard let choice = context.languageSetting else { return [] }
        if choice.canChoose && target != choice.current {
            emit(.pickLanguage(target))
            emit(.log("language", [("action", "chosen"), ("language", .string(target))]))
        } else if !choice.canChoose && target != choice.current {
            // Fixed for this run: the tile shakes, the name is still said.
            wiggling = (target, timeline.time + 0.4)
            emit(.log("hint", [("kind", "locked"), ("target", .string("language-" + target))]))
        }
        // The name in the (new) language's own voice: said after the choice, which the runtime
        // carries out first (a fixed language's other tiles only shake).
        if target == choice.current || choice.canChoose {
            emit(.speak(LanguageNames.spoken))
        }
        return []
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        if let w = wiggling, timeline.time > w.until + 1e-9 { wiggling = nil }
        return []
    }

    public override var needsFrames: Bool { appear < 1 || wiggling != nil || super.needsFrames }

    public override func drawContent(on canvas: any Canvas) {
        let panel = Self.panelFrame.scaled(0.6 + 0.4 * appear)
        Decor.card(canvas, panel.insetBy(-6, -6), radius: 38, fill: Theme.panelBorder, shadow: 10)
        Decor.card(canvas, panel, radius: 32, fill: Theme.panel, shadow: 0)
        guard appear > 0.5 else { return }
        let title = context.text(LanguageNames.title)
        canvas.text(title, canvas.fitting(title, Theme.bigText, width: 520), at: Point(Self.panelFrame.midX, Self.panelFrame.y + 70), color: Theme.ink)
        let close = press.pressed == "close" ? Self.closeFrame.scaled(0.92) : Self.closeFrame
        canvas.image("close", in: close.insetBy(6, 6))
        for (i, choice) in LanguageNames.choices.enumerated() {
            var r = Self.tileFrame(i)
            if press.pressed == choice.code { r = r.scaled(0.95) }
            if let w = wiggle, w.code == choice.code {
                // Reduced motion: one outline pulse instead of a shake.
                if context.settings.reducedMotion {
                    canvas.strokeRounded(r.insetBy(-6, -6), radius: 30, width: 5, Color(20, 24, 60).withAlpha(sin(w.left / 0.4 * .pi)))
                } else {
                    r.x += 8 * sin(w.left * 40)
                }
            }
            let chosen = choice.code == current
            let locked = isLocked(choice.code)
            if locked {
                // Drawn first, its name and speaker on it below; the badge and caption last.
                LockedLook.body(canvas, control: r, radius: 24)
            } else {
                Decor.card(canvas, r, radius: 24, fill: Theme.tile, shadow: 6)
            }
            if chosen {
                canvas.strokeRounded(r.insetBy(-4, -4), radius: 28, width: 8, Theme.focus)
                canvas.image("check", in: Rect(r.maxX - 34, r.y - 18, 52, 52))
            }
            let name = context.text(choice.name)
            // A long name ("Português (Brasil)") goes on two lines, its parenthesis under it,
            // rather than shrinking.
            if canvas.measure(name, Theme.headingText).width > r.width - 24, let open = name.firstIndex(of: "("), open > name.startIndex {
                let lines = [String(name[..<open]).trimmingSuffix(), String(name[open...])]
                for (i, line) in lines.enumerated() {
                    canvas.text(line, canvas.fitting(line, Theme.headingText, width: r.width - 24), at: Point(r.midX, r.midY - 30 + Double(i) * 32),
                                color: Theme.ink)
                }
            } else {
                canvas.text(name, canvas.fitting(name, Theme.headingText, width: r.width - 24), at: Point(r.midX, r.midY - 12), color: Theme.ink)
            }
            canvas.image("speaker-on", in: Rect(r.midX - 18, r.maxY - 50, 36, 36))
            if locked { LockedLook.marks(canvas, control: r, caption: context.text(Messages.cornerLocked)) }
        }
    }

    /// A tile that cannot be chosen in this run (`--language`, or a locked `language`): it
    /// takes the one look of a locked control. The current language's tile is not locked.
    private func isLocked(_ code: String) -> Bool {
        guard let choice = context.languageSetting else { return false }
        return !choice.canChoose && code != choice.current
    }

    public override func dumpItems() -> [JSON] {
        LanguageNames.choices.enumerated().map { i, choice in
            dumpItem("language-" + choice.code, kind: "button", frame: Self.tileFrame(i),
                     [("selected", .bool(choice.code == current)), ("icon", "speaker-on"), ("key", .string(choice.name.key)),
                      ("enabled", .bool(context.languageSetting?.canChoose ?? false || choice.code == current)),
                      ("locked", .bool(isLocked(choice.code)))] + (isLocked(choice.code) ? [("badge", "lock")] : []))
        } + [dumpItem("close", kind: "button", frame: Self.closeFrame, [("icon", "close"), ("enabled", true)])]
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("language", .string(current))]
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
