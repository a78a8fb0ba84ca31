import GameCore
import CMath
import Stage
import TextCatalogs

/// Sorting's scene: the host running Sorting's play.
public typealias SortingScene = GameHost<SortingGame>

/// The Sorting game: drag each vehicle of the top row into the sky, the water or the land.
/// `SortingRules` judges drops and keeps score and time; this scene turns the pointer into
/// pick-ups and drops, and rule events into sounds, log lines and motion (the lift, the
/// settling bounce, the slow glide home after a wrong drop). A value (`GamePlay`): the host
/// calls it and carries out what it returns.
@MainActor
public struct SortingPlay: GamePlay {
    /// Where a vehicle is in its life; the dump's `state` field.
    /// `lifted`: tapped (tap-tap, keys, a pad, the switch), waiting for a tap on a zone.
    public enum VehicleState: String, Sendable { case waiting, dragging, lifted, returning, placed }

    /// A vehicle on screen: its current frame, its slot in the row, and its animation.
    struct Sprite {
        let vehicle: SortingVehicle
        let home: Rect
        var frame: Rect
        var state: VehicleState = .waiting
        /// Drawn size factor: 1.15 while lifted, bouncing back to 1 when placed (on scene
        /// time, read where the last step left it: `GameTime.stepped`).
        var scale = Eased.still(1)
        /// 0...1: how far the drop shadow has come out (lifted).
        var lift = Eased.still(0)
        /// Draw order: the last vehicle touched is drawn above the others.
        var order: Int
        /// A wrong drop's glide home: where it was let go, and the game time it was.
        var glide: (from: Rect, start: Double)?
        /// Placed: the zone and the number of its place (`SortingLayout.places`), and the
        /// short glide there from where it was let go (`frame` is the place from the start).
        var place: (zone: String, index: Int)?
        var settle: (from: Rect, start: Double)?
    }

    /// A vehicle held by the pointer or a finger, and where on it that grabbed it.
    struct Drag {
        let index: Int
        let grab: Point
        var pointer: Point
        /// Where the press was: a release near it without moving away is a tap.
        let start: Point
        /// Moved further than `tapSlop` from `start` at some time: a drag, not a tap.
        var moved = false
        /// The vehicle was already lifted by a tap when this press took it.
        let wasLifted: Bool
        /// Taken from its slot (not caught gliding home: let go, that one drops as ever).
        var fromSlot = true
    }

    /// The pointer's key among the drags; fingers use their own ids (0 and up).
    static let pointerKey = -1
    /// A press released within this distance of where it began, never having left it, is a
    /// tap (lift or put down), not a drag.
    nonisolated public static let tapSlop = 16.0

    /// A short sparkle where a vehicle was placed (its age on the game's `playedTime`).
    struct Sparkle: Aging {
        let center: Point
        var age = 0.0
        var isFinished: Bool { age >= Self.duration - 1e-9 }
        static let duration = 0.7
        static let stars = 7
    }

    /// A wrong drop glides home over exactly this long (the spec's 2 to 3 seconds).
    nonisolated public static let glideDuration = SortingRules.glideDuration
    nonisolated public static let liftScale = 1.15
    nonisolated public static let liftDuration = 0.12
    nonisolated public static let settleDuration = 0.6
    /// A placed vehicle glides to its place in the zone this fast (reduced motion: fades there).
    nonisolated public static let toPlaceDuration = 0.2
    /// The won alert waits for the last vehicle's bounce to be seen.
    nonisolated public static let winDelay = SortingRules.winDelay
    nonisolated public static let wiggleDuration = 0.5
    /// Reduced motion: the glide home is shorter (its `returned.seconds` says 1.0), and the
    /// wrong drop's head shake becomes one outline pulse.
    nonisolated public static let reducedGlideDuration = SortingRules.reducedGlideDuration
    static func glideTime(_ now: GameNow) -> Double { now.reducedMotion ? reducedGlideDuration : glideDuration }

