import GameCore
import CMath
import Stage
import TextCatalogs

// Sorting's hands: pick-ups, drags, drops and the motion after them (the lift, the settling
// bounce, the glide home after a wrong drop). Split from SortingScene.swift by job.
extension SortingScene {
    func press(_ key: Int, at p: Point) {
        guard drags[key] == nil else { return }
        guard let index = hit(p) else {
            // A vehicle is lifted and a zone tapped: it goes there as if dropped there.
            if let index = lifted, let zone = rules.zone(at: p) {
                lifted = nil
                place(index, on: zone)
                return
            }
            // Nothing to pick up here: a placed vehicle, or the picture.
            let placed = sprites.indices.last { sprites[$0].state == .placed && sprites[$0].frame.contains(p) }
            nothingHere(at: p, target: placed.map { Self.id($0) })
            return
        }
        let wasLifted = lifted == index
        if let other = lifted, other != index {
            // Another vehicle tapped while one is lifted: that one is put down, this one taken.
            lifted = nil
            putDown(other)
        }
        if wasLifted {
            // Held now: a tap on a zone must not send it away from under the hand that holds
            // it (the hand's release decides: put down, or dropped where it lets go).
            lifted = nil
            sprites[index].state = .dragging
            drags[key] = Drag(index: index, grab: p - sprites[index].frame.origin, pointer: p, start: p, wasLifted: true)
        } else {
            pick(index, at: p, key: key)
        }
    }

    func move(_ key: Int, to p: Point) {
        guard var held = drags[key] else { return }
        held.pointer = p
        if distance(p, held.start) > Self.tapSlop { held.moved = true }
        drags[key] = held
        sprites[held.index].frame = frameFor(held)
    }

