import GameCore
import CMath
import Stage
import TextCatalogs

// Sorting's hands: pick-ups, drags, drops and the motion after them (the lift, the settling
// bounce, the glide home after a wrong drop). Split from SortingPlay.swift by job. What each
// move wants done goes into `out`, which the play returns to the host.
extension SortingPlay {
    mutating func press(_ key: Int, at p: Point, _ now: GameNow, _ out: inout GameOutput) {
        guard drags[key] == nil else { return }
        guard let index = hit(p) else {
            // A vehicle is lifted and a zone tapped: it goes there as if dropped there.
            if let index = lifted, let zone = rules.zone(at: p) {
                lifted = nil
                place(index, on: zone, now, &out)
                return
            }
            // Nothing to pick up here: a placed vehicle, or the picture.
            let placed = sprites.indices.last { sprites[$0].state == .placed && sprites[$0].frame.contains(p) }
            out.ask(.nothingHere(at: p, target: placed.map { Self.id($0) }))
            return
        }
        let wasLifted = lifted == index
        if let other = lifted, other != index {
            // Another vehicle tapped while one is lifted: that one is put down, this one taken.
            lifted = nil
            putDown(other, now, &out)
        }
        if wasLifted {
            // Held now: a tap on a zone must not send it away from under the hand that holds
            // it (the hand's release decides: put down, or dropped where it lets go).
            lifted = nil
            sprites[index].state = .dragging
            drags[key] = Drag(index: index, grab: p - sprites[index].frame.origin, pointer: p, start: p, wasLifted: true)
        } else {
            pick(index, at: p, key: key, now, &out)
        }
    }

    mutating func move(_ key: Int, to p: Point) {
        guard var held = drags[key] else { return }
        held.pointer = p
        if distance(p, held.start) > Self.tapSlop { held.moved = true }
        drags[key] = held
        sprites[held.index].frame = frameFor(held)
    }

    mutating func letGo(_ key: Int, at p: Point, _ now: GameNow, _ out: inout GameOutput) {
        guard var held = drags.removeValue(forKey: key) else { return }
        held.pointer = p
        if distance(p, held.start) > Self.tapSlop { held.moved = true }
        if held.moved || !held.fromSlot {
            if held.wasLifted { lifted = nil }
            release(held, now, &out)
        } else if held.wasLifted {
            // The lifted vehicle tapped again: put down.
            lifted = nil
            putDown(held.index, now, &out)
        } else {
            // A tap: the vehicle stays lifted in its slot until a zone is tapped.
            if let other = lifted, other != held.index { putDown(other, now, &out) }
            lifted = held.index
            sprites[held.index].frame = sprites[held.index].home
            sprites[held.index].state = .lifted
            out.add(.log("lift", [("vehicle", .string(Self.id(held.index)))]))
        }
    }

    func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The topmost vehicle under `p` that can still move: waiting in the row, lifted, or
    /// gliding home (not one another finger holds).
    func hit(_ p: Point) -> Int? {
        sprites.indices
            .filter { rules.isMovable($0) && sprites[$0].state != .placed && sprites[$0].state != .dragging && sprites[$0].frame.contains(p) }
            .max { sprites[$0].order < sprites[$1].order }
    }

    mutating func pick(_ index: Int, at p: Point, key: Int, _ now: GameNow, _ out: inout GameOutput) {
        let fromSlot = sprites[index].state == .waiting
        sprites[index].glide = nil
        sprites[index].state = .dragging
        sprites[index].order = nextOrder
        nextOrder += 1
        drags[key] = Drag(index: index, grab: p - sprites[index].frame.origin, pointer: p, start: p, wasLifted: false, fromSlot: fromSlot)
        out.add(.sound(.pick))
        // A finger other than the pointer's says which one (a touch table: several hands).
        out.add(.log("pick", [("vehicle", .string(Self.id(index)))] + (key == Self.pointerKey ? [] : [("finger", .int(key))])))
        if let line = now.context.itemLine(contentSet, sprites[index].vehicle.name) { out.add(.speak(line, now: true)) }
        animateScale(index, to: Self.liftScale, lift: 1, duration: Self.liftDuration, easing: Easing.easeOutQuad, now)
    }

