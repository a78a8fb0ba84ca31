import CSDL2
import Foundation

/// Surfaces decoded on worker threads, each slot written by exactly one of them.
final class DecodedImages: @unchecked Sendable {
    var surfaces: [UnsafeMutablePointer<SDL_Surface>?]
    var opaque: [Bool]
    var errors: [String?]
    private let lock = NSLock()
    init(count: Int) {
        surfaces = Array(repeating: nil, count: count)
        opaque = Array(repeating: false, count: count)
        errors = Array(repeating: nil, count: count)
    }
    func set(_ i: Int, _ surface: UnsafeMutablePointer<SDL_Surface>, opaque isOpaque: Bool) {
        lock.lock(); defer { lock.unlock() }
        surfaces[i] = surface
        opaque[i] = isOpaque
    }
    func fail(_ i: Int, _ message: String) {
        lock.lock(); defer { lock.unlock() }
        errors[i] = message
    }
    func freeAll() {
        for case let s? in surfaces { SDL_FreeSurface(s) }
        surfaces = surfaces.map { _ in nil }
    }
}

/// The SDL renderer behind the `Canvas` protocol: images from a texture cache, shapes as
/// triangle geometry, text rendered once per (string, style, colour) and cached.
@MainActor
public final class SDLCanvas: Canvas {
    struct Texture {
        let pointer: OpaquePointer
        let size: Size
        let opaque: Bool
    }
    struct TextKey: Hashable {
        let string: String
        let style: TextStyle
        let color: UInt32
        let outline: Bool
        var outlineColor: UInt32 = 0xFFFF_FFFF
    }
    struct CachedText {
        let texture: Texture
        var lastUsed: Int
    }

    public let renderer: OpaquePointer
    private var textures: [String: Texture] = [:]
    private var fonts: [TextStyle: OpaquePointer] = [:]
    private var outlineFonts: [TextStyle: OpaquePointer] = [:]
    private var textCache: [TextKey: CachedText] = [:]
    private var frameNumber = 0
    private let fontDirectory: String
    static let outlineWidth: Int32 = 2
    static let textCacheLimit = 400

