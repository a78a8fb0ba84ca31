import CSDL2
import Dispatch
import FoundationEssentials
import Glibc
import GameCore
import Scenes
import Synchronization

/// Pictures decoded on worker threads, each slot written by exactly one of them (with the
/// file's bytes when they are to be kept).
final class DecodedImages: @unchecked Sendable {
    var buffers: [PixelBuffer?]
    var bytes: [[UInt8]?]
    var errors: [String?]
    private let lock = Mutex(())
    init(count: Int) {
        buffers = Array(repeating: nil, count: count)
        bytes = Array(repeating: nil, count: count)
        errors = Array(repeating: nil, count: count)
    }
    func set(_ i: Int, _ buffer: PixelBuffer, bytes kept: [UInt8]?) {
        lock.withLock { _ in
            buffers[i] = buffer
            bytes[i] = kept
        }
    }
    func fail(_ i: Int, _ message: String) {
        lock.withLock { _ in errors[i] = message }
    }
}

/// The game's renderer: the `Canvas` drawn in software into one 1024×768 premultiplied
/// picture (`frame`), which the app shows in its window (one texture upload a frame) or,
/// headless, saves for screenshots. `QOI` decodes the images and SDL_ttf rasterizes the
/// text; everything else is `Pixels`: images, cached text and sprites are blended
/// four pixels at a time, shapes are filled from cached anti-aliased coverage masks.
///
/// Why not SDL's own software renderer: it blends straight alpha one pixel at a time, about
/// 4.5 ns a pixel on this kind of machine and 10 ns with an alpha or colour modulation, so a
/// busy Balloons frame took 8-15 ms and a dimmed overlay 4 ms for the dimming alone. With
/// a GPU the window's renderer could do it, but the game must be smooth without one.
@MainActor
public final class SoftwareCanvas: Canvas {
    struct TextKey: Hashable {
        let string: String
        let style: TextStyle
        let color: UInt32
        let outline: Bool
        var outlineColor: UInt32 = 0xFFFF_FFFF
    }
    struct CachedText {
        let buffer: PixelBuffer
        var lastUsed: Int
    }

    /// What the scenes drew, the size of the logical canvas.
    public let frame: PixelBuffer
    /// Where drawing goes now: the frame, or a layer being redrawn.
    private var target: PixelBuffer
    private var images: [String: PixelBuffer] = [:]
    /// Backgrounds kept as QOI bytes, decoded into `images` while in use.
    private var compressed: [String: (bytes: [UInt8], size: Size)] = [:]
    private var decodedUse: [String: Int] = [:]
    /// Images halved again and again, for drawing far below their size without aliasing.
    private var halvings: [String: [PixelBuffer]] = [:]
    struct FontKey: Hashable { let bold: Bool; let outline: Bool; var arabic = false }
    /// One open font per file and outline, set to the size asked for: every TTF_Font holds
    /// its own FreeType face and HarfBuzz copies of the font's tables (half a megabyte), so
    /// one per text size cost 7 MB.
    var fonts: [FontKey: (font: OpaquePointer, size: Int)] = [:]
    /// Scheherazade's regular and bold files, for the Arabic runs of a line (SoftwareCanvas+Bidi).
    public var arabicFontFiles: (regular: String, bold: String)?
    private var measured: [TextKey: Size] = [:]
    private var textCache: [TextKey: CachedText] = [:]
    private var frameNumber = 0
    /// The font files: regular and bold.
    private let fontFiles: (regular: String, bold: String)
    static let outlineWidth: Int32 = 2
    public static let textCacheLimit = 200

    /// `fonts` are the paths of the regular and bold font files (Platform's FontLocator).
    public init(fonts: (regular: String, bold: String)) {
        fontFiles = fonts
        frame = PixelBuffer(width: Int(Canvas1024.width), height: Int(Canvas1024.height), opaque: true)
        target = frame
    }

