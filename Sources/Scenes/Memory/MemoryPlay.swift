import GameCore
import CMath
import Stage
import TextCatalogs

/// Memory's scene: the host running Memory's play.
public typealias MemoryScene = GameHost<MemoryGame>

/// The Memory game (SPEC section 4): find the animal pairs before the time runs out.
/// Taps become `MemoryRules` calls; rule events become sounds, log events and animations:
/// cards flip by squeezing their width through zero, found pairs bounce, sparkle and keep a
/// gold outline with a check badge, and a mismatched pair shakes before it closes.
/// A value (`GamePlay`): the host calls it and carries out what it returns.
@MainActor
public struct MemoryPlay: GamePlay {
    public private(set) var rules: MemoryRules
    public let level: Level
    /// The set its cards come from (issue 44): their pictures and spoken names.
    public let contentSet: ContentSet
    /// Where each card lies (index = card id) once dealt; the same for the whole game unless
    /// the screen's shape changes (then every card glides to its new place).
    public private(set) var cardFrames: [Rect]
    /// The rectangle the whole grid covers.
    private var gridBounds: Rect
    /// The grid's columns on this screen's shape (`MemoryLayout.grid(for:in:)`).
    private var columns: Int
    /// The canvas size `cardFrames` were placed for.
    private var layoutSize: Size
    /// The cards on the move (issue 45, item 9): dealt at the start, gathered before a new
    /// game, gliding after a change of shape; on awake time. Nil while every card lies still.
    public private(set) var cardMotion: CardMotion?
    /// A press that landed the deal: the card it hit where it was flying, and that frame, so
    /// its release there still taps that card.
    private var landingPress: (card: Int, frame: Rect)?
    /// The `cards` log line of the deal's start is written with the game's first frame.
    private var dealLogged = false

    /// How a card looks right now, apart from the rules' state: which side is up and the
    /// animations running on it. Times are on the game's played time (`GameTime.played`):
    /// the cards move with the rules and stand still while paused or in the demo.
    struct CardLook {
        /// The side showing once the current flip (if any) is done.
        var faceUp = false
        var flipStart: Double?
        var matchedAt: Double?
        var wiggleStart: Double?
        /// A mismatched pair wears a soft red outline until it closes.
        var mismatched = false
    }

    /// A half-turn of a card.
    static let flipDuration = 0.32
    /// The hop of a found pair.
    static let bounceDuration = 0.5
    static let wiggleDuration = 0.35
    /// Reduced motion: a flip turns this fast (visual only: the rules' times never change),
    /// and a shake becomes one outline pulse this long (2 a second at most).
    static let reducedFlipDuration = 0.12
    static let pulseDuration = 0.5
    static let pulseInk = Color(20, 24, 60)
    static func flipTime(_ now: GameNow) -> Double { now.reducedMotion ? reducedFlipDuration : flipDuration }
    static let background = Color(226, 242, 255)
    static let dotColor = Color(255, 255, 255, 120)
    static let matchGold = Color(255, 190, 40)
    static let mismatchRed = Color(225, 70, 70, 200)

    private var looks: [CardLook]
    private var press = PressTracker<Int>()
    /// A press between the cards: a release there too ripples.
    private var emptyPress = false

    public init(_ start: GameStart, random: inout SeededGenerator) {
        level = start.level
        contentSet = start.context.roundSet(.memory) ?? .standardAnimals
        rules = MemoryRules(level: level, relaxed: start.relaxed, faces: contentSet.items.map(\.id), using: &random)
        (cardFrames, columns, gridBounds) = Self.place(level)
        layoutSize = Canvas1024.size
        looks = Array(repeating: CardLook(), count: rules.cards.count)
        cardMotion = CardMotion.deal(to: cardFrames, at: 0, reducedMotion: start.reducedMotion)
    }

    /// The cards' frames, the grid's columns and the rectangle it covers on the current canvas.
    private static func place(_ level: Level) -> ([Rect], Int, Rect) {
        let frames = MemoryLayout.frames(for: level, in: GameHosting.playArea)
        let columns = MemoryLayout.grid(for: level, in: GameHosting.playArea).columns
        let left = frames.map(\.minX).min()!, right = frames.map(\.maxX).max()!
        return (frames, columns, Rect(left, frames[0].y, right - left, frames[frames.count - 1].maxY - frames[0].y))
    }

    public mutating func enter(_ now: GameNow) -> GameOutput {
        // The round plays the set `roundSet` named when it was made: the turn moves on.
        [.effect(.takeSet(.memory)), .seconds(rules.countdown.shownSeconds(at: 0))]
    }

