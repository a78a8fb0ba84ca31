import GameCore
import CMath
import Stage
import TextCatalogs

/// A grown-up types a child's nickname on an on-screen keyboard (the letters of the
/// language's own alphabet, from the catalog; a space; delete; OK). Up to 16 characters; an
/// empty name removes the nickname (the child is her picture).
@MainActor
public final class NicknameScene: BaseScene {
    public let child: ChildProfile
    public private(set) var typed: String
    private var press = PressTracker<String>()
    /// Nine letters to a row; seven on a portrait screen.
    public static var perRow: Int { upright ? 7 : 9 }
    /// 84×72, taller on a small screen so a key stays finger-sized (`Canvas1024.fingerUnits`:
    /// 77 at 640×480); 92×96 on a portrait screen.
    static var keySize: Size { upright ? Size(92, 96) : Size(84, max(72, Canvas1024.fingerUnits)) }

    /// On a portrait screen the keyboard places its own frames on the canvas (issue 27):
    /// seven larger keys to a row, the name above them, the whole centred under the bar.
    /// Elsewhere the 1024×768 frames are centred (`Placement`).
    public override var placesOwnFrames: Bool { Self.upright }

    public init(context: GameContext, child: ChildProfile) {
        self.child = child
        typed = child.nickname ?? ""
        super.init(context: context, name: "nickname")
    }

    public override var title: String? { context.text(Messages.cornerNickname) }
    public override var showsBack: Bool { true }

    /// The keys: every letter of the catalog's alphabet, then space, delete and OK.
    public var letters: [String] { context.text(Messages.cornerLetters).map(String.init).filter { $0 != " " } }
    var keys: [String] { letters + ["space", "erase", "ok"] }

    /// The width the frames are centred in: the design's, or the portrait canvas's.
    static var width: Double { upright ? Canvas1024.width : 1024 }

    /// Portrait: the top of the name's row, the block (name, letters, the last row) centred
    /// under the bar.
    var uprightTop: Double {
        let rows = Double((letters.count + Self.perRow - 1) / Self.perRow)
        let block = 100 + 40 + rows * (Self.keySize.height + 12) - 12 + 40 + 84
        return max(TopBar.height + 24, (TopBar.height + (Canvas1024.height - TopBar.height - block) / 2).rounded())
    }

    /// The name's box (the child's picture left of it).
    var nameBox: Rect { Self.upright ? Rect(148, uprightTop + 10, Self.width - 148 - 24, 80) : Rect(320, 120, 500, 80) }
    var avatarFrame: Rect { Self.upright ? Rect(24, uprightTop, 100, 100) : Rect(200, 110, 100, 100) }

    public func keyFrame(_ index: Int) -> Rect {
        let n = letters.count
        let gap = 12.0, w = Self.keySize.width, h = Self.keySize.height
        let rows = Double((n + Self.perRow - 1) / Self.perRow)
        let lettersTop = Self.upright ? uprightTop + 140 : 250
        if index >= n {
            let w = 200.0
            let y = Self.upright ? lettersTop + rows * (h + gap) - gap + 40 : 650
            return Rect(Self.width / 2 - 1.5 * w - 24 + Double(index - n) * (w + 24), y, w, 84)
        }
        let x0 = (Self.width - (Double(Self.perRow) * w + Double(Self.perRow - 1) * gap)) / 2
        return Rect(x0 + Double(index % Self.perRow) * (w + gap), lettersTop + Double(index / Self.perRow) * (h + gap), w, h)
    }

    private func hit(_ p: Point) -> String? { keys.indices.first { keyFrame($0).contains(p) }.map { keys[$0] } }

