import Dispatch
import Glibc
import GameCore
import Stage

// The pixel work: the SIMD kernels and every loop that blends or samples with them (fills,
// copies, masks, scaling and turning) stay in this one file, since a debug build (not
// whole-module) inlines only within a file. The pictures themselves: PixelBuffer.swift.

/// An integer pixel rectangle.
public struct IRect: Equatable, Sendable {
    public var x, y, w, h: Int
    public init(_ x: Int, _ y: Int, _ w: Int, _ h: Int) { self.x = x; self.y = y; self.w = w; self.h = h }
    public var isEmpty: Bool { w <= 0 || h <= 0 }
    public var area: Int { isEmpty ? 0 : w * h }
    /// The smallest rectangle holding both.
    public func union(_ o: IRect) -> IRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return IRect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }
    public func intersects(_ o: IRect) -> Bool { !intersection(o).isEmpty }
    /// Whether every pixel of `o` (not empty) lies inside.
    public func contains(_ o: IRect) -> Bool { !o.isEmpty && o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY }
    public var maxX: Int { x + w }
    public var maxY: Int { y + h }
    public func intersection(_ o: IRect) -> IRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return IRect(x0, y0, max(0, min(maxX, o.maxX) - x0), max(0, min(maxY, o.maxY) - y0))
    }
    /// The whole pixels a logical rectangle covers, edges rounded to the nearest pixel.
    public init(rounding r: Rect) {
        let x0 = Int(r.x.rounded()), y0 = Int(r.y.rounded())
        self.init(x0, y0, Int(r.maxX.rounded()) - x0, Int(r.maxY.rounded()) - y0)
    }
}

/// Per-channel multipliers (0-255) applied to a premultiplied picture while drawing it: an
/// alpha fade, a colour tint, or both.
public struct Modulation: Equatable, Sendable {
    var r, g, b, a: UInt32
    public static let none = Modulation(r: 255, g: 255, b: 255, a: 255)
    /// `alpha` 0-255 fades; `tint` multiplies the colour (SDL's colour mod).
    public init(alpha: UInt8, tint: Color? = nil) {
        let m = UInt32(alpha)
        func scaled(_ c: UInt8?) -> UInt32 { Pixels.div255(UInt32(c ?? 255) * m) }
        self.init(r: scaled(tint?.r), g: scaled(tint?.g), b: scaled(tint?.b), a: m)
    }
    init(r: UInt32, g: UInt32, b: UInt32, a: UInt32) { self.r = r; self.g = g; self.b = b; self.a = a }
    public var isIdentity: Bool { self == .none }
}

/// The drawing operations of the game's software renderer, on premultiplied `PixelBuffer`s,
/// clipped to the target. Row loops work on four pixels at a time (SIMD, SSE2 on x86-64).
public enum Pixels {
    typealias V4 = SIMD4<UInt32>
    typealias V8 = SIMD8<UInt16>

    @inline(__always) static func div255(_ x: UInt32) -> UInt32 { let t = x + 128; return (t + (t >> 8)) >> 8 }