    static func cardID(_ index: Int) -> String { "card-\(index)" }


    // MARK: - Input

    /// The card drawn at `p` (the last drawn on top, as they fly over each other).
    /// Cards still in the deck are not anybody's to tap: a press there lands the deal.
    private func card(at p: Point, _ t: Double) -> Int? {
        cardFrames.indices.last { !(cardMotion?.inDeck($0, at: t) ?? false) && shownFrame($0, t).contains(p) }
    }

    public mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput {
        let t = now.time.awake
        switch event {
        case .pointerDown(let p):
            let target = card(at: p, t)
            // A child who taps during the deal need not wait: every card lands at once, the
            // clock starts, and the card she tapped (where it was flying) takes the tap.
            let wasDealing = dealing(t)
            landingPress = wasDealing ? target.map { ($0, shownFrame($0, t)) } : nil
            let out: GameOutput = wasDealing ? land(now) : []
            press.down(target)
            emptyPress = target == nil
            return out
        case .pointerUp(let p):
            var target = card(at: p, t)
            if let landing = landingPress, landing.frame.contains(p) { target = landing.card }
            landingPress = nil
            if emptyPress {
                emptyPress = false
                return target == nil ? [.nothingHere(at: p, target: nil)] : []
            }
            if let tapped = press.up(target) { return tap(tapped, now) }
        case .key, .finger:
            if dealing(t) { return land(now) }
        default: break
        }
        return []
    }

    // MARK: - Cards on the move (issue 45, item 9)

    /// True while the cards are being dealt: the game's clock and its rules wait.
    func dealing(_ t: Double) -> Bool { cardMotion.map { $0.kind == .deal && !$0.isOver(at: t) } ?? false }
    public func opening(_ now: GameNow) -> Bool { dealing(now.time.awake) }

    /// Where card `index` is drawn at awake time `t` (in flight, or in its place).
    func shownFrame(_ index: Int, _ t: Double) -> Rect { cardMotion?.frame(of: index, at: t) ?? cardFrames[index] }

    /// Every card lands in its place at once (a press during the deal).
    public mutating func land(_ now: GameNow) -> GameOutput {
        guard let cardMotion, cardMotion.kind == .deal else { return [] }
        self.cardMotion = nil
        var out: GameOutput = []
        if !dealLogged { out.add(Self.logMotion(cardMotion, "start")) }
        dealLogged = true
        out.add(Self.logMotion(cardMotion, "end", by: "tap"))
        return out
    }

    private static func logMotion(_ cardMotion: CardMotion, _ action: String, by: String? = nil) -> Effect {
        .log("cards", [("motion", .string(cardMotion.kind.rawValue)), ("action", .string(action))] + (by.map { [("by", .string($0))] } ?? []))
    }

    public mutating func frameBegins(_ now: GameNow) -> GameOutput {
        var out = followCanvasShape(now)
        if !dealLogged, let cardMotion, cardMotion.kind == .deal { out.add(Self.logMotion(cardMotion, "start")) }
        dealLogged = true
        return out
    }

    public mutating func frameEnds(_ now: GameNow) -> GameOutput {
        guard let cardMotion, cardMotion.isOver(at: now.time.awake) else { return [] }
        self.cardMotion = nil
        // The old cards are gathered: ↻'s new game deals.
        return [.effect(Self.logMotion(cardMotion, "end"))] + (cardMotion.kind == .gather ? [.readyToPlayAgain] : [])
    }

    /// The screen's shape changed (a window resized, a tablet turned): the cards take the
    /// layout of the new shape and glide there from where they are (a deal goes on to the new
    /// places).
    private mutating func followCanvasShape(_ now: GameNow) -> GameOutput {
        guard Canvas1024.size != layoutSize else { return [] }
        let t = now.time.awake
        let shown = cardFrames.indices.map { shownFrame($0, t) }
        (cardFrames, columns, gridBounds) = Self.place(level)
        layoutSize = Canvas1024.size
        switch cardMotion?.kind {
        case .deal?:
            cardMotion = CardMotion.deal(to: cardFrames, at: cardMotion!.start, reducedMotion: now.reducedMotion)
        case .gather?:
            break
        case .glide?, nil:
            let glide = CardMotion.glide(from: shown, to: cardFrames, at: t, reducedMotion: now.reducedMotion)
            cardMotion = glide
            return [.effect(Self.logMotion(glide, "start"))]
        }
        return []
    }

