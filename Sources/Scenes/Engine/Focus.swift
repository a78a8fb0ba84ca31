import GameCore
import Stage
import TextCatalogs

/// Something keys, a gamepad or one switch can reach: an item of the top scene's dump (the
/// same list tests and scripts tap), so every scene that lists what can be tapped can be
/// played without a pointer.
public struct Focusable: Equatable, Sendable {
    public let id: String
    public let kind: String
    public let frame: Rect
    /// The dump's `state` (a vehicle `lifted` by a tap makes the zones come first).
    public let state: String?
    public init(id: String, kind: String, frame: Rect, state: String? = nil) {
        self.id = id; self.kind = kind; self.frame = frame; self.state = state
    }
}

/// Where the focus goes: the pure part of keys, pad and switch scanning.
public enum FocusNavigation {
    /// Dump kinds a child can tap.
    public static let kinds: Set<String> = ["button", "card", "vehicle", "zone", "balloon"]
    /// Items that are there but can no longer be tapped to any effect are skipped: matched
    /// cards and placed vehicles; so is a vehicle gliding home after a wrong drop (a tap on
    /// it would drop it again where it is), until it is back in its slot.
    static let finishedStates: Set<String> = ["matched", "placed", "returning"]

    /// The focusable items of a scene's dump fields, in dump order.
    public static func focusables(_ dump: [(String, JSON)]) -> [Focusable] {
        guard case .array(let items)? = dump.first(where: { $0.0 == "items" })?.1 else { return [] }
        return items.compactMap { item in
            guard case .object(let fields) = item else { return nil }
            func string(_ key: String) -> String? {
                if case .string(let s)? = fields.first(where: { $0.0 == key })?.1 { return s }
                return nil
            }
            guard let id = string("id"), let kind = string("kind"), kinds.contains(kind),
                  case .array(let f)? = fields.first(where: { $0.0 == "frame" })?.1, f.count == 4 else { return nil }
            if let state = string("state"), finishedStates.contains(state) { return nil }
            let n = f.compactMap { v -> Double? in
                switch v {
                case .int(let i): Double(i)
                case .double(let d): d
                default: nil
                }
            }
            guard n.count == 4, n[2] > 0, n[3] > 0 else { return nil }
            return Focusable(id: id, kind: kind, frame: Rect(n[0], n[1], n[2], n[3]), state: string("state"))
        }
    }

    /// The item a direction key moves to from `current`: the nearest one whose centre lies
    /// that way (within 60° of it), distance counted double across the direction so a
    /// neighbour in the same row wins over a nearer one diagonally. Nil: nothing that way.
    public static func move(from current: Focusable, _ direction: Key, among items: [Focusable]) -> Focusable? {
        let (dx, dy): (Double, Double)
        switch direction {
        case .left: (dx, dy) = (-1, 0)
        case .right: (dx, dy) = (1, 0)
        case .up: (dx, dy) = (0, -1)
        case .down: (dx, dy) = (0, 1)
        default: return nil
        }
        let c = current.frame.center
        var best: (Focusable, Double, Double)?
        for item in items where item.id != current.id {
            // Measured to the nearest point of the item's frame, so a wide item (the sky
            // under the row of vehicles) is "down" from every vehicle above it.
            let f = item.frame
            let p = Point(min(max(c.x, f.minX), f.maxX), min(max(c.y, f.minY), f.maxY))
            let along = (p.x - c.x) * dx + (p.y - c.y) * dy
            let across = abs((p.x - c.x) * dy - (p.y - c.y) * dx)
            guard along > 1, across <= along * 1.74 else { continue }
            let score = along + 2 * across
            // Equal scores: the nearer centre wins.
            let centre = abs(f.midX - c.x) + abs(f.midY - c.y)
            if best == nil || score < best!.1 - 1e-9 || (abs(score - best!.1) <= 1e-9 && centre < best!.2) { best = (item, score, centre) }
        }
        return best?.0
    }

