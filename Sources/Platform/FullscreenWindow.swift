import CSDL2
import CSDL2X11

/// Fullscreen that covers the display with and without a window manager.
///
/// SDL's `SDL_WINDOW_FULLSCREEN_DESKTOP` asks the window manager to make the window
/// fullscreen. On an X server with none (a kiosk started with xinit) nobody does: the window
/// stays 1024x768 while SDL believes, and lays the picture out for, the display's size, so
/// half the picture is off-screen. So after asking, this reads the window's real geometry
/// from X; when it is not the display's, the window becomes a borderless window placed and
/// sized to the display bounds by hand. Leaving fullscreen puts back the window's previous
/// place and size. Off X11 (Wayland) SDL's answer is trusted.
@MainActor
final class FullscreenWindow {
    let window: OpaquePointer
    private(set) var isOn: Bool
    /// True while fullscreen is the borderless window sized by hand (no window manager).
    private(set) var isBorderless = false
    /// Where the window was, and how big, before fullscreen (restored on leaving).
    private var windowed: SDL_Rect
    /// How long a window manager gets to resize the window after the request.
    static let windowManagerWait = 1.0

    /// `window` was created with `SDL_WINDOW_FULLSCREEN_DESKTOP` when `fullscreen`; then the
    /// window to come back to is `windowed` (WindowFit: it fits the screen's usable area).
    init(window: OpaquePointer, fullscreen: Bool, windowed: SDL_Rect) {
        self.window = window
        isOn = fullscreen
        self.windowed = windowed
        if fullscreen { settle() }
    }

    /// The bounds of the display the window is on.
    static func displayBounds(of window: OpaquePointer) -> SDL_Rect {
        var bounds = SDL_Rect(x: 0, y: 0, w: 1024, h: 768)
        let index = SDL_GetWindowDisplayIndex(window)
        _ = SDL_GetDisplayBounds(index < 0 ? 0 : index, &bounds)
        return bounds
    }

    /// The window's real geometry on X11; nil elsewhere.
    func realRect() -> SDL_Rect? {
        var rect = SDL_Rect()
        return kjc_x11_window_rect(window, &rect) != 0 ? rect : nil
    }

    /// The size SDL reports for the window (what the renderer lays the picture out for).
    var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    func enter() {
        guard !isOn else { return }
        // Remember the real place and size to come back to (SDL's can be stale on bare X).
        if let rect = realRect() {
            windowed = rect
        } else {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            SDL_GetWindowSize(window, &w, &h)
            windowed = SDL_Rect(x: x, y: y, w: w, h: h)
        }
        isOn = true
        SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        settle()
    }

    func leave() {
        guard isOn else { return }
        isOn = false
        if isBorderless {
            // Without a window manager SDL's idea of the size stays the display's: set it all.
            isBorderless = false
            SDL_SetWindowBordered(window, SDL_TRUE)
            SDL_SetWindowSize(window, windowed.w, windowed.h)
            SDL_SetWindowPosition(window, windowed.x, windowed.y)
            waitFor(windowed, seconds: 0.5)
        } else {
            SDL_SetWindowFullscreen(window, 0)
            if kjc_x11_has_window_manager(window) != 0 { waitFor(windowed, seconds: 0.5) }
        }
    }

    /// After the fullscreen request: if the window does not cover its display (no window
    /// manager did it), makes it a borderless window at the display bounds.
    private func settle() {
        let bounds = Self.displayBounds(of: window)
        guard realRect() != nil else { return }  // not X11: SDL's answer stands
        // A window manager answers the request with a resize: give it time.
        if kjc_x11_has_window_manager(window) != 0, waitFor(bounds, seconds: Self.windowManagerWait) { return }
        if let rect = realRect(), Self.same(rect, bounds) { return }
        SDL_SetWindowFullscreen(window, 0)
        SDL_SetWindowBordered(window, SDL_FALSE)
        SDL_SetWindowPosition(window, bounds.x, bounds.y)
        SDL_SetWindowSize(window, bounds.w, bounds.h)
        SDL_RaiseWindow(window)
        isBorderless = true
        waitFor(bounds, seconds: 0.5)
    }

    /// Pumps SDL's events (they stay queued) until the window's real geometry is `rect`.
    @discardableResult
    private func waitFor(_ rect: SDL_Rect, seconds: Double) -> Bool {
        let deadline = SDL_GetTicks64() + UInt64(seconds * 1000)
        while true {
            SDL_PumpEvents()
            if let real = realRect(), Self.same(real, rect) { return true }
            if SDL_GetTicks64() >= deadline { return false }
            SDL_Delay(10)
        }
    }

    static func same(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool {
        a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h
    }
}