    /// ↻ after the end: the old cards fly back to the deck first, then the new game deals
    /// (`frameEnds` says `.readyToPlayAgain` once they are gathered).
    public mutating func playAgain(_ now: GameNow) -> GameOutput? {
        let t = now.time.awake
        let gather = CardMotion.gather(from: cardFrames.indices.map { shownFrame($0, t) }, at: t, reducedMotion: now.reducedMotion)
        cardMotion = gather
        return [.effect(Self.logMotion(gather, "start"))]
    }

    private mutating func tap(_ index: Int, _ now: GameNow) -> GameOutput {
        let events = rules.tap(card: index, now: now.rule)
        if events.isEmpty {
            // Open, found, or waiting for a mismatch to close: a soft shake says "not now".
            looks[index].wiggleStart = now.time.played
            return [.nothingHere(at: nil, target: Self.cardID(index))]
        }
        return apply(events, now)
    }

    // MARK: - Time

    public mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput {
        // Rules run on this frame's time, the same time a tap handled just before this
        // update saw: the log shows a mismatch closing exactly 1.000 s after its flip and the
        // time running out exactly 2:00 after the game appeared.
        let events = rules.update(now: now.rule)
        var out: GameOutput = rules.outcome != .won ? [.seconds(rules.countdown.shownSeconds(at: now.rule))] : []
        out += apply(events, now)
        return out
    }

    /// Memory's feedback table: what a child sees, hears and the log says for each rule event.
    static func cues(for event: MemoryEvent, cards: [MemoryCard], name: (String) -> Message? = { VoiceLines.animal($0) }) -> [Effect] {
        func ids(_ a: Int, _ b: Int) -> JSON { .strings([cardID(a), cardID(b)]) }
        switch event {
        case .flipped(let card):
            return [.sound(.flip), .log("flip", [("card", .string(cardID(card))), ("face", .string(cards[card].face))])]
        case .matched(let first, let second, _):
            // A set without spoken names: the praise alone.
            return [.log("match", [("cards", ids(first, second)), ("face", .string(cards[first].face))]), .sound(.cheer)]
                + (name(cards[first].face).map { [.speak($0, now: true)] } ?? []) + [.praise]
        case .mismatched(let first, let second):
            return [.log("mismatch", [("cards", ids(first, second)), ("faces", .strings([cards[first].face, cards[second].face]))]),
                    .sound(.boing), .hintEvent("mismatch", target: cardID(second)), .encourage]
        case .closed(let first, let second):
            return [.log("close", [("cards", ids(first, second))]), .sound(.close)]
        case .won, .lost:
            return []
        }
    }

    /// Turns rule events into cues (the table above), animations and the game's end, in
    /// the order they happened.
    private mutating func apply(_ events: [MemoryEvent], _ now: GameNow) -> GameOutput {
        var out: GameOutput = []
        let t = now.time.played, flipTime = Self.flipTime(now)
        for event in events {
            let set = contentSet
            out.ask(.feedback(Self.cues(for: event, cards: rules.cards, name: { now.context.itemLine(set, $0) })))
            switch event {
            case .flipped(let card):
                startFlip(card, faceUp: true, at: t)
            case .matched(let first, let second, let points):
                // The hop starts once the second card has finished turning over.
                looks[first].matchedAt = t + flipTime
                looks[second].matchedAt = t + flipTime
                out.ask(.points(points))
            case .mismatched(let first, let second):
                looks[first].wiggleStart = t + flipTime
                looks[second].wiggleStart = t + flipTime
                looks[first].mismatched = true
                looks[second].mismatched = true
            case .closed(let first, let second):
                looks[first].mismatched = false
                looks[second].mismatched = false
                startFlip(first, faceUp: false, at: t)
                startFlip(second, faceUp: false, at: t)
            case .won:
                // The last pair is found: its bounce is seen, then the end screen.
                out.ask(.end(MemoryGame.allFound, score: rules.score, after: MemoryRules.winCelebration))
            case .lost:
                out.ask(.end(.timeUp, score: rules.score))
            }
        }
        return out
    }

    private mutating func startFlip(_ card: Int, faceUp: Bool, at t: Double) {
        looks[card].faceUp = faceUp
        looks[card].flipStart = t
    }

    // MARK: - Drawing

    public func draw(on canvas: any Canvas, _ now: GameNow) {
        // The background never changes during a game: drawn once, then copied.
        canvas.layer("game-background") { drawBackground(on: canvas) }
        let t = now.time.awake
        if let cardMotion, cardMotion.cardsInDeck(at: t) > 0 { drawDeck(cardMotion, at: t, on: canvas) }
        for index in cardFrames.indices where !(cardMotion?.inDeck(index, at: t) ?? false) { drawCard(index, now, on: canvas) }
    }

