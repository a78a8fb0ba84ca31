import CSDL2
import SystemIO

/// SDL and its image and font libraries, started and stopped for the whole program (the
/// window is GameWindow's, the event queue EventQueue's).
@MainActor
public enum SDLSystem {
    /// The hints every run sets before SDL starts.
    public static func setHints() {
        // SIGTERM, SIGINT, SIGHUP and SIGQUIT are the game's own (StopSignals), in every mode.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
    }

    /// Headless: SDL's event queue only (scripted input passes through it), no video.
    public static func startEventsOnly() throws {
        guard SDL_Init(SDL_INIT_EVENTS) == 0 else { throw AppError.fatal("SDL_Init: \(String(cString: SDL_GetError()))") }
    }

    /// SDL_image (PNG) and SDL_ttf.
    public static func startImagesAndText() throws {
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            throw AppError.fatal("SDL_image cannot read PNG: \(String(cString: SDL_GetError()))")
        }
        guard TTF_Init() == 0 else { throw AppError.fatal("SDL_ttf: \(String(cString: SDL_GetError()))") }
    }

    /// Stops SDL_ttf, SDL_image and SDL (after the window is closed).
    public static func quit() {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// glibc: allocations of `bytes` and more get memory mappings of their own, returned when
    /// freed (a fixed threshold, instead of one glibc raises after large blocks are freed).
    public static func mapAllocations(above bytes: Int) {
        kjc_mmap_threshold(Int32(bytes))
    }
}

/// SDL's high-resolution counter, for frame timing.
public enum PerformanceCounter {
    /// Counts a second.
    public static var frequency: Double { Double(SDL_GetPerformanceFrequency()) }
    /// The counter now.
    public static func now() -> UInt64 { SDL_GetPerformanceCounter() }
}
