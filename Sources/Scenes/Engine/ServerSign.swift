import GameCore

/// The school's server as the grown-ups' corner shows it (issue #47): a small sign, no
/// words (a tick or a cross, the games waiting, the time the kiosk and the server last
/// agreed). Only when a server is named; never on a child's screen.
public struct ServerSign: Equatable, Sendable {
    /// Things kept on this kiosk that the server does not have yet.
    public var pending: Int
    /// The last try failed (the failure itself is said on standard error and in the log).
    public var failing: Bool
    /// When the kiosk and the server last agreed (seconds on the system clock; nil: not yet).
    public var upToDate: Double?

    public init(pending: Int, failing: Bool, upToDate: Double?) {
        self.pending = pending; self.failing = failing; self.upToDate = upToDate
    }

    /// "14:05", local time (`utcOffset` seconds east of UTC), or nil before the first agreement.
    public func time(utcOffset: Double) -> String? {
        guard let upToDate, upToDate.isFinite else { return nil }
        let seconds = ((Int(upToDate + utcOffset) % 86_400) + 86_400) % 86_400
        let h = seconds / 3600, m = seconds / 60 % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