    public init(renderer: OpaquePointer, assetRoot: String) {
        self.renderer = renderer
        self.fontDirectory = assetRoot + "/fonts"
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Loads every PNG of the images folder; throws naming the first file that fails.
    /// Loads every image; throws naming the first file that fails. PNG decoding is most of
    /// the start-up time, so the files are decoded (and converted to the canvas's ARGB8888,
    /// making every later copy a same-format blit) on all cores; textures are then made here.
    public func loadImages(from directory: String, names: [String]) throws {
        let decoded = DecodedImages(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let path = "\(directory)/\(names[i]).png"
            guard let loaded = IMG_Load(path) else {
                decoded.fail(i, "cannot load image \(path): \(String(cString: SDL_GetError()))")
                return
            }
            let opaque = loaded.pointee.format.pointee.Amask == 0
            let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
            SDL_FreeSurface(loaded)
            guard let converted else {
                decoded.fail(i, "cannot convert image \(path)")
                return
            }
            decoded.set(i, converted, opaque: opaque)
        }
        defer { decoded.freeAll() }
        for (i, name) in names.enumerated() {
            if let error = decoded.errors[i] { throw AppError.fatal(error) }
            guard let surface = decoded.surfaces[i] else { throw AppError.fatal("cannot load image \(name)") }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
                throw AppError.fatal("cannot make a texture of \(name): \(String(cString: SDL_GetError()))")
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            textures[name] = Texture(pointer: texture, size: Size(Double(surface.pointee.w), Double(surface.pointee.h)),
                                     opaque: decoded.opaque[i])
        }
        try makeSoftBackground()
        // Open the fonts now so the first frame does not stall.
        for style in [Theme.titleText, Theme.headingText, Theme.labelText, Theme.bodyText, Theme.smallText, Theme.bigText] {
            _ = try font(style, outline: false)
        }
    }

    /// Home's background is a picture at 30% over cream. Blending a full screen every frame
    /// is the costliest thing the software renderer does, so it is blended once here into
    /// an opaque texture (`bg-home-soft`).
    private func makeSoftBackground() throws {
        guard let source = textures["bg-home"] else { return }
        let w = Int32(source.size.width), h = Int32(source.size.height)
        guard let target = renderIntoNewTexture(width: w, height: h, {
            clear(Theme.background)
            image("bg-home", in: Rect(0, 0, Double(w), Double(h)), ImageOptions(alpha: 0.3))
        }) else {
            throw AppError.fatal("cannot make the Home background: \(String(cString: SDL_GetError()))")
        }
        textures["bg-home-soft"] = Texture(pointer: target, size: source.size, opaque: true)
        // Only the blended copy is ever drawn: free the original (3 MB).
        SDL_DestroyTexture(source.pointer)
        textures["bg-home"] = nil
    }

    private func font(_ style: TextStyle, outline: Bool) throws -> OpaquePointer {
        if let f = outline ? outlineFonts[style] : fonts[style] { return f }
        let path = fontDirectory + (style.bold ? "/Andika-Bold.ttf" : "/Andika-Regular.ttf")
        guard let f = TTF_OpenFont(path, Int32(style.size)) else {
            throw AppError.fatal("cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        if outline {
            TTF_SetFontOutline(f, Self.outlineWidth)
            outlineFonts[style] = f
        } else {
            fonts[style] = f
        }
        return f
    }

    /// Frees every texture and font; call before destroying the renderer.
    public func destroy() {
        for t in textures.values { SDL_DestroyTexture(t.pointer) }
        for t in textCache.values { SDL_DestroyTexture(t.texture.pointer) }
        for t in cornerTextures.values { SDL_DestroyTexture(t) }
        for t in sprites.values { SDL_DestroyTexture(t.texture.pointer) }
        for layer in layers.values { SDL_DestroyTexture(layer.texture) }
        layers.removeAll()
        sprites.removeAll()
        cornerTextures.removeAll()
        for f in fonts.values { TTF_CloseFont(f) }
        for f in outlineFonts.values { TTF_CloseFont(f) }
        textures.removeAll(); textCache.removeAll(); fonts.removeAll(); outlineFonts.removeAll()
    }

    /// Called once per drawn frame: drops text textures not used for a while.
    public func endFrame() {
        frameNumber += 1
        if spriteRequests.count > 5000 { spriteRequests = spriteRequests.filter { frameNumber - $0.value <= 600 } }
        guard textCache.count > Self.textCacheLimit else { return }
        let stale = textCache.filter { frameNumber - $0.value.lastUsed > 30 }
        for (key, value) in stale {
            SDL_DestroyTexture(value.texture.pointer)
            textCache[key] = nil
        }
    }

    public var cachedTextCount: Int { textCache.count }

    // MARK: - Canvas

    /// Opaque colours are filled without blending: SDL's software renderer blends every
    /// pixel otherwise, even at full alpha.
    private func setColor(_ c: Color) {
        SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    public func clear(_ color: Color) {
        setColor(color)
        SDL_RenderClear(renderer)
    }

    public func fill(_ rect: Rect, _ color: Color) {
        // SDL draws a one-pixel line for an empty rectangle: skip those.
        guard rect.width >= 0.5, rect.height >= 0.5 else { return }
        setColor(color)
        var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderFillRectF(renderer, &r)
    }

    // Shapes. SDL's software renderer fills triangles slowly (a temporary surface per
    // triangle when blending), so rounded rectangles and circles are drawn from cached,
    // anti-aliased circle and ring textures: four corner quadrants plus plain rectangles.

    struct CornerKey: Hashable { let radius: Int; let width: Int }
    private var cornerTextures: [CornerKey: OpaquePointer] = [:]

    /// A white disc (width 0) or ring of the given radius, alpha = pixel coverage.
    private func cornerTexture(radius: Int, width: Int) -> OpaquePointer? {
        let key = CornerKey(radius: radius, width: width)
        if let t = cornerTextures[key] { return t }
        let size = Int32(2 * radius)
        guard size > 0, let surface = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let r = Double(radius), inner = Double(radius - width)
        for y in 0..<Int(size) {
            for x in 0..<Int(size) {
                let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                let d = (dx * dx + dy * dy).squareRoot()
                var coverage = (r - d + 0.5).clamped(0, 1)
                if width > 0 { coverage *= (d - inner + 0.5).clamped(0, 1) }
                pixels[y * pitch + x] = UInt32((coverage * 255).rounded()) << 24 | 0x00FF_FFFF
            }
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        cornerTextures[key] = texture
        return texture
    }

    private func copy(_ texture: OpaquePointer, src: SDL_Rect, to dst: Rect) {
        var s = src
        var d = SDL_FRect(x: Float(dst.x), y: Float(dst.y), w: Float(dst.width), h: Float(dst.height))
        SDL_RenderCopyF(renderer, texture, &s, &d)
    }

    private func prepare(_ texture: OpaquePointer, _ color: Color) {
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(texture, color.a)
    }

    /// Draws the four quadrants of a disc/ring texture at the corners of `rect`.
    private func corners(_ texture: OpaquePointer, radius: Int, of rect: Rect) {
        let r = Double(radius), r32 = Int32(radius)
        copy(texture, src: SDL_Rect(x: 0, y: 0, w: r32, h: r32), to: Rect(rect.x, rect.y, r, r))
        copy(texture, src: SDL_Rect(x: r32, y: 0, w: r32, h: r32), to: Rect(rect.maxX - r, rect.y, r, r))
        copy(texture, src: SDL_Rect(x: 0, y: r32, w: r32, h: r32), to: Rect(rect.x, rect.maxY - r, r, r))
        copy(texture, src: SDL_Rect(x: r32, y: r32, w: r32, h: r32), to: Rect(rect.maxX - r, rect.maxY - r, r, r))
    }

    /// Snaps to whole pixels so corner pieces and edge strips never overlap (an overlap
    /// would show as a darker line on translucent shapes).
    private func snapped(_ r: Rect) -> Rect {
        let x = r.x.rounded(), y = r.y.rounded()
        return Rect(x, y, r.maxX.rounded() - x, r.maxY.rounded() - y)
    }

    public func fillRounded(_ rawRect: Rect, radius: Double, _ color: Color) {
        let rect = snapped(rawRect)
        guard rect.width > 0, rect.height > 0 else { return }
        let r = Int(min(radius, rect.width / 2, rect.height / 2).rounded(.down))
        guard r >= 1, let texture = cornerTexture(radius: r, width: 0) else { fill(rect, color); return }
        prepare(texture, color)
        corners(texture, radius: r, of: rect)
        let rd = Double(r)
        fill(Rect(rect.x + rd, rect.y, rect.width - 2 * rd, rect.height), color)
        fill(Rect(rect.x, rect.y + rd, rd, rect.height - 2 * rd), color)
        fill(Rect(rect.maxX - rd, rect.y + rd, rd, rect.height - 2 * rd), color)
    }

    public func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        let outer = snapped(rect.insetBy(-width / 2, -width / 2))
        let w = max(1, Int(width.rounded()))
        let r = max(w, Int(min(radius + width / 2, outer.width / 2, outer.height / 2).rounded(.down)))
        guard let texture = cornerTexture(radius: r, width: w) else { return }
        prepare(texture, color)
        corners(texture, radius: r, of: outer)
        let rd = Double(r), wd = Double(w)
        fill(Rect(outer.x + rd, outer.y, outer.width - 2 * rd, wd), color)
        fill(Rect(outer.x + rd, outer.maxY - wd, outer.width - 2 * rd, wd), color)
        fill(Rect(outer.x, outer.y + rd, wd, outer.height - 2 * rd), color)
        fill(Rect(outer.maxX - wd, outer.y + rd, wd, outer.height - 2 * rd), color)
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        let r = max(1, Int(radius.rounded()))
        guard let texture = cornerTexture(radius: r, width: 0) else { return }
        prepare(texture, color)
        // Drawn at the texture's own size: an unscaled copy.
        var d = SDL_FRect(x: Float((center.x - Double(r)).rounded()), y: Float((center.y - Double(r)).rounded()), w: Float(2 * r), h: Float(2 * r))
        SDL_RenderCopyF(renderer, texture, nil, &d)
    }

    private func vertex(_ x: Double, _ y: Double, _ c: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    private func sdlColor(_ c: Color) -> SDL_Color { SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a) }

    public func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        let len = a.distance(to: b)
        guard len > 0 else { return }
        let nx = -(b.y - a.y) / len * width / 2, ny = (b.x - a.x) / len * width / 2
        let c = sdlColor(color)
        let v = [vertex(a.x + nx, a.y + ny, c), vertex(b.x + nx, b.y + ny, c), vertex(a.x - nx, a.y - ny, c),
                 vertex(a.x - nx, a.y - ny, c), vertex(b.x + nx, b.y + ny, c), vertex(b.x - nx, b.y - ny, c)]
        SDL_RenderGeometry(renderer, nil, v, 6, nil, 0)
    }

    public func imageSize(_ name: String) -> Size? { textures[name]?.size }

    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
        guard let texture = textures[name], options.alpha > 0.004 else { return }
        let fitted = frame.aspectFit(texture.size).scaled(options.scaleX, options.scaleY)
        let scaled = abs(fitted.width - texture.size.width) > 0.5 || abs(fitted.height - texture.size.height) > 0.5
        guard scaled || options.rotation != 0 else {
            draw(texture, in: fitted, options)
            return
        }
        // Sizes snap to even pixels so animations reuse their sprites from one run to the next.
        let key = SpriteKey(name: name, width: 2 * Int((fitted.width / 2).rounded()), height: 2 * Int((fitted.height / 2).rounded()),
                            degrees: Int(options.rotation.rounded()))
        if let sprite = sprite(for: key, from: texture) {
            var plain = options
            plain.rotation = 0
            draw(sprite, in: Rect(center: fitted.center, size: sprite.size), plain)
        } else {
            draw(texture, in: fitted, options)
        }
    }

    // MARK: - Layer cache

    private var layers: [String: (texture: OpaquePointer, key: Int)] = [:]
    /// Full-screen layers are 3 MB each: two at most (a game's background and what lies
    /// beneath an overlay).
    static let layerLimit = 2

    public func layer(_ id: String, key: Int, _ draw: () -> Void) {
        var entry = layers[id]
        if entry == nil {
            if layers.count >= Self.layerLimit, let victim = layers.keys.first {
                SDL_DestroyTexture(layers[victim]!.texture)
                layers[victim] = nil
            }
            guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                  Int32(Canvas1024.width), Int32(Canvas1024.height)) else { draw(); return }
            entry = (texture, key &+ 1)
        }
        guard var current = entry else { draw(); return }
        if current.key != key {
            let previous = SDL_GetRenderTarget(renderer)
            SDL_SetRenderTarget(renderer, current.texture)
            draw()
            SDL_SetRenderTarget(renderer, previous)
            current.key = key
        }
        layers[id] = current
        SDL_SetTextureBlendMode(current.texture, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(renderer, current.texture, nil, nil)
    }

    // MARK: - Sprite cache
    //
    // The software renderer scales and rotates with a temporary surface on every draw, which
    // is most of a frame's cost. An image asked for a second time at the same size (snapped
    // to even pixels) and angle (whole degrees) is rendered once into a texture of that size
    // and from then on copied 1:1. A one-off size is drawn directly. The cache is bounded by
    // bytes and evicts what was used least recently.

    struct SpriteKey: Hashable {
        let name: String
        let width: Int
        let height: Int
        let degrees: Int
    }
    struct CachedSprite {
        let texture: Texture
        var lastUsed: Int
        let bytes: Int
    }
    private var sprites: [SpriteKey: CachedSprite] = [:]
    private var spriteRequests: [SpriteKey: Int] = [:]
    private var spriteBytes = 0
    /// Enough for every balloon at every sway angle plus the pop animations.
    static let spriteBudget = 8 << 20

    public var cachedSpriteCount: Int { sprites.count }

    private func sprite(for key: SpriteKey, from texture: Texture) -> Texture? {
        if var cached = sprites[key] {
            cached.lastUsed = frameNumber
            sprites[key] = cached
            return cached.texture
        }
        guard spriteRequests.updateValue(frameNumber, forKey: key) != nil, key.width > 0, key.height > 0 else { return nil }
        let radians = Double(key.degrees) * .pi / 180
        let w = Double(key.width), h = Double(key.height)
        let bw = Int32((abs(w * cos(radians)) + abs(h * sin(radians))).rounded(.up)) + 2
        let bh = Int32((abs(w * sin(radians)) + abs(h * cos(radians))).rounded(.up)) + 2
        guard let target = renderIntoNewTexture(width: bw, height: bh, {
            // Copy, not blend, into the clear texture: straight alpha stays straight.
            SDL_SetTextureBlendMode(texture.pointer, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(texture.pointer, 255)
            SDL_SetTextureColorMod(texture.pointer, 255, 255, 255)
            var dst = SDL_FRect(x: Float((Double(bw) - w) / 2), y: Float((Double(bh) - h) / 2), w: Float(w), h: Float(h))
            if key.degrees != 0 {
                SDL_RenderCopyExF(renderer, texture.pointer, nil, &dst, Double(key.degrees), nil, SDL_FLIP_NONE)
            } else {
                SDL_RenderCopyF(renderer, texture.pointer, nil, &dst)
            }
        }) else { return nil }
        let bytes = Int(bw) * Int(bh) * 4
        let made = Texture(pointer: target, size: Size(Double(bw), Double(bh)), opaque: false)
        sprites[key] = CachedSprite(texture: made, lastUsed: frameNumber, bytes: bytes)
        spriteBytes += bytes
        if spriteBytes > Self.spriteBudget { evictSprites() }
        return made
    }

    /// A new transparent ARGB texture of the given size with `draw` rendered into it
    /// (the render target is restored afterwards); it blends when drawn.
    private func renderIntoNewTexture(width: Int32, height: Int32, _ draw: () -> Void) -> OpaquePointer? {
        guard let target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             width, height) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, target)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        draw()
        SDL_SetRenderTarget(renderer, previous)
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_BLEND)
        return target
    }

    private func evictSprites() {
        for (key, sprite) in sprites.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard spriteBytes > Self.spriteBudget * 3 / 4 else { break }
            guard sprite.lastUsed < frameNumber else { continue }
            SDL_DestroyTexture(sprite.texture.pointer)
            sprites[key] = nil
            spriteBytes -= sprite.bytes
        }
    }

    private func draw(_ texture: Texture, in target: Rect, _ options: ImageOptions) {
        guard target.width > 0.5, target.height > 0.5 else { return }
        let alpha = UInt8((options.alpha.clamped(0, 1) * 255).rounded())
        // Opaque images drawn fully opaque skip blending: a cheaper copy.
        SDL_SetTextureBlendMode(texture.pointer, texture.opaque && alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(texture.pointer, alpha)
        if let tint = options.tint { SDL_SetTextureColorMod(texture.pointer, tint.r, tint.g, tint.b) }
        var dst = SDL_FRect(x: Float(target.x), y: Float(target.y), w: Float(target.width), h: Float(target.height))
        if options.rotation != 0 {
            SDL_RenderCopyExF(renderer, texture.pointer, nil, &dst, options.rotation, nil, SDL_FLIP_NONE)
        } else {
            SDL_RenderCopyF(renderer, texture.pointer, nil, &dst)
        }
        if options.tint != nil { SDL_SetTextureColorMod(texture.pointer, 255, 255, 255) }
    }

    private func textTexture(_ string: String, _ style: TextStyle, _ color: Color, outline: Bool) -> Texture? {
        let key = TextKey(string: string, style: style,
                          color: UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a), outline: outline)
        if var cached = textCache[key] {
            cached.lastUsed = frameNumber
            textCache[key] = cached
            return cached.texture
        }
        guard let font = try? font(style, outline: outline),
              let surface = TTF_RenderUTF8_Blended(font, string, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let texture = Texture(pointer: tex, size: Size(Double(surface.pointee.w), Double(surface.pointee.h)), opaque: false)
        textCache[key] = CachedText(texture: texture, lastUsed: frameNumber)
        return texture
    }

    public func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        guard !string.isEmpty, alpha > 0.004, let fill = textTexture(string, style, color, outline: false) else { return }
        func origin(_ size: Size) -> Point {
            switch align {
            case .left: return Point(at.x, at.y - size.height / 2)
            case .center: return Point(at.x - size.width / 2, at.y - size.height / 2)
            case .right: return Point(at.x - size.width, at.y - size.height / 2)
            }
        }
        let options = ImageOptions(alpha: alpha * Double(color.a) / 255)
        if let outline, let combined = outlinedText(string, style, color, outline, fill: fill) {
            let o = origin(combined.size)
            draw(combined, in: Rect(o.x, o.y, combined.size.width, combined.size.height), options)
        } else {
            let o = origin(fill.size)
            draw(fill, in: Rect(o.x, o.y, fill.size.width, fill.size.height), options)
        }
    }

    /// Outlined text as one texture (outline, then the letters on top), made once: one blit
    /// a frame instead of two.
    private func outlinedText(_ string: String, _ style: TextStyle, _ color: Color, _ outline: Color, fill: Texture) -> Texture? {
        let key = TextKey(string: string, style: style,
                          color: UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(outline.a),
                          outline: true, outlineColor: UInt32(outline.r) << 16 | UInt32(outline.g) << 8 | UInt32(outline.b))
        if var cached = textCache[key] {
            cached.lastUsed = frameNumber
            textCache[key] = cached
            return cached.texture
        }
        guard let stroke = textTexture(string, style, outline, outline: true),
              let target = renderIntoNewTexture(width: Int32(stroke.size.width), height: Int32(stroke.size.height), {
                  // The outline is copied as is; the letters are blended over it.
                  SDL_SetTextureBlendMode(stroke.pointer, SDL_BLENDMODE_NONE)
                  SDL_SetTextureAlphaMod(stroke.pointer, 255)
                  var all = SDL_Rect(x: 0, y: 0, w: Int32(stroke.size.width), h: Int32(stroke.size.height))
                  SDL_RenderCopy(renderer, stroke.pointer, nil, &all)
                  SDL_SetTextureBlendMode(fill.pointer, SDL_BLENDMODE_BLEND)
                  SDL_SetTextureAlphaMod(fill.pointer, 255)
                  var inner = SDL_Rect(x: Self.outlineWidth, y: Self.outlineWidth, w: Int32(fill.size.width), h: Int32(fill.size.height))
                  SDL_RenderCopy(renderer, fill.pointer, nil, &inner)
              }) else { return nil }
        let texture = Texture(pointer: target, size: stroke.size, opaque: false)
        textCache[key] = CachedText(texture: texture, lastUsed: frameNumber)
        return texture
    }

    public func measure(_ string: String, _ style: TextStyle) -> Size {
        guard let font = try? font(style, outline: false) else { return Size(0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, string, &w, &h)
        return Size(Double(w), Double(h))
    }

    /// Saves what has been drawn so far (before present) as a 1024×768 PNG: the letterboxed
    /// canvas area of the output, scaled back to logical size when the window is resized.
    public func screenshot(to path: String) throws {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let scale = min(Double(w) / Canvas1024.width, Double(h) / Canvas1024.height)
        let vw = Int32((Canvas1024.width * scale).rounded()), vh = Int32((Canvas1024.height * scale).rounded())
        var area = SDL_Rect(x: (w - vw) / 2, y: (h - vh) / 2, w: vw, h: vh)
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let raw = SDL_CreateRGBSurfaceWithFormat(0, vw, vh, 32, format),
              let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(Canvas1024.width), Int32(Canvas1024.height), 32, format) else {
            throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(raw); SDL_FreeSurface(out) }
        guard SDL_RenderReadPixels(renderer, &area, format, raw.pointee.pixels, raw.pointee.pitch) == 0 else {
            throw AppError.fatal("screenshot \(path): \(String(cString: SDL_GetError()))")
        }
        let source: UnsafeMutablePointer<SDL_Surface>
        if vw == out.pointee.w && vh == out.pointee.h {
            source = raw
        } else {
            SDL_SetSurfaceBlendMode(raw, SDL_BLENDMODE_NONE)
            SDL_UpperBlitScaled(raw, nil, out, nil)
            source = out
        }
        guard IMG_SavePNG(source, path) == 0 else {
            throw AppError.fatal("screenshot \(path): \(String(cString: SDL_GetError()))")
        }
    }
}