    /// A lifted vehicle tapped again (or left for another): back into its slot, no drop.
    mutating func putDown(_ index: Int, _ now: GameNow, _ out: inout GameOutput) {
        sprites[index].frame = sprites[index].home
        sprites[index].state = .waiting
        out.add(.sound(.click))
        out.add(.log("putdown", [("vehicle", .string(Self.id(index)))]))
        animateScale(index, to: 1, lift: 0, duration: Self.liftDuration, easing: Easing.easeOutQuad, now)
    }

    /// A lifted vehicle sent to a tapped zone: judged as if dropped there, centred on the
    /// zone (TESTING decision 9: the drop's `at` is the zone frame's centre); placed, it
    /// glides from its slot to the zone's next free place.
    mutating func place(_ index: Int, on zone: SortingZone, _ now: GameNow, _ out: inout GameOutput) {
        let from = sprites[index].frame
        let centre = zone.rect.center
        sprites[index].frame = Rect(center: centre, size: from.size)
        judgeDrop(index, at: centre, from: from, now, &out)
    }

    /// The next free place of zone `zoneID` for vehicle `index` (taken now), or where it is,
    /// kept inside the zone, when every place is taken.
    mutating func takePlace(_ index: Int, in zoneID: String) -> Rect {
        let taken = Set(sprites.compactMap { $0.place?.zone == zoneID ? $0.place?.index : nil })
        let own = places[zoneID] ?? []
        guard let free = own.indices.first(where: { !taken.contains($0) }) else {
            let zoneRect = rules.zones.first { $0.id == zoneID }?.rect ?? sprites[index].frame
            return SortingLayout.placedFrame(sprites[index].frame, in: zoneRect)
        }
        sprites[index].place = (zoneID, free)
        return own[free]
    }

    func frameFor(_ held: Drag) -> Rect {
        let home = sprites[held.index].home
        return Rect(held.pointer.x - held.grab.x, held.pointer.y - held.grab.y, home.width, home.height)
    }

    /// Let go: the rules judge the release point; the vehicle settles in its zone or glides home.
    mutating func release(_ held: Drag, _ now: GameNow, _ out: inout GameOutput) {
        sprites[held.index].frame = frameFor(held)
        judgeDrop(held.index, at: held.pointer, now, &out)
    }

    /// The rules judge the vehicle's frame where it is now; it settles in its zone's next free
    /// place (gliding there from `from`, where it is drawn, when given) or glides home. `at` is
    /// the drop's point in the log.
    mutating func judgeDrop(_ index: Int, at point: Point, from: Rect? = nil, _ now: GameNow, _ out: inout GameOutput) {
        let events = rules.drop(index, covering: sprites[index].frame, now: now.rule)
        for event in events {
            out.ask(.feedback(Self.cues(for: event, at: point)))
            switch event {
            case .placed(_, let zoneID, let points):
                sprites[index].settle = (from ?? sprites[index].frame, now.rule)
                sprites[index].frame = takePlace(index, in: zoneID)
                sprites[index].state = .placed
                animateScale(index, to: 1, lift: 0, duration: Self.settleDuration,
                             easing: now.reducedMotion ? Easing.easeOutQuad : Easing.easeOutBounce, now)
                sparkles.add(Sparkle(center: sprites[index].frame.center), at: now.time.played)
                out.ask(.points(points))
                if glow?.category == sprites[index].vehicle.category { glow = nil }
                // A set without spoken names: the praise alone.
                let line = now.context.placedLine(contentSet, sprites[index].vehicle.name)
                let effects: [Effect] = line.map { [Effect.speak($0, now: true), .praise] } ?? [.praise]
                out.add(effects)
            case .rejected:
                startGlide(index, now)
                helpAfterWrongDrop(index, now, &out)
            case .won:
                out.ask(.end(SortingGame.allPlaced, score: rules.score, after: Self.winDelay))
            case .timeUp:
                // Let go on the very frame time ran out: the next update ends the game.
                settleAtHome(index)
            }
        }
        if events.isEmpty { settleAtHome(index) }
    }

