import CSDL2
import GameCore
import Stage
import TextCatalogs
import SystemIO

/// Lines with Arabic letters: each run of one direction (`Bidi.visualRuns`) is shaped by
/// SDL_ttf's HarfBuzz with its script and direction (so letters join and read right to
/// left), Arabic runs in Scheherazade and the rest (digits, Latin names) in Andika, then
/// the runs are put side by side in visual order on one baseline.
extension SoftwareCanvas {
    /// Naskh letters sit small on the line next to Andika: Arabic runs are drawn this much
    /// larger than the style's size so a child sees them as big as the Latin labels (issue
    /// 26: their ink as high as Andika's, measured by ChildAloneTests).
    static let arabicScale = 1.3

    func arabicFont(_ style: TextStyle, outline: Bool) -> OpaquePointer? {
        guard let files = texts.arabicFontFiles else { return nil }
        let size = Int((Double(style.size) * Self.arabicScale).rounded())
        let key = FontKey(bold: style.bold, outline: outline, arabic: true)
        if let open = texts.fonts[key] {
            if open.size != size {
                TTF_SetFontSize(open.font, Int32(size))
                texts.fonts[key] = (open.font, size, open.outline)
            }
            if outline && open.outline != outlinePixels {
                TTF_SetFontOutline(open.font, outlinePixels)
                texts.fonts[key]?.outline = outlinePixels
            }
            return open.font
        }
        let path = style.bold ? files.bold : files.regular
        guard SystemFiles.problem(path, limit: SystemFiles.Limit.font) == nil, let f = TTF_OpenFont(path, Int32(size)) else { return nil }
        TTF_SetFontScriptName(f, "Arab")
        TTF_SetFontDirection(f, TTF_DIRECTION_RTL)
        // Scheherazade's bold is a book face's bold, thinner than Andika Bold's strokes:
        // `thickened` adds a pixel round each stroke of a bold run, so
        // bold Arabic labels are as heavy as the Latin ones.
        if outline { TTF_SetFontOutline(f, outlinePixels) }
        texts.fonts[key] = (f, size, outline ? outlinePixels : 0)
        return f
    }

    private func runFont(_ run: BidiRun, _ style: TextStyle, outline: Bool) -> OpaquePointer? {
        run.direction == .rightToLeft ? arabicFont(style, outline: outline) : try? font(style, outline: outline)
    }

    /// The line rasterized (ARGB, straight alpha), as TTF_RenderUTF8_Blended would.
    func renderLine(_ string: String, _ style: TextStyle, outline: Bool, _ color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        guard texts.arabicFontFiles != nil, Bidi.needsLayout(string) else {
            guard let font = try? font(style, outline: outline) else { return nil }
            return TTF_RenderUTF8_Blended(font, string, color)
        }
        var pieces: [(surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int)] = []
        defer { for p in pieces { SDL_FreeSurface(p.surface) } }
        for run in Bidi.visualRuns(string) where !run.text.isEmpty {
            // The baseline comes from the plain font of the same size: an outlined face's
            // picture is the plain one grown by the outline on every side.
            guard let f = runFont(run, style, outline: outline), let plain = runFont(run, style, outline: false),
                  let surface = TTF_RenderUTF8_Blended(f, run.text, color) else { continue }
            let extra = thickening(run, style)
            if extra > 0, let thick = Self.thickened(surface, by: extra, color) {
                SDL_FreeSurface(surface)
                pieces.append((thick, Int(TTF_FontAscent(plain)) + extra))
            } else {
                pieces.append((surface, Int(TTF_FontAscent(plain))))
            }
        }
        guard !pieces.isEmpty else { return nil }
        let grow = outline ? 2 * Int(outlinePixels) : 0
        let ascent = pieces.map(\.ascent).max()!
        let descent = pieces.map { Int($0.surface.pointee.h) - $0.ascent }.max()!
        let width = pieces.reduce(0) { $0 + Int($1.surface.pointee.w) - grow } + grow
        guard let line = SDL_CreateRGBSurfaceWithFormat(0, Int32(max(1, width)), Int32(max(1, ascent + descent)), 32,
                                                        SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_FillRect(line, nil, 0)
        var x = 0
        for p in pieces {
            SDL_SetSurfaceBlendMode(p.surface, SDL_BLENDMODE_NONE)
            var to = SDL_Rect(x: Int32(x), y: Int32(ascent - p.ascent), w: p.surface.pointee.w, h: p.surface.pointee.h)
            SDL_UpperBlit(p.surface, nil, line, &to)
            x += Int(p.surface.pointee.w) - grow
        }
        return line
    }

    /// The size `renderLine` gives, without drawing.
    func sizeOfLine(_ string: String, _ style: TextStyle) -> (Int, Int)? {
        guard texts.arabicFontFiles != nil, Bidi.needsLayout(string) else {
            guard let font = try? font(style, outline: false) else { return nil }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, string, &w, &h)
            return (Int(w), Int(h))
        }
        var width = 0, ascent = 0, descent = 0
        for run in Bidi.visualRuns(string) where !run.text.isEmpty {
            guard let f = runFont(run, style, outline: false) else { continue }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(f, run.text, &w, &h)
            let extra = thickening(run, style)
            let a = Int(TTF_FontAscent(f)) + extra
            width += Int(w) + 2 * extra
            ascent = max(ascent, a)
            descent = max(descent, Int(h) + 2 * extra - a)
        }
        return (width, ascent + descent)
    }

    /// Pixels added round each stroke of a bold Arabic run (0 for the other runs): one per
    /// 24 px of type.
    func thickening(_ run: BidiRun, _ style: TextStyle) -> Int {
        run.direction == .rightToLeft && style.bold ? max(1, style.size / 24) : 0
    }

    /// A run's picture with every stroke grown by `by` pixels on each side (the largest
    /// coverage within that distance), in the run's one colour; `by` larger on every side.
    static func thickened(_ source: UnsafeMutablePointer<SDL_Surface>, by r: Int, _ color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let src = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(src) }
        let w = Int(src.pointee.w), h = Int(src.pointee.h)
        let ow = w + 2 * r, oh = h + 2 * r
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(ow), Int32(oh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_LockSurface(src)
        SDL_LockSurface(out)
        defer { SDL_UnlockSurface(src); SDL_UnlockSurface(out) }
        let sp = Int(src.pointee.pitch) / 4, op = Int(out.pointee.pitch) / 4
        let s = src.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let o = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // Coverage grown sideways, then up and down (a square of side 2r + 1).
        var across = [UInt8](repeating: 0, count: ow * h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8(s[y * sp + x] >> 24)
                guard a > 0 else { continue }
                for dx in 0...(2 * r) where across[y * ow + x + dx] < a { across[y * ow + x + dx] = a }
            }
        }
        let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        for y in 0..<oh {
            for x in 0..<ow {
                var a: UInt8 = 0
                for sy in max(0, y - 2 * r)...min(h - 1, y) where across[sy * ow + x] > a { a = across[sy * ow + x] }
                o[y * op + x] = UInt32(a) << 24 | rgb
            }
        }
        return out
    }
}