    public internal(set) var rules: SortingRules
    /// The set its things come from (issue 44): vehicles, animals... with their categories.
    public let contentSet: ContentSet
    var sprites: [Sprite]
    /// What each hand holds: the pointer under `pointerKey`, other fingers under their ids.
    var drags: [Int: Drag] = [:]
    /// The vehicle a tap lifted: the next tap on a zone puts it there.
    var lifted: Int?
    var sparkles = Particles<Sparkle>()
    var nextOrder: Int
    /// Wrong drops per vehicle: from the second, its zone glows and the voice names it.
    var wrongDrops: [Int: Int] = [:]
    /// The zone category glowing as a hint, and the scene time it started.
    var glow: (category: VehicleCategory, start: Double)?
    /// How long a hint glow lasts; it breathes once a second (far under 3 flashes a second).
    nonisolated public static let glowDuration = 3.0
    nonisolated public static let wrongDropsBeforeHint = 2
    /// The zones' dashed outlines never move: computed once.
    let outlines: [[(Point, Point)]]
    /// Where placed vehicles settle, by zone id, in the order they fill.
    let places: [String: [Rect]]

    public init(_ start: GameStart, random: inout SeededGenerator) {
        contentSet = start.context.roundSet(.sorting) ?? .standardVehicles
        let pool = contentSet.sortingPool
        rules = SortingRules(level: start.level, zones: SortingLayout.zones, relaxed: start.relaxed, pool: pool, using: &random)
        let slots = SortingLayout.slots(count: rules.vehicles.count)
        sprites = rules.vehicles.enumerated().map { i, vehicle in
            Sprite(vehicle: vehicle, home: slots[i], frame: slots[i], order: i)
        }
        nextOrder = sprites.count
        let size = slots.first?.width ?? SortingLayout.maxVehicleSize
        places = Dictionary(uniqueKeysWithValues: rules.zones.map {
            ($0.id, SortingLayout.places(in: $0, size: size, count: SortingLayout.placeCount(for: $0.category, pool: pool)))
        })
        outlines = SortingLayout.zones.map {
            SortingLayout.dashedOutline(SortingLayout.outlineFrame($0), radius: SortingLayout.zoneRadius, dash: 18, gap: 12)
        }
    }

    public mutating func enter(_ now: GameNow) -> GameOutput {
        // The round plays the set `roundSet` named when it was made: the turn moves on.
        [.effect(.takeSet(.sorting)), .seconds(rules.countdown.shownSeconds(at: now.rule))]
    }

    /// The standard set's intro names vehicles (the module's); another set's says "each one".
    public var introLine: Message? {
        contentSet.id == ContentSet.standardVehicles.id ? nil : VoiceLines.introAnySet
    }

    // MARK: - State for tests and dumps

    public func state(of index: Int) -> VehicleState { sprites[index].state }
    public func frame(of index: Int) -> Rect { sprites[index].frame }
    public func home(of index: Int) -> Rect { sprites[index].home }
    public var vehicleCount: Int { sprites.count }

    // MARK: - Time

    public mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput {
        // Input handled before this update saw the same time as these rules, so the log shows
        // a glide taking exactly 2.500 s and the time running out exactly at 0:30.
        var out = advanceGlides(now)
        sparkles.removeFinished(at: now.time.played)
        // Won: the last vehicle's bounce plays out before the end screen.
        if now.isDecided { return out }
        out.ask(.seconds(rules.countdown.shownSeconds(at: now.rule)))
        _ = rules.update(now: now.rule)
        // Over without a win: the countdown ran out (here, or on a release at the last frame).
        guard rules.isOver, !rules.isWon else { return out }
        for held in drags.values { settleAtHome(held.index) }
        drags = [:]
        if let lifted { settleAtHome(lifted) }
        lifted = nil
        out.ask(.end(.timeUp, score: rules.score))
        return out
    }

    // MARK: - Input

    /// Losing focus mid-drag: the release will never come, so the vehicle goes home (a
    /// vehicle lifted by a tap stays lifted).
    public mutating func focusLost(_ now: GameNow) -> GameOutput {
        for key in drags.keys.sorted() {
            guard let held = drags.removeValue(forKey: key) else { continue }
            if held.wasLifted { lifted = nil }
            startGlide(held.index, now)
        }
        return []
    }

