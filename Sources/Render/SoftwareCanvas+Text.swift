import CSDL2
import GameCore
import Stage
import SystemIO

extension SoftwareCanvas {
    // MARK: - Text

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
    struct FontKey: Hashable { let bold: Bool; let outline: Bool; var arabic = false }
    static let outlineWidth: Int32 = 2
    /// The outline's width in real pixels at this scale.
    var outlinePixels: Int32 { max(1, Int32((Double(Self.outlineWidth) * viewport.scale).rounded())) }
    public static let textCacheLimit = 200

    private func colorKey(_ c: Color, alpha: UInt8) -> UInt32 {
        UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(alpha)
    }

    /// The text in one colour (full alpha), rasterized once.
    private func textPicture(_ string: String, _ style: TextStyle, _ color: Color, outline: Bool, cached keep: Bool = true) -> PixelBuffer? {
        let key = TextKey(string: string, style: style, color: colorKey(color, alpha: 255), outline: outline)
        if let cached = texts.cached(key, frame: frameNumber) { return cached }
        // Rasterized at the real size: the logical point size times the scale.
        let real = TextStyle(size: max(1, Int((Double(style.size) * viewport.scale).rounded())), bold: style.bold)
        guard let surface = renderLine(string, real, outline: outline, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let picture = try? Self.buffer(of: surface, what: "text") else { return nil }
        picture.findSpans()
        if keep { texts.keep(picture, for: key, frame: frameNumber) }
        return picture
    }

    public func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
        if layerCache.recording { layerCache.recorded.append(.text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha)); return }
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
        if let cached = texts.cached(key, frame: frameNumber) { return cached }
        guard let fill = textPicture(string, style, color, outline: false, cached: false),
              let stroke = textPicture(string, style, outline, outline: true, cached: false) else { return nil }
        let combined = PixelBuffer(width: stroke.width, height: stroke.height)
        Pixels.draw(stroke, to: combined, x: 0, y: 0, Modulation(alpha: outline.a))
        Pixels.draw(fill, to: combined, x: Int(outlinePixels), y: Int(outlinePixels))
        combined.findSpans()
        texts.keep(combined, for: key, frame: frameNumber)
        return combined
    }

    /// Remembered: scenes measure their labels every frame, and a font asked for at another
    /// size forgets its glyphs.
    public func measure(_ string: String, _ style: TextStyle) -> Size {
        let key = TextKey(string: string, style: style, color: 0, outline: false)
        if let size = texts.measured[key] { return size }
        guard let lineSize = sizeOfLine(string, style) else { return Size(0, 0) }
        let w = lineSize.0, h = lineSize.1
        let size = Size(Double(w), Double(h))
        texts.remember(size, for: key)
        return size
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
        if let open = texts.fonts[key] {
            if open.size != style.size {
                TTF_SetFontSize(open.font, Int32(style.size))
                texts.fonts[key] = (open.font, style.size, open.outline)
            }
            if outline && open.outline != outlinePixels {
                TTF_SetFontOutline(open.font, outlinePixels)
                texts.fonts[key]?.outline = outlinePixels
            }
            return open.font
        }
        let path = style.bold ? texts.fontFiles.bold : texts.fontFiles.regular
        // SDL_ttf opens the file itself: a FIFO would hang it, a huge file fill memory.
        if let problem = SystemFiles.problem(path, limit: SystemFiles.Limit.font) { throw AppError.fatal("cannot open font: \(problem)") }
        guard let f = TTF_OpenFont(path, Int32(style.size)) else {
            throw AppError.fatal("cannot open font \(path): \(String(cString: SDL_GetError()))")
        }
        if outline { TTF_SetFontOutline(f, outlinePixels) }
        texts.fonts[key] = (f, style.size, outline ? outlinePixels : 0)
        return f
    }
}
