import GameCore
import Settings
import Stage
import TextCatalogs

/// The grown-ups' corner, behind the adult gate: the children (add, nickname, picture,
/// delete with every record of hers), the switches (SettingsTable's corner switches: voice,
/// sound effects, relaxed mode, less motion, grow with the child, each with its one-line
/// explanation; locked ones show a padlock and only say no), the language, and the progress
/// report (a small chart per child and game, totals, and "Save report" to the home folder or
/// a USB stick).
@MainActor
public final class CornerScene: BaseScene {
    public enum Section: String, Sendable, CaseIterable { case children, settings, classroom, progress }
    /// The session limits offered (0: none).
    public static let sessionSteps = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120]
    /// SettingsTable's corner switches, in table order (each one's words: `Messages.cornerSwitch`).
    public static let switches: [SettingKey] = SettingsTable.cornerSwitches.map(\.key)

    enum Target: Equatable, Sendable {
        case section(Section), language
        case add, name(Int), picture(Int), delete(Int)
        case toggle(SettingKey)
        case previous, next, save
        case sessionDown, sessionUp, game(GameKind), level(Level), pinSet, pinClear
        /// The classroom's second page on: the content set found `n`-th (issue 44).
        case set(Int)
    }

    public private(set) var section = Section.children
    public private(set) var page = 0
    private(set) var children: [ChildProfile] = []
    var summary: [ProgressSummary] = []
    var press = PressTracker<Target>()
    /// The child a delete question is about.
    var deleting: ChildProfile?
    /// What the last save said (shown under the button).
    public private(set) var saveNote: Message?
    /// The folder the last report went to (named under the button; nothing is opened).
    public private(set) var savedFolder: String?
    /// With a school's server named: whose report the last save holds.
    public private(set) var savedSource: ReportSource?
    /// The "Save report" screen on top, asked for its folder when it answers.
    private weak var saving: SaveReportScene?
    /// Progress: the page shown (read again on every page turn and return).
    private(set) var progressPage: ProgressPage?

    public static let rowsPerPage = 5
    public static let panel = Rect(248, 84, 760, 668)
    /// 72 units high, more on a small screen so a button stays finger-sized
    /// (`Canvas1024.fingerUnits`: 77 at 640×480, where 72 would be 45 px).
    static var buttonHeight: Double { max(72, Canvas1024.fingerUnits) }
    public static var previousFrame: Rect { Rect(panel.x + 20, panel.maxY - 84, 100, buttonHeight) }
    public static var nextFrame: Rect { Rect(panel.maxX - 120, panel.maxY - 84, 100, buttonHeight) }

    public init(context: GameContext) {
        super.init(context: context, name: "corner")
        reload()
    }

    private func reload() {
        children = context.children
        summary = context.progressSummary()
        page = min(page, max(0, pages - 1))
        loadProgressPage()
    }

    public override var title: String? { context.text(Messages.gateCorner) }
    public override var showsBack: Bool { true }

    public override func onEnter() {
        emit(.log("corner", [("action", "open"), ("section", .string(section.rawValue)), ("children", .int(children.count))]))
    }

    /// Back from a picture change or a nickname: the list is read again.
    public override func onResume(with result: SceneResult?) -> [SceneCommand] {
        // Back from "Save report": the report only read the database, so nothing shown here
        // changed, and nothing is read again (a reload read every round on the main thread:
        // 0.4 s at 200,000 rounds, in the frame that said "Report saved").
        switch result {
        case .answered(.reportSaved, _)?:
            noteSaved(true, folder: saving?.savedFolder, source: saving?.savedSource)
            saving = nil
            return []
        case .answered(.reportFailed, _)?:
            noteSaved(false)
            saving = nil
            return []
        default:
            saving = nil
        }
        if case .answered(.delete, let button)? = result, let child = deleting {
            deleting = nil
            if button == .yes {
                // The list is read again once the store has answered (`onAnswer`).
                emit(.deleteChild(child))
                return []
            }
        }
        reload()
        // Back from a new PIN: remember it.
        if section == .classroom && result == nil { logClassroom() }
        return []
    }

    /// The session took a classroom choice (logged), or the store deleted a child (or could
    /// not: the list is read again).
    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        if case .chooseClassroom(let choice) = effect {
            classroomChosen(choice)
            return []
        }
        guard case .deleteChild(let child) = effect else { return [] }
        if reply.changed {
            emit(.log("profile", [("action", "deleted"), ("player", .string(child.id)),
                                  ("nickname", child.nickname.map(JSON.string) ?? .null)]))
        }
        reload()
        return []
    }

    var pages: Int {
        switch section {
        case .children: return max(1, (children.count + Self.rowsPerPage - 1) / Self.rowsPerPage)
        case .progress: return max(1, progressPlayers.count)
        case .settings: return 1
        // The classroom's controls, then the content sets, five a page.
        case .classroom: return 1 + max(1, (context.sets.entries.count + Self.rowsPerPage - 1) / Self.rowsPerPage)
        }
    }

    /// The players the report has rows for, in order (children, then the guest).
    var summaryPlayers: [String] {
        var seen: [String] = []
        for row in summary where !seen.contains(row.player) { seen.append(row.player) }
        return seen
    }

    // MARK: - Layout

    public static func sectionFrame(_ s: Section) -> Rect { tabFrame(Section.allCases.firstIndex(of: s)!) }
    public static var languageFrame: Rect { tabFrame(4) }
    /// The school server's small sign, under the tabs (only when a server is named).
    public static var serverSignFrame: Rect { tabFrame(5) }

    /// On a portrait screen the corner stands up (issue 27): its panel at full size across the
    /// canvas's width, the four section tabs and the language button in two rows above it,
    /// the whole centred under the bar. Elsewhere the tabs are a column beside the panel and
    /// the 4:3 frames are centred (`Placement`).
    static var standsUp: Bool { Canvas1024.shape == .portrait }
    static let tabHeight = 96.0, tabGap = 8.0
    /// The two rows of tabs above the panel, and the gap under them (portrait).
    static let tabRowsHeight = 2 * tabHeight + tabGap + 12

    /// Tab `i` (0-3 the sections, 4 the language): a column at the left, or in portrait
    /// three to a row above the panel (the frames stay in the 1024×768 design's units, where
    /// the upright placement puts them above the panel).
    static func tabFrame(_ i: Int) -> Rect {
        guard standsUp else { return Rect(16, 96 + Double(i) * 112, 216, tabHeight) }
        let width = ((panel.width - 2 * tabGap) / 3).rounded(.down)
        return Rect(panel.x + Double(i % 3) * (width + tabGap), panel.y - tabRowsHeight + Double(i / 3) * (tabHeight + tabGap), width, tabHeight)
    }

    public override var placement: Placement {
        guard Self.standsUp else { return super.placement }
        let canvas = Canvas1024.size, bar = Canvas1024.topBarHeight
        let left = ((canvas.width - Self.panel.width) / 2).rounded()
        let top = bar + max(8, ((canvas.height - bar - Self.tabRowsHeight - Self.panel.height) / 2).rounded())
        return Placement(scale: 1, dx: left - Self.panel.x, dy: top + Self.tabRowsHeight - Self.panel.y)
    }
    public static var addFrame: Rect { Rect(panel.x + 20, panel.y + 16, 300, buttonHeight) }
    public static var saveFrame: Rect { Rect(panel.maxX - 320, panel.y + 16, 300, buttonHeight) }

    public static func rowFrame(_ i: Int) -> Rect { Rect(panel.x + 20, panel.y + 104 + Double(i) * 92, panel.width - 40, 84) }
    static func rowButton(_ i: Int, _ n: Int) -> Rect {
        let row = rowFrame(i), height = max(68, Canvas1024.fingerUnits)
        // 68 high in the row's middle, taller on a small screen (77 at 640×480: 48 px).
        return Rect(row.maxX - Double(3 - n) * 148, row.y + 8 - (height - 68) / 2, 136, height)
    }
    /// The i-th switch of the settings page. Five switches stand 110 apart as they always did;
    /// more close up to fit the panel (a new switch is a settings row and its words, no frame).
    public static func toggleFrame(_ i: Int) -> Rect {
        // Whole pixels: the dump's frame is the drawn one with more switches too.
        let step = min(110, ((panel.height - 40 - 16 - 84) / Double(max(switches.count - 1, 1))).rounded(.down))
        return Rect(panel.maxX - 220, panel.y + 40 + Double(i) * step, 200, 84)
    }

    func frame(of t: Target) -> Rect? {
        switch t {
        case .section(let s): return Self.sectionFrame(s)
        case .language: return context.languageSetting == nil ? nil : Self.languageFrame
        case .add: return section == .children && context.profilesOn && children.count < Profiles.maximumChildren ? Self.addFrame : nil
        case .name(let i), .picture(let i), .delete(let i):
            guard section == .children, i >= page * Self.rowsPerPage, i < min(children.count, (page + 1) * Self.rowsPerPage) else { return nil }
            let n: Int
            switch t { case .name: n = 0; case .picture: n = 1; default: n = 2 }
            return Self.rowButton(i - page * Self.rowsPerPage, n)
        case .toggle(let key):
            guard section == .settings, let i = Self.switches.firstIndex(of: key) else { return nil }
            return Self.toggleFrame(i)
        case .previous: return section != .settings && page > 0 ? Self.previousFrame : nil
        case .next: return section != .settings && page < pages - 1 ? Self.nextFrame : nil
        // With a school's server named, any kiosk saves the class's report, even one with no games of its own.
        case .save: return section == .progress && context.reportsOn && (!summary.isEmpty || context.progressReader?.classFiguresShown == true)
            ? Self.saveFrame : nil
        case .sessionDown, .sessionUp, .game, .level, .pinSet, .pinClear:
            guard section == .classroom, page == 0, t != .pinClear || context.classroom.gatePIN != nil else { return nil }
            return Self.classroomFrame(t, games: context.allGames.ids)
        case .set(let i):
            let first = (page - 1) * Self.rowsPerPage
            guard section == .classroom, page > 0, i >= first, i < min(context.sets.entries.count, first + Self.rowsPerPage) else { return nil }
            return Self.setFrame(i - first)
        }
    }

    /// The toggle of the `row`-th set on a sets page (its name, game and problems beside it).
    static func setFrame(_ row: Int) -> Rect {
        let r = rowFrame(row)
        return Rect(r.maxX - 120, r.y + 4, 110, r.height - 8)
    }

    /// Where a classroom control is; `games`: every game the app knows, in tile order.
    static func classroomFrame(_ t: Target, games: [GameKind]) -> Rect? {
        let x = panel.x + 300
        switch t {
        case .sessionDown: return Rect(x, panel.y + 30, 84, 84)
        case .sessionUp: return Rect(x + 300, panel.y + 30, 84, 84)
        case .game(let g):
            guard let i = games.firstIndex(of: g) else { return nil }
            return Rect(x + Double(i) * 136, panel.y + 170, 120, 100)
        case .level(let l):
            guard let i = Level.allCases.firstIndex(of: l) else { return nil }
            return Rect(x + Double(i) * 136, panel.y + 320, 120, 100)
        case .pinSet: return Rect(x, panel.y + 470, 180, 84)
        case .pinClear: return Rect(x + 204, panel.y + 470, 180, 84)
        default: return nil
        }
    }

    /// The games Home shows now, and the levels.
    var shownGames: [GameKind] { context.registry.ids }
    var shownLevels: [Level] { context.classroom.shownLevels }

    var targets: [Target] {
        var list: [Target] = Section.allCases.map { .section($0) } + [.language, .add, .previous, .next, .save]
        list += children.indices.flatMap { [Target.name($0), .picture($0), .delete($0)] }
        list += Self.switches.map { .toggle($0) }
        list += [.sessionDown, .sessionUp] + context.allGames.ids.map { .game($0) } + Level.allCases.map { .level($0) }
            + [.pinSet, .pinClear] + context.sets.entries.indices.map { .set($0) }
        return list.filter { frame(of: $0) != nil }
    }

    func hit(_ p: Point) -> Target? { targets.first { frame(of: $0)!.contains(p) } }

    // MARK: - Switches

    public func isOn(_ key: SettingKey) -> Bool { context.settings.isOn(key) }

    func isLocked(_ key: SettingKey) -> Bool { context.classroom.isLocked(key) }

    // MARK: - Input

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let t = press.up(hit(p)) { return activate(t) }
        default: break
        }
        return []
    }

    private func activate(_ t: Target) -> [SceneCommand] {
        // A locked control answers with a soft "no" only (no click first).
        if case .toggle(let key) = t, isLocked(key) { emit(Effect.refuseLocked("switch-" + key.rawValue)); return [] }
        if Self.isClassroom(t), isLocked(Self.key(t)) { emit(Effect.refuseLocked(Self.key(t).rawValue)); return [] }
        emit(.sound(.click))
        switch t {
        case .section(let s):
            section = s
            page = 0
            saveNote = nil
            savedFolder = nil
            reload()
            emit(.log("corner", [("action", "section"), ("section", .string(s.rawValue))]))
        case .language:
            return [.show(.languages)]
        case .add:
            return [.push(PickerScene(context: context, mode: .add))]
        case .name(let i):
            return [.push(NicknameScene(context: context, child: children[i]))]
        case .picture(let i):
            return [.push(PickerScene(context: context, mode: .change(children[i])))]
        case .delete(let i):
            deleting = children[i]
            return [.show(.alert(AlertContent(kind: .delete, title: Messages.cornerDeleteTitle,
                                              lines: [.init(Messages.cornerDeleteMessage)], buttons: [.yes, .no])))]
        case .toggle(let key):
            let value = !isOn(key)
            emit(.chooseSwitch(key, value))
            emit(.log("setting", [("key", .string(key.name)), ("value", .bool(value))]))
        case .previous, .next:
            page = max(0, min(pages - 1, page + (t == .next ? 1 : -1)))
            loadProgressPage()
        case .save:
            let scene = SaveReportScene(context: context)
            saving = scene
            return [.push(scene)]
        case .sessionDown, .sessionUp, .game, .level, .pinSet, .pinClear:
            return classroom(t)
        case .set(let i):
            toggleSet(i)
        }
        return []
    }

    // MARK: - Drawing

    public override func drawContent(on canvas: any Canvas) {
        canvas.fill(canvas.visibleRect, Color(236, 240, 250))
        for s in Section.allCases {
            let label: Message, icon: String
            switch s {
            case .children: label = Messages.cornerChildren; icon = "add-child"
            case .settings: label = Messages.cornerSettings; icon = "gear"
            case .classroom: label = Messages.cornerClassroom; icon = "lock"
            case .progress: label = Messages.cornerProgress; icon = "chart"
            }
            let r = Self.sectionFrame(s)
            Decor.button(canvas, r, label: "", color: s == section ? Theme.focus : Theme.neutral, pressed: press.pressed == .section(s))
            canvas.image(icon, in: Rect(r.x + 10, r.midY - 30, 60, 60))
            let text = context.text(label)
            canvas.text(text, canvas.fitting(text, Theme.labelText, width: r.width - 84), at: Point(r.x + 78, r.midY), align: .left, color: .white)
        }
        if frame(of: .language) != nil {
            let text = context.text(LanguageNames.choose)
            Decor.button(canvas, Self.languageFrame, label: "", color: Theme.neutral, pressed: press.pressed == .language)
            canvas.image("speaker-on", in: Rect(Self.languageFrame.x + 14, Self.languageFrame.midY - 26, 52, 52))
            canvas.text(text, canvas.fitting(text, Theme.labelText, width: Self.languageFrame.width - 84),
                        at: Point(Self.languageFrame.x + 78, Self.languageFrame.midY), align: .left, color: .white)
        }
        if let sign = context.serverSign { drawServerSign(canvas, sign) }
        Decor.card(canvas, Self.panel, radius: 28, fill: Theme.panel, shadow: 6)
        switch section {
        case .children: drawChildren(canvas)
        case .settings: drawSettings(canvas)
        case .classroom: drawClassroom(canvas)
        case .progress: drawProgress(canvas)
        }
        for (t, f) in [(Target.previous, Self.previousFrame), (.next, Self.nextFrame)] where frame(of: t) != nil {
            let r = press.pressed == t ? f.scaled(0.92) : f
            Decor.card(canvas, r, radius: 26, fill: Theme.focus, shadow: 4)
            let dir = t == .next ? 1.0 : -1.0, c = r.center
            canvas.line(from: Point(c.x - 10 * dir, c.y - 18), to: Point(c.x + 10 * dir, c.y), width: 8, .white)
            canvas.line(from: Point(c.x + 10 * dir, c.y), to: Point(c.x - 10 * dir, c.y + 18), width: 8, .white)
        }
    }

    /// Reads the shown page's games (the store's history query) when Progress is open.
    func loadProgressPage() {
        let players = progressPlayers
        guard section == .progress, page < players.count else { progressPage = nil; return }
        let player = players[page]
        let reader = context.progressReader
        let rounds = reader?.rounds(of: player) ?? []
        progressPage = ProgressPage(player: player, child: children.first { $0.id == player },
                                    progress: ChildProgress(rounds: rounds, now: reader?.progressNow ?? 0, games: context.allGames.ids),
                                    utcOffset: reader?.utcOffset ?? 0,
                                    classFigures: reader?.classFiguresShown == true ? ProgressPage.ClassFigures(upToDate: reader?.classFiguresAt, now: reader?.progressNow ?? 0) : nil)
    }

    /// The sync worker took the class's figures again (issue #47): the page shown is read again
    /// from the local copy (as a page turn does: that page's rounds only), with the new time.
    public func serverFiguresChanged() {
        guard section == .progress else { return }
        loadProgressPage()
    }

    /// The school's server: a tick (all there) or a cross (the last try failed) on a green,
    /// amber or red dot, the games still waiting, and when the kiosk and the server last agreed.
    func drawServerSign(_ canvas: any Canvas, _ sign: ServerSign) {
        let r = Self.serverSignFrame
        canvas.fillRounded(r, radius: 20, Color(255, 255, 255))
        let dot = Point(r.x + 34, r.midY)
        let colour = sign.failing ? Color(214, 69, 65) : sign.pending > 0 ? Color(232, 160, 32) : Color(46, 160, 67)
        canvas.fillCircle(center: dot, radius: 22, colour)
        canvas.image(sign.failing ? "close" : "check", in: Rect(dot.x - 16, dot.y - 16, 32, 32))
        var words: [String] = []
        if sign.pending > 0 { words.append("\(sign.pending)") }
        if let time = sign.time(utcOffset: context.progressReader?.utcOffset ?? 0) { words.append(time) }
        let text = words.joined(separator: "  ")
        if !text.isEmpty {
            canvas.text(text, canvas.fitting(text, Theme.labelText, width: r.width - 80), at: Point(r.x + 66, r.midY), align: .left, color: Theme.ink)
        }
    }

    // MARK: - Dump

    public override func dumpFields() -> [(String, JSON)] {
        [("section", .string(section.rawValue)), ("page", .int(page + 1)), ("pages", .int(pages)), ("children", .int(children.count))]
    }

    public override func dumpItems() -> [JSON] {
        targets.map { t in
            let f = frame(of: t)!
            switch t {
            case .section(let s):
                let icon = s == .children ? "add-child" : s == .settings ? "gear" : s == .classroom ? "lock" : "chart"
                return dumpItem("section-" + s.rawValue, kind: "button", frame: f, [("icon", .string(icon)), ("selected", .bool(s == section)), ("enabled", true)])
            case .language: return dumpItem("language", kind: "button", frame: f, [("icon", "speaker-on"), ("enabled", true)])
            case .add: return dumpItem("add-child", kind: "button", frame: f, [("icon", "add-child"), ("key", .string(Messages.cornerAdd.key)), ("enabled", true)])
            // Words for grown-ups, no picture: `icon` says so.
            case .name(let i): return dumpItem("name-" + children[i].id, kind: "button", frame: f, [("icon", "text"), ("key", .string(Messages.cornerName.key)), ("enabled", true)])
            case .picture(let i): return dumpItem("picture-" + children[i].id, kind: "button", frame: f, [("icon", "text"), ("key", .string(Messages.cornerPicture.key)), ("enabled", true)])
            case .delete(let i): return dumpItem("delete-" + children[i].id, kind: "button", frame: f, [("icon", "text"), ("key", .string(Messages.cornerDelete.key)), ("enabled", true)])
            case .toggle(let key):
                // Locked, it still shows its check or cross, under the padlock badge (`badge`).
                return dumpItem("switch-" + key.rawValue, kind: "switch", frame: f, [("on", .bool(isOn(key))), ("locked", .bool(isLocked(key))),
                                                                            ("icon", .string(isOn(key) ? "check" : "close")), ("enabled", .bool(!isLocked(key)))]
                                + (isLocked(key) ? [("badge", "lock")] : []))
            case .previous: return dumpItem("page-previous", kind: "button", frame: f, [("icon", "arrow"), ("enabled", true)])
            case .next: return dumpItem("page-next", kind: "button", frame: f, [("icon", "arrow"), ("enabled", true)])
            case .save: return dumpItem("save-report", kind: "button", frame: f, [("icon", "chart"), ("key", .string(Messages.cornerSave.key)), ("enabled", true)])
            case .sessionDown: return dumpItem("session-down", kind: "button", frame: f, [("icon", "minus"), ("minutes", .optional(context.classroom.sessionMinutes)), ("locked", .bool(isLocked(.sessionMinutes))), ("enabled", true)] + badge(.sessionMinutes))
            case .sessionUp: return dumpItem("session-up", kind: "button", frame: f, [("icon", "plus"), ("minutes", .optional(context.classroom.sessionMinutes)), ("locked", .bool(isLocked(.sessionMinutes))), ("enabled", true)] + badge(.sessionMinutes))
            case .game(let g): return dumpItem("show-" + g.rawValue, kind: "switch", frame: f, [("icon", .string(g.imageName)), ("on", .bool(shownGames.contains(g))), ("locked", .bool(isLocked(.games))), ("enabled", true)] + badge(.games))
            case .level(let l): return dumpItem("show-" + l.rawValue, kind: "switch", frame: f, [("icon", .string(l.imageName)), ("on", .bool(shownLevels.contains(l))), ("locked", .bool(isLocked(.levels))), ("enabled", true)] + badge(.levels))
            case .pinSet: return dumpItem("pin-set", kind: "button", frame: f, [("icon", "text"), ("key", .string(Messages.cornerPINSet.key)), ("pin", .bool(context.classroom.gatePIN != nil)), ("locked", .bool(isLocked(.gatePIN))), ("enabled", true)] + badge(.gatePIN))
            case .set(let i):
                let entry = context.sets.entries[i]
                let twice = context.sets.entries[..<i].contains { $0.id == entry.id }
                return dumpItem("set-" + entry.id + (twice ? "-\(i + 1)" : ""), kind: "switch", frame: f, [
                    ("icon", .string(entry.game.map { $0.imageName } ?? "close")), ("game", entry.game.map { JSON.string($0.rawValue) } ?? .null),
                    ("on", .bool(entry.set.map(setIsOn) ?? false)), ("usable", .bool(entry.set != nil)),
                    ("problems", .array(entry.problems.map { .string($0.description) })), ("locked", .bool(isLocked(.sets))),
                    ("enabled", .bool(entry.set != nil))] + badge(.sets))
            case .pinClear: return dumpItem("pin-clear", kind: "button", frame: f, [("icon", "text"), ("key", .string(Messages.cornerPINClear.key)), ("locked", .bool(isLocked(.gatePIN))), ("enabled", true)] + badge(.gatePIN))
            }
        } + (section == .progress ? progressPage.map { [ProgressScreen.dumpItem($0)] } ?? [] : [])
            // No time in the log: only whether there is one.
            + (context.serverSign.map { sign in
                [dumpItem("server-sign", kind: "picture", frame: Self.serverSignFrame,
                          [("icon", .string(sign.failing ? "close" : "check")), ("pending", .int(sign.pending)),
                           ("failing", .bool(sign.failing)), ("upToDate", .bool(sign.upToDate != nil))])]
            } ?? [])
    }

    /// A locked control's `badge` field (the padlock of `LockedLook`), none when unlocked.
    private func badge(_ key: SettingKey) -> [(String, JSON)] { isLocked(key) ? [("badge", "lock")] : [] }

    func noteSaved(_ ok: Bool, folder: String? = nil, source: ReportSource? = nil) {
        saveNote = ok ? Messages.cornerSaved : Messages.cornerSaveFailed
        savedFolder = ok ? folder : nil
        savedSource = ok ? source : nil
    }
}

