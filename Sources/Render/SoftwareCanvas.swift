import CSDL2
import Dispatch
import Glibc
import GameCore
import Scenes
import Synchronization
import Stage
import SystemIO

/// Pictures decoded on worker threads, each slot written by exactly one of them. A picture
/// kept compressed keeps only its file's bytes and its size: its decoded pixels (checked,
/// then dropped at once) never wait here, so the nine full-screen backgrounds (three shapes)
/// are never all decoded at the same moment (about 30 MB of peak memory at start).
final class DecodedImages: @unchecked Sendable {
    var buffers: [PixelBuffer?]
    var sizes: [Size?]
    var bytes: [[UInt8]?]
    var errors: [String?]
    private let lock = Mutex(())
    init(count: Int) {
        buffers = Array(repeating: nil, count: count)
        sizes = Array(repeating: nil, count: count)
        bytes = Array(repeating: nil, count: count)
        errors = Array(repeating: nil, count: count)
    }
    func set(_ i: Int, _ buffer: PixelBuffer, bytes kept: [UInt8]?) {
        let size = Size(Double(buffer.width), Double(buffer.height))
        lock.withLock { _ in
            buffers[i] = kept == nil ? buffer : nil
            sizes[i] = size
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

    /// What the scenes drew, at the real pixel size of the screen (`viewport`).
    public private(set) var frame: PixelBuffer
    /// How the logical 1024×768 canvas maps onto `frame`'s real pixels.
    public private(set) var viewport = Viewport.logical
    /// The @Nx set of images drawn at this viewport's scale (1: the images themselves).
    public private(set) var imageScale = 1
    /// The images folder and names, for loading another @Nx set when the scale changes.
    private var imageDirectory = ""
    private var imageNames: [String] = []
    private var keptCompressed: Set<String> = []
    /// Names that have an @2x or @3x file, by scale.
    private var variantNames: [Int: Set<String>] = [:]
    /// The @Nx picture each image is drawn from now (absent: its 1x picture): the nearest
    /// larger set there is, or for an image without (or with an unreadable) file in it, the
    /// next smaller one.
    private(set) var variantScale: [String: Int] = [:]
    /// What went wrong reading an @2x/@3x picture (the image is then drawn from a smaller
    /// one): said through `warn` as well.
    public private(set) var warnings: [String] = []
    /// Where warnings go (the app prints them on stderr).
    public var warn: ((String) -> Void)?
    private func note(_ message: String) {
        warnings.append(message)
        warn?(message)
    }
    /// The pictures loaded now (decoded or kept compressed), by key (NAME or NAME@Nx).
    var loadedImageKeys: [String] { Array(images.keys) + Array(compressed.keys) }
    /// Mirrored backgrounds (`background`), made when first drawn, freed when unused.
    private var mirrored: [String: (buffer: PixelBuffer, lastUsed: Int)] = [:]
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
    var fonts: [FontKey: (font: OpaquePointer, size: Int, outline: Int32)] = [:]
    /// Scheherazade's regular and bold files, for the Arabic runs of a line (SoftwareCanvas+Bidi).
    public var arabicFontFiles: (regular: String, bold: String)?
    private var measured: [TextKey: Size] = [:]
    private var textCache: [TextKey: CachedText] = [:]
    private var frameNumber = 0
    /// The font files: regular and bold.
    private let fontFiles: (regular: String, bold: String)
    static let outlineWidth: Int32 = 2
    /// The outline's width in real pixels at this scale.
    var outlinePixels: Int32 { max(1, Int32((Double(Self.outlineWidth) * viewport.scale).rounded())) }
    public static let textCacheLimit = 200

    /// `fonts` are the paths of the regular and bold font files (Platform's FontLocator).
    public init(fonts: (regular: String, bold: String)) {
        fontFiles = fonts
        frame = PixelBuffer(width: Int(Canvas1024.width), height: Int(Canvas1024.height), opaque: true)
        target = frame
    }

    /// Loads every image (QOI files); throws naming the first file that fails. The files are
    /// decoded straight to premultiplied pixels on all cores. The @2x/@3x set the screen
    /// wants (WebP files) is loaded the same way, now and on a resize; a file of it that cannot
    /// be read is warned about and its image drawn from a smaller picture. The full-screen backgrounds
    /// named in `keepCompressed` (3 MB each decoded, a few hundred kB as files) are checked
    /// the same way, then kept as file bytes and decoded again (4 ms) when their screen shows.
    public func loadImages(from directory: String, names: [String], keepCompressed: Set<String> = []) throws {
        imageDirectory = directory
        imageNames = names
        keptCompressed = keepCompressed
        for scale in [2, 3] {
            variantNames[scale] = Set(names.filter { Self.fileSize(Self.path(directory, Self.variant($0, scale))) > 0 })
        }
        if variantNames.values.contains(where: { !$0.isEmpty }) {
            do { try WebPImage.prepare() } catch {
                note("\(error); every picture is drawn from its 1x file")
                variantNames.removeAll()
            }
        }
        try decode(names.map { ($0, $0) }, directory: directory)
        // Open the fonts now so the first frame does not stall, and a missing one is said.
        for bold in [false, true] { _ = try font(TextStyle(size: Theme.bodyText.size, bold: bold), outline: false) }
        try loadVariants()
    }

    /// The file name (without extension) of an image's @Nx version.
    nonisolated static func variant(_ name: String, _ scale: Int) -> String { scale == 1 ? name : "\(name)@\(scale)x" }

    /// An image file's path: NAME.qoi (1x, fast to decode) or NAME@Nx.webp (small, `WebPImage`).
    nonisolated static func path(_ directory: String, _ file: String) -> String {
        "\(directory)/\(file).\(file.contains("@") ? WebPImage.fileExtension : QOI.fileExtension)"
    }

    /// Decodes (file, key) pairs into `images` (or `compressed` for the kept backgrounds).
    /// `fatal`: a file that cannot be read stops the start; otherwise it is warned about and
    /// its key returned among the failed ones.
    @discardableResult
    private func decode(_ files: [(file: String, key: String)], directory: String, fatal: Bool = true) throws -> Set<String> {
        let decoded = DecodedImages(count: files.count)
        let paths = files.map { Self.path(directory, $0.file) }
        // Largest first, so the cores finish together.
        let sizes = paths.map(Self.fileSize)
        let order = paths.indices.sorted { sizes[$0] > sizes[$1] }
        let keep = files.map { keptCompressed.contains(String($0.key.prefix { $0 != "@" })) }
        DispatchQueue.concurrentPerform(iterations: files.count) { k in
            let i = order[k]
            do {
                let bytes = try QOI.read(path: paths[i])
                let picture = try files[i].file.contains("@") ? WebPImage.decode(bytes, path: paths[i]) : QOI.decode(bytes, path: paths[i])
                if !picture.opaque { picture.findSpans() }
                decoded.set(i, picture, bytes: keep[i] ? bytes : nil)
            } catch {
                decoded.fail(i, "cannot load image \(error)")
            }
        }
        var failed: Set<String> = []
        for (i, file) in files.enumerated() {
            if let error = decoded.errors[i] {
                if fatal { throw AppError.fatal(error) }
                note("\(error); \(file.key.prefix { $0 != "@" }) is drawn from a smaller picture")
                failed.insert(file.key)
                continue
            }
            if let bytes = decoded.bytes[i], let size = decoded.sizes[i] {
                compressed[file.key] = (bytes: bytes, size: size)
            } else {
                guard let buffer = decoded.buffers[i] else { throw AppError.fatal("cannot load image \(file.file)") }
                images[file.key] = buffer
            }
        }
        return failed
    }

    /// The @Nx set for a scale: the nearest larger one there is (1 up to 1x, 2 up to 2x, 3
    /// above), else the largest there is, drawn scaled up (3 above 2x without @3x files; 3
    /// scaled down between 1x and 2x if only @3x files were installed).
    func wantedImageScale(_ scale: Double) -> Int {
        if scale <= 1.001 { return 1 }
        let sets = [2, 3].filter { !(variantNames[$0] ?? []).isEmpty }
        return sets.first { scale <= Double($0) + 0.001 } ?? sets.last ?? 1
    }

    /// Loads the @Nx set the viewport's scale wants (and frees another one).
    private func loadVariants() throws {
        let wanted = wantedImageScale(viewport.scale)
        guard wanted != imageScale else { return }
        for key in Array(images.keys) + Array(compressed.keys) where key.contains("@") {
            images[key] = nil
            compressed[key] = nil
            decodedUse[key] = nil
        }
        halvings.removeAll()
        imageScale = wanted
        variantScale.removeAll()
        guard wanted > 1, !imageDirectory.isEmpty else { return }
        // Each image from the wanted set; one it lacks (or whose file could not be read) from
        // the next larger set that has it, else from the next smaller one, else at 1x.
        let sets = [2, 3].filter { !(variantNames[$0] ?? []).isEmpty }
        var remaining = imageNames
        for scale in sets.filter({ $0 >= wanted }) + sets.filter({ $0 < wanted }).reversed() {
            let names = remaining.filter { variantNames[scale]?.contains($0) == true }
            let keys = names.map { Self.variant($0, scale) }
            let failed = try decode(keys.map { ($0, $0) }, directory: imageDirectory, fatal: false)
            for (name, key) in zip(names, keys) where !failed.contains(key) { variantScale[name] = scale }
            remaining = remaining.filter { variantScale[$0] == nil }
        }
    }

    /// Draws at `width` × `height` real pixels from now on (the window's drawable size, or
    /// headless `--size`): the logical canvas is scaled by one factor and centred. Pictures
    /// made for another size (text, sprites, layers) are dropped.
    /// `keepImages`: keep the @Nx set loaded now (a 1024×768 screenshot of a window).
    public func resize(width: Int, height: Int, keepImages: Bool = false) throws {
        let next = Viewport(width: width, height: height)
        guard next != viewport else { return }
        viewport = next
        frame = PixelBuffer(width: next.width, height: next.height, opaque: true)
        target = frame
        shownValid = false
        textCache.removeAll()
        sprites.removeAll(); spriteRequests.removeAll(); spriteBytes = 0
        layers.removeAll()
        mirrored.removeAll()
        if !keepImages { try loadVariants() }
        startMakingBackgrounds()
    }

    // MARK: - Drawing into the window's own pixels
    //
    // In a window without a renderer the frame can live in the window's framebuffer (X11's
    // shared-memory image): each frame's damage is drawn there and sent, with no copy of
    // the damaged pixels between. The window may make a new framebuffer (resized, full
    // screen): the app asks for it before each use and says so when the old one is gone.

    /// Draws from now on straight into `pixels` (the frame's size, rows packed), which get a
    /// copy of the frame first.
    public func drawInto(_ pixels: UnsafeMutablePointer<UInt32>) {
        guard pixels != frame.pixels else { return }
        pixels.update(from: frame.pixels, count: frame.width * frame.height)
        replaceFrame(PixelBuffer(borrowing: pixels, width: frame.width, height: frame.height))
    }

    /// The borrowed pixels are gone (freed by their owner): the frame gets pixels of its
    /// own, and the next frame is drawn whole. Nothing is read from the old ones.
    public func dropBorrowedPixels() {
        guard !frame.ownsPixels else { return }
        replaceFrame(PixelBuffer(width: frame.width, height: frame.height, opaque: true))
        shownValid = false
    }

    /// Copies the borrowed pixels into pixels of the frame's own (before their owner frees
    /// them: the window closes).
    public func keepOwnPixels() {
        guard !frame.ownsPixels else { return }
        let own = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        own.pixels.update(from: frame.pixels, count: frame.width * frame.height)
        replaceFrame(own)
    }

    private func replaceFrame(_ next: PixelBuffer) {
        if target === frame { target = next }
        frame = next
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
                fonts[key] = (open.font, style.size, open.outline)
            }
            if outline && open.outline != outlinePixels {
                TTF_SetFontOutline(open.font, outlinePixels)
                fonts[key]?.outline = outlinePixels
            }
            return open.font
        }
        let path = style.bold ? fontFiles.bold : fontFiles.regular
        // SDL_ttf opens the file itself: a FIFO would hang it, a huge file fill memory.
        if let problem = SystemFiles.problem(path, limit: SystemFiles.Limit.font) { throw AppError.fatal("cannot open font: \(problem)") }
        guard let f = TTF_OpenFont(path, Int32(style.size)) else {
            throw AppError.fatal("cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        if outline { TTF_SetFontOutline(f, outlinePixels) }
        fonts[key] = (f, style.size, outline ? outlinePixels : 0)
        return f
    }

    /// Frees the pictures and closes the fonts (before TTF_Quit).
    public func destroy() {
        for f in fonts.values { TTF_CloseFont(f.font) }
        fonts.removeAll(); measured.removeAll()
        images.removeAll(); compressed.removeAll(); decodedUse.removeAll(); halvings.removeAll(); scratch = []; textCache.removeAll(); sprites.removeAll(); layers.removeAll(); masks.removeAll(); mirrored.removeAll()
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
            mirrored = mirrored.filter { frameNumber - $0.value.lastUsed <= Self.idleFrames }
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
            + mirrored.values.reduce(0) { $0 + $1.buffer.byteCount }
    }

    // MARK: - Shapes

    public func clear(_ color: Color) {
        if recording { recorded.append(.clear(color)); return }
        drawOp(.fill(target.bounds, Pixels.pixel(Color(color.r, color.g, color.b))))
    }

    public func fill(_ rect: Rect, _ color: Color) {
        if recording { recorded.append(.fill(rect, color)); return }
        drawOp(.fill(IRect(rounding: viewport.toReal(rect)), Pixels.pixel(color)))
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
        let rect = IRect(rounding: viewport.toReal(rawRect))
        guard !rect.isEmpty else { return }
        let r = Int(min(radius * viewport.scale, Double(rect.w) / 2, Double(rect.h) / 2).rounded(.down))
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
        let width = width * viewport.scale, radius = radius * viewport.scale
        let outer = IRect(rounding: viewport.toReal(rect).insetBy(-width / 2, -width / 2))
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
        let center = viewport.toReal(center)
        let r = max(1, Int((radius * viewport.scale).rounded()))
        let m = mask(radius: r, width: 0)
        drawOp(.mask(m, from: IRect(0, 0, 2 * r, 2 * r), x: Int((center.x - Double(r)).rounded()),
                    y: Int((center.y - Double(r)).rounded()), Pixels.pixel(color)))
    }

    /// A thick anti-aliased line with square-cut ends: each pixel near it is covered by how
    /// far its centre lies inside the band.
    public func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        if recording { recorded.append(.line(a, b, width: width, color)); return }
        let a = viewport.toReal(a), b = viewport.toReal(b), width = width * viewport.scale
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

    /// A loaded image by key (a name or NAME@Nx), decoding a compressed background when it
    /// is first drawn again.
    private func picture(key name: String) -> PixelBuffer? {
        guard let packed = compressed[name] else { return images[name] }
        decodedUse[name] = frameNumber
        if let picture = images[name] { return picture }
        // The bytes decoded once at start-up, so this cannot fail short of memory corruption.
        guard let picture = try? QOI.decode(packed.bytes) else { return nil }
        images[name] = picture
        return picture
    }

    /// The picture drawn for an image at this scale (its @Nx version when there is one) and
    /// its key; NAME#mirror is that picture flipped left to right, NAME#flip upside down.
    private func picture(_ name: String) -> (key: String, buffer: PixelBuffer)? {
        for suffix in [Self.mirrorSuffix, Self.flipSuffix] where name.hasSuffix(suffix) {
            guard let (key, buffer) = picture(String(name.dropLast(suffix.count))) else { return nil }
            let flippedKey = key + suffix
            if let made = mirrored[flippedKey] {
                mirrored[flippedKey]?.lastUsed = frameNumber
                return (flippedKey, made.buffer)
            }
            let flipped = Pixels.mirrored(buffer, vertically: suffix == Self.flipSuffix)
            mirrored[flippedKey] = (flipped, frameNumber)
            return (flippedKey, flipped)
        }
        if let scale = variantScale[name] {
            let key = Self.variant(name, scale)
            if let buffer = picture(key: key) { return (key, buffer) }
        }
        return picture(key: name).map { (name, $0) }
    }

    static let mirrorSuffix = "#mirror"
    static let flipSuffix = "#flip"

    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
        if recording { recorded.append(.image(name, frame, options)); return }
        drawImage(name, in: frame, options, background: false)
    }

    /// `background`: a full-screen background's piece, whose sprite is kept while the screen
    /// keeps its size (see "Backgrounds made ahead").
    private func drawImage(_ name: String, in frame: Rect, _ options: ImageOptions, background: Bool) {
        guard options.alpha > 0.004, let (key, picture) = picture(name),
              let logicalSize = imageSize(String(name.prefix { $0 != "#" })) else { return }
        // Placed in logical units by the image's 1x size, drawn from the @Nx picture at real size.
        let fitted = viewport.toReal(frame.aspectFit(logicalSize).scaled(options.scaleX, options.scaleY))
        let size = Size(Double(picture.width), Double(picture.height))
        let modulation = Modulation(alpha: UInt8((options.alpha.clamped(0, 1) * 255).rounded()), tint: options.tint)
        let scaled = abs(fitted.width - size.width) > 0.5 || abs(fitted.height - size.height) > 0.5
        guard scaled || options.rotation != 0 else {
            put(picture, at: fitted.origin, modulation)
            return
        }
        guard fitted.width >= 1, fitted.height >= 1 else { return }
        // Sizes snap to even pixels so animations reuse their sprites from one run to the next.
        let spriteKey = SpriteKey(name: key, width: 2 * Int((fitted.width / 2).rounded()), height: 2 * Int((fitted.height / 2).rounded()),
                                  degrees: Int(options.rotation.rounded()))
        if let sprite = background ? backgroundSprite(for: spriteKey, from: picture) : sprite(for: spriteKey, from: picture) {
            put(sprite, at: Point(fitted.midX - Double(sprite.width) / 2, fitted.midY - Double(sprite.height) / 2), modulation)
        } else {
            // Resampled straight into the frame, at the exact size and angle.
            let w = fitted.width, h = fitted.height
            drawOp(.transformed(source(key, picture, scale: min(w / size.width, h / size.height)),
                                centerX: fitted.midX, centerY: fitted.midY, width: w, height: h, degrees: options.rotation, modulation))
        }
    }

    /// The visible area in logical units (x or y negative beyond a 4:3 screen).
    public var visibleRect: Rect { viewport.visibleRect }

    /// A full-screen picture in `frame`. The scenes draw the picture made for the canvas's
    /// shape, covering it (SceneBackgrounds); where the screen goes beyond the canvas (a
    /// window dragged to another shape) the frame's clear colour shows, never a mirrored copy.
    public func background(_ name: String, in frame: Rect, _ options: ImageOptions) {
        if recording { recorded.append(.background(name, frame, options)); return }
        for (piece, at) in backgroundPieces(name, in: frame) { drawImage(piece, in: at, options, background: true) }
    }

    /// The images a background is drawn from: itself in `frame`.
    private func backgroundPieces(_ name: String, in frame: Rect) -> [(String, Rect)] {
        [(name, frame)]
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

        /// The pixels the operation may change.
        var bounds: IRect {
            switch self {
            case .fill(let rect, _): return rect
            case .mask(_, let from, let x, let y, _): return IRect(x, y, from.w, from.h)
            case .draw(let picture, let x, let y, _): return IRect(x, y, picture.width, picture.height)
            case .transformed(_, let cx, let cy, let w, let h, let degrees, _):
                let box = Pixels.turnedBox(width: w, height: h, degrees: degrees)
                return IRect(Int((cx - Double(box.width) / 2).rounded(.down)), Int((cy - Double(box.height) / 2).rounded(.down)),
                             box.width + 1, box.height + 1)
            }
        }

        /// Whether two operations draw the same pixels: the same pictures (by identity and
        /// version: pictures never change, except layers, which count their redrawings), in
        /// the same places, colours and modulations.
        func same(as other: DrawOp, versions: (Int, Int)) -> Bool {
            switch (self, other) {
            case let (.fill(r1, c1), .fill(r2, c2)): return r1 == r2 && c1 == c2
            case let (.mask(m1, f1, x1, y1, c1), .mask(m2, f2, x2, y2, c2)):
                return m1 === m2 && f1 == f2 && x1 == x2 && y1 == y2 && c1 == c2
            case let (.draw(p1, x1, y1, m1), .draw(p2, x2, y2, m2)):
                return p1 === p2 && versions.0 == versions.1 && x1 == x2 && y1 == y2 && m1 == m2
            case let (.transformed(p1, cx1, cy1, w1, h1, d1, m1), .transformed(p2, cx2, cy2, w2, h2, d2, m2)):
                return p1 === p2 && versions.0 == versions.1 && cx1 == cx2 && cy1 == cy2 && w1 == w2 && h1 == h2 && d1 == d2 && m1 == m2
            default: return false
            }
        }

        /// Whether the operation paints every pixel of `clip` opaquely: nothing listed before
        /// it shows there (the page colour beneath a full-screen background, the background
        /// beneath a full-screen layer).
        func coversOpaquely(_ clip: IRect) -> Bool { opaqueBounds?.contains(clip) ?? false }

        /// The bounds, for an operation that paints all of them opaquely; nil otherwise.
        var opaqueBounds: IRect? {
            switch self {
            case .fill(let rect, let color): return color >> 24 == 255 ? rect : nil
            case .draw(let p, let x, let y, let modulation):
                return p.opaque && modulation.isIdentity ? IRect(x, y, p.width, p.height) : nil
            default: return nil
            }
        }

        var picture: PixelBuffer? {
            switch self {
            case .draw(let p, _, _, _), .transformed(let p, _, _, _, _, _, _): return p
            default: return nil
            }
        }

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
    /// The same for each drawing thread, kept from frame to frame: a new one each frame was
    /// a fresh mapping of up to 220 kB (a fading burst), its pages cleared by the kernel
    /// every frame.
    private let bandScratch = BandScratch(count: SoftwareCanvas.drawThreads)
    final class BandScratch: @unchecked Sendable {
        /// One per thread: each thread touches only its own.
        let buffers: UnsafeMutableBufferPointer<[UInt32]>
        init(count: Int) {
            buffers = .allocate(capacity: count)
            buffers.initialize(repeating: [])
        }
        deinit {
            _ = buffers.deinitialize()
            buffers.deallocate()
        }
    }
    /// Threads drawing a frame's list (at most 4; 1 draws it directly).
    static let drawThreads = min(max(SystemFiles.activeProcessorCount, 1), 4)

    /// While listing, ops go to `ops`, the list of the picture drawn into now (`target`: the
    /// frame, or a layer being redrawn, whose list is drawn when its drawing is done).
    private func drawOp(_ op: DrawOp) {
        if listing {
            ops.append(op)
        } else {
            op.run(on: target, clip: nil, scratch: &scratch)
            if target === frame { shownValid = false }
        }
    }

    /// Starts listing a frame's drawing (see `endFrame`).
    public func beginFrame() {
        listing = true
        // Beyond 4:3 the screen is wider or taller than the play area: a scene that fills only
        // 0..1024 × 0..768 leaves the page colour there, never the last screen's pixels.
        if !viewport.isIdentity { ops.append(.fill(frame.bounds, Pixels.pixel(Theme.background))) }
    }

    // MARK: - Damage
    //
    // Only what changed is drawn again. The frame keeps the picture of the last list drawn
    // into it; the new list is compared with that one: operations equal at the start and at
    // the end of both lists draw the same pixels in the same order, so a pixel that none of
    // the others (the changed middle of either list) touches keeps its value. Those others'
    // bounds are the frame's damage, where the whole new list is drawn again, clipped.

    /// The operations the frame shows, with the version each picture had then.
    private var shown: [(op: DrawOp, version: Int)] = []
    /// False until the frame holds a whole drawn list (new frame, resize).
    private var shownValid = false
    /// Where the last drawn frame changed, in real pixels (empty: nothing changed). The
    /// window uploads only these.
    public private(set) var damage: [IRect] = []
    /// Pixels drawn into the frame since start (for tests and profiles: a still screen adds 0).
    public private(set) var redrawnPixels = 0
    /// Frames whose list changed nothing.
    public private(set) var unchangedFrames = 0
    /// At most this many separate damage rectangles; more are joined (see `findDamage`).
    nonisolated static let damageRectLimit = 12

    /// The frame as the list it shows draws it whole (tests: drawing only the damage must
    /// give the same picture).
    func wholeDrawingOfShownList() -> PixelBuffer {
        let picture = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        run(shown.map(\.op), on: picture, cull: false)
        return picture
    }

    /// The operations the frame shows (tests).
    var shownOps: [DrawOp] { shown.map(\.op) }

    /// Forgets what the frame shows: the next frame is drawn whole.
    public func invalidate() {
        shownValid = false
    }

    /// The rectangles of the frame that `list` draws differently from what it shows.
    ///
    /// Static and nonisolated, like the list's other per-operation work: a closure written in
    /// the canvas's (main-actor) methods and handed to the standard library's `map` or
    /// `firstIndex` checks, each call, that it runs on the main thread (Swift 6's dynamic
    /// isolation checks), which was 4% of a Balloons game's time.
    private nonisolated static func findDamage(_ list: [DrawOp], versions: [Int], shown: [(op: DrawOp, version: Int)],
                                               whole: IRect) -> [IRect] {
        var prefix = 0
        while prefix < list.count && prefix < shown.count
                && list[prefix].same(as: shown[prefix].op, versions: (versions[prefix], shown[prefix].version)) { prefix += 1 }
        var suffix = 0
        while suffix < list.count - prefix && suffix < shown.count - prefix {
            let i = list.count - 1 - suffix, j = shown.count - 1 - suffix
            guard list[i].same(as: shown[j].op, versions: (versions[i], shown[j].version)) else { break }
            suffix += 1
        }
        var rects: [IRect] = []
        func add(_ r: IRect) {
            var r = r.intersection(whole)
            guard !r.isEmpty else { return }
            // Joined with a rectangle it overlaps when their union is no more pixels than the
            // two apart (one contains the other, or they overlap along most of a side);
            // otherwise both stay and their overlap is drawn twice, the same pixels both times
            // (each region is drawn again from the opaque picture beneath it). Two balloons in
            // neighbouring spots, one high and one low, touch by a few pixels: joined, they were
            // a box three times their size, and a third balloon made it bigger still.
            var merged = true
            while merged {
                merged = false
                if let i = rects.firstIndex(where: { $0.intersects(r) && $0.union(r).area <= $0.area + r.area }) {
                    r = r.union(rects.remove(at: i))
                    merged = true
                }
            }
            rects.append(r)
        }
        // Between the equal ends, the operations both lists have in the same order (their
        // longest common subsequence) draw the same pixels in the same order too: only the
        // others are damage. (The top bar drawn between the moving balloons and a number
        // flying to the score was damaged whole, every frame of the flight.)
        let middle = Array(list[prefix..<(list.count - suffix)]), middleVersions = Array(versions[prefix..<(list.count - suffix)])
        let before = Array(shown[prefix..<(shown.count - suffix)])
        let (keptNew, keptOld) = commonSubsequence(middle, middleVersions, before)
        for (i, op) in middle.enumerated() where !keptNew[i] { add(op.bounds) }
        for (j, entry) in before.enumerated() where !keptOld[j] { add(entry.op.bounds) }
        // Too many: join the two whose union adds the fewest pixels, again and again (forty
        // balloons spread over the sky are a dozen columns, not one screen-sized box).
        while rects.count > Self.damageRectLimit {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in 0..<(rects.count - 1) {
                for j in (i + 1)..<rects.count {
                    let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            let joined = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
            rects.remove(at: best.i)
            add(joined)
        }
        if rects.reduce(0, { $0 + $1.area }) > whole.area * 3 / 4 {
            return [rects.reduce(IRect(0, 0, 0, 0)) { $0.union($1) }]
        }
        return rects
    }

    /// Which operations of `list` and `shown` are matched, in order, by a longest common
    /// subsequence of equal operations. Lists too long for the table (more than 128 × 128
    /// changed operations) match nothing: all of them are damage, as before.
    private nonisolated static func commonSubsequence(_ list: [DrawOp], _ versions: [Int], _ shown: [(op: DrawOp, version: Int)])
        -> (new: [Bool], old: [Bool]) {
        let n = list.count, m = shown.count
        var keptNew = [Bool](repeating: false, count: n), keptOld = [Bool](repeating: false, count: m)
        guard n > 0, m > 0, n <= 128, m <= 128 else { return (keptNew, keptOld) }
        // length[i][j]: the longest common subsequence of list[i...] and shown[j...].
        let width = m + 1
        var length = [UInt8](repeating: 0, count: (n + 1) * width)
        var equal = [Bool](repeating: false, count: n * m)
        // Equal operations have equal bounds: compared first, the operations themselves (which
        // retains their pictures) only when the bounds agree.
        let newBounds = list.map(\.bounds), oldBounds = shown.map(\.op.bounds)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                if newBounds[i] == oldBounds[j] && list[i].same(as: shown[j].op, versions: (versions[i], shown[j].version)) {
                    equal[i * m + j] = true
                    length[i * width + j] = length[(i + 1) * width + j + 1] + 1
                } else {
                    length[i * width + j] = max(length[(i + 1) * width + j], length[i * width + j + 1])
                }
            }
        }
        var i = 0, j = 0
        while i < n && j < m {
            if equal[i * m + j] {
                keptNew[i] = true
                keptOld[j] = true
                i += 1
                j += 1
            } else if length[(i + 1) * width + j] >= length[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return (keptNew, keptOld)
    }

    /// Draws the listed operations into the frame, where they change it.
    private func drawList() {
        listing = false
        let list = ops
        ops.removeAll(keepingCapacity: true)
        let versions = Self.versions(of: list)
        damage = shownValid ? Self.findDamage(list, versions: versions, shown: shown, whole: frame.bounds) : [frame.bounds]
        shown = Self.zipped(list, versions)
        shownValid = true
        if damage.isEmpty { unchangedFrames += 1; return }
        redrawnPixels += Self.area(of: damage)
        run(list, on: frame, regions: damage)
    }

    private nonisolated static func versions(of list: [DrawOp]) -> [Int] { list.map { $0.picture?.version ?? 0 } }
    private nonisolated static func zipped(_ list: [DrawOp], _ versions: [Int]) -> [(op: DrawOp, version: Int)] {
        zip(list, versions).map { ($0, $1) }
    }
    nonisolated static func area(of rects: [IRect]) -> Int { rects.reduce(0) { $0 + $1.area } }
    private nonisolated static func geometry(of list: [DrawOp], cull: Bool) -> (boxes: [IRect], covers: [IRect?]) {
        (list.map(\.bounds), cull ? list.map(\.opaqueBounds) : [])
    }

    /// Draws a list into a picture (within `regions`, else all of it) in bands, one thread a band.
    /// `cull`: start each region at the last operation that hides all before it there (false:
    /// draw every one, the reference the tests compare with).
    private func run(_ list: [DrawOp], on picture: PixelBuffer, regions: [IRect]? = nil, cull: Bool = true) {
        let regions = regions ?? [picture.bounds]
        // Where each operation draws, worked out once: the threads then look at an operation
        // only to draw it (each look at one retains and releases its picture).
        let (boxes, covers) = Self.geometry(of: list, cull: cull)
        let bands = Self.drawThreads
        if bands == 1 {
            for region in regions { Self.run(list, boxes, covers, on: picture, clip: region, scratch: &scratch) }
            return
        }
        let height = (picture.height + bands - 1) / bands
        let scratches = bandScratch
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let strip = IRect(0, band * height, picture.width, min(height, picture.height - band * height))
            for region in regions {
                let clip = region.intersection(strip)
                guard !clip.isEmpty else { continue }
                Self.run(list, boxes, covers, on: picture, clip: clip, scratch: &scratches.buffers[band])
            }
        }
    }

    /// Draws the operations that touch `clip` (`boxes`: their bounds), from the last one that
    /// hides all before it (`covers`: the opaque operations' bounds; empty: draw them all). A
    /// full-screen background hides the page colour beneath, and a layer the background: a
    /// moving balloon's pixels are then written twice, not four times.
    private nonisolated static func run(_ list: [DrawOp], _ boxes: [IRect], _ covers: [IRect?], on picture: PixelBuffer, clip: IRect,
                                        scratch: inout [UInt32]) {
        var first = covers.isEmpty ? 0 : list.count - 1
        while first > 0 && !(covers[first]?.contains(clip) ?? false) { first -= 1 }
        for i in max(first, 0)..<list.count where boxes[i].intersects(clip) {
            list[i].run(on: picture, clip: clip, scratch: &scratch)
        }
    }

    /// Draws a picture 1:1 with its top-left at `origin` (rounded to whole pixels).
    private func put(_ picture: PixelBuffer, at origin: Point, _ modulation: Modulation) {
        drawOp(.draw(picture, x: Int(origin.x.rounded()), y: Int(origin.y.rounded()), modulation))
    }

    /// The picture, halved until drawing it at `scale` needs no more than halving again.
    private func source(_ name: String, _ picture: PixelBuffer, scale: Double) -> PixelBuffer {
        let level = Self.halvings(of: picture, scale: scale)
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
        case background(String, Rect, ImageOptions)
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
        buffer.version += 1
        redrawing.append(id)
        let previousTarget = target, previousOps = ops
        target = buffer
        ops = []
        // (As a frame: beyond 4:3 what the calls leave undrawn shows the page colour.)
        if !viewport.isIdentity { drawOp(.fill(buffer.bounds, Pixels.pixel(Theme.background))) }
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
            case .background(let name, let frame, let options): background(name, in: frame, options)
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
    /// The budget at this scale: sprites grow with its square, plus room for three screens'
    /// worth (every balloon at every sway angle at 1920x1080 is 22 MB). (The scaled
    /// backgrounds are kept apart, see "Backgrounds made ahead".)
    private var spriteBudget: Int {
        viewport.isIdentity ? Self.spriteBudget
            : Int(Double(Self.spriteBudget) * max(1, viewport.scale * viewport.scale)) + 3 * frame.byteCount
    }

    /// The cached sprite, or a new one if this key was also asked for in the last frame; nil
    /// for a one-off.
    private func sprite(for key: SpriteKey, from picture: PixelBuffer) -> PixelBuffer? {
        if var cached = sprites[key] {
            cached.lastUsed = frameNumber
            sprites[key] = cached
            return cached.buffer
        }
        guard let previous = spriteRequests.updateValue(frameNumber, forKey: key), frameNumber - previous <= 1 else { return nil }
        let made = resampled(picture, to: key)
        sprites[key] = CachedSprite(buffer: made, lastUsed: frameNumber)
        spriteBytes += made.byteCount
        if spriteBytes > spriteBudget { evictSprites() }
        return made
    }

    /// `source` resampled to the key's size and angle.
    nonisolated static func makeSprite(_ key: SpriteKey, from source: PixelBuffer, opaque: Bool) -> PixelBuffer {
        let made = Pixels.transformed(source, width: Double(key.width), height: Double(key.height), degrees: Double(key.degrees))
        // An opaque picture scaled upright (a background) stays opaque: copied, not blended.
        if opaque && key.degrees % 360 == 0 { made.opaque = made.isAllOpaque } else { made.findSpans() }
        return made
    }

    /// How many times `picture` is halved before drawing it at `scale` needs no more than
    /// halving again.
    nonisolated static func halvings(of picture: PixelBuffer, scale: Double) -> Int {
        var scale = scale, level = 0
        while scale < 0.5 && picture.width >> (level + 1) >= 2 && picture.height >> (level + 1) >= 2 {
            scale *= 2
            level += 1
        }
        return level
    }

    /// The scale at which `picture` fills the sprite `key`.
    nonisolated static func scale(of picture: PixelBuffer, toFill key: SpriteKey) -> Double {
        min(Double(key.width) / Double(picture.width), Double(key.height) / Double(picture.height))
    }

    /// `picture` resampled to the sprite `key`, from its halvings (kept in `halvings`).
    private func resampled(_ picture: PixelBuffer, to key: SpriteKey) -> PixelBuffer {
        Self.makeSprite(key, from: source(key.name, picture, scale: Self.scale(of: picture, toFill: key)), opaque: picture.opaque)
    }

    // MARK: - Backgrounds made ahead
    //
    // A full-screen background scaled to the screen is 1.5 million pixels at 1920×1080, 15 ms
    // of resampling each, and a game's first frame needs it and its mirrored copy: two late
    // frames. So the backgrounds the scenes draw (`prepareBackgrounds`) are made on a worker
    // thread as soon as the screen's size is known, by the same code as on demand (the same
    // pixels whether the worker was first or not), and kept while the size stays.

    /// Background sprites at this screen size, never evicted.
    private var backgroundSprites: [SpriteKey: PixelBuffer] = [:]
    /// What the worker made, for the screen size of `generation`.
    private let madeAhead = BackgroundInbox()
    final class BackgroundInbox: Sendable {
        let state = Mutex<(generation: Int, sprites: [SpriteKey: PixelBuffer])>((0, [:]))
        func withLock<R>(_ body: (inout (generation: Int, sprites: [SpriteKey: PixelBuffer])) -> R) -> R {
            state.withLock { body(&$0) }
        }
    }
    /// Counts screen sizes: work for an older one is thrown away.
    private var sizeGeneration = 0
    /// The backgrounds and frames the scenes draw (`prepareBackgrounds`).
    private var backgroundsAhead: [(name: String, frame: Rect)] = []
    /// The sprites the worker made that wait to be drawn (tests).
    var madeAheadKeys: [SpriteKey] { madeAhead.withLock { Array($0.sprites.keys) } }
    private let aheadWork = DispatchGroup()
    /// Waits until the worker has made the backgrounds (tests).
    func waitForBackgroundsMadeAhead() { aheadWork.wait() }
    /// Background sprites made by the worker and by demand (for tests and profiles).
    public private(set) var backgroundsMade = (ahead: 0, onDemand: 0)

    private func backgroundSprite(for key: SpriteKey, from picture: PixelBuffer) -> PixelBuffer {
        if let kept = backgroundSprites[key] { return kept }
        let generation = sizeGeneration
        if let ready = madeAhead.withLock({ $0.generation == generation ? $0.sprites.removeValue(forKey: key) : nil }) {
            backgroundSprites[key] = ready
            backgroundsMade.ahead += 1
            return ready
        }
        let made = resampled(picture, to: key)
        backgroundSprites[key] = made
        backgroundsMade.onDemand += 1
        return made
    }

    /// Makes the sprites of these backgrounds (names and the frames the scenes draw them in)
    /// for this screen size on a worker thread, now and after each resize.
    public func prepareBackgrounds(_ list: [(name: String, frame: Rect)]) {
        backgroundsAhead = list
        startMakingBackgrounds()
    }

    private func startMakingBackgrounds() {
        sizeGeneration += 1
        backgroundSprites.removeAll()
        let generation = sizeGeneration
        madeAhead.withLock { $0 = (generation, [:]) }
        guard !viewport.isIdentity else { return }
        // What drawImage would ask for: each piece's sprite key and its source's pixels (or
        // the bytes of a background kept compressed), resolved here, made there.
        struct Job: @unchecked Sendable {
            let key: SpriteKey
            let picture: PixelBuffer?
            let packed: [UInt8]?
            /// The flips to make, in order (true: upside down, false: left to right).
            let flips: [Bool]
        }
        var jobs: [Job] = []
        for (name, frame) in backgroundsAhead {
            for (piece, at) in backgroundPieces(name, in: frame) {
                let base = String(piece.prefix { $0 != "#" })
                guard let logicalSize = imageSize(base) else { continue }
                var key = base, picture: PixelBuffer? = images[base], packed = compressed[base]?.bytes
                if imageScale > 1, variantNames[imageScale]?.contains(base) == true, let variant = images[Self.variant(base, imageScale)] {
                    key = Self.variant(base, imageScale)
                    picture = variant
                    packed = nil
                }
                if packed != nil { picture = nil }
                let suffix = String(piece.dropFirst(base.count))
                let fitted = viewport.toReal(at.aspectFit(logicalSize))
                let spriteKey = SpriteKey(name: key + suffix, width: 2 * Int((fitted.width / 2).rounded()),
                                          height: 2 * Int((fitted.height / 2).rounded()), degrees: 0)
                guard !jobs.contains(where: { $0.key == spriteKey }) else { continue }
                let flips = suffix.split(separator: "#").map { "#" + $0 == Self.flipSuffix }
                jobs.append(Job(key: spriteKey, picture: picture, packed: packed, flips: flips))
            }
        }
        guard !jobs.isEmpty else { return }
        let inbox = madeAhead, work = jobs
        DispatchQueue.global(qos: .utility).async(group: aheadWork) {
            for job in work {
                guard inbox.withLock({ $0.generation == generation }) else { return }
                guard var picture = job.picture ?? job.packed.flatMap({ try? QOI.decode($0) }) else { continue }
                for vertically in job.flips { picture = Pixels.mirrored(picture, vertically: vertically) }
                // (`source`'s halvings, made here and not kept.)
                var source = picture
                for _ in 0..<Self.halvings(of: picture, scale: Self.scale(of: picture, toFill: job.key)) { source = Pixels.halved(source) }
                let made = Self.makeSprite(job.key, from: source, opaque: picture.opaque)
                inbox.withLock { if $0.generation == generation { $0.sprites[job.key] = made } }
            }
        }
    }

    private func evictSprites() {
        for (key, sprite) in sprites.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard spriteBytes > spriteBudget * 3 / 4 else { break }
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
        // Rasterized at the real size: the logical point size times the scale.
        let real = TextStyle(size: max(1, Int((Double(style.size) * viewport.scale).rounded())), bold: style.bold)
        guard let surface = renderLine(string, real, outline: outline, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else { return nil }
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
        let at = viewport.toReal(at)
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
        Pixels.draw(fill, to: combined, x: Int(outlinePixels), y: Int(outlinePixels))
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

    /// The frame drawn so far as PNG bytes (written by the caller, whose every write is
    /// checked: SDL_image's own file writer ignores a full disk).
    public func pngData() throws -> [UInt8] { try Self.pngData(frame) }

    /// A copy of the frame drawn so far (to encode on another thread: "Save report").
    public func copyOfFrame() -> PixelBuffer {
        let copy = PixelBuffer(width: frame.width, height: frame.height, opaque: frame.opaque)
        copy.pixels.update(from: frame.pixels, count: frame.width * frame.height)
        return copy
    }

    /// A picture as PNG bytes; touches no canvas state, so any thread may call it.
    public nonisolated static func pngData(_ frame: PixelBuffer) throws -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                               Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        // Room for the picture stored uncompressed, with every row's filter byte and headers.
        let capacity = frame.width * frame.height * 4 + frame.height * 8 + (frame.width * frame.height) / 8 + 1 << 16
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written: Int = try buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else {
                throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
            }
            defer { SDL_RWclose(rw) }
            guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))") }
            return Int(SDL_RWtell(rw))
        }
        guard written > 8 else { throw AppError.fatal("screenshot: no picture was made") }
        return Array(buffer[0..<written])
    }

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
