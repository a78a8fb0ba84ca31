import CSDL2
import CSDL2X11

/// Kiosk mode keeps the screen (issue #46, item 1): the keyboard is the game's, and a window
/// that a window manager hid, minimised or took the focus from comes back in front.
extension GameWindow {
    /// Grabs the keyboard (SDL's keyboard grab: `XGrabKeyboard` on X11), so window-manager
    /// shortcuts (Super+D "show desktop", Alt+Tab, Super+E) reach the game, which ignores
    /// them, not the desktop. SDL holds the grab while the window has the focus and takes it
    /// again when the focus comes back.
    public func holdKeyboard() {
        // SDL minimises a fullscreen window that holds the keyboard at Alt+Tab, to let the
        // user out (its default): a kiosk does not let a child out.
        SDL_SetHint(SDL_HINT_ALLOW_ALT_TAB_WHILE_GRABBED, "0")
        SDL_SetWindowKeyboardGrab(window, SDL_TRUE)
    }

    /// Why the window is not in front: `hidden` (unmapped, e.g. "show desktop"), `minimized`,
    /// `focus` (another window has the keyboard), or nil when it is.
    public var notInFront: String? {
        let flags = SDL_GetWindowFlags(window)
        if flags & SDL_WINDOW_HIDDEN.rawValue != 0 { return "hidden" }
        if flags & SDL_WINDOW_MINIMIZED.rawValue != 0 { return "minimized" }
        if flags & SDL_WINDOW_INPUT_FOCUS.rawValue == 0 { return "focus" }
        return nil
    }

    /// Shows, restores, raises and focuses the window, and grabs the keyboard again. With a
    /// window manager it is asked to (EWMH, as a pager asks): SDL_ShowWindow would wait for a
    /// map the window manager may never make (a window on another desktop: the game froze).
    public func bringToFront() {
        if kjc_x11_has_window_manager(window) != 0 {
            _ = kjc_x11_on_every_desktop(window)
            _ = kjc_x11_activate(window)
        } else {
            SDL_ShowWindow(window)
            SDL_RestoreWindow(window)
        }
        SDL_RaiseWindow(window)
        SDL_SetWindowInputFocus(window)
        holdKeyboard()
    }
}
