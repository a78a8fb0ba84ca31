import GameCore

/// The modal "High Scores" panel: five rows of rank, game, level and score (dashes for
/// missing rows), each with pictures a child can read: a medal for ranks 1 to 3, the game's
/// picture and the level's stars. The score recorded last is highlighted; a big ✕ closes.
@MainActor
public final class HighScoresPopup: BaseScene {
    public static let panelFrame = Rect(162, 104, 700, 560)
    public static let closeFrame = Rect(412, 664 - 96, 200, 76)
    /// The ✕ (`close.qoi`) drawn in the close button: at least 64 px for small fingers.
    public static let closeIconSize = 68.0
    static let columns: [(title: Message, x: Double, align: TextAlign)] = [
        (Messages.columnRank, 226, .center), (Messages.columnGame, 300, .left), (Messages.columnLevel, 534, .left),
        (Messages.columnScore, 800, .right),
    ]
    /// Where a row's pictures go (x of the left edge, size): the medal after the rank, the
    /// game's picture and the level's stars before their names.
    static let medalX = 246.0, gameIconX = 300.0, levelIconX = 534.0, iconSize = 42.0
    /// The names start after their pictures.
    static let gameNameX = 350.0, levelNameX = 604.0
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
                canvas.fillRounded(row, radius: 14, Theme.stripeRow)
            }
            let empty = context.text(Messages.emptyCell)
            let icon = Rect(0, row.midY - Self.iconSize / 2, Self.iconSize, Self.iconSize)
            canvas.text(String(index + 1), Theme.labelText, at: Point(Self.columns[0].x, row.midY), color: Theme.ink)
            if let entry {
                if index < 3 { canvas.image("medal-\(index + 1)", in: icon.offsetBy(Self.medalX, 0)) }
                canvas.image(entry.game.imageName, in: icon.offsetBy(Self.gameIconX, 0))
                canvas.image(entry.level.imageName, in: Rect(Self.levelIconX - 4, row.midY - 23, 62, 46))
            }
            canvas.text(entry.map { context.title(of: $0.game) } ?? empty, Theme.labelText,
                        at: Point(entry == nil ? Self.gameIconX : Self.gameNameX, row.midY), align: .left, color: Theme.ink)
            canvas.text(entry.map { context.text(Messages.level($0.level)) } ?? empty, Theme.labelText,
                        at: Point(entry == nil ? Self.levelIconX : Self.levelNameX, row.midY), align: .left, color: Theme.ink)
            canvas.text(entry.map { String($0.score) } ?? empty, Theme.labelText, at: Point(Self.columns[3].x, row.midY), align: .right,
                        color: Theme.ink)
        }
        drawClose(canvas)
    }

    /// The ✕ at the left end of the close button.
    public static var closeIconFrame: Rect {
        Rect(closeFrame.x + 8, closeFrame.midY - closeIconSize / 2, closeIconSize, closeIconSize)
    }

    /// The close button: a white pill with a big red ✕ and a small "Close" for grown-ups.
    private func drawClose(_ canvas: any Canvas) {
        let pressed = press.pressed != nil
        let frame = pressed ? Self.closeFrame.scaled(0.94) : Self.closeFrame
        Decor.card(canvas, frame, radius: frame.height / 2, fill: Theme.tile, shadow: pressed ? 2 : 5)
        canvas.strokeRounded(frame, radius: frame.height / 2, width: 3, Theme.panelBorder)
        let icon = Self.closeIconFrame
        let shown = pressed ? icon.scaled(0.94) : icon
        canvas.fillCircle(center: shown.center, radius: shown.width * PictureButton.discRatio + 3, Theme.buttonRing)
        canvas.image("close", in: shown)
        let room = (icon.maxX + 6, Self.closeFrame.maxX - 14)
        canvas.text(context.text(Messages.close), Theme.captionText, at: Point((room.0 + room.1) / 2, frame.midY), color: Theme.ink)
    }

    public override func dumpItems() -> [JSON] {
        let entries = context.scores.table.entries
        let rows: [JSON] = (0..<HighScoreTable.capacity).map { i in
            let e = i < entries.count ? entries[i] : nil
            // The pictures of the row: its medal (ranks 1 to 3), the game's and the level's.
            let pictures: [(String, JSON)] = e.map { e in
                [("medal", i < 3 ? .string("medal-\(i + 1)") : .null), ("gameIcon", .string(e.game.imageName)),
                 ("levelIcon", .string(e.level.imageName))]
            } ?? []
            return .object([("rank", .int(i + 1)), ("game", .string(e.map { englishTitle($0.game) } ?? "-")),
                            ("level", .string(e.map { Messages.level($0.level).english } ?? "-")), ("score", e.map { .int($0.score) } ?? .string("-"))]
                           + pictures)
        }
        return [dumpItem("close", kind: "button", frame: Self.closeFrame,
                         [("enabled", true)] + PictureButton.dumpFields(icon: "close", key: Messages.close.key))]
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