    public mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput {
        var out: GameOutput = []
        switch event {
        case .pointerDown(let p): press(Self.pointerKey, at: p, now, &out)
        case .pointerMoved(let p): move(Self.pointerKey, to: p)
        case .pointerUp(let p): letGo(Self.pointerKey, at: p, now, &out)
        // Further fingers on a touch table: each drags its own vehicle.
        case .finger(.down, let id, let p): press(id, at: p, now, &out)
        case .finger(.move, let id, let p): move(id, to: p)
        case .finger(.up, let id, let p): letGo(id, at: p, now, &out)
        default: break
        }
        return out
    }

    // MARK: - Drawing

    public func draw(on canvas: any Canvas, _ now: GameNow) {
        let hovered = Set(drags.values.compactMap { rules.zone(covering: frameFor($0))?.id })
        // The picture, the zones and the slots change only when a vehicle is placed (and with
        // the level): kept as one layer, which the renderer draws again when they change. A
        // hovered zone's highlight is drawn over the layer, so moving a drag across zones
        // does not redraw the whole picture.
        canvas.layer("game-background") {
            canvas.fill(canvas.visibleRect, Color(150, 205, 250))
            canvas.background(SceneBackgrounds.name("bg-sorting"), in: SortingLayout.backgroundFrame)
            for (zone, outline) in zip(rules.zones, outlines) {
                drawZone(zone, outline: outline, now, on: canvas)
            }
            for sprite in sprites {
                canvas.fillRounded(sprite.home.insetBy(-2, -2), radius: 16, Color(255, 255, 255, sprite.state == .placed ? 40 : 90))
            }
        }
        for zone in rules.zones where hovered.contains(zone.id) { drawHover(zone, now, on: canvas) }
        if let glow, now.time.scene.now - glow.start < Self.glowDuration {
            let t = now.time.scene.now - glow.start
            // Breathes once a second, fading out over the last half second.
            let strength = (0.75 + 0.25 * cos(t * 2 * .pi)) * min(1, (Self.glowDuration - t) / 0.5)
            for zone in rules.zones where zone.category == glow.category {
                let r = SortingLayout.outlineFrame(zone)
                canvas.fillRounded(r, radius: SortingLayout.zoneRadius, Color(255, 236, 120).withAlpha(0.4 * strength))
                canvas.strokeRounded(r, radius: SortingLayout.zoneRadius, width: 10, Color(255, 190, 30).withAlpha(strength))
                drawBadge(zone, now, on: canvas)
            }
        }
        for sprite in sprites {
            switch sprite.state {
            case .placed:
                // An emptied slot says "done" with a check.
                canvas.image("check", in: Rect(center: sprite.home.center, size: Size(36, 36)), ImageOptions(alpha: 0.85))
            case .dragging, .returning:
                // A faint ghost keeps the slot: where a wrong drop will glide back to.
                canvas.image(sprite.vehicle.imageName, in: sprite.home, ImageOptions(alpha: 0.25))
            case .waiting, .lifted:
                break
            }
        }
        // A placed vehicle shines: a glow behind it, and a ring of stars bursting out over it.
        for sparkle in sparkles.items(at: now.time.played) {
            let t = sparkle.age / Sparkle.duration
            let size = 70 + 90 * Easing.easeOutQuad(t)
            canvas.image("sparkle", in: Rect(center: sparkle.center, size: Size(size, size)),
                         ImageOptions(alpha: 1 - Easing.easeInQuad(t), rotation: 90 * t))
        }
        let held = Set(drags.values.map(\.index))
        let order = sprites.indices.filter { !held.contains($0) }.sorted { sprites[$0].order < sprites[$1].order }
        for index in order { drawVehicle(index, now, on: canvas) }
        for sparkle in sparkles.items(at: now.time.played) {
            let t = sparkle.age / Sparkle.duration
            let distance = 30 + 55 * Easing.easeOutCubic(t)
            for k in 0..<Sparkle.stars {
                let angle = Double(k) / Double(Sparkle.stars) * 2 * Double.pi + 0.4
                let p = Point(sparkle.center.x + cos(angle) * distance, sparkle.center.y + sin(angle) * distance)
                canvas.image("star", in: Rect(center: p, size: Size(24, 24)),
                             ImageOptions(alpha: 1 - Easing.easeInQuad(t), rotation: 180 * t))
            }
        }
    }