    /// Sorting's feedback table for drops: the log line and the sound of each rule event.
    static func cues(for event: SortingEvent, at p: Point) -> [Effect] {
        func drop(_ vehicle: Int, correct: Bool, zone: String?) -> Effect {
            .log("drop", [("vehicle", .string(id(vehicle))), ("at", .array([number(p.x), number(p.y)])),
                          ("correct", .bool(correct)), ("zone", .optional(zone))])
        }
        switch event {
        case .placed(let vehicle, let zone, _): return [drop(vehicle, correct: true, zone: zone), .sound(.correct)]
        case .rejected(let vehicle, let zone): return [drop(vehicle, correct: false, zone: zone), .sound(.oops)]
        case .won, .timeUp: return []
        }
    }

    /// A wrong drop: gentle encouragement; from the second wrong drop of the same vehicle, its
    /// zone glows and the voice says where it goes.
    mutating func helpAfterWrongDrop(_ index: Int, _ now: GameNow, _ out: inout GameOutput) {
        wrongDrops[index, default: 0] += 1
        guard wrongDrops[index]! >= Self.wrongDropsBeforeHint else {
            out.add(.encourage)
            return
        }
        let category = sprites[index].vehicle.category
        glow = (category, now.time.scene.now)
        let zone = rules.zones.first { $0.category == category }
        out.add([.hintEvent("zone-glow", target: zone?.id), .speak(VoiceLines.zoneHint(category), now: true)])
    }

    /// Glides from where the vehicle is now to its slot in exactly `glideDuration`, eased.
    mutating func startGlide(_ index: Int, _ now: GameNow) {
        sprites[index].state = .returning
        sprites[index].glide = (sprites[index].frame, now.rule)
        animateScale(index, to: 1, lift: 0, duration: 0.25, easing: Easing.easeOutQuad, now)
    }

    /// Moves gliding vehicles along their eased path; they arrive exactly at their slot.
    /// Driven by game time, so a paused game holds them where they are.
    mutating func advanceGlides(_ game: GameNow) -> GameOutput {
        var out: GameOutput = []
        let now = game.rule, glideTime = Self.glideTime(game)
        for index in sprites.indices {
            guard sprites[index].state == .returning, let glide = sprites[index].glide else { continue }
            let home = sprites[index].home
            let progress = (now - glide.start) / glideTime
            if progress >= 1 - 1e-9 {
                sprites[index].frame = home
                sprites[index].state = .waiting
                sprites[index].glide = nil
                out.add(.log("returned", [("vehicle", .string(Self.id(index))), ("seconds", .double(now - glide.start))]))
            } else {
                let v = Easing.easeInOutCubic(max(progress, 0))
                let from = glide.from
                sprites[index].frame = Rect(from.x + (home.x - from.x) * v, from.y + (home.y - from.y) * v, home.width, home.height)
            }
        }
        return out
    }

    mutating func settleAtHome(_ index: Int) {
        sprites[index].glide = nil
        sprites[index].frame = sprites[index].home
        sprites[index].state = .waiting
        sprites[index].scale = .still(1)
        sprites[index].lift = .still(0)
    }

    /// The vehicle's size and shadow move to `target` and `targetLift` over `duration`
    /// seconds of scene time from now, from where they are drawn now (read where the last
    /// step left them, `GameTime.stepped`, as a tween on the scene's timeline was).
    mutating func animateScale(_ index: Int, to target: Double, lift targetLift: Double, duration: Double, easing: @escaping Easing.Curve,
                               _ now: GameNow) {
        let start = now.time.scene.now, shown = now.time.stepped
        sprites[index].scale = Eased(from: sprites[index].scale.value(at: shown), to: target, start: start, duration: duration, easing: easing)
        sprites[index].lift = Eased(from: sprites[index].lift.value(at: shown), to: targetLift, start: start, duration: duration,
                                    easing: easing, clamped: true)
    }
}