    /// Straight ARGB to premultiplied.
    @inline(__always) public static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        return a << 24 | div255(((p >> 16) & 0xFF) * a) << 16 | div255(((p >> 8) & 0xFF) * a) << 8 | div255((p & 0xFF) * a)
    }

    /// A colour as a premultiplied pixel.
    public static func pixel(_ c: Color) -> UInt32 {
        premultiply(UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
    }

    // MARK: Kernels

    /// x·m/255 in each 16-bit lane (x, m ≤ 255), rounded.
    @inline(__always) static func scale16(_ x: V8, _ m: V8) -> V8 {
        let t = x &* m &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always) static func halves(_ v: V4) -> V8 { unsafeBitCast(v, to: V8.self) }
    @inline(__always) static func whole(_ v: V8) -> V4 { unsafeBitCast(v, to: V4.self) }

    /// Each channel of four pixels times (mRB: r<<16|b, mAG: a<<16|g) / 255.
    @inline(__always) static func modulate4(_ s: V4, _ mRB: V8, _ mAG: V8) -> V4 {
        let rb = scale16(halves(s & 0x00FF_00FF), mRB)
        let ag = scale16(halves((s &>> 8) & 0x00FF_00FF), mAG)
        return whole(rb) | (whole(ag) &<< 8)
    }

    /// Premultiplied source over destination, four pixels.
    @inline(__always) static func over4(_ s: V4, _ d: V4) -> V4 {
        let ia = V4(repeating: 255) &- (s &>> 24)
        let m = halves(ia | (ia &<< 16))
        return s &+ modulate4(d, m, m)
    }

    @inline(__always) static func over1(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 - (s >> 24)
        return s &+ (div255((d & 0xFF) * ia) | div255(((d >> 8) & 0xFF) * ia) << 8
                     | div255(((d >> 16) & 0xFF) * ia) << 16 | div255((d >> 24) * ia) << 24)
    }

    @inline(__always) static func modulate1(_ s: UInt32, _ m: Modulation) -> UInt32 {
        div255((s & 0xFF) * m.b) | div255(((s >> 8) & 0xFF) * m.g) << 8
            | div255(((s >> 16) & 0xFF) * m.r) << 16 | div255((s >> 24) * m.a) << 24
    }

    @inline(__always) static func load(_ p: UnsafeMutablePointer<UInt32>) -> V4 {
        UnsafeRawPointer(p).loadUnaligned(as: V4.self)
    }
    @inline(__always) static func store(_ v: V4, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: V4.self)
    }

    static func blendRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafeMutablePointer<UInt32>, _ n: Int) {
        var i = 0
        while i + 4 <= n {
            // Sprites and text are mostly clear around and solid inside: skip or copy those
            // four pixels without blending.
            let v = load(s + i)
            let a = v &>> 24
            if a == .zero {
            } else if a == V4(repeating: 255) {
                store(v, d + i)
            } else {
                store(over4(v, load(d + i)), d + i)
            }
            i += 4
        }
        while i < n { d[i] = over1(s[i], d[i]); i += 1 }
    }

    static func blendRowModulated(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafeMutablePointer<UInt32>, _ n: Int, _ m: Modulation) {
        let mRB = halves(V4(repeating: m.r << 16 | m.b)), mAG = halves(V4(repeating: m.a << 16 | m.g))
        var i = 0
        while i + 4 <= n {
            store(over4(modulate4(load(s + i), mRB, mAG), load(d + i)), d + i)
            i += 4
        }
        while i < n { d[i] = over1(modulate1(s[i], m), d[i]); i += 1 }
    }

    static func fillBlendRow(_ d: UnsafeMutablePointer<UInt32>, _ color: UInt32, _ n: Int) {
        let s = V4(repeating: color)
        var i = 0
        while i + 4 <= n {
            store(over4(s, load(d + i)), d + i)
            i += 4
        }
        while i < n { d[i] = over1(color, d[i]); i += 1 }
    }

    static func maskRow(_ d: UnsafeMutablePointer<UInt32>, _ mask: UnsafeMutablePointer<UInt8>, _ color: UInt32, _ n: Int) {
        let c = V4(repeating: color)
        let cRB = halves(c & 0x00FF_00FF), cAG = halves((c &>> 8) & 0x00FF_00FF)
        var i = 0
        while i + 4 <= n {
            let cov = V4(truncatingIfNeeded: UnsafeRawPointer(mask + i).loadUnaligned(as: SIMD4<UInt8>.self))
            let m = halves(cov | (cov &<< 16))
            let s = whole(scale16(cRB, m)) | (whole(scale16(cAG, m)) &<< 8)
            store(over4(s, load(d + i)), d + i)
            i += 4
        }
        while i < n {
            let cov = UInt32(mask[i])
            d[i] = over1(modulate1(color, Modulation(r: cov, g: cov, b: cov, a: cov)), d[i])
            i += 1
        }
    }

    // MARK: Operations

    // Every operation draws only inside `clip` (the whole target when nil): the canvas
    // draws the top and the bottom half of a frame on two cores.

    /// Fills `rect` (clipped) with a premultiplied colour: a plain store when opaque.
    public static func fill(_ target: PixelBuffer, _ rect: IRect, _ color: UInt32, clip: IRect? = nil) {
        let r = rect.intersection(target.bounds).intersection(clip ?? target.bounds)
        guard !r.isEmpty, color >> 24 != 0 else { return }
        for y in r.y..<r.maxY {
            let row = target.pixels + y * target.width + r.x
            if color >> 24 == 255 { row.update(repeating: color, count: r.w) } else { fillBlendRow(row, color, r.w) }
        }
    }

    /// Draws `source`'s `from` area with its top-left at (x, y), over what is there.
    public static func draw(_ source: PixelBuffer, from: IRect? = nil, to target: PixelBuffer, x: Int, y: Int,
                            _ modulation: Modulation = .none, clip: IRect? = nil) {
        guard modulation.a > 0 else { return }
        let src = (from ?? source.bounds).intersection(source.bounds)
        // The destination area, clipped, and the matching source origin.
        let dst = IRect(x, y, src.w, src.h).intersection(target.bounds).intersection(clip ?? target.bounds)
        guard !dst.isEmpty else { return }
        let sx = src.x + (dst.x - x), sy = src.y + (dst.y - y)
        let copy = source.opaque && modulation.isIdentity
        let spans = source.spans
        for row in 0..<dst.h {
            // Only the part of the row between its first and last visible pixel.
            var start = sx, end = sx + dst.w
            if let spans {
                start = max(start, Int(spans[2 * (sy + row)]))
                end = min(end, Int(spans[2 * (sy + row) + 1]))
                guard start < end else { continue }
            }
            let d = target.pixels + (dst.y + row) * target.width + dst.x + (start - sx)
            let s = source.pixels + (sy + row) * source.width + start
            if copy {
                d.update(from: s, count: end - start)
            } else if modulation.isIdentity {
                blendRow(d, s, end - start)
            } else {
                blendRowModulated(d, s, end - start, modulation)
            }
        }
    }

    /// Blends a colour through a coverage mask's `from` area placed at (x, y).
    public static func fill(_ target: PixelBuffer, mask: CoverageMask, from: IRect, x: Int, y: Int, _ color: UInt32, clip: IRect? = nil) {
        guard color >> 24 != 0 else { return }
        let src = from.intersection(IRect(0, 0, mask.width, mask.height))
        let dst = IRect(x, y, src.w, src.h).intersection(target.bounds).intersection(clip ?? target.bounds)
        guard !dst.isEmpty else { return }
        let sx = src.x + (dst.x - x), sy = src.y + (dst.y - y)
        for row in 0..<dst.h {
            maskRow(target.pixels + (dst.y + row) * target.width + dst.x, mask.values + (sy + row) * mask.width + sx, color, dst.w)
        }
    }


    /// The size of the box that holds a width × height picture turned by `degrees`, with a
    /// pixel to spare on each side.
    public static func turnedBox(width: Double, height: Double, degrees: Double) -> (width: Int, height: Int) {
        let radians = degrees * .pi / 180
        let c = abs(cos(radians)), s = abs(sin(radians))
        // (Less a hair before rounding up: cos 90° is 6e-17, not 0.)
        return (Int((width * c + height * s - 1e-9).rounded(.up)) + 2, Int((width * s + height * c - 1e-9).rounded(.up)) + 2)
    }

    /// `source` scaled to `width` × `height` and turned `degrees` clockwise about its centre,
    /// bilinear, into a new picture of `turnedBox` size (the picture centred, transparent
    /// around).
    public static func transformed(_ source: PixelBuffer, width: Double, height: Double, degrees: Double) -> PixelBuffer {
        let box = turnedBox(width: width, height: height, degrees: degrees)
        let out = PixelBuffer(width: box.width, height: box.height)
        var none: [UInt32] = []
        drawTransformed(source, to: out, centerX: Double(box.width) / 2, centerY: Double(box.height) / 2,
                        width: width, height: height, degrees: degrees, scratch: &none)
        return out
    }

    /// Draws `source` scaled to width × height, turned `degrees` clockwise and centred on
    /// (centerX, centerY) of `target`, over what is there: bilinear inverse mapping in 16.16
    /// fixed point, each row only over the span where the picture lies. Samples beyond the
    /// edges count as transparent, so edges fade out smoothly (except around an opaque picture
    /// drawn upright, whose edge pixels continue). `scratch` holds the faded or
    /// tinted copy of the source when there is a modulation (reused, so no allocation).
    public static func drawTransformed(_ source: PixelBuffer, to target: PixelBuffer, centerX: Double, centerY: Double,
                                       width: Double, height: Double, degrees: Double, _ modulation: Modulation = .none,
                                       clip: IRect? = nil, scratch: inout [UInt32]) {
        guard width > 0, height > 0, modulation.a > 0 else { return }
        let radians = degrees * .pi / 180
        let c = cos(radians), s = sin(radians)
        let box = turnedBox(width: width, height: height, degrees: degrees)
        let full = IRect(Int((centerX - Double(box.width) / 2).rounded(.down)), Int((centerY - Double(box.height) / 2).rounded(.down)),
                         box.width + 1, box.height + 1).intersection(target.bounds)
        let area = full.intersection(clip ?? target.bounds)
        guard !area.isEmpty else { return }
        // A faded or tinted picture is modulated once, before sampling (the source is rarely
        // much larger than what is drawn).
        let sw = source.width, sh = source.height
        if !modulation.isIdentity && scratch.count < sw * sh { scratch = [UInt32](repeating: 0, count: sw * sh) }
        scratch.withUnsafeMutableBufferPointer { buffer in
            var src = source.pixels
            if !modulation.isIdentity, let base = buffer.baseAddress {
                modulateRow(base, source.pixels, sw * sh, modulation)
                src = base
            }
            sampleOver(src, width: sw, height: sh, to: target, area: area, full: full, centerX: centerX, centerY: centerY,
                       kx: Double(sw) / width, ky: Double(sh) / height, cos: c, sin: s,
                       opaqueEdges: source.opaque && degrees.remainder(dividingBy: 360) == 0)
        }
    }

    /// The loop of `drawTransformed`.
    /// Each row's samples are stepped from the start of `full` (the unclipped area), so a
    /// pixel gets the same value whatever clip (band, damage rectangle) it is drawn in.
    private static func sampleOver(_ src: UnsafeMutablePointer<UInt32>, width sw: Int, height sh: Int, to target: PixelBuffer,
                                   area: IRect, full: IRect, centerX: Double, centerY: Double, kx: Double, ky: Double, cos c: Double, sin s: Double,
                                   opaqueEdges: Bool = false) {
        let one = 65536.0
        // Source coordinates, shifted one pixel (so 0 is -1: the transparent ring around the
        // picture), in 16.16, advance by these per destination step in x.
        let fdu = c * kx, fdv = -s * ky
        let dux = Int((fdu * one).rounded()), dvx = Int((fdv * one).rounded())
        // Something of the picture is sampled while 0 <= u, v < size + 1 (shifted).
        let limitU = Double(sw + 1), limitV = Double(sh + 1)
        for y in area.y..<area.maxY {
            let dy = Double(y) + 0.5 - centerY
            let dx0 = Double(full.x) + 0.5 - centerX
            let u0 = (dx0 * c + dy * s) * kx + Double(sw) / 2 + 0.5
            let v0 = (-dx0 * s + dy * c) * ky + Double(sh) / 2 + 0.5
            // The steps i where both coordinates are inside: u0 + i·fdu in [0, limitU), same for v.
            var lo = 0.0, hi = Double(full.w)
            func narrow(_ start: Double, _ step: Double, _ limit: Double) {
                if abs(step) < 1e-12 {
                    if start < 0 || start >= limit { hi = lo }
                } else {
                    let a = (0 - start) / step, b = (limit - start) / step
                    lo = max(lo, min(a, b))
                    hi = min(hi, max(a, b))
                }
            }
            narrow(u0, fdu, limitU)
            narrow(v0, fdv, limitV)
            let start = max(Int(lo.rounded(.up)), 0)
            let first = max(start, area.x - full.x), last = min(Int(hi.rounded(.up)) - 1, full.w - 1, area.maxX - full.x - 1)
            guard first <= last else { continue }
            var u = Int(((u0 + Double(start) * fdu) * one).rounded(.down)) &+ (first - start) &* dux
            var v = Int(((v0 + Double(start) * fdv) * one).rounded(.down)) &+ (first - start) &* dvx
            let row = target.pixels + y * target.width + full.x
            let maxU = (sw + 1) << 16 - 1, maxV = (sh + 1) << 16 - 1
            for x in first...last {
                // Rounding at the span's ends can step a hair outside: clamp.
                let cu = min(max(u, 0), maxU), cv = min(max(v, 0), maxV)
                let x0 = (cu >> 16) - 1, y0 = (cv >> 16) - 1
                let wx = UInt32(truncatingIfNeeded: (cu >> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (cv >> 8) & 0xFF)
                let sample: UInt32
                if x0 >= 0 && y0 >= 0 && x0 < sw - 1 && y0 < sh - 1 {
                    sample = bilinear(src + y0 * sw + x0, sw, wx, wy)
                } else {
                    // At the edge: neighbours outside the picture are transparent.
                    // An opaque picture drawn upright (a background) keeps its edge colour
                    // instead, so it covers its whole box and a copy beside it joins without a seam.
                    @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
                        if opaqueEdges { return src[min(max(y, 0), sh - 1) * sw + min(max(x, 0), sw - 1)] }
                        return x < 0 || y < 0 || x >= sw || y >= sh ? 0 : src[y * sw + x]
                    }
                    sample = lerp(lerp(at(x0, y0), at(x0 + 1, y0), wx), lerp(at(x0, y0 + 1), at(x0 + 1, y0 + 1), wx), wy)
                }
                if sample != 0 {
                    row[x] = sample >> 24 == 255 ? sample : over1(sample, row[x])
                }
                u &+= dux
                v &+= dvx
            }
        }
    }

    /// The bilinear sample between p[0], p[1], p[pw], p[pw + 1] at weights wx, wy (0-255),
    /// all four channels at once in 16-bit lanes.
    @inline(__always) static func bilinear(_ p: UnsafeMutablePointer<UInt32>, _ pw: Int, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        let top = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
        let bottom = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(p + pw).loadUnaligned(as: SIMD8<UInt8>.self))
        let y1 = UInt16(truncatingIfNeeded: wy), y0 = 256 - y1
        // Vertical first (full 8 lanes: two pixels), then horizontal on the halves.
        let column = (top &* y0 &+ bottom &* y1) &>> 8
        let x1 = UInt16(truncatingIfNeeded: wx), x0 = 256 - x1
        let left = SIMD4<UInt16>(column[0], column[1], column[2], column[3])
        let right = SIMD4<UInt16>(column[4], column[5], column[6], column[7])
        let mixed = (left &* x0 &+ right &* x1) &>> 8
        let bytes = SIMD4<UInt8>(truncatingIfNeeded: mixed)
        return unsafeBitCast(bytes, to: UInt32.self)
    }

    static func modulateRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafeMutablePointer<UInt32>, _ n: Int, _ m: Modulation) {
        let mRB = halves(V4(repeating: m.r << 16 | m.b)), mAG = halves(V4(repeating: m.a << 16 | m.g))
        var i = 0
        while i + 4 <= n {
            store(modulate4(load(s + i), mRB, mAG), d + i)
            i += 4
        }
        while i < n { d[i] = modulate1(s[i], m); i += 1 }
    }

    /// (1 - w/256)·a + (w/256)·b per channel, on the (r, b) and (a, g) pairs at once.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let rbA = a & 0x00FF_00FF, agA = (a >> 8) & 0x00FF_00FF
        let rbB = b & 0x00FF_00FF, agB = (b >> 8) & 0x00FF_00FF
        let rb = ((rbA &* (256 - w) &+ rbB &* w) >> 8) & 0x00FF_00FF
        let ag = (agA &* (256 - w) &+ agB &* w) & 0xFF00_FF00
        return rb | ag
    }
}

// Here, beside the kernels: `loadStraight` premultiplies each pixel it copies, and a debug
// build (not whole-module) inlines `Pixels.premultiply` only within this file.
extension PixelBuffer {
    /// Copies straight-alpha ARGB8888 rows (SDL_image's and SDL_ttf's surfaces) in,
    /// premultiplying. Returns whether every pixel was opaque.
    @discardableResult
    public func loadStraight(from source: UnsafeRawPointer, pitch: Int) -> Bool {
        var allOpaque = true
        for y in 0..<height {
            let row = source.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            let out = pixels + y * width
            for x in 0..<width {
                let p = row[x]
                let a = p >> 24
                if a == 255 { out[x] = p; continue }
                allOpaque = false
                out[x] = a == 0 ? 0 : Pixels.premultiply(p)
            }
        }
        opaque = allOpaque
        return allOpaque
    }
}