    /// The order scanning (and Tab) walks: the game's own things first, in reading order
    /// (rows from the top, each from the reading side), then the top bar's buttons; balloons
    /// from the lowest up, since the lowest is the one that stays longest.
    public static func scanOrder(_ items: [Focusable], rightToLeft: Bool = false) -> [Focusable] {
        let balloons = items.filter { $0.kind == "balloon" }.sorted { $0.frame.maxY > $1.frame.maxY }
        func reading(_ list: [Focusable]) -> [Focusable] {
            list.sorted { a, b in
                // One row: centres within half the smaller height.
                if abs(a.frame.midY - b.frame.midY) > min(a.frame.height, b.frame.height) / 2 { return a.frame.midY < b.frame.midY }
                return rightToLeft ? a.frame.midX > b.frame.midX : a.frame.midX < b.frame.midX
            }
        }
        // The top bar's buttons (Back, pause, mute) come last: they end a game or stop it.
        func inBar(_ f: Focusable) -> Bool { f.frame.maxY <= Canvas1024.topBarHeight + 8 }
        var things = reading(items.filter { $0.kind != "balloon" && !inBar($0) })
        let bar = reading(items.filter { $0.kind != "balloon" && inBar($0) })
        if holdsLifted(items) {
            // A vehicle is lifted: where it can go comes first.
            things = things.filter { $0.kind == "zone" } + things.filter { $0.kind != "zone" }
        }
        return balloons + things + bar
    }

    /// The spoken line that names a dump item under the scanning ring, when the voice has
    /// one: a game, a level, a button, a vehicle, a zone (where it leads), a balloon's
    /// number. Cards are not named (saying the face would give the game away).
    /// A game's tile is named by its module's `voice.name` (`games`, when given).
    @MainActor public static func voiceLine(for item: JSON, games: GameRegistry? = nil) -> Message? {
        func field(_ key: String) -> String? { item[key]?.stringValue }
        let key: String?
        switch field("kind") {
        // A set's thing says its set's line (`line`: null when the set has no spoken names).
        case "vehicle": key = item["line"] != nil ? field("line") : field("name").map { "voice.vehicle.\($0)" }
        case "zone": key = field("category").flatMap(VehicleCategory.init(rawValue:)).map { VoiceLines.zoneHint($0).key }
        case "balloon":
            switch field("type") {
            case "bonus": key = VoiceLines.starBalloon.key
            case "killer": key = VoiceLines.skullBalloon.key
            default: key = item["number"]?.intValue.map { VoiceLines.number($0).key }
            }
        case "button":
            switch (field("id"), field("key")) {
            case ("back", _): key = "voice.button.back"
            case ("pause", _), ("resume", _): key = "voice.button.pause"
            case ("mute", _): key = "voice.button.mute"
            case (_, let k?) where k.hasPrefix("game."):
                if let name = games?.entry(GameKind(String(k.dropFirst(5))))?.voice.name { return name }
                key = "voice." + k
            case (_, let k?) where k.hasPrefix("level."): key = "voice." + k
            case (_, "home.play"): key = "voice.button.play"
            case (_, "home.high-scores"): key = "voice.button.highscores"
            case (_, "button.play-again"): key = "voice.button.again"
            case (_, let k?) where ["button.home", "button.leave", "button.stay", "button.close"].contains(k): key = "voice." + k
            default: key = nil
            }
        default: key = nil
        }
        return key.flatMap(VoiceLines.line)
    }

    /// True while a vehicle waits, lifted by a tap, for a zone.
    public static func holdsLifted(_ items: [Focusable]) -> Bool {
        items.contains { $0.kind == "vehicle" && $0.state == "lifted" }
    }
}

/// The focus ring of keys, a gamepad and one-switch scanning, kept by the scene stack over
/// whatever scene is on top. It follows an item by its id (a rising balloon, a gliding
/// vehicle); when that item goes, it moves to the nearest one left.
@MainActor
public final class FocusRing {
    /// The focused item's id (nil: none yet).
    public private(set) var focusedID: String?
    /// Shown once a key, a pad button or the switch has been used; hidden by a pointer.
    public var visible = false
    /// One-switch scanning: seconds per step (nil: off).
    public var scanInterval: Double?
    /// The stack's time of the last scanning step (or of the start on a new screen).
    private var lastStepAt = 0.0
    private var lastFrame: Rect?
    /// Whether a vehicle was lifted at the last scanning step.
    private var scanningLifted = false
    /// The scanning range the setting allows.
    public nonisolated static let scanRange = 0.8...4.0
    public nonisolated static let defaultScanInterval = 1.5

