import Stage

/// A grown-up's way in under one-switch scanning (issue #46, item 2). With scanning on,
/// every key, pad button and mouse press is the switch, so the logo could not be held: the
/// press tapped what the ring showed. Two ways now reach the adult gate, where holding the
/// logo would (Home and the rest screen):
/// - **The switch held down** `gateSeconds`: on those screens a switch press is taken when it
///   is let go (sooner than that), so the grown-up's hold taps nothing on its way to the gate
///   (on the rest screen the ring shows only the speaker); elsewhere a press taps at once.
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
    /// The press taps what the ring shows when it is let go (on a screen whose gate a hold opens).
    private var tapOnRelease = false

    public init() {}

    /// A press of `what` at `time`. False when it is the same key still held (a keyboard's
    /// repeat): that is no new switch press. `tapOnRelease`: the press taps when let go.
    public mutating func press(_ what: Held, at time: Double, tapOnRelease: Bool = false) -> Bool {
        if held == what { return false }
        held = what
        since = time
        opened = false
        self.tapOnRelease = tapOnRelease
        return true
    }

    /// `what` let go at `time` (a release of something not held is ignored). True when the
    /// press taps what the ring shows now: the logo let go within `tapSeconds`, or a press
    /// taken on release that did not open the gate.
    @discardableResult
    public mutating func release(_ what: Held, at time: Double) -> Bool {
        guard held == what else { return false }
        held = nil
        if opened { return false }
        return what == .logo ? time - since < Self.tapSeconds - 1e-9 : tapOnRelease
    }

    /// True once, when the switch (not the logo: the scene counts that hold itself) has been
    /// held down `gateSeconds` at `time`.
    public mutating func gateDue(at time: Double) -> Bool {
        guard let held, held != .logo, !opened, time - since >= Self.gateSeconds - 1e-9 else { return false }
        opened = true
        return true
    }

    /// Forgets what is held: the window lost the focus, and with it the release may never
    /// come (a lost release would open the gate by itself and eat the next press).
    public mutating func reset() { held = nil; opened = false }
}