    /// The nickname field has the focus: letters typed on a keyboard are its own.
    public override var ownsTextKeys: Bool { true }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let k = press.up(hit(p)) { return activate(k) }
        case .key(.return, _):
            // Return on a keyboard is the OK key, BackSpace the erase key.
            return activate("ok")
        case .key(.backspace, _):
            return activate("erase")
        case .text(let text):
            // A letter of the on-screen keyboard typed on a real one (any case); a space.
            var out: [SceneCommand] = []
            for ch in text {
                if ch == " " { out += activate("space"); continue }
                if let key = letters.first(where: { $0.lowercased() == String(ch).lowercased() }) { out += activate(key) }
            }
            return out
        default: break
        }
        return []
    }

    private func activate(_ key: String) -> [SceneCommand] {
        emit(.sound(.click))
        switch key {
        case "erase": typed = String(typed.dropLast())
        case "space": if typed.count < Profiles.nicknameLimit && typed.utf8.count < Profiles.nicknameByteLimit { typed += " " }
        case "ok":
            var changed = child
            changed.nickname = Profiles.cleanNickname(typed)
            if context.profilesOn, changed.nickname != child.nickname {
                if let name = changed.nickname, context.children.contains(where: { $0.nickname == name && $0.number != child.number }) {
                    emit(.sound(.oops))
                    emit(.log("hint", [("kind", "nickname-taken"), ("target", .string(child.id))]))
                    return []
                }
                emit(.updateChild(changed))
                emit(.log("profile", [("action", "changed")] + Player.child(changed).logFields))
            }
            return [.pop]
        default:
            if typed.count < Profiles.nicknameLimit && typed.utf8.count + key.utf8.count <= Profiles.nicknameByteLimit {
                // The first letter as typed, the rest in lower case (a name, not a shout).
                typed += typed.isEmpty || typed.last == " " ? key : key.lowercased()
            }
        }
        return []
    }

    public override func drawContent(on canvas: any Canvas) {
        canvas.fill(canvas.visibleRect, Color(236, 240, 250))
        AvatarArt.draw(canvas, child.avatar, in: avatarFrame, radius: 18, shadow: 4)
        let box = nameBox
        canvas.fillRounded(box, radius: 18, .white)
        canvas.strokeRounded(box, radius: 18, width: 3, Theme.focus)
        if !typed.isEmpty {
            canvas.text(typed, canvas.fitting(typed, Theme.bigText, width: box.width - 24), at: box.center, color: Theme.ink)
        }
        for (i, key) in keys.enumerated() {
            var r = keyFrame(i)
            if press.pressed == key { r = r.scaled(0.94) }
            switch key {
            case "space": Decor.button(canvas, r, label: context.text(Messages.cornerSpace), color: Theme.neutral)
            case "erase": Decor.button(canvas, r, label: context.text(Messages.gateErase), color: Theme.no)
            case "ok": Decor.button(canvas, r, label: context.text(Messages.ok), color: Theme.yes)
            default: Decor.button(canvas, r, label: key, color: Theme.focus)
            }
        }
    }

    public override func dumpFields() -> [(String, JSON)] {
        [("typed", .string(typed)), ("player", .string(child.id))]
    }

    public override func dumpItems() -> [JSON] {
        keys.enumerated().map { i, key in
            dumpItem("key-" + key, kind: "button", frame: keyFrame(i), [("icon", "text"), ("enabled", true)])
        }
    }
}

/// "Save report": the grown-up picks the folder (the home folder, or a USB stick under
/// /media), and the report's CSV and chart pictures are written into a new folder there.
/// The writing runs off the frame loop (a slow stick froze the game 4-10 s, issue #28): the
/// chosen tile turns a spinner and the others grey until it is done, taps meanwhile do
/// nothing, and Back waits for it; closing the screen any other way (a quit) cancels it and
/// nothing half-written stays.
@MainActor
public final class SaveReportScene: BaseScene {
    public let destinations: [ReportDestination]
    /// The folder the report was saved in (the corner names it).
    public private(set) var savedFolder: String?
    /// With a school's server named: whether the class's report or the kiosk's was saved.
    public private(set) var savedSource: ReportSource?
    /// The save under way and its tile.
    private var job: (index: Int, job: any ReportJob)?
    /// The tile whose save was asked for, until the runtime answers.
    private var asked: Int?
    /// The timeline's time when the save began: the spinner turns once a second from then.
    private var spinStart = 0.0
    private var spin: Double { timeline.time - spinStart }
    /// How many saves were started here (a second tap while saving starts none).
    public private(set) var started = 0
    private var press = PressTracker<Int>()

    public init(context: GameContext) {
        destinations = context.reportDestinations()
        super.init(context: context, name: "savereport")
    }

    public override var title: String? { context.text(Messages.cornerSaveTo) }
    public override var showsBack: Bool { job == nil }
    /// True while a save is under way.
    public var isSaving: Bool { job != nil }

