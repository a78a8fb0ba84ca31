/// Kiosk mode's watch over its window (issue #46, item 1): when the window is not in front
/// (hidden, minimised, without the focus) it is brought back, at most once every
/// `interval` seconds, so a window manager that insists is not fought every frame and the
/// log says it once a try. It watches only once the window has been in front (at start the
/// window manager is still mapping and focusing it). A pure value on the caller's clock.
struct KioskWatch: Equatable {
    /// Seconds between two tries to bring the window back.
    static let interval = 0.5
    private(set) var lastTry: Double?
    private(set) var seenInFront = false

    /// Whether to bring the window back now, at `now` (seconds), when `notInFront` says why
    /// it is not in front (nil: it is, and the next lapse is tried at once).
    mutating func shouldBringBack(_ notInFront: String?, now: Double) -> Bool {
        guard notInFront != nil else { seenInFront = true; lastTry = nil; return false }
        guard seenInFront else { return false }
        if let lastTry, now - lastTry < Self.interval { return false }
        lastTry = now
        return true
    }
}
