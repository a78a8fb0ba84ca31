/// Something that lives a while and is drawn by its age (a "+N", a ripple, a sparkle, a
/// balloon's burst). It does not count its own age: `Particles` sets it from its owner's
/// clock.
public protocol Aging {
    /// Seconds since it was made, on its owner's clock.
    var age: Double { get set }
    /// Old enough to go.
    var isFinished: Bool { get }
}

/// Things that live a while on their owner's clock (issue #25, one clock): each remembers
/// the clock's time when it was made, and its age is that clock's time since then, read,
/// never summed frame by frame. What the clock does not count (a pause, the demo) they do
/// not age through.
///
/// Inlinable: each game specializes it for its own items. Unspecialized, every frame's
/// `removeFinished` and `items(at:)` looked up the entry tuple's type metadata at run time
/// (3-4 % of a windowed Balloons game's CPU).
public struct Particles<Item: Aging> {
    @usableFromInline var entries: [(item: Item, born: Double)] = []

    public init() {}

    @inlinable public var isEmpty: Bool { entries.isEmpty }
    @inlinable public var count: Int { entries.count }

    /// Adds `item`, made at the owner's time `now`.
    @inlinable public mutating func add(_ item: Item, at now: Double) {
        entries.append((item, now))
    }

    /// What lives, each with its age at the owner's time `now`.
    @inlinable public func items(at now: Double) -> [Item] {
        entries.map { Self.aged($0, at: now) }
    }

    /// Drops what is finished at the owner's time `now`.
    @inlinable public mutating func removeFinished(at now: Double) {
        entries.removeAll { Self.aged($0, at: now).isFinished }
    }

    @inlinable static func aged(_ entry: (item: Item, born: Double), at now: Double) -> Item {
        var item = entry.item
        item.age = now - entry.born
        return item
    }

    @inlinable public mutating func removeAll() { entries.removeAll() }
}