    /// The dragged vehicle goes over everything, the top bar included.
    public func drawOverBar(on canvas: any Canvas, _ now: GameNow) {
        for held in drags.values.sorted(by: { sprites[$0.index].order < sprites[$1.index].order }) {
            drawVehicle(held.index, now, on: canvas)
        }
    }

    private func drawVehicle(_ index: Int, _ now: GameNow, on canvas: any Canvas) {
        let sprite = sprites[index]
        let clock = now.rule, scale = sprite.scale.value(at: now.time.stepped), lift = sprite.lift.value(at: now.time.stepped)
        var frame = sprite.frame, alpha = 1.0
        if let settle = sprite.settle, clock - settle.start < Self.toPlaceDuration {
            // On its way to its place: a short glide, or with reduced motion a fade from where
            // it was let go to the place.
            let p = max(0, clock - settle.start) / Self.toPlaceDuration
            if now.reducedMotion {
                canvas.image(sprite.vehicle.imageName, in: settle.from, ImageOptions(alpha: 1 - p, scaleX: scale, scaleY: scale))
                alpha = p
            } else {
                let v = Easing.easeOutCubic(p)
                frame = Rect(settle.from.x + (frame.x - settle.from.x) * v, settle.from.y + (frame.y - settle.from.y) * v, frame.width, frame.height)
            }
        }
        if lift > 0.01 {
            let shadow = frame.offsetBy(8 * lift, 16 * lift)
            canvas.image(sprite.vehicle.imageName, in: shadow,
                         ImageOptions(alpha: 0.35 * lift * alpha, scaleX: scale, scaleY: scale, tint: Color(30, 30, 60)))
        }
        canvas.image(sprite.vehicle.imageName, in: frame,
                     ImageOptions(alpha: alpha, scaleX: scale, scaleY: scale, rotation: wiggle(sprite, now)))
        if now.reducedMotion, sprite.state == .returning, let glide = sprite.glide, clock - glide.start < Self.wiggleDuration {
            // Reduced motion: "not here" is one outline pulse instead of a shake.
            let p = (clock - glide.start) / Self.wiggleDuration
            canvas.strokeRounded(sprite.frame.insetBy(-4, -4), radius: 14, width: 5, Color(20, 24, 60).withAlpha(sin(p * .pi)))
        }
    }

    /// A wrong drop shakes its head ("not here") as it sets off home: a quick decaying wiggle.
    private func wiggle(_ sprite: Sprite, _ now: GameNow) -> Double {
        guard sprite.state == .returning, let glide = sprite.glide else { return 0 }
        let age = now.rule - glide.start
        guard age < Self.wiggleDuration, !now.reducedMotion else { return 0 }
        return 12 * sin(age * 2 * Double.pi * 3.5) * (1 - age / Self.wiggleDuration)
    }

    /// A zone as it waits: a faint white wash, a dashed outline and its name badge.
    private func drawZone(_ zone: SortingZone, outline: [(Point, Point)], _ now: GameNow, on canvas: any Canvas) {
        canvas.fillRounded(SortingLayout.outlineFrame(zone), radius: SortingLayout.zoneRadius, Color(255, 255, 255, 45))
        // A dark edge under each white dash: the outline shows on the pale sky as on the sea.
        for (a, b) in outline { canvas.line(from: a, to: b, width: 8, Theme.zoneDashEdge) }
        for (a, b) in outline { canvas.line(from: a, to: b, width: 4, Theme.zoneDash) }
        drawBadge(zone, now, on: canvas)
    }

    /// The zone under a dragged vehicle lights up: a second wash over the first (together
    /// alpha 90), a solid outline over the dashes, and the badge again on top.
    private func drawHover(_ zone: SortingZone, _ now: GameNow, on canvas: any Canvas) {
        canvas.fillRounded(SortingLayout.outlineFrame(zone), radius: SortingLayout.zoneRadius, Color(255, 255, 255, 55))
        canvas.strokeRounded(SortingLayout.outlineFrame(zone), radius: SortingLayout.zoneRadius, width: 6, Color(255, 255, 255, 235))
        drawBadge(zone, now, on: canvas)
    }

