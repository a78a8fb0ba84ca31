/// Timers and tweens owned by one scene and advanced by its dt. Dropping the timeline
/// (leaving the scene) drops everything scheduled on it.
@MainActor
public final class Timeline {
    private struct Entry {
        let id: Int
        var elapsed: Double = 0
        let duration: Double
        let repeats: Bool
        let easing: Easing.Curve
        let step: ((Double) -> Void)?
        let done: (() -> Void)?
    }
    private var entries: [Entry] = []
    private var nextID = 1

    public init() {}

    /// True while anything is scheduled: the app keeps drawing frames meanwhile.
    public var isActive: Bool { !entries.isEmpty }

    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        add(Entry(id: 0, duration: seconds, repeats: false, easing: Easing.linear, step: nil, done: action))
    }

    @discardableResult
    public func every(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        add(Entry(id: 0, duration: seconds, repeats: true, easing: Easing.linear, step: nil, done: action))
    }

    /// Calls `step` with the eased progress each frame for `duration` seconds, then `done`.
    @discardableResult
    public func tween(_ duration: Double, easing: @escaping Easing.Curve = Easing.linear,
                      step: @escaping (Double) -> Void, done: (() -> Void)? = nil) -> Int {
        step(easing(0))
        return add(Entry(id: 0, duration: duration, repeats: false, easing: easing, step: step, done: done))
    }

    public func cancel(_ id: Int) { entries.removeAll { $0.id == id } }
    public func cancelAll() { entries.removeAll() }

    private func add(_ entry: Entry) -> Int {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, duration: max(entry.duration, 0), repeats: entry.repeats,
                             easing: entry.easing, step: entry.step, done: entry.done))
        return id
    }

    public func update(dt: Double) {
        // Callbacks may schedule or cancel; work on a snapshot of ids.
        let ids = entries.map(\.id)
        for id in ids {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { continue }
            entries[index].elapsed += dt
            let entry = entries[index]
            let progress = entry.duration > 0 ? min(entry.elapsed / entry.duration, 1) : 1
            entry.step?(entry.easing(progress))
            guard entry.elapsed >= entry.duration - 1e-9 else { continue }
            if entry.repeats {
                if let i = entries.firstIndex(where: { $0.id == id }) { entries[i].elapsed -= max(entry.duration, 1e-9) }
            } else {
                entries.removeAll { $0.id == id }
            }
            entry.done?()
        }
    }
}