    /// The deck the cards are dealt from and gathered to: a small pile of card backs at the
    /// bottom edge, as high as the cards still in it.
    private func drawDeck(_ cardMotion: CardMotion, at t: Double, on canvas: any Canvas) {
        let deck = CardMotion.deck(cardSize: cardFrames[0].width)
        let layers = min(cardMotion.cardsInDeck(at: t), 4)
        for layer in 0..<layers {
            let frame = deck.offsetBy(0, -3 * Double(layer))
            canvas.fillRounded(frame.offsetBy(0, 4), radius: frame.width * 0.1, Theme.tileShadow)
            canvas.image("card-back", in: frame)
        }
    }

    /// A soft sky with big faint dots: cheerful, and quiet enough that the cards stand out.
    /// Dots the cards would hide anyway are skipped (headless runs draw in software).
    private func drawBackground(on canvas: any Canvas) {
        canvas.fill(canvas.visibleRect, Self.background)
        let area = GameHosting.playArea
        let spacing = 128.0, radius = 26.0
        var row = 0
        var y = area.y + spacing / 2
        while y < area.maxY + spacing {
            var x = row % 2 == 0 ? spacing / 2 : spacing
            while x < area.maxX + spacing {
                let dot = Rect(center: Point(x, y), size: Size(2 * radius, 2 * radius))
                if !gridBounds.contains(dot) { canvas.fillCircle(center: dot.center, radius: radius, Self.dotColor) }
                x += spacing
            }
            y += spacing * 0.75
            row += 1
        }
    }

    /// Progress 0...1 of an animation that started at `start` and lasts `duration`, or nil
    /// when it has not started or is over.
    private static func progress(_ start: Double?, _ duration: Double, at t: Double) -> Double? {
        guard let start, t >= start, t < start + duration else { return nil }
        return (t - start) / duration
    }

    private func drawCard(_ index: Int, _ now: GameNow, on canvas: any Canvas) {
        let look = looks[index]
        let animationTime = now.time.played, flipTime = Self.flipTime(now), reducedMotion = now.reducedMotion
        func progress(_ start: Double?, _ duration: Double) -> Double? { Self.progress(start, duration, at: animationTime) }
        var frame = shownFrame(index, now.time.awake)
        let alpha = cardMotion?.alpha(of: index, at: now.time.awake) ?? 1
        guard alpha > 0 else { return }
        // Which side shows and how wide it is: a flip squeezes the old side to nothing,
        // then the new side grows back (|cos| of a half-turn).
        var faceUp = look.faceUp
        var scaleX = 1.0
        if let p = progress(look.flipStart, flipTime) {
            if p < 0.5 { faceUp.toggle() }
            scaleX = abs(cos(p * .pi))
        }
        if !reducedMotion, let p = progress(look.wiggleStart, Self.wiggleDuration) {
            frame = frame.offsetBy(sin(p * .pi * 6) * 7 * (1 - p), 0)
        }
        let state = rules.cards[index].state
        let shownMatched = state == .matched && (look.matchedAt.map { animationTime >= $0 } ?? false)
        var bounce = 0.0
        if shownMatched, let p = progress(look.matchedAt, Self.bounceDuration) { bounce = sin(p * .pi) }
        if bounce > 0 { frame = frame.scaled(1 + 0.08 * bounce).offsetBy(0, -frame.height * 0.04 * bounce) }
        if press.pressed == index && rules.canOpen(index) { frame = frame.scaled(0.94) }

        let radius = frame.width * 0.1
        if shownMatched {
            // A warm glow behind found cards, brighter while they hop.
            // Drawn as rings round the card (the card hides the rest): blending only what shows.
            let glow = 0.45 + 0.55 * bounce
            canvas.strokeRounded(frame.insetBy(-6, -6), radius: radius + 6, width: 12, Self.matchGold.withAlpha(0.25 * glow))
            canvas.strokeRounded(frame.insetBy(-3, -3), radius: radius + 3, width: 6, Self.matchGold.withAlpha(0.25 * glow))
        }
        let squeezed = frame.scaled(scaleX, 1)
        if squeezed.width > 1 {
            // Only the band below the card shows of its shadow: blend just that.
            let shadow = squeezed.offsetBy(0, 5)
            let r = min(radius, squeezed.width / 2)
            let band = min(shadow.height, 2 * r + 5)
            canvas.fillRounded(Rect(shadow.x, shadow.maxY - band, shadow.width, band), radius: r,
                               Theme.tileShadow.withAlpha(alpha))
        }
        let options = ImageOptions(alpha: alpha, scaleX: scaleX)
        if faceUp {
            canvas.image("card-front", in: frame, options)
            canvas.image(contentSet.imageName(of: rules.cards[index].face), in: frame.insetBy(frame.width * 0.13, frame.height * 0.13), options)
        } else {
            canvas.image("card-back", in: frame, options)
        }
        if reducedMotion, let p = progress(look.wiggleStart, Self.pulseDuration) {
            // Reduced motion: instead of a shake, one short outline pulse (rises and fades once).
            canvas.strokeRounded(frame.insetBy(-5, -5), radius: radius + 5, width: 5, Self.pulseInk.withAlpha(sin(p * .pi)))
        }
        if look.mismatched && faceUp && progress(look.flipStart, flipTime) == nil {
            // Not a pair: a soft red outline while they shake, until they close.
            canvas.strokeRounded(frame.insetBy(-3, -3), radius: radius + 3, width: 6, Self.mismatchRed)
        }
        if shownMatched {
            // Found pairs are marked by shape too, not colour alone: an outline and a check.
            canvas.strokeRounded(frame.insetBy(-2, -2), radius: radius + 2, width: 5, Self.matchGold.withAlpha(alpha))
            let badge = frame.width * 0.3
            canvas.image("check", in: Rect(frame.maxX - badge * 0.8, frame.y - badge * 0.2, badge, badge), ImageOptions(alpha: alpha))
            if let p = progress(look.matchedAt, Self.bounceDuration * 1.6) { drawSparkles(around: frame, progress: p, on: canvas) }
        }
    }

