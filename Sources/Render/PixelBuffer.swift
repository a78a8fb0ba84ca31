import GameCore

/// A picture in memory: premultiplied ARGB, one `UInt32` per pixel (0xAARRGGBB, the byte
/// order of SDL_PIXELFORMAT_ARGB8888 on little-endian machines), rows packed.
///
/// The game draws into these with `Pixels` instead of SDL's software renderer: SDL blends
/// straight alpha one pixel at a time at about 4.5 ns a pixel here (10 ns with an alpha or
/// colour modulation), which made a busy Balloons frame cost 8-15 ms. Premultiplied pixels
/// blend four at a time with SIMD at a fraction of that.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Every pixel has alpha 255 (an opaque copy needs no blending).
    public var opaque: Bool
    /// Counts redrawings of a picture that is drawn again in place (a layer), so a frame
    /// that copies it can tell it changed.
    public var version = 0
    /// For each row, the x range [start, end) outside which the row is transparent (see
    /// `findSpans`); nil: the whole row is drawn.
    public private(set) var spans: [Int32]?

    /// Notes where each row is visible, so drawing skips the transparent margins (sprites
    /// and text have wide ones). Call once the picture is finished.
    public func findSpans() {
        var found = [Int32](repeating: 0, count: 2 * height)
        for y in 0..<height {
            let row = pixels + y * width
            var start = 0, end = width
            while start < end && row[start] >> 24 == 0 { start += 1 }
            while end > start && row[end - 1] >> 24 == 0 { end -= 1 }
            found[2 * y] = Int32(start)
            found[2 * y + 1] = Int32(end)
        }
        spans = found
    }

    /// Whether every pixel has alpha 255.
    public var isAllOpaque: Bool {
        for i in 0..<(width * height) where pixels[i] >> 24 != 255 { return false }
        return true
    }

    /// A new picture, fully transparent.
    public init(width: Int, height: Int, opaque: Bool = false) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.opaque = opaque
        pixels = .allocate(capacity: max(width * height, 1))
        pixels.initialize(repeating: opaque ? 0xFF00_0000 : 0, count: max(width * height, 1))
        ownsPixels = true
    }

    /// An opaque picture in memory someone else owns and frees (a window's own framebuffer,
    /// rows packed): drawn into like any other, never freed here.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        self.opaque = true
        self.pixels = pixels
        ownsPixels = false
    }

    /// False for a picture in borrowed memory.
    public let ownsPixels: Bool

    deinit { if ownsPixels { pixels.deallocate() } }

    public var byteCount: Int { width * height * 4 }
    public var bounds: IRect { IRect(0, 0, width, height) }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}

/// An 8-bit coverage mask (anti-aliased discs and rings for rounded shapes).
public final class CoverageMask: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let values: UnsafeMutablePointer<UInt8>
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = .allocate(capacity: max(width * height, 1))
        values.initialize(repeating: 0, count: max(width * height, 1))
    }
    deinit { values.deallocate() }

    /// A disc of radius `radius` (ring of `width` when width > 0) filling a 2r × 2r mask,
    /// each value the pixel's coverage.
    public static func disc(radius: Int, width ring: Int = 0) -> CoverageMask {
        let size = 2 * radius
        let mask = CoverageMask(width: size, height: size)
        let r = Double(radius), inner = Double(radius - ring)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                let d = (dx * dx + dy * dy).squareRoot()
                var coverage = min(max(r - d + 0.5, 0), 1)
                if ring > 0 { coverage *= min(max(d - inner + 0.5, 0), 1) }
                mask.values[y * size + x] = UInt8((coverage * 255).rounded())
            }
        }
        return mask
    }
}

// MARK: Whole pictures
//
// Here, beside `PixelBuffer`: `halved` reads four pixels through its subscript for each one
// it makes, and a debug build (not whole-module) inlines only within a file.

extension Pixels {
    /// The picture flipped left to right (or, `vertically`, upside down).
    public static func mirrored(_ source: PixelBuffer, vertically: Bool = false) -> PixelBuffer {
        let out = PixelBuffer(width: source.width, height: source.height, opaque: source.opaque)
        for y in 0..<source.height {
            let s = source.pixels + y * source.width
            if vertically {
                (out.pixels + (source.height - 1 - y) * source.width).update(from: s, count: source.width)
            } else {
                let d = out.pixels + y * source.width
                for x in 0..<source.width { d[source.width - 1 - x] = s[x] }
            }
        }
        if !source.opaque { out.findSpans() }
        return out
    }

    /// Half the size, each pixel the average of four (for drawing far below full size
    /// without aliasing).
    public static func halved(_ source: PixelBuffer) -> PixelBuffer {
        let w = max(1, source.width / 2), h = max(1, source.height / 2)
        let out = PixelBuffer(width: w, height: h, opaque: source.opaque)
        for y in 0..<h {
            let y0 = min(2 * y, source.height - 1), y1 = min(2 * y + 1, source.height - 1)
            for x in 0..<w {
                let x0 = min(2 * x, source.width - 1), x1 = min(2 * x + 1, source.width - 1)
                let a = source[x0, y0], b = source[x1, y0], c = source[x0, y1], d = source[x1, y1]
                var p: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let sum = (a >> shift) & 0xFF + (b >> shift) & 0xFF + (c >> shift) & 0xFF + (d >> shift) & 0xFF
                    p |= ((sum + 2) / 4) << shift
                }
                out.pixels[y * w + x] = p
            }
        }
        return out
    }
}