    /// Loads every image (QOI files); throws naming the first file that fails. The files are
    /// decoded straight to premultiplied pixels on all cores. The full-screen backgrounds
    /// named in `keepCompressed` (3 MB each decoded, a few hundred kB as files) are checked
    /// the same way, then kept as file bytes and decoded again (4 ms) when their screen shows.
    public func loadImages(from directory: String, names: [String], keepCompressed: Set<String> = []) throws {
        let decoded = DecodedImages(count: names.count)
        let paths = names.map { "\(directory)/\($0).\(QOI.fileExtension)" }
        // Largest first, so the cores finish together.
        let sizes = paths.map(Self.fileSize)
        let order = paths.indices.sorted { sizes[$0] > sizes[$1] }
        let keep = names.map { keepCompressed.contains($0) }
        DispatchQueue.concurrentPerform(iterations: names.count) { k in
            let i = order[k]
            do {
                let bytes = try QOI.read(path: paths[i])
                let picture = try QOI.decode(bytes, path: paths[i])
                if !picture.opaque { picture.findSpans() }
                decoded.set(i, picture, bytes: keep[i] ? bytes : nil)
            } catch {
                decoded.fail(i, "cannot load image \(error)")
            }
        }
        for (i, name) in names.enumerated() {
            if let error = decoded.errors[i] { throw AppError.fatal(error) }
            guard let buffer = decoded.buffers[i] else { throw AppError.fatal("cannot load image \(name)") }
            if let bytes = decoded.bytes[i] {
                compressed[name] = (bytes: bytes, size: Size(Double(buffer.width), Double(buffer.height)))
            } else {
                images[name] = buffer
            }
        }
        // Open the fonts now so the first frame does not stall, and a missing one is said.
        for bold in [false, true] { _ = try font(TextStyle(size: Theme.bodyText.size, bold: bold), outline: false) }
    }

