import GameCore

/// The modal "High Scores" panel: five rows of rank, game, level and score, dashes for
/// missing rows, the score recorded last highlighted, and a Close button.
@MainActor
public final class HighScoresPopup: BaseScene {
    public static let panelFrame = Rect(162, 104, 700, 560)
    public static let closeFrame = Rect(412, 664 - 96, 200, 76)
    static let columns: [(title: Message, x: Double, align: TextAlign)] = [
        (Messages.columnRank, 232, .center), (Messages.columnGame, 290, .left), (Messages.columnLevel, 520, .left),
        (Messages.columnScore, 790, .right),
    ]
    static let headerY = 240.0
    static let rowHeight = 56.0
    private var appear = 0.0
    private var press = PressTracker<Int>()

    public init(context: GameContext) {
        super.init(context: context, name: "highscores")
    }

    public override var isOverlay: Bool { true }

    public override func enter() {
        context.play(.popup)
        context.log.emit("highscores", [("entries", rowsJSON)])
        timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
    }

    static func rowFrame(_ index: Int) -> Rect {
        Rect(panelFrame.x + 40, headerY + 30 + Double(index) * rowHeight, panelFrame.width - 80, rowHeight - 6)
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(Self.closeFrame.contains(p) ? 1 : nil)
        case .pointerUp(let p):
            if press.up(Self.closeFrame.contains(p) ? 1 : nil) != nil { return close() }
        case .key(.return, _), .key(.space, _): return close()
        default: break
        }
        return []
    }

    public override func onEscape() -> [SceneCommand] { close() }

    private func close() -> [SceneCommand] {
        context.play(.click)
        return [.pop]
    }

    public override func drawContent(on canvas: any Canvas) {
        let panel = Self.panelFrame.scaled(0.6 + 0.4 * appear)
        Decor.card(canvas, panel.insetBy(-6, -6), radius: 38, fill: Theme.panelBorder, shadow: 10)
        Decor.card(canvas, panel, radius: 32, fill: Theme.panel, shadow: 0)
        guard appear > 0.5 else { return }
        canvas.image("trophy", in: Rect(panel.midX - 190, panel.y + 20, 64, 64))
        canvas.text(context.text(Messages.highScoresTitle), Theme.bigText, at: Point(panel.midX + 30, panel.y + 54), color: Theme.ink)
        for column in Self.columns {
            canvas.text(context.text(column.title), Theme.labelText, at: Point(column.x, Self.headerY), align: column.align, color: Theme.inkSoft)
        }
        canvas.fill(Rect(Self.panelFrame.x + 40, Self.headerY + 22, Self.panelFrame.width - 80, 3), Theme.panelBorder)
        let entries = context.scores.table.entries
        for index in 0..<HighScoreTable.capacity {
            let row = Self.rowFrame(index)
            let entry = index < entries.count ? entries[index] : nil
            if let entry, entry.id == context.scores.lastRecordedID {
                canvas.fillRounded(row, radius: 14, Theme.highlightRow)
                canvas.image("star", in: Rect(row.maxX - 4, row.midY - 18, 36, 36))
            } else if index % 2 == 0 {
                canvas.fillRounded(row, radius: 14, Color(250, 240, 220))
            }
            let empty = context.text(Messages.emptyCell)
            let values = [String(index + 1), entry.map { context.title(of: $0.game) } ?? empty,
                          entry.map { context.text(Messages.level($0.level)) } ?? empty, entry.map { String($0.score) } ?? empty]
            for (column, value) in zip(Self.columns, values) {
                canvas.text(value, Theme.labelText, at: Point(column.x, row.midY), align: column.align, color: Theme.ink)
            }
        }
        Decor.button(canvas, Self.closeFrame, label: context.text(Messages.close), color: Theme.neutral, pressed: press.pressed != nil)
    }

    public override func dumpItems() -> [JSON] {
        let entries = context.scores.table.entries
        let rows: [JSON] = (0..<HighScoreTable.capacity).map { i in
            let e = i < entries.count ? entries[i] : nil
            return .object([("rank", .int(i + 1)), ("game", .string(e.map { englishTitle($0.game) } ?? "-")),
                            ("level", .string(e.map { Messages.level($0.level).english } ?? "-")), ("score", e.map { .int($0.score) } ?? .string("-"))])
        }
        return [dumpItem("close", kind: "button", frame: Self.closeFrame, [("enabled", true)])]
            + [.object([("id", "rows"), ("kind", "table"), ("frame", Self.panelFrame.json), ("rows", .array(rows))])]
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("rows", rowsJSON)]
    }

    /// A game's name as the log and dumps give it: its English title.
    private func englishTitle(_ game: GameKind) -> String {
        context.registry.entry(game)?.definition.title.english ?? game.rawValue
    }

    private var rowsJSON: JSON { context.scores.table.rowsJSON(game: englishTitle) }
}