    private func drawBadge(_ zone: SortingZone, _ now: GameNow, on canvas: any Canvas) {
        let rect = SortingLayout.outlineFrame(zone)
        let label = now.context.text(Self.zoneName(zone.category))
        let labelWidth = canvas.measure(label, Theme.labelText).width
        let badge = SortingLayout.badgeFrame(of: rect, labelWidth: labelWidth)
        Decor.card(canvas, badge, radius: badge.height / 2, fill: Color(255, 255, 255, 225), shadow: 3)
        let icon = Rect(badge.x + 12, badge.midY - SortingLayout.badgeIcon / 2, SortingLayout.badgeIcon, SortingLayout.badgeIcon)
        canvas.image(zone.category.iconName, in: icon)
        canvas.text(label, Theme.labelText, at: Point(icon.maxX + 8, badge.midY), align: .left, color: Theme.ink)
    }

    // MARK: - Dump

    public static func id(_ index: Int) -> String { "vehicle-\(index)" }

    /// The word on a zone's badge (beside its icon: never colour alone).
    static func zoneName(_ category: VehicleCategory) -> Message {
        switch category {
        case .air: return Messages.zoneAir
        case .water: return Messages.zoneWater
        case .land: return Messages.zoneLand
        }
    }


    /// Whole numbers as JSON integers, others with their fraction (release points of a drag).
    static func number(_ value: Double) -> JSON {
        value == value.rounded() && abs(value) < 1e9 ? .int(Int(value)) : .double(value)
    }

    // MARK: - Show-me demo

    /// The hand picks up the first waiting vehicle and carries a ghost of it to the middle
    /// of its zone, where it settles and fades; the real vehicle stays in its slot.
    public func demoStops(_ now: GameNow) -> [ShowMeDemo.Stop]? {
        guard let (index, target) = demoMove else { return nil }
        let from = sprites[index].home.center
        return [.init(0, ShowMeDemo.rest), .init(0.7, from), .init(0.85, from, pressed: true),
                .init(2.5, target, pressed: true), .init(2.6, target), .init(3.4, ShowMeDemo.rest)]
    }

    /// The vehicle the demo moves and where it takes it.
    private var demoMove: (Int, Point)? {
        guard let index = sprites.indices.first(where: { sprites[$0].state == .waiting }),
              let zone = rules.zones.first(where: { $0.category == sprites[index].vehicle.category }) else { return nil }
        let r = SortingLayout.outlineFrame(zone)
        return (index, Point(r.midX, r.midY + 20))
    }

    public func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas, _ now: GameNow) {
        guard let (index, _) = demoMove, demo.age >= 0.85 else { return }
        let home = sprites[index].home
        let hand = demo.hand(at: min(demo.age, 2.6)).point
        let carried = Rect(center: hand, size: home.size)
        let fade = demo.progress(2.7, 0.7).map { 1 - $0 } ?? 1
        let lifted = demo.age < 2.6
        canvas.image(sprites[index].vehicle.imageName, in: carried,
                     ImageOptions(alpha: 0.85 * fade, scaleX: lifted ? Self.liftScale : 1, scaleY: lifted ? Self.liftScale : 1))
        if let p = demo.progress(2.6, Sparkle.duration), p < 1 {
            let size = 70 + 90 * Easing.easeOutQuad(p)
            canvas.image("sparkle", in: Rect(center: carried.center, size: Size(size, size)), ImageOptions(alpha: 1 - p))
        }
    }

    /// The zones and the vehicles' homes are placed for the shape the game started in.
    public var keepsItsShape: Bool { true }

    public func dumpItems(_ now: GameNow) -> [JSON] {
        let vehicles = sprites.enumerated().map { index, sprite in
            dumpItem(Self.id(index), kind: "vehicle", frame: sprite.frame, [
                ("name", .string(sprite.vehicle.name)), ("category", .string(sprite.vehicle.category.rawValue)), ("set", .string(contentSet.id)),
                ("line", now.context.itemLine(contentSet, sprite.vehicle.name).map { JSON.string($0.key) } ?? .null),
                ("state", .string(sprite.state.rawValue)), ("home", sprite.home.json),
            ])
        }
        let zones = rules.zones.map {
            dumpItem($0.id, kind: "zone", frame: $0.rect, [("category", .string($0.category.rawValue)), ("area", .array($0.area.map(\.json)))])
        }
        return vehicles + zones
    }
}