    /// (stat(2): FileManager's attributes also look up the owner's name, a file read each.)
    private nonisolated static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// A premultiplied copy of an SDL surface of any format.
    nonisolated static func buffer(of surface: UnsafeMutablePointer<SDL_Surface>, what: String) throws -> PixelBuffer {
        var source = surface
        var converted: UnsafeMutablePointer<SDL_Surface>?
        if surface.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
            guard let c = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                throw AppError.fatal("cannot convert \(what): \(String(cString: SDL_GetError()))")
            }
            converted = c
            source = c
        }
        defer { if let converted { SDL_FreeSurface(converted) } }
        let buffer = PixelBuffer(width: Int(source.pointee.w), height: Int(source.pointee.h))
        SDL_LockSurface(source)
        if let pixels = source.pointee.pixels {
            buffer.loadStraight(from: UnsafeRawPointer(pixels), pitch: Int(source.pointee.pitch))
        }
        SDL_UnlockSurface(source)
        return buffer
    }

    func font(_ style: TextStyle, outline: Bool) throws -> OpaquePointer {
        let key = FontKey(bold: style.bold, outline: outline)
        if let open = fonts[key] {
            if open.size != style.size {
                TTF_SetFontSize(open.font, Int32(style.size))
                fonts[key] = (open.font, style.size)
            }
            return open.font
        }
        let path = style.bold ? fontFiles.bold : fontFiles.regular
        guard let f = TTF_OpenFont(path, Int32(style.size)) else {
            throw AppError.fatal("cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        if outline { TTF_SetFontOutline(f, Self.outlineWidth) }
        fonts[key] = (f, style.size)
        return f
    }

    /// Frees the pictures and closes the fonts (before TTF_Quit).
    public func destroy() {
        for f in fonts.values { TTF_CloseFont(f.font) }
        fonts.removeAll(); measured.removeAll()
        images.removeAll(); compressed.removeAll(); decodedUse.removeAll(); halvings.removeAll(); scratch = []; textCache.removeAll(); sprites.removeAll(); layers.removeAll(); masks.removeAll()
        spriteBytes = 0
    }

    /// Called once per drawn frame: drops what was not used for a while (text beyond the
    /// limit, sprites and layers of a scene that is gone), so memory follows the screen.
    public func endFrame() {
        drawList()
        frameNumber += 1
        if frameNumber % 60 == 0 {
            spriteRequests = spriteRequests.filter { frameNumber - $0.value <= 2 }
            for (key, sprite) in sprites where frameNumber - sprite.lastUsed > Self.idleFrames {
                sprites[key] = nil
                spriteBytes -= sprite.buffer.byteCount
            }
            layers = layers.filter { frameNumber - $0.value.lastUsed <= Self.idleFrames }
            for (name, used) in decodedUse where frameNumber - used > Self.idleFrames {
                images[name] = nil
                decodedUse[name] = nil
            }
        }
        guard textCache.count > Self.textCacheLimit else { return }
        textCache = textCache.filter { frameNumber - $0.value.lastUsed <= 30 }
    }

    /// Sprites and layers unused for this many frames (5 s) are freed.
    static let idleFrames = 300

    public var cachedTextCount: Int { textCache.count }
    public var cachedSpriteCount: Int { sprites.count }
    public var cachedLayerCount: Int { layers.count }
    /// Bytes held by pictures (images, their halvings, sprites, text, layers and the frame).
    public var pictureBytes: Int {
        images.values.reduce(0) { $0 + $1.byteCount } + halvings.values.joined().reduce(0) { $0 + $1.byteCount }
            + scratch.count * 4
            + spriteBytes + textCache.values.reduce(0) { $0 + $1.buffer.byteCount }
            + layers.values.reduce(0) { $0 + $1.buffer.byteCount } + frame.byteCount
    }

    // MARK: - Shapes

    public func clear(_ color: Color) {
        if recording { recorded.append(.clear(color)); return }
        drawOp(.fill(target.bounds, Pixels.pixel(Color(color.r, color.g, color.b))))
    }

    public func fill(_ rect: Rect, _ color: Color) {
        if recording { recorded.append(.fill(rect, color)); return }
        drawOp(.fill(IRect(rounding: rect), Pixels.pixel(color)))
    }

    struct MaskKey: Hashable { let radius: Int; let width: Int }
    private var masks: [MaskKey: CoverageMask] = [:]

    /// An anti-aliased disc (width 0) or ring of the given radius, made once.
    private func mask(radius: Int, width: Int) -> CoverageMask {
        let key = MaskKey(radius: radius, width: width)
        if let m = masks[key] { return m }
        let m = CoverageMask.disc(radius: radius, width: width)
        masks[key] = m
        return m
    }

    /// The four quadrants of a disc or ring mask at the corners of `rect` (whole pixels).
    private func corners(_ mask: CoverageMask, radius r: Int, of rect: IRect, _ color: UInt32) {
        drawOp(.mask(mask, from: IRect(0, 0, r, r), x: rect.x, y: rect.y, color))
        drawOp(.mask(mask, from: IRect(r, 0, r, r), x: rect.maxX - r, y: rect.y, color))
        drawOp(.mask(mask, from: IRect(0, r, r, r), x: rect.x, y: rect.maxY - r, color))
        drawOp(.mask(mask, from: IRect(r, r, r, r), x: rect.maxX - r, y: rect.maxY - r, color))
    }

    public func fillRounded(_ rawRect: Rect, radius: Double, _ color: Color) {
        if recording { recorded.append(.rounded(rawRect, radius: radius, color)); return }
        let rect = IRect(rounding: rawRect)
        guard !rect.isEmpty else { return }
        let r = Int(min(radius, Double(rect.w) / 2, Double(rect.h) / 2).rounded(.down))
        let c = Pixels.pixel(color)
        guard r >= 1 else { drawOp(.fill(rect, c)); return }
        corners(mask(radius: r, width: 0), radius: r, of: rect, c)
        // The middle band, then the two side strips between the corners: no overlaps.
        drawOp(.fill(IRect(rect.x + r, rect.y, rect.w - 2 * r, rect.h), c))
        drawOp(.fill(IRect(rect.x, rect.y + r, r, rect.h - 2 * r), c))
        drawOp(.fill(IRect(rect.maxX - r, rect.y + r, r, rect.h - 2 * r), c))
    }

    public func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        if recording { recorded.append(.stroke(rect, radius: radius, width: width, color)); return }
        let outer = IRect(rounding: rect.insetBy(-width / 2, -width / 2))
        guard !outer.isEmpty else { return }
        let w = max(1, Int(width.rounded()))
        let r = max(w, Int(min(radius + width / 2, Double(outer.w) / 2, Double(outer.h) / 2).rounded(.down)))
        let c = Pixels.pixel(color)
        corners(mask(radius: r, width: w), radius: r, of: outer, c)
        drawOp(.fill(IRect(outer.x + r, outer.y, outer.w - 2 * r, w), c))
        drawOp(.fill(IRect(outer.x + r, outer.maxY - w, outer.w - 2 * r, w), c))
        drawOp(.fill(IRect(outer.x, outer.y + r, w, outer.h - 2 * r), c))
        drawOp(.fill(IRect(outer.maxX - w, outer.y + r, w, outer.h - 2 * r), c))
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        if recording { recorded.append(.circle(center, radius: radius, color)); return }
        let r = max(1, Int(radius.rounded()))
        let m = mask(radius: r, width: 0)
        drawOp(.mask(m, from: IRect(0, 0, 2 * r, 2 * r), x: Int((center.x - Double(r)).rounded()),
                    y: Int((center.y - Double(r)).rounded()), Pixels.pixel(color)))
    }

    /// A thick anti-aliased line with square-cut ends: each pixel near it is covered by how
    /// far its centre lies inside the band.
    public func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        if recording { recorded.append(.line(a, b, width: width, color)); return }
        let len = a.distance(to: b)
        guard len > 0, width > 0 else { return }
        let half = width / 2
        let box = IRect(Int((min(a.x, b.x) - half - 1).rounded(.down)), Int((min(a.y, b.y) - half - 1).rounded(.down)),
                        Int((abs(a.x - b.x) + width + 3).rounded(.up)), Int((abs(a.y - b.y) + width + 3).rounded(.up)))
            .intersection(target.bounds)
        guard !box.isEmpty else { return }
        let ux = (b.x - a.x) / len, uy = (b.y - a.y) / len
        let c = Pixels.pixel(color)
        let mask = CoverageMask(width: box.w, height: box.h)
        for y in 0..<box.h {
            for x in 0..<box.w {
                let px = Double(box.x + x) + 0.5 - a.x, py = Double(box.y + y) + 0.5 - a.y
                let along = px * ux + py * uy, across = abs(-px * uy + py * ux)
                let cover = min(max(half - across + 0.5, 0), 1) * min(max(along + 0.5, 0), 1) * min(max(len - along + 0.5, 0), 1)
                mask.values[y * box.w + x] = UInt8((cover * 255).rounded())
            }
        }
        drawOp(.mask(mask, from: IRect(0, 0, box.w, box.h), x: box.x, y: box.y, c))
    }

    // MARK: - Images

    public func imageSize(_ name: String) -> Size? {
        images[name].map { Size(Double($0.width), Double($0.height)) } ?? compressed[name]?.size
    }

    /// A loaded image, decoding a compressed background when it is first drawn again.
    private func picture(_ name: String) -> PixelBuffer? {
        guard let packed = compressed[name] else { return images[name] }
        decodedUse[name] = frameNumber
        if let picture = images[name] { return picture }
        // The bytes decoded once at start-up, so this cannot fail short of memory corruption.
        guard let picture = try? QOI.decode(packed.bytes) else { return nil }
        images[name] = picture
        return picture
    }

    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
        if recording { recorded.append(.image(name, frame, options)); return }
        guard options.alpha > 0.004, let picture = picture(name) else { return }
        let size = Size(Double(picture.width), Double(picture.height))
        let fitted = frame.aspectFit(size).scaled(options.scaleX, options.scaleY)
        let modulation = Modulation(alpha: UInt8((options.alpha.clamped(0, 1) * 255).rounded()), tint: options.tint)
        let scaled = abs(fitted.width - size.width) > 0.5 || abs(fitted.height - size.height) > 0.5
        guard scaled || options.rotation != 0 else {
            put(picture, at: fitted.origin, modulation)
            return
        }
        guard fitted.width >= 1, fitted.height >= 1 else { return }
        // Sizes snap to even pixels so animations reuse their sprites from one run to the next.
        let key = SpriteKey(name: name, width: 2 * Int((fitted.width / 2).rounded()), height: 2 * Int((fitted.height / 2).rounded()),
                            degrees: Int(options.rotation.rounded()))
        if let sprite = sprite(for: key, from: picture) {
            put(sprite, at: Point(fitted.midX - Double(sprite.width) / 2, fitted.midY - Double(sprite.height) / 2), modulation)
        } else {
            // Resampled straight into the frame, at the exact size and angle.
            let w = fitted.width, h = fitted.height
            drawOp(.transformed(source(name, picture, scale: min(w / size.width, h / size.height)),
                                centerX: fitted.midX, centerY: fitted.midY, width: w, height: h, degrees: options.rotation, modulation))
        }
    }

    // MARK: - Drawing, on two cores
    //
    // What the scenes draw into the frame is listed during the frame and drawn at its end by
    // two threads, one for the top half of the frame and one for the bottom: the work is
    // memory-bound blending, and the machine has two cores. Text, sprites and layers are made
    // while listing (one thread); the list only copies and blends finished pictures.

    enum DrawOp: Sendable {
        case fill(IRect, UInt32)
        case mask(CoverageMask, from: IRect, x: Int, y: Int, UInt32)
        case draw(PixelBuffer, x: Int, y: Int, Modulation)
        case transformed(PixelBuffer, centerX: Double, centerY: Double, width: Double, height: Double, degrees: Double, Modulation)

        func run(on target: PixelBuffer, clip: IRect?, scratch: inout [UInt32]) {
            switch self {
            case .fill(let rect, let color): Pixels.fill(target, rect, color, clip: clip)
            case .mask(let mask, let from, let x, let y, let color): Pixels.fill(target, mask: mask, from: from, x: x, y: y, color, clip: clip)
            case .draw(let picture, let x, let y, let modulation): Pixels.draw(picture, to: target, x: x, y: y, modulation, clip: clip)
            case .transformed(let picture, let cx, let cy, let w, let h, let degrees, let modulation):
                Pixels.drawTransformed(picture, to: target, centerX: cx, centerY: cy, width: w, height: h, degrees: degrees, modulation,
                                       clip: clip, scratch: &scratch)
            }
        }
    }

    /// Set between `beginFrame` and `endFrame`: drawing into the frame is listed.
    private var listing = false
    private var ops: [DrawOp] = []
    /// Reused by one-off resampling with a fade or tint.
    private var scratch: [UInt32] = []
    /// Threads drawing a frame's list (at most 4; 1 draws it directly).
    static let drawThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// While listing, ops go to `ops`, the list of the picture drawn into now (`target`: the
    /// frame, or a layer being redrawn, whose list is drawn when its drawing is done).
    private func drawOp(_ op: DrawOp) {
        if listing {
            ops.append(op)
        } else {
            op.run(on: target, clip: nil, scratch: &scratch)
        }
    }

    /// Starts listing a frame's drawing (see `endFrame`).
    public func beginFrame() {
        listing = true
    }

    /// Draws the listed operations into the frame.
    private func drawList() {
        listing = false
        guard !ops.isEmpty else { return }
        let list = ops
        ops.removeAll(keepingCapacity: true)
        run(list, on: frame)
    }

    /// Draws a list into a picture in bands, one thread a band.
    private func run(_ list: [DrawOp], on picture: PixelBuffer) {
        let bands = Self.drawThreads
        if bands == 1 {
            for op in list { op.run(on: picture, clip: nil, scratch: &scratch) }
            return
        }
        let height = (picture.height + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let clip = IRect(0, band * height, picture.width, min(height, picture.height - band * height))
            var scratch: [UInt32] = []
            for op in list { op.run(on: picture, clip: clip, scratch: &scratch) }
        }
    }

    /// Draws a picture 1:1 with its top-left at `origin` (rounded to whole pixels).
    private func put(_ picture: PixelBuffer, at origin: Point, _ modulation: Modulation) {
        drawOp(.draw(picture, x: Int(origin.x.rounded()), y: Int(origin.y.rounded()), modulation))
    }

    /// The picture, halved until drawing it at `scale` needs no more than halving again.
    private func source(_ name: String, _ picture: PixelBuffer, scale: Double) -> PixelBuffer {
        var scale = scale, level = 0
        while scale < 0.5 && picture.width >> (level + 1) >= 2 && picture.height >> (level + 1) >= 2 {
            scale *= 2
            level += 1
        }
        guard level > 0 else { return picture }
        var levels = halvings[name] ?? []
        while levels.count < level { levels.append(Pixels.halved(levels.last ?? picture)) }
        halvings[name] = levels
        return levels[level - 1]
    }

    // MARK: - Layer cache
    //
    // A layer is a full-screen picture of what a closure draws (a game's still background,
    // the scenes beneath an overlay). Scenes say what to keep, never when it is stale: the
    // closure runs every frame, but while it runs its drawing calls are only recorded (their
    // arguments: no text is rasterized, no image looked at, no pixel touched) and compared
    // with the calls the kept picture was drawn from. Equal, the picture is copied; different,
    // the recorded calls are drawn into it. Text and images are recorded by what names their
    // pixels (string, style, colours and alpha; image name, frame and options), and the
    // images and fonts never change while the game runs, so equal calls draw equal pixels.

    /// One drawing call, with its arguments.
    enum RecordedCall: Equatable {
        case clear(Color)
        case fill(Rect, Color)
        case rounded(Rect, radius: Double, Color)
        case stroke(Rect, radius: Double, width: Double, Color)
        case circle(Point, radius: Double, Color)
        case line(Point, Point, width: Double, Color)
        case image(String, Rect, ImageOptions)
        case text(String, TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double)
        /// A layer inside the one recorded (a game's background beneath an overlay): its
        /// calls are the next `count`.
        case layer(String, count: Int)
    }

    struct Layer {
        let buffer: PixelBuffer
        /// What `buffer` shows, as the calls that drew it (nil: not drawn yet).
        var calls: [RecordedCall]?
        var lastUsed: Int
    }

    private var layers: [String: Layer] = [:]
    /// Full-screen layers are 3 MB each: two at most (a game's background and what lies
    /// beneath an overlay).
    static let layerLimit = 2
    /// True while a layer's closure runs: drawing calls are recorded, not drawn.
    private var recording = false
    private var recorded: [RecordedCall] = []
    /// Layers being redrawn (a layer and the layers inside it), never evicted for another.
    private var redrawing: [String] = []
    /// How many times a layer's picture was drawn again (for tests and profiles).
    public private(set) var layerRedraws = 0

    public func layer(_ id: String, _ draw: () -> Void) {
        if recording {
            let marker = recorded.count
            recorded.append(.layer(id, count: 0))
            draw()
            recorded[marker] = .layer(id, count: recorded.count - marker - 1)
            return
        }
        recording = true
        draw()
        recording = false
        show(id, recorded[...])
        recorded.removeAll(keepingCapacity: true)
    }

    /// Draws the layer `id` showing `calls` into the current target: copies its picture, after
    /// drawing it again if it shows other calls.
    private func show(_ id: String, _ calls: ArraySlice<RecordedCall>) {
        if var kept = layers[id], let drawn = kept.calls, drawn.elementsEqual(calls) {
            kept.lastUsed = frameNumber
            layers[id] = kept
            drawOp(.draw(kept.buffer, x: 0, y: 0, .none))
            return
        }
        if let kept = layers[id], kept.lastUsed == frameNumber, kept.calls != nil {
            // Already shown this frame with other drawing: the frame's list still holds that
            // picture, so this drawing goes straight to the target, uncached.
            replay(calls)
            return
        }
        let buffer: PixelBuffer
        if let kept = layers[id] {
            buffer = kept.buffer
        } else {
            if layers.count >= Self.layerLimit,
               let victim = layers.filter({ !redrawing.contains($0.key) }).min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                layers[victim] = nil
            }
            buffer = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        }
        layers[id] = Layer(buffer: buffer, calls: nil, lastUsed: frameNumber)
        layerRedraws += 1
        redrawing.append(id)
        let previousTarget = target, previousOps = ops
        target = buffer
        ops = []
        replay(calls)
        let list = ops
        target = previousTarget
        ops = previousOps
        run(list, on: buffer)
        redrawing.removeLast()
        layers[id]?.calls = Array(calls)
        drawOp(.draw(buffer, x: 0, y: 0, .none))
    }

    /// Draws recorded calls into the current target.
    private func replay(_ calls: ArraySlice<RecordedCall>) {
        var i = calls.startIndex
        while i < calls.endIndex {
            switch calls[i] {
            case .clear(let color): clear(color)
            case .fill(let rect, let color): fill(rect, color)
            case .rounded(let rect, let radius, let color): fillRounded(rect, radius: radius, color)
            case .stroke(let rect, let radius, let width, let color): strokeRounded(rect, radius: radius, width: width, color)
            case .circle(let center, let radius, let color): fillCircle(center: center, radius: radius, color)
            case .line(let a, let b, let width, let color): line(from: a, to: b, width: width, color)
            case .image(let name, let frame, let options): image(name, in: frame, options)
            case .text(let string, let style, let at, let align, let color, let outline, let alpha):
                text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha)
            case .layer(let id, let count):
                show(id, calls[(i + 1)..<(i + 1 + count)])
                i += count
            }
            i += 1
        }
    }

    // MARK: - Sprite cache
    //
    // A scaled or turned image is resampled into a sprite of that size (snapped to even
    // pixels) and angle (whole degrees). A sprite asked for again the next frame (a balloon
    // swaying slowly, a card) is kept and from then on copied 1:1; one whose size or angle
    // changes every frame (a burst growing, a sparkle spinning) is resampled each frame and
    // never pushes out the sprites in use. The cache is bounded by bytes and evicts what was
    // used least recently.

    struct SpriteKey: Hashable {
        let name: String
        let width: Int
        let height: Int
        let degrees: Int
    }
    struct CachedSprite {
        let buffer: PixelBuffer
        var lastUsed: Int
    }
    private var sprites: [SpriteKey: CachedSprite] = [:]
    private var spriteRequests: [SpriteKey: Int] = [:]
    private var spriteBytes = 0
    /// Enough for every balloon at every sway angle plus the pop animations.
    static let spriteBudget = 8 << 20

    /// The cached sprite, or a new one if this key was also asked for in the last frame; nil
    /// for a one-off.
    private func sprite(for key: SpriteKey, from picture: PixelBuffer) -> PixelBuffer? {
        if var cached = sprites[key] {
            cached.lastUsed = frameNumber
            sprites[key] = cached
            return cached.buffer
        }
        guard let previous = spriteRequests.updateValue(frameNumber, forKey: key), frameNumber - previous <= 1 else { return nil }
        let w = Double(key.width), h = Double(key.height)
        let scale = min(w / Double(picture.width), h / Double(picture.height))
        let made = Pixels.transformed(source(key.name, picture, scale: scale), width: w, height: h, degrees: Double(key.degrees))
        made.findSpans()
        sprites[key] = CachedSprite(buffer: made, lastUsed: frameNumber)
        spriteBytes += made.byteCount
        if spriteBytes > Self.spriteBudget { evictSprites() }
        return made
    }

    private func evictSprites() {
        for (key, sprite) in sprites.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard spriteBytes > Self.spriteBudget * 3 / 4 else { break }
            guard sprite.lastUsed < frameNumber else { continue }
            sprites[key] = nil
            spriteBytes -= sprite.buffer.byteCount
        }
    }

    // MARK: - Text

    private func colorKey(_ c: Color, alpha: UInt8) -> UInt32 {
        UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(alpha)
    }

    /// The text in one colour (full alpha), rasterized once.
    private func textPicture(_ string: String, _ style: TextStyle, _ color: Color, outline: Bool, cached keep: Bool = true) -> PixelBuffer? {
        let key = TextKey(string: string, style: style, color: colorKey(color, alpha: 255), outline: outline)
        if var cached = textCache[key] {
            cached.lastUsed = frameNumber
            textCache[key] = cached
            return cached.buffer
        }
        guard let surface = renderLine(string, style, outline: outline, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let picture = try? Self.buffer(of: surface, what: "text") else { return nil }
        picture.findSpans()
        if keep { textCache[key] = CachedText(buffer: picture, lastUsed: frameNumber) }
        return picture
    }

    public func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        if recording { recorded.append(.text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha)); return }
        guard !string.isEmpty, alpha > 0.004 else { return }
        let drawn = outline.map { outlinedText(string, style, color, $0) } ?? textPicture(string, style, color, outline: false)
        guard let picture = drawn else { return }
        let w = Double(picture.width), h = Double(picture.height)
        let origin: Point
        switch align {
        case .left: origin = Point(at.x, at.y - h / 2)
        case .center: origin = Point(at.x - w / 2, at.y - h / 2)
        case .right: origin = Point(at.x - w, at.y - h / 2)
        }
        put(picture, at: origin, Modulation(alpha: UInt8((alpha.clamped(0, 1) * Double(color.a)).rounded())))
    }

    /// Outlined text as one picture (the outline, then the letters over it), made once; the
    /// two layers are not kept.
    private func outlinedText(_ string: String, _ style: TextStyle, _ color: Color, _ outline: Color) -> PixelBuffer? {
        let key = TextKey(string: string, style: style, color: colorKey(color, alpha: outline.a), outline: true,
                          outlineColor: UInt32(outline.r) << 16 | UInt32(outline.g) << 8 | UInt32(outline.b))
        if var cached = textCache[key] {
            cached.lastUsed = frameNumber
            textCache[key] = cached
            return cached.buffer
        }
        guard let fill = textPicture(string, style, color, outline: false, cached: false),
              let stroke = textPicture(string, style, outline, outline: true, cached: false) else { return nil }
        let combined = PixelBuffer(width: stroke.width, height: stroke.height)
        Pixels.draw(stroke, to: combined, x: 0, y: 0, Modulation(alpha: outline.a))
        Pixels.draw(fill, to: combined, x: Int(Self.outlineWidth), y: Int(Self.outlineWidth))
        combined.findSpans()
        textCache[key] = CachedText(buffer: combined, lastUsed: frameNumber)
        return combined
    }

    /// Remembered: scenes measure their labels every frame, and a font asked for at another
    /// size forgets its glyphs.
    public func measure(_ string: String, _ style: TextStyle) -> Size {
        let key = TextKey(string: string, style: style, color: 0, outline: false)
        if let size = measured[key] { return size }
        guard let lineSize = sizeOfLine(string, style) else { return Size(0, 0) }
        let w = lineSize.0, h = lineSize.1
        if measured.count > 1000 { measured.removeAll() }
        let size = Size(Double(w), Double(h))
        measured[key] = size
        return size
    }

    // MARK: - Output

    /// Saves the frame drawn so far as a 1024×768 PNG.
    public func screenshot(to path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                               Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        // IMG_SavePNG opens the path for writing (fopen "wb": O_WRONLY|O_CREAT|O_TRUNC), so it
        // writes through a symbolic link, into a FIFO or a device, and never renames over what
        // is there. A folder or a socket is refused with a clear message.
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw AppError.fatal("screenshot \(path): is a folder, not a file")
            case S_IFSOCK: throw AppError.fatal("screenshot \(path): is a socket, not a file")
            default: break
            }
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw AppError.fatal("screenshot \(path): \(String(cString: SDL_GetError()))")
        }
    }
}
