import CSDL2
import Stage

/// One event taken from SDL's queue, as the frame loop needs it.
public struct PolledEvent {
    /// A window event (shown, exposed, resized, focus…): the drawable may have changed.
    public var isWindowEvent = false
    /// A window resized (by hand or by fullscreen): its new size in points.
    public var resized: (width: Int, height: Int)?
    /// The window was closed (or the desktop asked the program to quit).
    public var isQuit = false
    /// The input it means, in logical coordinates (nil: none).
    public var input: InputEvent?
}

/// SDL's event queue: what arrived, translated, and waiting for the next event.
@MainActor
public enum EventQueue {
    /// The next event in the queue, if any; its input through `translator`.
    public static func poll(translatingWith translator: inout InputTranslator) -> PolledEvent? {
        var event = SDL_Event()
        guard SDL_PollEvent(&event) != 0 else { return nil }
        var polled = PolledEvent()
        if event.type == SDL_WINDOWEVENT.rawValue {
            polled.isWindowEvent = true
            let e = event.window
            if e.event == UInt8(SDL_WINDOWEVENT_RESIZED.rawValue) { polled.resized = (Int(e.data1), Int(e.data2)) }
        }
        if event.type == SDL_QUIT.rawValue {
            polled.isQuit = true
            return polled
        }
        polled.input = translator.translate(event)
        return polled
    }

    /// Sleeps until an event arrives or `milliseconds` pass. The event stays queued, in order
    /// (the wait takes no event: see the windowed loop).
    public static func wait(milliseconds: Int32) {
        _ = SDL_WaitEventTimeout(nil, milliseconds)
    }
}
