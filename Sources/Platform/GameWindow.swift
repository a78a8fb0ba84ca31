import CSDL2
import Glibc
import SystemIO

/// What the window shows: a frame of opaque ARGB pixels (the app's canvas). Without a
/// renderer the frame may be drawn straight into the window's own pixels (`drawInto`), and
/// gets pixels of its own again when the window drops those (`dropBorrowedPixels`).
@MainActor
public protocol WindowFrameSource: AnyObject {
    /// The frame's pixels, rows packed, and its size.
    var framePixels: UnsafeMutablePointer<UInt32> { get }
    var frameWidth: Int { get }
    var frameHeight: Int { get }
    /// False while the frame is drawn into pixels it borrowed (the window's).
    var frameOwnsPixels: Bool { get }
    func drawInto(_ pixels: UnsafeMutablePointer<UInt32>)
    func dropBorrowedPixels()
}

/// A rectangle of the frame's pixels (a part the frame redrew).
public struct PixelRect: Equatable, Sendable {
    public var x, y, w, h: Int
    public init(x: Int, y: Int, w: Int, h: Int) { self.x = x; self.y = y; self.w = w; self.h = h }
    var maxY: Int { y + h }
}

/// The game's one window and how a frame reaches it: with a renderer, through a streaming
/// texture the changed rectangles are uploaded to; without a GPU, through the window's own
/// surface (SDL's framebuffer), which the frame may be drawn straight into. Fullscreen goes
/// through FullscreenWindow (with or without a window manager).
@MainActor
public final class GameWindow {
    let window: OpaquePointer
    private var renderer: OpaquePointer?
    /// With a renderer: the texture the frame is uploaded to each drawn frame.
    private var frameTexture: OpaquePointer?
    /// Without a GPU the frame goes straight into the window's own surface (no renderer),
    /// and only the rectangles that changed are sent to the display.
    public let usesWindowSurface: Bool
    /// Fullscreen with or without a window manager (see FullscreenWindow).
    private var fullscreenWindow: FullscreenWindow?
    /// The display's size.
    public let screen: (width: Int, height: Int)
    /// The size of what is shown at start, in points: the display when fullscreen, else the
    /// window (the canvas takes its shape).
    public let shown: (width: Int, height: Int)
    /// Set by window events (exposed, resized): the next present sends the whole frame.
    public var presentWhole = true
    /// Said when the window made a new surface and the frame's borrowed pixels went with the
    /// old one: the next frame is drawn whole.
    public var pixelsLost: () -> Void = {}

    private init(window: OpaquePointer, usesWindowSurface: Bool, screen: (width: Int, height: Int), shown: (width: Int, height: Int)) {
        self.window = window
        self.usesWindowSurface = usesWindowSurface
        self.screen = screen
        self.shown = shown
    }

