import GameCore
import Stage
import TextCatalogs

/// The modal "High Scores" panel: five rows of rank, game, level and score (dashes for
/// missing rows; a table with no score is an empty podium and "Play to be here!"), each with pictures a child can read: a medal for ranks 1 to 3, the game's
/// picture and the level's stars. The score recorded last is highlighted; a big ✕ closes.
@MainActor
public final class HighScoresPopup: BaseScene {
    public static let panelFrame = Rect(162, 104, 700, 560)
    /// 76 high, taller on a small screen so it stays finger-sized (`Canvas1024.fingerUnits`:
    /// 77 at 640×480).
    public static var closeFrame: Rect { Rect(412, 664 - 96, 200, max(76, Canvas1024.fingerUnits)) }
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
    /// The player's picture in everyone's table, left of the level's stars.
    static let avatarX = levelIconX - 50
    /// Room for a game's name: up to the player's picture (everyone's table) or the stars.
    var gameNameRoom: Double { (showsTabs && tab == .everyone ? Self.avatarX : Self.levelIconX) - 4 - Self.gameNameX }
    /// Room for a level's name: up to the widest score (three digits).
    static let levelNameRoom = columns[3].x - 56 - levelNameX
    static let rowHeight = 56.0
    private var appear = 0.0
    private var press = PressTracker<Int>()

    /// Whose table (profiles on): everyone's (avatars in the rows) or the player's own.
    public enum Tab: String, Sendable { case everyone, mine }
    public private(set) var tab = Tab.everyone
    /// Which game's table; nil: all games (TESTING decision 11: it opens on everyone, all games).
    public private(set) var game: GameKind?

    /// The children, read once (the rows' avatars).
    private let kids: [ChildProfile]

    public init(context: GameContext) {
        kids = context.children
        super.init(context: context, name: "highscores")
    }

    public override var isOverlay: Bool { true }

