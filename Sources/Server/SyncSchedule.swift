/// When the sync worker next talks to the server: a pure value on an injected clock (the
/// tests step it through an hour of failures in no time).
///
/// - A push is tried at once when there is something new, and after a failure again after a
///   back-off that doubles from `firstDelay` up to `longestDelay` (1, 2, 4 ... 60 s), so a
///   server away for an hour costs one short try a minute; the first success starts over.
/// - Children are pulled at start and every `pullInterval` (a minute) while all goes well.
public struct SyncSchedule: Equatable, Sendable {
    public var firstDelay = 1.0
    public var longestDelay = 60.0
    public var pullInterval = 60.0
    /// Failures in a row since the last success.
    public private(set) var failures = 0
    /// No try before this time (a back-off after a failure).
    public private(set) var notBefore = -Double.infinity
    /// The last pull that went through (nil: none yet, pull at the first try).
    public private(set) var lastPull: Double?

    public init() {}

    /// The wait after `failures` failures in a row.
    public func delay(afterFailures n: Int) -> Double {
        guard n > 0 else { return 0 }
        var d = firstDelay
        for _ in 1..<n { d *= 2; if d >= longestDelay { return longestDelay } }
        return min(d, longestDelay)
    }

    /// A talk failed at `now`: the next waits for the back-off.
    public mutating func failed(at now: Double) {
        failures += 1
        notBefore = now + delay(afterFailures: failures)
    }

    /// A talk went through at `now` (pulled: the children were pulled in it).
    public mutating func succeeded(at now: Double, pulled: Bool) {
        failures = 0
        notBefore = -Double.infinity
        if pulled { lastPull = now }
    }

    /// May the worker talk to the server at `now`?
    public func mayTry(at now: Double) -> Bool { now >= notBefore }

    /// Is a pull of the children due at `now`?
    public func pullDue(at now: Double) -> Bool { lastPull.map { now - $0 >= pullInterval } ?? true }

    /// Whether to talk at `now`, with `pending` things in the outbox.
    public func shouldTalk(at now: Double, pending: Int) -> Bool {
        mayTry(at: now) && (pending > 0 || pullDue(at: now))
    }

    /// The next time worth waking up for (with nothing new poked in), from `now`.
    public func nextWake(at now: Double, pending: Int) -> Double {
        if !mayTry(at: now) { return notBefore }
        if pending > 0 { return now }
        return lastPull.map { $0 + pullInterval } ?? now
    }
}