    /// Starts SDL's video (and game controllers) and opens the window: fitted to the screen
    /// (WindowFit; `remembered` answers the size a grown-up dragged it to on a screen of that
    /// size), fullscreen on the desktop when `fullscreen`, with a renderer unless the machine
    /// has no GPU, and no mouse cursor when `hideCursor`.
    public static func open(title: String, appID: String, fullscreen: Bool, hideCursor: Bool,
                            remembered: (_ screenWidth: Int, _ screenHeight: Int) -> (w: Int, h: Int)?,
                            warn: (String) -> Void) throws -> GameWindow {
        let env = SystemFiles.environment
        // The game draws every pixel itself and shows one picture a frame. Without a GPU (no
        // /dev/dri: a virtual machine, Xvfb, an old kiosk) OpenGL is Mesa's llvmpipe, which
        // takes 90 ms to start and a core to run: SDL's plain software renderer then shows
        // the picture instead (SDL_RENDER_DRIVER, if set, still decides).
        var useWindowSurface = false
        if env["SDL_RENDER_DRIVER"] == nil && !Self.hasGPU() {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            useWindowSurface = true
        }
        // The window's X11 class and Wayland app id are the desktop file's id, so docks and
        // task bars show the game's icon (SDL 2.26 reads these from the environment).
        setenv("SDL_VIDEO_X11_WMCLASS", appID, 0)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", appID, 0)
        SDL_SetHint(SDL_HINT_APP_NAME, title)
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw AppError.fatal("cannot open the display (\(String(cString: SDL_GetError()))). Run with --headless to play a script without a window")
        }
        // Game controllers (hot-plug: each one arrives as a device-added event, also those
        // plugged in before start). Without the subsystem the game still plays with the rest.
        if SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0 {
            warn("game controllers cannot be used (\(String(cString: SDL_GetError())))")
        }
        // With no server at DISPLAY (a dead `:99`), SDL falls back to a driver that shows
        // nothing (offscreen, dummy) and the game would run forever with no window: unless
        // SDL_VIDEODRIVER asked for that driver, that is a display that cannot be opened.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let asked = (env["SDL_VIDEODRIVER"] ?? "").lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        if ["offscreen", "dummy", "evdev"].contains(driver.lowercased()) && !asked.contains(driver.lowercased()) {
            let display = env["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? env["WAYLAND_DISPLAY"] ?? ""
            SDL_Quit()
            throw AppError.fatal("cannot open the display \(TextEscaping.escaped(display)) (no display server answers there; SDL fell back to its '\(driver)' driver, which shows nothing). Run with --headless to play a script without a window")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        // The window fits its screen (issue 27): 90% of the usable area at most, the screen's
        // shape, or the size a grown-up dragged it to on this screen before; the canvas takes
        // the shape of what is shown (the screen when fullscreen).
        var display = SDL_Rect(x: 0, y: 0, w: 1024, h: 768), usable = SDL_Rect()
        _ = SDL_GetDisplayBounds(0, &display)
        if SDL_GetDisplayUsableBounds(0, &usable) != 0 || usable.w <= 0 || usable.h <= 0 { usable = display }
        let firstFit = WindowFit.place(screen: (Int(display.w), Int(display.h)), usable: (Int(usable.x), Int(usable.y), Int(usable.w), Int(usable.h)),
                                  remembered: remembered(Int(display.w), Int(display.h)))
        guard let w = SDL_CreateWindow(title, Int32(firstFit.x), Int32(firstFit.y), Int32(firstFit.width), Int32(firstFit.height), flags) else {
            throw AppError.fatal("cannot open a window (\(String(cString: SDL_GetError()))). Run with --headless to play a script without a window")
        }
        var fit = firstFit
        if !fullscreen {
            // A window manager's frame (title bar, borders) counts too: the whole framed window
            // stays in the usable area (SDL knows the frame once the window manager said it).
            var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
            SDL_PumpEvents()
            if SDL_GetWindowBordersSize(w, &top, &left, &bottom, &right) == 0, top + left + bottom + right > 0 {
                let inner = (x: Int(usable.x + left), y: Int(usable.y + top), w: Int(usable.w - left - right), h: Int(usable.h - top - bottom))
                fit = WindowFit.place(screen: (Int(display.w), Int(display.h)), usable: inner,
                                      remembered: remembered(Int(display.w), Int(display.h)))
                SDL_SetWindowSize(w, Int32(fit.width), Int32(fit.height))
                SDL_SetWindowPosition(w, Int32(fit.x), Int32(fit.y))
            }
        }
        let shown = fullscreen ? (width: Int(display.w), height: Int(display.h)) : (width: fit.width, height: fit.height)
        let window = GameWindow(window: w, usesWindowSurface: useWindowSurface, screen: (Int(display.w), Int(display.h)), shown: shown)
        SDL_SetWindowMinimumSize(w, 320, 240)
        if !useWindowSurface {
            var r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            if r == nil { r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
            guard let r else {
                let error = AppError.fatal("cannot create a renderer: \(String(cString: SDL_GetError()))")
                window.close()
                throw error
            }
            window.renderer = r
        }
        if hideCursor { SDL_ShowCursor(SDL_DISABLE) }
        window.fullscreenWindow = FullscreenWindow(window: w, fullscreen: fullscreen, windowed: SDL_Rect(x: Int32(fit.x), y: Int32(fit.y), w: Int32(fit.width), h: Int32(fit.height)))
        return window
    }

    /// Whether the machine has a graphics device (a DRM card or render node).
    static func hasGPU() -> Bool {
        let devices = SystemFiles.list("/dev/dri") ?? []
        return devices.contains { $0.hasPrefix("card") || $0.hasPrefix("renderD") }
    }

    /// SDL's id for the window (scripted events name it).
    public var id: UInt32 { SDL_GetWindowID(window) }

    /// The window's icon, from a picture file (nothing when it cannot be read).
    public func setIcon(path: String) {
        if let icon = IMG_Load(path) {
            SDL_SetWindowIcon(window, icon)
            SDL_FreeSurface(icon)
        }
    }

    /// Keeps the screen saver off (a game runs) or lets it come again.
    public func inhibitScreensaver(_ inhibited: Bool) {
        if inhibited { SDL_DisableScreenSaver() } else { SDL_EnableScreenSaver() }
    }

    /// Closes the renderer, the texture and the window.
    public func close() {
        if let frameTexture { SDL_DestroyTexture(frameTexture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        renderer = nil; frameTexture = nil
    }

    // MARK: - Size and fullscreen

    /// The size of what is drawn in real pixels (high-DPI screens included: the renderer's
    /// output, or the window's own surface), and the window's size in points; nil when SDL
    /// cannot say or a size is zero. `frame`: the frame that may be drawing into the surface.
    public func drawableSize(frame: any WindowFrameSource) -> (pixels: (width: Int, height: Int), points: (width: Int, height: Int))? {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        if let renderer {
            guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { return nil }
        } else if let surface = windowSurface(frame: frame) {
            // The window's own surface is what is shown: draw at its size (SDL's framebuffer
            // has the window's size in points where the drawable is larger, e.g. on Wayland).
            w = surface.pointee.w
            h = surface.pointee.h
        } else {
            SDL_GetWindowSizeInPixels(window, &w, &h)
        }
        guard w > 0, h > 0 else { return nil }
        SDL_GetWindowSize(window, &pw, &ph)
        return ((Int(w), Int(h)), (Int(pw), Int(ph)))
    }

    /// True when frames go through a renderer that has no frame texture yet.
    public var needsFrameTexture: Bool { renderer != nil && frameTexture == nil }

    /// With a renderer: a new frame texture of the frame's size (the old one goes). Without
    /// one: nothing.
    public func makeFrameTexture(width: Int, height: Int) throws {
        guard let renderer else { return }
        if let frameTexture { SDL_DestroyTexture(frameTexture) }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            throw AppError.fatal("cannot create the frame texture: \(String(cString: SDL_GetError()))")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        frameTexture = t
    }

    /// True while fullscreen.
    public var isFullscreen: Bool { fullscreenWindow?.isOn ?? false }
    /// True while fullscreen is the borderless window sized by hand (no window manager).
    public var isBorderless: Bool { fullscreenWindow?.isBorderless ?? false }
    /// The size SDL reports for the window, in points (what the picture is laid out for).
    public var size: (width: Int, height: Int) { fullscreenWindow?.size ?? (0, 0) }

    public func enterFullscreen() { fullscreenWindow?.enter() }
    public func leaveFullscreen() { fullscreenWindow?.leave() }

    // MARK: - Presenting

    /// Shows `rects` of the frame (its whole picture when `presentWhole`, which the caller
    /// read), drawn at the window's real pixel size, 1:1, or at half of it and doubled.
    public func present(_ source: any WindowFrameSource, rects: [PixelRect], doubled: Bool) {
        presentWhole = false
        let framePixels = source.framePixels, frameWidth = source.frameWidth, frameHeight = source.frameHeight
        let k = doubled ? 2 : 1
        let canvasRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.w), h: Int32($0.h)) }
        let sdlRects = rects.map { SDL_Rect(x: Int32($0.x * k), y: Int32($0.y * k), w: Int32($0.w * k), h: Int32($0.h * k)) }
        if let renderer, let frameTexture {
            // (Doubled by the renderer, filtered, when the texture is half the window's size.)
            for (r, var sr) in zip(rects, canvasRects) {
                SDL_UpdateTexture(frameTexture, &sr, framePixels + r.y * frameWidth + r.x, Int32(frameWidth * 4))
            }
            SDL_RenderCopy(renderer, frameTexture, nil, nil)
            SDL_RenderPresent(renderer)
            return
        }
        let borrowed = !source.frameOwnsPixels
        guard let surface = windowSurface(frame: source) else { presentWhole = true; return }
        // The pixels drawn into are gone with the old surface: the next frame is drawn whole.
        if borrowed && source.frameOwnsPixels { return }
        let format = surface.pointee.format.pointee
        let xrgb = format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
        if !source.frameOwnsPixels {
            // Drawn straight into the window's pixels: only sent.
        } else if xrgb, k == 1, surface.pointee.w == Int32(frameWidth), surface.pointee.h == Int32(frameHeight),
                  surface.pointee.pitch == Int32(frameWidth * 4), let pixels = surface.pointee.pixels {
            // The window's pixels have the frame's size and layout: from now on the canvas
            // draws into them (this once, the whole frame is copied and sent).
            source.drawInto(pixels.assumingMemoryBound(to: UInt32.self))
            let whole = SDL_Rect(x: 0, y: 0, w: Int32(frameWidth), h: Int32(frameHeight))
            _ = withUnsafePointer(to: whole) { SDL_UpdateWindowSurfaceRects(window, $0, 1) }
            return
        } else if surface.pointee.w >= Int32(frameWidth * k) && surface.pointee.h >= Int32(frameHeight * k) && xrgb,
           let pixels = surface.pointee.pixels {
            // XRGB8888 (X11's usual surface): the frame's opaque ARGB rows copy as they are
            // (each pixel twice across and down when doubling).
            SDL_LockSurface(surface)
            let pitch = Int(surface.pointee.pitch)
            for r in rects {
                for y in r.y..<r.maxY {
                    let source = framePixels + y * frameWidth + r.x
                    if k == 1 {
                        (pixels + y * pitch + r.x * 4).copyMemory(from: source, byteCount: r.w * 4)
                    } else {
                        let row = (pixels + 2 * y * pitch).assumingMemoryBound(to: UInt32.self) + 2 * r.x
                        for x in 0..<r.w { row[2 * x] = source[x]; row[2 * x + 1] = source[x] }
                        (pixels + (2 * y + 1) * pitch + 2 * r.x * 4).copyMemory(from: row, byteCount: 2 * r.w * 4)
                    }
                }
            }
            SDL_UnlockSurface(surface)
        } else if k == 1,  let source = SDL_CreateRGBSurfaceWithFormatFrom(framePixels, Int32(frameWidth), Int32(frameHeight), 32,
                                                                  Int32(frameWidth * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) {
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
            for var r in canvasRects {
                var d = r
                SDL_UpperBlit(source, &r, surface, &d)
            }
            SDL_FreeSurface(source)
        }
        _ = sdlRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
    }

    /// The window's own surface. The frame may be drawn into its pixels: when SDL has made
    /// a new one (resized, full screen), the old pixels are gone and the frame is told so.
    private func windowSurface(frame: any WindowFrameSource) -> UnsafeMutablePointer<SDL_Surface>? {
        let surface = SDL_GetWindowSurface(window)
        if !frame.frameOwnsPixels && surface?.pointee.pixels.map({ UnsafeMutableRawPointer(frame.framePixels) == $0 }) != true {
            frame.dropBorrowedPixels()
            presentWhole = true
            pixelsLost()
        }
        return surface
    }
}
