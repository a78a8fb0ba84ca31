import Stage

/// A grown-up's way in under one-switch scanning (issue #46, item 2). With scanning on,
/// every key, pad button and mouse press is the switch, so the logo could not be held: the
/// press tapped what the ring showed. Two ways now reach the adult gate, where holding the
/// logo would (Home and the rest screen):
/// - **The switch held down** `gateSeconds`: its press still taps what the ring shows at
///   once (a switch user's every press is answered), and the gate opens while it is held.
/// - **The logo held** with a mouse or a finger, as without scanning: a press on the logo is
///   a hold, not a switch press. Let go within `tapSeconds`, it was a switch press after all
///   (a switch that is a mouse button, with the pointer resting on the logo).
/// A pure value on the stack's clock: the stack asks it what a press or a release means.
public struct SwitchHold: Equatable, Sendable {
    /// How long the switch is held down to open the gate.
    public static let gateSeconds = 5.0
    /// A press on the logo let go sooner than this was a switch press.
    public static let tapSeconds = 0.5

    /// What is held down.
    public enum Held: Equatable, Sendable {
        case key(Key), pad(PadButton), pointer
        /// The logo, pressed by a mouse or a finger (the scene's own hold runs).
        case logo
    }

    public private(set) var held: Held?
    /// When it was pressed, on the stack's clock.
    public private(set) var since = 0.0
    /// The gate was opened for this hold already (one hold opens it once).
    private var opened = false

    public init() {}

    /// A press of `what` at `time`. False when it is the same key still held (a keyboard's
    /// repeat): that is no new switch press.
    public mutating func press(_ what: Held, at time: Double) -> Bool {
        if held == what { return false }
        held = what
        since = time
        opened = false
        return true
    }

    /// `what` let go at `time` (a release of something not held is ignored). For the logo:
    /// true when it was let go quickly enough to count as a switch press.
    @discardableResult
    public mutating func release(_ what: Held, at time: Double) -> Bool {
        guard held == what else { return false }
        held = nil
        return what == .logo && !opened && time - since < Self.tapSeconds - 1e-9
    }

    /// True once, when the switch (not the logo: the scene counts that hold itself) has been
    /// held down `gateSeconds` at `time`.
    public mutating func gateDue(at time: Double) -> Bool {
        guard let held, held != .logo, !opened, time - since >= Self.gateSeconds - 1e-9 else { return false }
        opened = true
        return true
    }

    /// Forgets what is held (the scene changed under a logo press).
    public mutating func reset() { held = nil; opened = false }
}