    public override func onEnter() {
        emit(.sound(.popup))
        // Another copy of the game may have reset the tables or recorded since: the table is
        // logged as read again (`onAnswer`).
        emit(.refreshScores)
        timeline.tween(0.25, easing: Easing.easeOutBack, step: { [weak self] v in self?.appear = v })
    }

    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        if case .refreshScores = effect { logTable() }
        return []
    }

    private func logTable() {
        emit(.log("highscores", [("entries", rowsJSON), ("tab", .string(tab.rawValue)), ("game", .string(game?.rawValue ?? "all"))]))
    }

    /// The rows shown: the table the tab and the game picker name.
    public var entries: [HighScoreEntry] {
        if tab == .everyone && game == nil { return context.highScores.entries }
        return context.scoreEntries(TableQuery(player: tab == .mine ? context.player.id : nil, game: game))
    }

    // MARK: Tabs and the game picker (beside the panel, so the panel's items keep their places)

    /// The tabs show only with profiles on and children to tell apart: otherwise there is one
    /// table, as before.
    var showsTabs: Bool { context.profilesOn && (!kids.isEmpty || context.player.child != nil) }

    /// On a portrait screen (issue 27) the panel keeps its full size across the canvas, and the
    /// tabs and the game picker are one row above it (the tabs at its left, the games at its
    /// right), the whole centred on the canvas; elsewhere the tabs are a column left of the
    /// panel, the games a column right of it, and the 1024×768 frames are centred.
    /// The row above the table (portrait), in the design's units.
    static let uprightRow = (y: panelFrame.y - 16 - 100, inset: 20.0, height: 100.0, tab: 100.0, gap: 12.0, groupGap: 36.0)
    /// The card drawn: the panel, grown up round the row in portrait (so the row is the
    /// popup's, not lying on the screen beneath).
    static var cardFrame: Rect {
        upright ? Rect(panelFrame.x, uprightRow.y - 28, panelFrame.width, panelFrame.maxY - uprightRow.y + 28) : panelFrame
    }

    public static func tabFrame(_ t: Tab) -> Rect {
        guard !upright else {
            let r = uprightRow
            return Rect(panelFrame.x + r.inset + (t == .everyone ? 0 : r.tab + r.gap), r.y, r.tab, r.height)
        }
        return Rect(28, t == .everyone ? 124 : 244, 116, 104)
    }

    /// Choice `index` of `count` (all games, then each game): a column right of the panel, or
    /// in portrait the right of the row above it (centred over the panel without the tabs).
    public static func gameFrame(_ index: Int, of count: Int, besideTabs: Bool = true) -> Rect {
        guard !upright else {
            let r = uprightRow, n = Double(count)
            let room = panelFrame.width - 2 * r.inset - (besideTabs ? 2 * r.tab + r.gap + r.groupGap : 0)
            let w = min(104, ((room - (n - 1) * r.gap) / n).rounded(.down))
            let row = n * w + (n - 1) * r.gap
            let x0 = besideTabs ? panelFrame.maxX - r.inset - row : (panelFrame.midX - row / 2).rounded()
            return Rect(x0 + Double(index) * (w + r.gap), r.y, w, r.height)
        }
        return Rect(880, 124 + Double(index) * 112, 116, 100)
    }

    /// This popup's game choice `index` (its registry's games).
    func gameFrame(_ index: Int) -> Rect { Self.gameFrame(index, of: context.registry.ids.count + 1, besideTabs: showsTabs) }

    public override var placement: Placement {
        guard Self.upright else { return super.placement }
        // The card (with its border), centred on the canvas at full size.
        let content = Self.cardFrame.insetBy(-6, -6)
        let canvas = Canvas1024.size
        let left = ((canvas.width - content.width) / 2).rounded(), top = max(TopBar.height + 8, ((canvas.height - content.height) / 2).rounded())
        return Placement(scale: 1, dx: left - content.x, dy: top - content.y)
    }

    /// Press ids: 1 close, 10+ tabs, 20+ games (20: all games).
    private func hit(_ p: Point) -> Int? {
        if Self.closeFrame.contains(p) { return 1 }
        if showsTabs {
            if Self.tabFrame(.everyone).contains(p) { return 10 }
            if Self.tabFrame(.mine).contains(p) { return 11 }
        }
        return (0...context.registry.ids.count).first { gameFrame($0).contains(p) }.map { 20 + $0 }
    }

    private func activate(_ id: Int) -> [SceneCommand] {
        switch id {
        case 1: return close()
        case 10, 11: tab = id == 10 ? .everyone : .mine
        default: game = id == 20 ? nil : context.registry.ids[id - 21]
        }
        emit(.sound(.select))
        logTable()
        return []
    }

    static func rowFrame(_ index: Int) -> Rect {
        Rect(panelFrame.x + 40, headerY + 30 + Double(index) * rowHeight, panelFrame.width - 80, rowHeight - 6)
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let id = press.up(hit(p)) { return activate(id) }
        case .key(.return, _), .key(.space, _): return close()
        default: break
        }
        return []
    }

    public override func onEscape() -> [SceneCommand] { close() }

    private func close() -> [SceneCommand] {
        emit(.sound(.click))
        return [.pop]
    }

    /// The title's trophy, and the room between it and the words.
    static let titleTrophySize = 64.0
    static let titleGap = 18.0

    /// The trophy and the title side by side, centred together over the panel, the words
    /// `titleGap` clear of the trophy whatever their length ("Mejores puntos" touched it when
    /// the words alone were centred; issue 45, item 10). Answers the trophy's frame and where
    /// the words start (left-aligned; a mirrored screen turns both).
    static func titleLayout(titleWidth: Double, panel: Rect) -> (trophy: Rect, textX: Double) {
        let x = panel.midX - (titleTrophySize + titleGap + titleWidth) / 2
        return (Rect(x, panel.y + 20, titleTrophySize, titleTrophySize), x + titleTrophySize + titleGap)
    }

    public override func drawContent(on canvas: any Canvas) {
        let panel = Self.panelFrame.scaled(0.6 + 0.4 * appear)
        let card = Self.cardFrame.scaled(0.6 + 0.4 * appear)
        Decor.card(canvas, card.insetBy(-6, -6), radius: 38, fill: Theme.panelBorder, shadow: 10)
        Decor.card(canvas, card, radius: 32, fill: Theme.panel, shadow: 0)
        guard appear > 0.5 else { return }
        let title = context.text(Messages.highScoresTitle)
        let style = canvas.fitting(title, Theme.bigText, width: panel.width - 80 - Self.titleTrophySize - Self.titleGap)
        let heading = Self.titleLayout(titleWidth: canvas.measure(title, style).width, panel: panel)
        canvas.image("trophy", in: heading.trophy)
        canvas.text(title, style, at: Point(heading.textX, panel.y + 54), align: .left, color: Theme.ink)
        for column in Self.columns {
            canvas.text(context.text(column.title), Theme.labelText, at: Point(column.x, Self.headerY), align: column.align, color: Theme.inkSoft)
        }
        canvas.fill(Rect(Self.panelFrame.x + 40, Self.headerY + 22, Self.panelFrame.width - 80, 3), Theme.panelBorder)
        drawPickers(canvas)
        let entries = self.entries
        if entries.isEmpty {
            drawEmptyPodium(canvas)
            drawClose(canvas)
            return
        }
        for index in 0..<HighScoreTable.capacity {
            let row = Self.rowFrame(index)
            let entry = index < entries.count ? entries[index] : nil
            if let entry, entry.id == context.lastRecordedScoreID {
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
                if showsTabs && tab == .everyone {
                    // Everyone's table shows who by picture, never by name.
                    let who = kids.first { $0.id == entry.player }
                    AvatarArt.draw(canvas, who?.avatar, in: Rect(Self.avatarX, row.midY - 21, 42, 42), radius: 10, shadow: 0)
                }
            }
            // Names shrink to their room: a long one ("Luftballons") never runs under the
            // player's picture nor into the level's stars.
            let gameName = entry.map { context.title(of: $0.game) } ?? empty
            canvas.text(gameName, canvas.fitting(gameName, Theme.labelText, width: gameNameRoom),
                        at: Point(entry == nil ? Self.gameIconX : Self.gameNameX, row.midY), align: .left, color: Theme.ink)
            let levelName = entry.map { context.text(Messages.level($0.level)) } ?? empty
            canvas.text(levelName, canvas.fitting(levelName, Theme.labelText, width: Self.levelNameRoom),
                        at: Point(entry == nil ? Self.levelIconX : Self.levelNameX, row.midY), align: .left, color: Theme.ink)
            canvas.text(entry.map { String($0.score) } ?? empty, Theme.labelText, at: Point(Self.columns[3].x, row.midY), align: .right,
                        color: Theme.ink)
        }
        drawClose(canvas)
    }

    /// The tabs (left of the panel) and the game picker (right): pictures, the chosen one
    /// framed and checked (never colour alone).
    private func drawPickers(_ canvas: any Canvas) {
        func choice(_ r: Rect, chosen: Bool, pressed: Bool, _ draw: (Rect) -> Void) {
            let shown = pressed ? r.scaled(0.94) : r
            Decor.card(canvas, shown, radius: 22, fill: Theme.tile, shadow: 5)
            draw(shown.insetBy(14, 10))
            if chosen {
                canvas.strokeRounded(shown.insetBy(-4, -4), radius: 26, width: 7, Theme.focus)
                canvas.image("check", in: Rect(shown.maxX - 30, shown.y - 16, 44, 44))
            }
        }
        if showsTabs {
            if Self.upright {
                // Whose table | which game: a line between the two groups of the row.
                let x = ((Self.tabFrame(.mine).maxX + gameFrame(0).minX) / 2).rounded()
                canvas.fillRounded(Rect(x - 2, Self.uprightRow.y + 10, 4, Self.uprightRow.height - 20), radius: 2, Theme.panelBorder)
            }
            choice(Self.tabFrame(.everyone), chosen: tab == .everyone, pressed: press.pressed == 10) { canvas.image("tab-everyone", in: $0) }
            choice(Self.tabFrame(.mine), chosen: tab == .mine, pressed: press.pressed == 11) { r in
                canvas.image("tab-mine", in: r)
                AvatarArt.draw(canvas, context.player.child?.avatar, in: Rect(r.maxX - 34, r.maxY - 34, 40, 40), radius: 10, shadow: 0)
            }
        }
        choice(gameFrame(0), chosen: game == nil, pressed: press.pressed == 20) { canvas.image("trophy", in: $0) }
        for (i, g) in context.registry.ids.enumerated() {
            choice(gameFrame(i + 1), chosen: game == g, pressed: press.pressed == 21 + i) { canvas.image(g.imageName, in: $0) }
        }
    }

    /// Where the rows go; an empty table shows its podium and words there instead.
    static var emptyFrame: Rect {
        Rect(rowFrame(0).x, rowFrame(0).y, rowFrame(0).width, rowFrame(HighScoreTable.capacity - 1).maxY - rowFrame(0).y)
    }

    /// The podium's steps (2nd, 1st, 3rd from the left; mirrored right to left) with their
    /// medals, and the trophy above the middle one.
    static var podiumSteps: [(medal: Int, frame: Rect)] {
        let f = emptyFrame, w = 120.0, bottom = f.y + 190
        return [(2, Rect(f.midX - 1.5 * w, bottom - 70, w, 70)), (1, Rect(f.midX - w / 2, bottom - 100, w, 100)),
                (3, Rect(f.midX + w / 2, bottom - 50, w, 50))]
    }
    static var podiumTrophyFrame: Rect { Rect(emptyFrame.midX - 40, emptyFrame.y + 4, 80, 80) }
    /// The words' baseline centre, under the podium.
    static var emptyTextCentre: Point { Point(emptyFrame.midX, emptyFrame.y + 230) }

    /// No score yet: an empty podium waits for a child (item 7 of issue 45), never dashes.
    private func drawEmptyPodium(_ canvas: any Canvas) {
        for step in Self.podiumSteps {
            canvas.fillRounded(step.frame.offsetBy(0, 4), radius: 12, Theme.tileShadow)
            canvas.fillRounded(step.frame, radius: 12, Theme.plate)
            canvas.strokeRounded(step.frame, radius: 12, width: 4, Theme.plateRim)
            canvas.image("medal-\(step.medal)", in: Rect(step.frame.midX - 22, step.frame.y + 6, 44, 44))
        }
        canvas.image("trophy", in: Self.podiumTrophyFrame)
        let words = context.text(Messages.emptyTable)
        canvas.text(words, canvas.fitting(words, Theme.headingText, width: Self.emptyFrame.width - 20), at: Self.emptyTextCentre, color: Theme.ink)
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
        let entries = self.entries
        // An empty table is a picture, not five rows of dashes.
        let rows: [JSON] = entries.isEmpty ? [] : (0..<HighScoreTable.capacity).map { i in
            let e = i < entries.count ? entries[i] : nil
            // The pictures of the row: its medal (ranks 1 to 3), the game's and the level's.
            let pictures: [(String, JSON)] = e.map { e in
                [("medal", i < 3 ? .string("medal-\(i + 1)") : .null), ("gameIcon", .string(e.game.imageName)),
                 ("levelIcon", .string(e.level.imageName))]
            } ?? []
            return .object([("rank", .int(i + 1)), ("game", .string(e.map { englishTitle($0.game) } ?? "-")),
                            ("level", .string(e.map { Messages.level($0.level).english } ?? "-")), ("score", e.map { .int($0.score) } ?? .string("-"))]
                           + pictures + [("player", .string(e?.player ?? "-"))])
        }
        var pickers: [JSON] = []
        if showsTabs {
            pickers += [dumpItem("tab-everyone", kind: "tab", frame: Self.tabFrame(.everyone), [("icon", "tab-everyone"), ("selected", .bool(tab == .everyone)), ("enabled", true)]),
                        dumpItem("tab-mine", kind: "tab", frame: Self.tabFrame(.mine), [("icon", "tab-mine"), ("selected", .bool(tab == .mine)), ("enabled", true)])]
        }
        pickers.append(dumpItem("table-all", kind: "tab", frame: gameFrame(0), [("icon", "trophy"), ("selected", .bool(game == nil)), ("enabled", true)]))
        for (i, g) in context.registry.ids.enumerated() {
            pickers.append(dumpItem("table-" + g.rawValue, kind: "tab", frame: gameFrame(i + 1),
                                    [("icon", .string(g.imageName)), ("selected", .bool(game == g)), ("enabled", true)]))
        }
        return [dumpItem("close", kind: "button", frame: Self.closeFrame,
                         [("enabled", true)] + PictureButton.dumpFields(icon: "close", key: Messages.close.key))]
            + [.object([("id", "rows"), ("kind", "table"), ("frame", Self.panelFrame.json), ("rows", .array(rows))])]
            + (entries.isEmpty ? [dumpItem("empty-table", kind: "picture", frame: Self.emptyFrame,
                                           [("icon", "trophy"), ("key", .string(Messages.emptyTable.key)), ("text", .string(context.text(Messages.emptyTable)))])] : [])
            + pickers
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("rows", rowsJSON), ("tab", .string(tab.rawValue)), ("game", .string(game?.rawValue ?? "all"))]
    }

    /// A game's name as the log and dumps give it: its English title.
    private func englishTitle(_ game: GameKind) -> String {
        context.registry.entry(game)?.definition.title.english ?? game.rawValue
    }

    /// The rows as the log and dumps give them; `player` (and `nickname`) added.
    private var rowsJSON: JSON {
        .array(entries.enumerated().map { index, e in
            .object([("rank", .int(index + 1)), ("game", .string(englishTitle(e.game))), ("level", .string(Messages.level(e.level).english)),
                     ("score", .int(e.score)), ("player", .string(e.player)), ("nickname", e.nickname.map(JSON.string) ?? .null)])
        })
    }
}
