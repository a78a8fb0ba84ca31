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
        session.fullscreen = options.settings.fullscreen || options.settings.kiosk
        // The window fits its screen (issue 27): 90% of the usable area at most, the screen's
        // shape, or the size a grown-up dragged it to on this screen before (WindowSizes).
        let sizes = WindowSizes(directory: DataDirectory.resolve(override: options.settings.dataDir))
        session.windowSizes = sizes
        let w = try GameWindow.open(title: AppInfo.name, appID: AppInfo.desktopID, fullscreen: session.fullscreen, hideCursor: options.settings.kiosk,
                                    remembered: { sizes.remembered(screen: $0, $1) }, warn: { [weak self] in self?.warn($0) })
        session.screenSize = (w.screen.width, w.screen.height)
        // The canvas takes the shape of what is shown (the screen when fullscreen).
        Canvas1024.use(Canvas1024.size(forScreen: w.shown.width, w.shown.height), screen: w.shown)
        w.pixelsLost = { [unowned self] in loop.dirty = true }
        // A kiosk keeps the keyboard and the front (issue #46): window-manager shortcuts
        // reach the game, and a hidden or minimised window comes back (keepKioskInFront).
        if options.settings.kiosk { w.bringToFront() }
        session.window = w
    }

    /// The canvas follows the screen's shape while the game runs (issue 45, item 9): a window
    /// resized or made fullscreen, a tablet turned, or a script's `resize` gets the layout of
    /// its new shape. The scenes lay themselves out from `Canvas1024` as they draw and dump,
    /// and Memory's cards glide to their new places. A game that placed everything for its
    /// shape when it started (Sorting's zones, Balloons' spots: `keepsItsShape`) keeps it,
    /// drawn scaled, until it leaves the stack; then the new shape comes (`shape` in the log).
    func followScreen(_ screen: (Int, Int)) {
        session.pendingScreen = screen
        applyPendingShape()
    }

    /// Takes the waiting shape when no scene on the stack keeps its own (every frame): the
    /// same real pixels then show the new logical size.
    func applyPendingShape() {
        guard switchPendingShape() else { return }
        let real = canvas.viewport
        do { try canvas.resize(width: real.width, height: real.height) } catch { warn("\(error)") }
        // Headless, script coordinates are the canvas's own; a window maps its pixels anew.
        session.translator.viewport = session.window == nil ? .logical : Viewport(width: session.translator.viewport.width, height: session.translator.viewport.height)
    }

    /// Switches the logical shape to the waiting one (log `shape`) when no scene keeps its own;
    /// true when it did. The caller resizes the canvas once, for the shape and the pixels together.
    private func switchPendingShape() -> Bool {
        guard let screen = session.pendingScreen, screen.0 > 0, screen.1 > 0 else { session.pendingScreen = nil; return false }
        let next = Canvas1024.size(forScreen: screen.0, screen.1)
        guard next != Canvas1024.size else { session.pendingScreen = nil; return false }
        guard !stack.scenes.contains(where: { $0.keepsItsShape }) else { return false }
        session.pendingScreen = nil
        Canvas1024.use(next, screen: (width: screen.0, height: screen.1))
        log.emit("shape", [("width", .int(Int(next.width))), ("height", .int(Int(next.height)))])
        loop.dirty = true
        return true
    }

    /// Windowed: makes the canvas draw at the window's real drawable size (high-DPI screens
    /// included) and the frame texture match it; the input translator follows. A new shape
    /// and new pixels are one resize of the canvas (each resize drops its caches).
    func syncOutputSize() throws {
        guard let window = session.window, let size = window.drawableSize(frame: canvas) else { return }
        session.pendingScreen = size.points
        let shapeChanged = switchPendingShape()
        let (w, h) = size.pixels, (pw, ph) = size.points
        session.translator.pixelsPerPoint = (Double(w) / Double(max(pw, 1)), Double(h) / Double(max(ph, 1)))
        // Input and script coordinates map through the drawable's own size.
        session.translator.viewport = Viewport(width: w, height: h)
        window.presentWhole = true
        session.pixelDoubling = w * h > Self.halfSizeAbove
        let drawW = session.pixelDoubling ? w / 2 : w, drawH = session.pixelDoubling ? h / 2 : h
        guard shapeChanged || canvas.frame.width != drawW || canvas.frame.height != drawH || window.needsFrameTexture else { return }
        try canvas.resize(width: drawW, height: drawH)
        loop.dirty = true
        guard !window.usesWindowSurface else { return }
        try window.makeFrameTexture(width: drawW, height: drawH)
        loop.dirty = true
    }

    /// A window resized by hand (not by fullscreen): its size is remembered for this screen.
    func rememberDraggedSize(_ resized: (width: Int, height: Int)?) {
        guard let resized, !session.fullscreen, session.window?.isFullscreen == false,
              let screen = session.screenSize, resized.width > 0, resized.height > 0 else { return }
        let size = (w: resized.width, h: resized.height)
        if let old = session.windowSizes?.remembered(screen: screen.0, screen.1), old == size { return }
        session.windowSizes?.remember(screen: screen.0, screen.1, window: size)
        session.windowSizeChanged = true
    }

    /// Kiosk mode: the window stays in front and keeps the keyboard (issue #46). Called after
    /// each turn's events; the idle loop wakes at least once a second, so a window that could
    /// not be brought back at once is tried again.
    func keepKioskInFront() {
        guard options.settings.kiosk, let window = session.window else { return }
        let why = window.notInFront
        guard session.kioskWatch.shouldBringBack(why, now: Double(PerformanceCounter.now()) / PerformanceCounter.frequency) else { return }
        log.emit("kiosk", [("action", "front"), ("why", .string(why ?? ""))])
        window.bringToFront()
    }

    func toggleFullscreen() {
        session.fullscreen.toggle()
        log.emit("fullscreen", [("on", .bool(session.fullscreen))])
        if session.fullscreen { session.window?.enterFullscreen() } else { session.window?.leaveFullscreen() }
        logWindow()
    }

    /// Logs the window's size as SDL reports it (what the picture is laid out for).
    func logWindow() {
        guard let window = session.window else { return }
        let size = window.size
        log.emit("window", [("fullscreen", .bool(window.isFullscreen)), ("borderless", .bool(window.isBorderless)),
                            ("width", .int(size.width)), ("height", .int(size.height))])
    }

    /// Windowed: shows the frame, drawn at the window's real pixel size, 1:1. Only the
    /// rectangles the canvas redrew are sent (all of it after a window event); a frame that
    /// changed nothing is not presented at all.
    func present() {
        guard let window = session.window else { return }
        let frame = canvas.frame
        let rects = window.presentWhole ? [frame.bounds] : canvas.damage
        guard !rects.isEmpty else { session.presented.skipped += 1; return }
        session.presented.frames += 1
        let k = session.pixelDoubling ? 2 : 1
        session.presented.pixels += rects.reduce(0) { $0 + $1.area } * k * k
        window.present(canvas, rects: rects.map { PixelRect(x: $0.x, y: $0.y, w: $0.w, h: $0.h) }, doubled: session.pixelDoubling)
    }
}

/// The canvas's frame is what the window shows (Platform's GameWindow reads it through this).
extension SoftwareCanvas: WindowFrameSource {
    public var framePixels: UnsafeMutablePointer<UInt32> { frame.pixels }
    public var frameWidth: Int { frame.width }
    public var frameHeight: Int { frame.height }
    public var frameOwnsPixels: Bool { frame.ownsPixels }
}
