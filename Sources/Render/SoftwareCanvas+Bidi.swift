import CSDL2
import GameCore
import Scenes

/// Lines with Arabic letters: each run of one direction (`Bidi.visualRuns`) is shaped by
/// SDL_ttf's HarfBuzz with its script and direction (so letters join and read right to
/// left), Arabic runs in Scheherazade and the rest (digits, Latin names) in Andika, then
/// the runs are put side by side in visual order on one baseline.
extension SoftwareCanvas {
    /// Naskh letters sit small on the line next to Andika: Arabic runs are drawn this much
    /// larger than the style's size so a child sees them as big as the Latin labels.
    static let arabicScale = 1.15

    func arabicFont(_ style: TextStyle, outline: Bool) -> OpaquePointer? {
        guard let files = arabicFontFiles else { return nil }
        let size = Int((Double(style.size) * Self.arabicScale).rounded())
        let key = FontKey(bold: style.bold, outline: outline, arabic: true)
        if let open = fonts[key] {
            if open.size != size {
                TTF_SetFontSize(open.font, Int32(size))
                fonts[key] = (open.font, size, open.outline)
            }
            if outline && open.outline != outlinePixels {
                TTF_SetFontOutline(open.font, outlinePixels)
                fonts[key]?.outline = outlinePixels
            }
            return open.font
        }
        let path = style.bold ? files.bold : files.regular
        guard SystemFiles.problem(path, limit: SystemFiles.Limit.font) == nil, let f = TTF_OpenFont(path, Int32(size)) else { return nil }
        TTF_SetFontScriptName(f, "Arab")
        TTF_SetFontDirection(f, TTF_DIRECTION_RTL)
        if outline { TTF_SetFontOutline(f, outlinePixels) }
        fonts[key] = (f, size, outline ? outlinePixels : 0)
        return f
    }

    private func runFont(_ run: BidiRun, _ style: TextStyle, outline: Bool) -> OpaquePointer? {
        run.direction == .rightToLeft ? arabicFont(style, outline: outline) : try? font(style, outline: outline)
    }

    /// The line rasterized (ARGB, straight alpha), as TTF_RenderUTF8_Blended would.
    func renderLine(_ string: String, _ style: TextStyle, outline: Bool, _ color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        guard arabicFontFiles != nil, Bidi.needsLayout(string) else {
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
            pieces.append((surface, Int(TTF_FontAscent(plain))))
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
        guard arabicFontFiles != nil, Bidi.needsLayout(string) else {
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
            let a = Int(TTF_FontAscent(f))
            width += Int(w)
            ascent = max(ascent, a)
            descent = max(descent, Int(h) - a)
        }
        return (width, ascent + descent)
    }
}
