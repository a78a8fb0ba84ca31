import CSDL2
import Glibc
import GameCore
import Platform
import Render
import Scenes
import Stage
import SystemIO
import Storage

// MARK: - Window and presentation

extension GameApp {
    func openWindow() throws {
        let env = SystemFiles.environment
        if env["DISPLAY"].map({ $0.isEmpty }) ?? true, env["WAYLAND_DISPLAY"].map({ $0.isEmpty }) ?? true, env["SDL_VIDEODRIVER"] == nil {
            throw AppError.fatal("no display found (DISPLAY and WAYLAND_DISPLAY are not set). Start it from a desktop session, or run a script without a window: kids-joy-center --headless --script FILE")
        }
        // The game draws every pixel itself and shows one picture a frame. Without a GPU (no
        // /dev/dri: a virtual machine, Xvfb, an old kiosk) OpenGL is Mesa's llvmpipe, which
        // takes 90 ms to start and a core to run: SDL's plain software renderer then shows
        // the picture instead (SDL_RENDER_DRIVER, if set, still decides).
        if env["SDL_RENDER_DRIVER"] == nil && !Self.hasGPU() {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            useWindowSurface = true
        }
        // The window's X11 class and Wayland app id are the desktop file's id, so docks and
        // task bars show the game's icon (SDL 2.26 reads these from the environment).
        setenv("SDL_VIDEO_X11_WMCLASS", AppInfo.desktopID, 0)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", AppInfo.desktopID, 0)
        SDL_SetHint(SDL_HINT_APP_NAME, AppInfo.name)
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
        fullscreen = options.fullscreen || options.kiosk
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        // The window fits its screen (issue 27): 90% of the usable area at most, the screen's
        // shape, or the size a grown-up dragged it to on this screen before; the canvas takes
        // the shape of what is shown (the screen when fullscreen).
        var display = SDL_Rect(x: 0, y: 0, w: 1024, h: 768), usable = SDL_Rect()
        _ = SDL_GetDisplayBounds(0, &display)
        if SDL_GetDisplayUsableBounds(0, &usable) != 0 || usable.w <= 0 || usable.h <= 0 { usable = display }
        screenSize = (Int(display.w), Int(display.h))
        windowSizes = WindowSizes(directory: DataDirectory.resolve(override: options.dataDir))
        let firstFit = WindowFit.place(screen: (Int(display.w), Int(display.h)), usable: (Int(usable.x), Int(usable.y), Int(usable.w), Int(usable.h)),
                                  remembered: windowSizes?.remembered(screen: Int(display.w), Int(display.h)))
        guard let w = SDL_CreateWindow(AppInfo.name, Int32(firstFit.x), Int32(firstFit.y), Int32(firstFit.width), Int32(firstFit.height), flags) else {
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
                                      remembered: windowSizes?.remembered(screen: Int(display.w), Int(display.h)))
                SDL_SetWindowSize(w, Int32(fit.width), Int32(fit.height))
                SDL_SetWindowPosition(w, Int32(fit.x), Int32(fit.y))
            }
        }
        let screen = fullscreen ? (width: Int(display.w), height: Int(display.h)) : (width: fit.width, height: fit.height)
        Canvas1024.use(Canvas1024.size(forScreen: screen.width, screen.height), screen: screen)
        window = w
        SDL_SetWindowMinimumSize(w, 320, 240)
        if !useWindowSurface {
            var r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            if r == nil { r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
            guard let r else { throw AppError.fatal("cannot create a renderer: \(String(cString: SDL_GetError()))") }
            renderer = r
        }
        if options.kiosk { SDL_ShowCursor(SDL_DISABLE) }
        fullscreenWindow = FullscreenWindow(window: w, fullscreen: fullscreen, windowed: SDL_Rect(x: Int32(fit.x), y: Int32(fit.y), w: Int32(fit.width), h: Int32(fit.height)))
    }

    /// Windowed: makes the canvas draw at the window's real drawable size (high-DPI screens
    /// included) and the frame texture match it; the input translator follows.
    func syncOutputSize() throws {
        guard let window else { return }
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        if let renderer {
            guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { return }
        } else if let surface = windowSurface() {
            // The window's own surface is what is shown: draw at its size (SDL's framebuffer
            // has the window's size in points where the drawable is larger, e.g. on Wayland).
            w = surface.pointee.w
            h = surface.pointee.h
        } else {
            SDL_GetWindowSizeInPixels(window, &w, &h)
        }
        guard w > 0, h > 0 else { return }
        SDL_GetWindowSize(window, &pw, &ph)
        translator.pixelsPerPoint = (Double(w) / Double(max(pw, 1)), Double(h) / Double(max(ph, 1)))
        // Input and script coordinates map through the drawable's own size.
        translator.viewport = Viewport(width: Int(w), height: Int(h))
        presentWhole = true
        pixelDoubling = Int(w) * Int(h) > Self.halfSizeAbove
        let drawW = pixelDoubling ? w / 2 : w, drawH = pixelDoubling ? h / 2 : h
        guard canvas.frame.width != Int(drawW) || canvas.frame.height != Int(drawH) || (renderer != nil && frameTexture == nil) else { return }
        try canvas.resize(width: Int(drawW), height: Int(drawH))
        dirty = true
        guard let renderer else { return }
        if let frameTexture { SDL_DestroyTexture(frameTexture) }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), drawW, drawH) else {
            throw AppError.fatal("cannot create the frame texture: \(String(cString: SDL_GetError()))")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
        frameTexture = t
        dirty = true
    }

    /// Whether the machine has a graphics device (a DRM card or render node).
    static func hasGPU() -> Bool {
        let devices = SystemFiles.list("/dev/dri") ?? []
        return devices.contains { $0.hasPrefix("card") || $0.hasPrefix("renderD") }
    }

    /// A window resized by hand (not by fullscreen): its size is remembered for this screen.
    func rememberDraggedSize(_ e: SDL_WindowEvent) {
        guard e.event == UInt8(SDL_WINDOWEVENT_RESIZED.rawValue), !fullscreen, fullscreenWindow?.isOn == false,
              let screen = screenSize, e.data1 > 0, e.data2 > 0 else { return }
        let size = (w: Int(e.data1), h: Int(e.data2))
        if let old = windowSizes?.remembered(screen: screen.0, screen.1), old == size { return }
        windowSizes?.remember(screen: screen.0, screen.1, window: size)
        windowSizeChanged = true
    }

    func toggleFullscreen() {
        fullscreen.toggle()
        log.emit("fullscreen", [("on", .bool(fullscreen))])
        if fullscreen { fullscreenWindow?.enter() } else { fullscreenWindow?.leave() }
        logWindow()
    }

    /// Logs the window's size as SDL reports it (what the picture is laid out for).
    func logWindow() {
        guard let fullscreenWindow else { return }
        let size = fullscreenWindow.size
        log.emit("window", [("fullscreen", .bool(fullscreenWindow.isOn)), ("borderless", .bool(fullscreenWindow.isBorderless)),
                            ("width", .int(size.width)), ("height", .int(size.height))])
    }

    /// Windowed: shows the frame, drawn at the window's real pixel size, 1:1. Only the
    /// rectangles the canvas redrew are sent (all of it after a window event); a frame that
    /// changed nothing is not presented at all.
    func present() {
        guard let window else { return }
        let frame = canvas.frame
        let rects = presentWhole ? [frame.bounds] : canvas.damage
        guard !rects.isEmpty else { presented.skipped += 1; return }
        presentWhole = false
        presented.frames += 1
        let k = pixelDoubling ? 2 : 1
        presented.pixels += rects.reduce(0) { $0 + $1.area } * k * k
        let canvasRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.w), h: Int32($0.h)) }
        let sdlRects = rects.map { SDL_Rect(x: Int32($0.x * k), y: Int32($0.y * k), w: Int32($0.w * k), h: Int32($0.h * k)) }
        if let renderer, let frameTexture {
            // (Doubled by the renderer, filtered, when the texture is half the window's size.)
            for (r, var sr) in zip(rects, canvasRects) {
                SDL_UpdateTexture(frameTexture, &sr, frame.pixels + r.y * frame.width + r.x, Int32(frame.width * 4))
            }
            SDL_RenderCopy(renderer, frameTexture, nil, nil)
            SDL_RenderPresent(renderer)
            return
        }
        let borrowed = !canvas.frame.ownsPixels
        guard let surface = windowSurface() else { presentWhole = true; return }
        // The pixels drawn into are gone with the old surface: the next frame is drawn whole.
        if borrowed && canvas.frame.ownsPixels { return }
        let format = surface.pointee.format.pointee
        let xrgb = format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
        if !canvas.frame.ownsPixels {
            // Drawn straight into the window's pixels: only sent.
        } else if xrgb, k == 1, surface.pointee.w == Int32(frame.width), surface.pointee.h == Int32(frame.height),
                  surface.pointee.pitch == Int32(frame.width * 4), let pixels = surface.pointee.pixels {
            // The window's pixels have the frame's size and layout: from now on the canvas
            // draws into them (this once, the whole frame is copied and sent).
            canvas.drawInto(pixels.assumingMemoryBound(to: UInt32.self))
            let whole = SDL_Rect(x: 0, y: 0, w: Int32(frame.width), h: Int32(frame.height))
            _ = withUnsafePointer(to: whole) { SDL_UpdateWindowSurfaceRects(window, $0, 1) }
            return
        } else if surface.pointee.w >= Int32(frame.width * k) && surface.pointee.h >= Int32(frame.height * k) && xrgb,
           let pixels = surface.pointee.pixels {
            // XRGB8888 (X11's usual surface): the frame's opaque ARGB rows copy as they are
            // (each pixel twice across and down when doubling).
            SDL_LockSurface(surface)
            let pitch = Int(surface.pointee.pitch)
            for r in rects {
                for y in r.y..<r.maxY {
                    let source = frame.pixels + y * frame.width + r.x
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
        } else if k == 1,  let source = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                                  Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) {
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
            for var r in canvasRects {
                var d = r
                SDL_UpperBlit(source, &r, surface, &d)
            }
            SDL_FreeSurface(source)
        }
        _ = sdlRects.withUnsafeBufferPointer { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
    }

    /// The window's own surface. The canvas may be drawing into its pixels: when SDL has made
    /// a new one (resized, full screen), the old pixels are gone and the canvas is told so.
    func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let window else { return nil }
        let surface = SDL_GetWindowSurface(window)
        if !canvas.frame.ownsPixels && surface?.pointee.pixels.map({ UnsafeMutableRawPointer(canvas.frame.pixels) == $0 }) != true {
            canvas.dropBorrowedPixels()
            presentWhole = true
            dirty = true
        }
        return surface
    }
}
