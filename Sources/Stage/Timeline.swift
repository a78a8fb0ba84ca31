import GameCore

/// Timers and tweens owned by one scene, on that scene's own time. Every delay of a scene
/// goes through it (hump's timer): `after`, `every`, `tween`. Entries count from the
/// timeline's time when they were made; the owner moves the time on (`advance`), and
/// stops moving it while the scene is paused, so nothing scheduled runs on meanwhile.
/// Dropping the timeline (leaving the scene) drops everything scheduled on it.
@MainActor
public final class Timeline {
    private struct Entry {
        let id: Int
        var start: Double
        let duration: Double
        let repeats: Bool
        let easing: Easing.Curve
        let step: ((Double) -> Void)?
        let done: (() -> Void)?
    }
    private var entries: [Entry] = []
    private var nextID = 1
    /// Seconds on this timeline.
    public private(set) var time = 0.0

    public init() {}

    /// True while anything is scheduled: the app keeps drawing frames meanwhile.
    public var isActive: Bool { !entries.isEmpty }

    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        add(duration: seconds, repeats: false, easing: Easing.linear, step: nil, done: action)
    }

    @discardableResult
    public func every(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        add(duration: seconds, repeats: true, easing: Easing.linear, step: nil, done: action)
    }

    /// Calls `step` with the eased progress each frame for `duration` seconds, then `done`.
    @discardableResult
    public func tween(_ duration: Double, easing: @escaping Easing.Curve = Easing.linear,
                      step: @escaping (Double) -> Void, done: (() -> Void)? = nil) -> Int {
        step(easing(0))
        return add(duration: duration, repeats: false, easing: easing, step: step, done: done)
    }

    public func cancel(_ id: Int) { entries.removeAll { $0.id == id } }
    public func cancelAll() { entries.removeAll() }

    private func add(duration: Double, repeats: Bool, easing: @escaping Easing.Curve,
                     step: ((Double) -> Void)?, done: (() -> Void)?) -> Int {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, start: time, duration: max(duration, 0), repeats: repeats, easing: easing, step: step, done: done))
        return id
    }

    /// Sets the time without running anything: what falls due runs at the next `advance`.
    /// (An owner that steps its time at the end of a frame moves it here, so input between
    /// two steps schedules from the frame it happens in.)
    public func move(to now: Double) { time = max(time, now) }

    /// Moves the time on by `dt` and runs what is due.
    public func update(dt: Double) { advance(to: time + dt) }

    /// Moves the time to `now` (never back) and runs what is due, in the order scheduled.
    public func advance(to now: Double) {
        time = max(time, now)
        // Callbacks may schedule or cancel; work on a snapshot of ids.
        let ids = entries.map(\.id)
        for id in ids {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { continue }
            let entry = entries[index]
            let elapsed = time - entry.start
            let progress = entry.duration > 0 ? min(elapsed / entry.duration, 1) : 1
            entry.step?(entry.easing(progress))
            guard elapsed >= entry.duration - 1e-9 else { continue }
            if entry.repeats {
                if let i = entries.firstIndex(where: { $0.id == id }) { entries[i].start += max(entry.duration, 1e-9) }
            } else {
                entries.removeAll { $0.id == id }
            }
            entry.done?()
        }
    }
}