    func letGo(_ key: Int, at p: Point) {
        guard var held = drags.removeValue(forKey: key) else { return }
        held.pointer = p
        if distance(p, held.start) > Self.tapSlop { held.moved = true }
        if held.moved || !held.fromSlot {
            if held.wasLifted { lifted = nil }
            release(held)
        } else if held.wasLifted {
            // The lifted vehicle tapped again: put down.
            lifted = nil
            putDown(held.index)
        } else {
            // A tap: the vehicle stays lifted in its slot until a zone is tapped.
            if let other = lifted, other != held.index { putDown(other) }
            lifted = held.index
            sprites[held.index].frame = sprites[held.index].home
            sprites[held.index].state = .lifted
            emit(.log("lift", [("vehicle", .string(Self.id(held.index)))]))
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

    func pick(_ index: Int, at p: Point, key: Int) {
        let fromSlot = sprites[index].state == .waiting
        sprites[index].glide = nil
        sprites[index].state = .dragging
        sprites[index].order = nextOrder
        nextOrder += 1
        drags[key] = Drag(index: index, grab: p - sprites[index].frame.origin, pointer: p, start: p, wasLifted: false, fromSlot: fromSlot)
        emit(.sound(.pick))
        // A finger other than the pointer's says which one (a touch table: several hands).
        emit(.log("pick", [("vehicle", .string(Self.id(index)))] + (key == Self.pointerKey ? [] : [("finger", .int(key))])))
        if let line = context.itemLine(contentSet, sprites[index].vehicle.name) { emit(.speak(line, now: true)) }
        animateScale(index, to: Self.liftScale, lift: 1, duration: Self.liftDuration, easing: Easing.easeOutQuad)
    }

    /// A lifted vehicle tapped again (or left for another): back into its slot, no drop.
    func putDown(_ index: Int) {
        sprites[index].frame = sprites[index].home
        sprites[index].state = .waiting
        emit(.sound(.click))
        emit(.log("putdown", [("vehicle", .string(Self.id(index)))]))
        animateScale(index, to: 1, lift: 0, duration: Self.liftDuration, easing: Easing.easeOutQuad)
    }

    /// A lifted vehicle sent to a tapped zone: judged as if dropped there, centred on the
    /// zone (TESTING decision 9: the drop's `at` is the zone frame's centre); placed, it
    /// glides from its slot to the zone's next free place.
    func place(_ index: Int, on zone: SortingZone) {
        let from = sprites[index].frame
        let centre = zone.rect.center
        sprites[index].frame = Rect(center: centre, size: from.size)
        judgeDrop(index, at: centre, from: from)
    }

    /// The next free place of zone `zoneID` for vehicle `index` (taken now), or where it is,
    /// kept inside the zone, when every place is taken.
    func takePlace(_ index: Int, in zoneID: String) -> Rect {
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
    func release(_ held: Drag) {
        sprites[held.index].frame = frameFor(held)
        judgeDrop(held.index, at: held.pointer)
    }

    /// The rules judge the vehicle's frame where it is now; it settles in its zone's next free
    /// place (gliding there from `from`, where it is drawn, when given) or glides home. `at` is
    /// the drop's point in the log.
    func judgeDrop(_ index: Int, at point: Point, from: Rect? = nil) {
        let events = rules.drop(index, covering: sprites[index].frame, now: clock.now)
        for event in events {
            perform(Self.cues(for: event, at: point))
            switch event {
            case .placed(_, let zoneID, let points):
                sprites[index].settle = (from ?? sprites[index].frame, clock.now)
                sprites[index].frame = takePlace(index, in: zoneID)
                sprites[index].state = .placed
                animateScale(index, to: 1, lift: 0, duration: Self.settleDuration,
                             easing: context.settings.reducedMotion ? Easing.easeOutQuad : Easing.easeOutBounce)
                sparkles.add(Sparkle(center: sprites[index].frame.center), at: playedTime)
                showPoints(points)
                if glow?.category == sprites[index].vehicle.category { glow = nil }
                // A set without spoken names: the praise alone.
                let line = context.placedLine(contentSet, sprites[index].vehicle.name)
                let effects: [Effect] = line.map { [Effect.speak($0, now: true), .praise] } ?? [.praise]
                emit(effects)
            case .rejected:
                startGlide(index)
                helpAfterWrongDrop(index)
            case .won:
                decide(after: Self.winDelay) { [weak self] in
                    guard let self else { return [] }
                    return self.finish(SortingGame.allPlaced, score: self.rules.score)
                }
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
    func helpAfterWrongDrop(_ index: Int) {
        wrongDrops[index, default: 0] += 1
        guard wrongDrops[index]! >= Self.wrongDropsBeforeHint else {
            emit(.encourage)
            return
        }
        let category = sprites[index].vehicle.category
        glow = (category, sceneClock.now)
        let zone = rules.zones.first { $0.category == category }
        emit([.hintEvent("zone-glow", target: zone?.id), .speak(VoiceLines.zoneHint(category), now: true)])
    }

    /// Glides from where the vehicle is now to its slot in exactly `glideDuration`, eased.
    func startGlide(_ index: Int) {
        sprites[index].state = .returning
        sprites[index].glide = (sprites[index].frame, clock.now)
        animateScale(index, to: 1, lift: 0, duration: 0.25, easing: Easing.easeOutQuad)
    }

    /// Moves gliding vehicles along their eased path; they arrive exactly at their slot.
    /// Driven by game time, so a paused game holds them where they are.
    func advanceGlides(now: Double) {
        for index in sprites.indices {
            guard sprites[index].state == .returning, let glide = sprites[index].glide else { continue }
            let home = sprites[index].home
            let progress = (now - glide.start) / glideTime
            if progress >= 1 - 1e-9 {
                sprites[index].frame = home
                sprites[index].state = .waiting
                sprites[index].glide = nil
                emit(.log("returned", [("vehicle", .string(Self.id(index))), ("seconds", .double(now - glide.start))]))
            } else {
                let v = Easing.easeInOutCubic(max(progress, 0))
                let from = glide.from
                sprites[index].frame = Rect(from.x + (home.x - from.x) * v, from.y + (home.y - from.y) * v, home.width, home.height)
            }
        }
    }

    func settleAtHome(_ index: Int) {
        if let tween = sprites[index].scaleTween { timeline.cancel(tween) }
        sprites[index].glide = nil
        sprites[index].scaleTween = nil
        sprites[index].frame = sprites[index].home
        sprites[index].state = .waiting
        sprites[index].scale = 1
        sprites[index].lift = 0
    }

    func animateScale(_ index: Int, to target: Double, lift targetLift: Double, duration: Double, easing: @escaping Easing.Curve) {
        if let old = sprites[index].scaleTween { timeline.cancel(old) }
        let fromScale = sprites[index].scale, fromLift = sprites[index].lift
        sprites[index].scaleTween = timeline.tween(duration, easing: easing, step: { [weak self] v in
            guard let self else { return }
            self.sprites[index].scale = fromScale + (target - fromScale) * v
            self.sprites[index].lift = (fromLift + (targetLift - fromLift) * min(max(v, 0), 1))
        }, done: { [weak self] in
            self?.sprites[index].scaleTween = nil
        })
    }
}