    /// Sparkles burst out from a found card and fade.
    private func drawSparkles(around frame: Rect, progress p: Double, on canvas: any Canvas) {
        let count = 6
        let reach = frame.width * (0.45 + 0.3 * Easing.easeOutCubic(p))
        let size = frame.width * 0.22 * (1 - 0.4 * p)
        for i in 0..<count {
            let angle = Double(i) / Double(count) * 2 * .pi + 0.4
            let centre = Point(frame.midX + cos(angle) * reach, frame.midY + sin(angle) * reach)
            canvas.image("sparkle", in: Rect(center: centre, size: Size(size, size)),
                         ImageOptions(alpha: 1 - p, rotation: p * 180))
        }
    }

    // MARK: - Show-me demo

    /// The hand taps two face-down cards; they open on the same picture (a star, not a real
    /// card: the demo never shows where an animal lies), shine as a pair, and close again.
    public func demoStops(_ now: GameNow) -> [ShowMeDemo.Stop]? {
        let (a, b) = demoCards
        let pa = cardFrames[a].center, pb = cardFrames[b].center
        return [.init(0, ShowMeDemo.rest), .init(0.7, pa), .init(0.75, pa, pressed: true), .init(0.95, pa),
                .init(1.6, pb), .init(1.65, pb, pressed: true), .init(1.85, pb), .init(3.2, ShowMeDemo.rest)]
    }

    /// Two hidden cards next to each other in the middle row.
    private var demoCards: (Int, Int) {
        let middle = (cardFrames.count / columns) / 2 * columns + max(columns / 2 - 1, 0)
        return (middle, middle + 1)
    }

    public func drawDemo(_ demo: ShowMeDemo, on canvas: any Canvas, _ now: GameNow) {
        let (a, b) = demoCards
        for (card, opensAt) in [(a, 0.75), (b, 1.65)] {
            guard let open = demo.progress(opensAt, Self.flipDuration) else { continue }
            let closing = demo.progress(2.9, Self.flipDuration)
            // Open: the back squeezes away and the front grows; closing: the reverse.
            let turn = closing ?? open
            let showsFront = closing == nil ? open >= 0.5 : turn < 0.5
            let scaleX = abs(cos(turn * .pi))
            let frame = cardFrames[card]
            let options = ImageOptions(scaleX: max(scaleX, 0.001))
            if showsFront {
                canvas.image("card-front", in: frame, options)
                canvas.image("mascot-happy", in: frame.insetBy(frame.width * 0.16, frame.height * 0.16), options)
                if demo.age >= 1.65 + Self.flipDuration && closing == nil {
                    canvas.strokeRounded(frame.insetBy(-2, -2), radius: frame.width * 0.1 + 2, width: 5, Self.matchGold)
                }
            } else {
                canvas.image("card-back", in: frame, options)
            }
        }
    }

    // MARK: - Dump

    public func dumpItems(_ now: GameNow) -> [JSON] {
        rules.cards.map { card in
            dumpItem(Self.cardID(card.id), kind: "card", frame: shownFrame(card.id, now.time.awake),
                     [("face", .string(card.face)), ("state", .string(card.state.rawValue)), ("set", .string(contentSet.id))])
        }
    }
}
