import GameCore
import Stage

/// Memory's cards on the move (issue 45, item 9), as a pure value: where each card is drawn
/// and how opaque it is at a time, nothing else. The scene keeps one while cards move and
/// asks it with its own clock; a test asks it with any time it likes.
///
/// - `deal`: the cards fly one after another from the deck to their places (`dealDuration`);
///   the game's clock starts when the last one lands.
/// - `gather`: after ↻, the old cards fly back to the deck (`gatherDuration`) before the new
///   game deals anew.
/// - `glide`: the screen's shape changed, every card glides to its new place (`glideDuration`).
///
/// With less motion each of them is a short fade instead (`fadeDuration`): dealt cards fade
/// in at their places, gathered ones fade out where they lie, moved ones fade in at their new
/// places.
public struct CardMotion: Sendable, Equatable {
    public enum Kind: String, Sendable { case deal, gather, glide }

    public let kind: Kind
    /// Where each card starts (index = card id) and where it ends.
    public let from: [Rect]
    public let to: [Rect]
    /// The time (on the scene's motion clock) the motion begins.
    public let start: Double
    public let reducedMotion: Bool

    /// The whole deal, first card leaving to last card landing.
    public static let dealDuration = 1.0
    /// One card's flight in the deal; the others leave in between, evenly.
    public static let dealFlight = 0.45
    public static let gatherDuration = 0.4
    public static let gatherFlight = 0.3
    public static let glideDuration = 0.3
    /// Less motion: every kind is this fade (about 4 a second, far below flashing).
    public static let fadeDuration = 0.25

    /// Where the deck lies for cards of `size` on the current canvas: a card's frame in the
    /// middle of the bottom edge, half of it below the screen, the same place in both reading
    /// directions.
    public static func deck(cardSize size: Double) -> Rect {
        let bounds = Canvas1024.bounds
        return Rect((bounds.midX - size / 2).rounded(.down), (bounds.maxY - size * 0.45).rounded(.down), size, size)
    }

    /// Every card flies from the deck to `places`.
    public static func deal(to places: [Rect], at start: Double, reducedMotion: Bool) -> CardMotion {
        let deck = Self.deck(cardSize: places.first?.width ?? 0)
        return CardMotion(kind: .deal, from: places.map { _ in deck }, to: places, start: start, reducedMotion: reducedMotion)
    }

    /// Every card flies from `places` to the deck.
    public static func gather(from places: [Rect], at start: Double, reducedMotion: Bool) -> CardMotion {
        let deck = Self.deck(cardSize: places.first?.width ?? 0)
        return CardMotion(kind: .gather, from: places, to: places.map { _ in deck }, start: start, reducedMotion: reducedMotion)
    }

    /// Every card glides from `old` to `new` places.
    public static func glide(from old: [Rect], to new: [Rect], at start: Double, reducedMotion: Bool) -> CardMotion {
        CardMotion(kind: .glide, from: old, to: new, start: start, reducedMotion: reducedMotion)
    }

    /// How long the whole motion lasts.
    public var duration: Double {
        if reducedMotion { return Self.fadeDuration }
        switch kind {
        case .deal: return Self.dealDuration
        case .gather: return Self.gatherDuration
        case .glide: return Self.glideDuration
        }
    }

    public var end: Double { start + duration }
    public func isOver(at time: Double) -> Bool { time >= end - 1e-9 }

    /// One card's own progress 0...1 at `time`: in a deal and a gather the cards leave one
    /// after another (in a gather the last dealt leaves first); a glide moves them together.
    func progress(of card: Int, at time: Double) -> Double {
        let elapsed = time - start
        if reducedMotion { return min(max(elapsed / Self.fadeDuration, 0), 1) }
        let count = Double(max(from.count - 1, 1))
        let flight: Double, leaves: Double
        switch kind {
        case .deal:
            flight = Self.dealFlight
            leaves = Double(card) * (Self.dealDuration - flight) / count
        case .gather:
            flight = Self.gatherFlight
            leaves = Double(from.count - 1 - card) * (Self.gatherDuration - flight) / count
        case .glide:
            flight = Self.glideDuration
            leaves = 0
        }
        return min(max((elapsed - leaves) / flight, 0), 1)
    }

    /// Where card `card` is drawn at `time`.
    public func frame(of card: Int, at time: Double) -> Rect {
        let p = progress(of: card, at: time)
        if reducedMotion { return kind == .gather ? from[card] : to[card] }
        let eased = kind == .gather ? Easing.easeInOutCubic(p) : Easing.easeOutCubic(p)
        let a = from[card], b = to[card]
        return Rect(a.x + (b.x - a.x) * eased, a.y + (b.y - a.y) * eased,
                    a.width + (b.width - a.width) * eased, a.height + (b.height - a.height) * eased)
    }

    /// How opaque card `card` is at `time`: 1 while it flies; with less motion it fades in
    /// (deal, glide) or out (gather).
    public func alpha(of card: Int, at time: Double) -> Double {
        guard reducedMotion else { return 1 }
        let p = progress(of: card, at: time)
        return kind == .gather ? 1 - p : p
    }

    /// True while card `card` still lies in the deck (a deal that has not reached it yet,
    /// a gather it has reached): the deck is drawn under it, the card not at all.
    public func inDeck(_ card: Int, at time: Double) -> Bool {
        guard !reducedMotion, kind != .glide else { return false }
        let p = progress(of: card, at: time)
        return kind == .deal ? p <= 0 : p >= 1
    }

    /// The cards still in the deck at `time` (0 once a deal is over or before a gather).
    public func cardsInDeck(at time: Double) -> Int { from.indices.filter { inDeck($0, at: time) }.count }
}