    public init(scanInterval: Double? = nil) {
        self.scanInterval = scanInterval
        visible = scanInterval != nil
    }

    /// The focused item among `items`, re-found by id, else the nearest to where it was.
    public func focused(in items: [Focusable]) -> Focusable? {
        if let id = focusedID, let item = items.first(where: { $0.id == id }) { return item }
        guard let last = lastFrame, !items.isEmpty else { return nil }
        let near = items.min { a, b in distance(a.frame.center, last.center) < distance(b.frame.center, last.center) }
        return near
    }

    private func distance(_ a: Point, _ b: Point) -> Double { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }

    public func focus(_ item: Focusable?) {
        focusedID = item?.id
        if let item { lastFrame = item.frame }
    }

    /// A direction key or Tab: moves the ring (the first key only shows it, on the first
    /// item in scan order when nothing was focused). Answers whether it moved.
    @discardableResult
    public func move(_ key: Key, shift: Bool = false, items: [Focusable], rightToLeft: Bool = false) -> Bool {
        let order = FocusNavigation.scanOrder(items, rightToLeft: rightToLeft)
        guard !order.isEmpty else { return false }
        guard visible, let current = focused(in: items) else {
            visible = true
            focus(order[0])
            return true
        }
        if key == .tab {
            let i = order.firstIndex { $0.id == current.id } ?? -1
            focus(order[(i + (shift ? order.count - 1 : 1) + order.count) % order.count])
            return true
        }
        guard let next = FocusNavigation.move(from: current, key, among: items) else { return false }
        focus(next)
        return true
    }

    /// Scanning: one step every `scanInterval` seconds of the stack's time (`now`, the
    /// frame's). Answers whether it stepped.
    public func update(now: Double, items: [Focusable], rightToLeft: Bool = false) -> Bool {
        guard let interval = scanInterval else { return false }
        if focused(in: items) == nil, let first = FocusNavigation.scanOrder(items, rightToLeft: rightToLeft).first {
            // A new screen: the ring starts on its first thing at once.
            focus(first)
            lastStepAt = now
            return true
        }
        let order = FocusNavigation.scanOrder(items, rightToLeft: rightToLeft)
        let holdsLifted = FocusNavigation.holdsLifted(items)
        if holdsLifted != scanningLifted {
            scanningLifted = holdsLifted
            if let first = order.first {
                // A vehicle was just lifted: the ring goes to the first zone at once; it was
                // sent to a zone (or put down): back to the first vehicle.
                focus(first)
                lastStepAt = now
                return true
            }
        }
        guard now - lastStepAt >= interval - 1e-9 else { return false }
        lastStepAt = now
        guard !order.isEmpty else { focus(nil); return false }
        let i = focused(in: items).flatMap { f in order.firstIndex { $0.id == f.id } } ?? -1
        focus(order[(i + 1) % order.count])
        return true
    }

    /// The scene changed (at the stack's time `now`): start again from the first item, with a
    /// full step to look at it.
    public func reset(at now: Double) {
        focusedID = nil
        lastFrame = nil
        lastStepAt = now
        scanningLifted = false
    }

    /// The ring: thick white inside a thick dark outline, so it shows on any colour and by
    /// its shape, never by colour alone.
    public func draw(on canvas: any Canvas, items: [Focusable]) {
        guard visible, let item = focused(in: items) else { return }
        // Kept on the screen: a zone as wide as the picture still shows all four sides.
        let grown = item.frame.insetBy(-8, -8), screen = Canvas1024.bounds.insetBy(7, 7)
        let x0 = max(grown.minX, screen.minX), y0 = max(grown.minY, screen.minY)
        let r = Rect(x0, y0, min(grown.maxX, screen.maxX) - x0, min(grown.maxY, screen.maxY) - y0)
        let radius = min(28, min(r.width, r.height) / 2)
        canvas.strokeRounded(r.insetBy(-5, -5), radius: radius + 5, width: 6, Color(20, 24, 60))
        canvas.strokeRounded(r, radius: radius, width: 7, .white)
        canvas.strokeRounded(r.insetBy(6, 6), radius: max(radius - 6, 2), width: 3, Color(20, 24, 60))
    }
}