/// A player's progress per game: a small chart of the scores in the order played (the last
/// 30), and the totals. Drawn in the corner and into the saved report's pictures.
@MainActor
public enum ProgressChart {
    public static func drawPlayer(_ canvas: any Canvas, _ rows: [ProgressSummary], in area: Rect, context: GameContext) {
        guard let first = rows.first else { return }
        AvatarArt.draw(canvas, first.avatar, in: Rect(area.x, area.y - 6, 64, 64), radius: 14, shadow: 0)
        let who = first.nickname ?? (Profiles.number(ofID: first.player).map { context.text(Messages.cornerUnnamed, ["n": String($0)]) }
                                     ?? context.text(Messages.cornerGuest))
        canvas.text(who, canvas.fitting(who, Theme.headingText, width: area.width - 90), at: Point(area.x + 80, area.y + 26), align: .left, color: Theme.ink)
        let height = (area.height - 70) / Double(max(rows.count, 1))
        for (i, row) in rows.enumerated() {
            let box = Rect(area.x, area.y + 70 + Double(i) * height, area.width, height - 10)
            draw(canvas, row, in: box, context: context)
        }
    }

    public static func draw(_ canvas: any Canvas, _ row: ProgressSummary, in box: Rect, context: GameContext) {
        canvas.fillRounded(box, radius: 14, .white)
        let icon = "game-" + row.game.rawValue
        canvas.image(icon, in: Rect(box.x + 8, box.y + 8, 56, 56))
        canvas.text(context.title(of: row.game), Theme.labelText, at: Point(box.x + 72, box.y + 26), align: .left, color: Theme.ink)
        canvas.text(context.text(Messages.cornerPlayed, ["n": String(row.rounds), "best": String(row.best)]), Theme.smallText,
                    at: Point(box.x + 72, box.y + 56), align: .left, color: Theme.inkSoft)
        let chart = Rect(box.x + 300, box.y + 10, box.width - 316, box.height - 20)
        canvas.fill(Rect(chart.x, chart.maxY, chart.width, 2), Theme.neutral)
        canvas.fill(Rect(chart.x, chart.y, 2, chart.height), Theme.neutral)
        let scores = Array(row.scores.suffix(30))
        let top = Double(max(scores.max() ?? 1, 1))
        let step = scores.count > 1 ? chart.width / Double(scores.count - 1) : 0
        var previous: Point?
        for (i, s) in scores.enumerated() {
            let p = Point(chart.x + (scores.count > 1 ? Double(i) * step : chart.width / 2), chart.maxY - Double(s) / top * (chart.height - 6))
            if let previous { canvas.line(from: previous, to: p, width: 4, Theme.focus) }
            canvas.fillCircle(center: p, radius: 5, Theme.focus)
            previous = p
        }
    }
}