    /// Tile `i` of `count`: three to a row from the left at 4:3 and on wide screens; on a
    /// portrait screen two to a row, each row centred, so the tiles keep their full size
    /// (the whole design would be 0.75 there).
    public static func tileFrame(_ i: Int, of count: Int = 1) -> Rect {
        guard upright else { return Rect(112 + Double(i % 3) * 280, 140 + Double(i / 3) * 220, 240, 190) }
        let row = i / 2, inRow = max(1, min(2, count - row * 2))
        let left = 512 - (Double(inRow) * 240 + Double(inRow - 1) * 40) / 2
        return Rect(left + Double(i % 2) * 280, 140 + Double(row) * 220, 240, 190)
    }

    /// The tiles with a small margin (`Placement.current(showing:)`): three to a row, two
    /// rows (the home folder and up to five sticks) on landscape screens; two to a row, as many
    /// rows as there are, on a portrait one.
    public static let panelWithMargin = Rect(104, 120, 776, 450)
    public override var designContent: Rect {
        guard Self.upright else { return Self.panelWithMargin }
        return Rect(244, 120, 536, Double(max(1, (destinations.count + 1) / 2)) * 220 + 10)
    }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        func hit(_ p: Point) -> Int? { destinations.indices.first { Self.tileFrame($0, of: destinations.count).contains(p) } }
        switch event {
        case .pointerDown(let p): press.down(job == nil ? hit(p) : nil)
        case .pointerUp(let p):
            if let i = press.up(job == nil ? hit(p) : nil), job == nil, context.reportsOn {
                emit(.sound(.click))
                started += 1
                spinStart = timeline.time
                asked = i
                emit(.saveReport(destinations[i]))
                return []
            }
        default: break
        }
        return []
    }

    /// The save under way (`Effect.saveReport`'s answer; none: no saver in this run).
    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        guard case .saveReport = effect, let i = asked else { return [] }
        asked = nil
        guard let begun = reply.reportJob else { return [] }
        job = (i, begun)
        return finishIfDone()
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        guard job != nil else { return [] }
        return finishIfDone()
    }

    private func finishIfDone() -> [SceneCommand] {
        guard let (i, running) = job, let result = running.poll() else { return [] }
        job = nil
        var ok = false
        if case .success(let folder) = result {
            ok = true
            let source = running.source
            emit(.log("report", [("action", "saved"), ("usb", .bool(destinations[i].isUSB))]
                                        + (source.map { [("source", .string($0.rawValue))] } ?? [])))
            if source == .serverAway {
                emit(.warn("the school's server did not answer: the report saved holds this kiosk's games only"))
            }
            savedFolder = folder
            savedSource = source
            emit(.sound(.cheer))
        } else {
            if case .failure(let failure) = result { emit(.warn("cannot save the report (\(failure))")) }
            emit(.log("report", [("action", "failed"), ("usb", .bool(destinations[i].isUSB))]))
            emit(.sound(.oops))
        }
        return [.pop(.answered(ok ? .reportSaved : .reportFailed, .ok))]
    }

    /// Back (and Escape) wait while saving: the answer comes by itself.
    public override func onBack() -> [SceneCommand] { job == nil ? [.pop] : [] }

    public override func onLeave() {
        super.onLeave()
        job?.job.cancel()
        job = nil
    }

    public override func drawContent(on canvas: any Canvas) {
        canvas.fill(canvas.visibleRect, Color(236, 240, 250))
        for (i, d) in destinations.enumerated() {
            var r = Self.tileFrame(i, of: destinations.count)
            if press.pressed == i { r = r.scaled(0.95) }
            let other = job != nil && job?.index != i
            Decor.card(canvas, r, radius: 24, fill: other ? Color(214, 218, 226) : Theme.tile, shadow: other ? 0 : 6)
            if job?.index == i {
                Self.drawSpinner(canvas, center: Point(r.midX, r.y + 72), radius: 44, turn: spin)
            } else {
                canvas.image(d.isUSB ? "usb" : "folder-home", in: Rect(r.midX - 56, r.y + 16, 112, 112))
            }
            let label = d.label ?? context.text(Messages.cornerHomeFolder)
            canvas.text(label, canvas.fitting(label, Theme.labelText, width: r.width - 20), at: Point(r.midX, r.maxY - 32), color: Theme.ink)
        }
    }

    /// Twelve dots round a circle, the brightest one going round once a second (a turn, no
    /// flashing): the picture of "saving, wait".
    static func drawSpinner(_ canvas: any Canvas, center: Point, radius: Double, turn: Double) {
        let lead = Int((turn - turn.rounded(.down)) * 12)
        for k in 0..<12 {
            let angle = Double(k) / 12 * 2 * Double.pi - Double.pi / 2
            let age = (lead - k + 12) % 12
            let shade = 1 - Double(age) / 12
            let c = Color(UInt8(40 + (1 - shade) * 170), UInt8(90 + (1 - shade) * 130), UInt8(200 + (1 - shade) * 40))
            canvas.fillCircle(center: Point(center.x + radius * cos(angle), center.y + radius * sin(angle)), radius: 5 + 4 * shade, c)
        }
    }

    public override func dumpFields() -> [(String, JSON)] {
        job == nil ? [] : [("saving", .bool(true))]
    }

    public override func dumpItems() -> [JSON] {
        destinations.enumerated().map { i, d in
            dumpItem(d.isUSB ? "usb-\(i)" : "folder-home", kind: "button", frame: Self.tileFrame(i, of: destinations.count),
                     [("icon", .string(job?.index == i ? "spinner" : d.isUSB ? "usb" : "folder-home")), ("enabled", .bool(job == nil))])
        }
    }
}

/// A grown-up types a new gate PIN (4 to 8 digits) on the gate's number pad; OK keeps it.
@MainActor
public final class PinScene: BaseScene {
    public private(set) var typed = ""
    private var press = PressTracker<AdultGateScene.Target>()

    public init(context: GameContext) {
        super.init(context: context, name: "pin")
    }

    public override var title: String? { context.text(Messages.cornerPIN) }
    public override var showsBack: Bool { true }
    /// The title, the dots and the gate's keys (700 units wide): full size on a portrait
    /// screen, as the gate's own (`Placement.current(showing:)`).
    public override var designContent: Rect { Rect(162, 110, 700, 600) }

    private var keys: [AdultGateScene.Target] { (0...9).map { .digit($0) } + [.erase, .ok] }
    private func hit(_ p: Point) -> AdultGateScene.Target? { keys.first { AdultGateScene.keyFrame($0)?.contains(p) == true } }

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            guard let k = press.up(hit(p)) else { return [] }
            switch k {
            case .digit(let d):
                emit(.sound(.click))
                if typed.count < GateRules.maximumDigits { typed += String(d) }
            case .erase:
                emit(.sound(.click))
                typed = String(typed.dropLast())
            case .ok:
                guard typed.count >= 4 else {
                    emit(.sound(.oops))
                    emit(.log("hint", [("kind", "pin-too-short"), ("target", "gate-ok")]))
                    return []
                }
                emit(.sound(.click))
                emit(.chooseClassroom(.pin(typed)))
                return [.pop]
            default: break
            }
        default: break
        }
        return []
    }

    public override func onResume(with result: SceneResult?) -> [SceneCommand] { [] }

    public override func drawContent(on canvas: any Canvas) {
        canvas.fill(canvas.visibleRect, Color(236, 240, 250))
        let title = context.text(Messages.cornerPINTitle)
        canvas.text(title, canvas.fitting(title, Theme.headingText, width: 700), at: Point(512, 150), color: Theme.ink)
        let box = Rect(392, 200, 240, 70)
        canvas.fillRounded(box, radius: 16, .white)
        canvas.strokeRounded(box, radius: 16, width: 3, Theme.focus)
        let count = Double(typed.count)
        for i in 0..<typed.count {
            canvas.fillCircle(center: Point(box.midX + (Double(i) - (count - 1) / 2) * 26, box.midY), radius: 8, Theme.ink)
        }
        for k in keys {
            guard let f = AdultGateScene.keyFrame(k) else { continue }
            let label: String
            switch k {
            case .digit(let d): label = String(d)
            case .erase: label = context.text(Messages.gateErase)
            default: label = context.text(Messages.ok)
            }
            Decor.button(canvas, f, label: label, color: k == .ok ? Theme.yes : k == .erase ? Theme.no : Theme.focus, pressed: press.pressed == k)
        }
    }

    public override func dumpFields() -> [(String, JSON)] { [("typed", .string(String(repeating: "*", count: typed.count)))] }

    public override func dumpItems() -> [JSON] {
        keys.compactMap { k in
            AdultGateScene.keyFrame(k).map { dumpItem(k.id, kind: "button", frame: $0, [("icon", .string(k.icon)), ("enabled", true)]) }
        }
    }
}
