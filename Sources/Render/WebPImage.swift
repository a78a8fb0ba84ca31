import CSDL2
import GameCore

/// Reads the @2x and @3x pictures: lossless WebP files (`tools/make_images.py --scale N`),
/// decoded by SDL_image (libwebp, already a dependency of Debian's libsdl2-image). They take
/// 60% less room than QOI (docs/screens.md, "Screens and resolutions", has the figures); the 1× pictures
/// stay QOI, so a 1024×768 start reads no WebP at all. Pixels come out premultiplied, exactly
/// as `QOI` gives the same picture.
public enum WebPImage {
    public static let fileExtension = "webp"

    /// SDL_image sets up its WebP reader on first use, which is not safe from two threads at
    /// once: called on the main thread before the pictures decode on every core.
    public static func prepare() throws {
        let flag = Int32(IMG_INIT_WEBP.rawValue)
        guard IMG_Init(flag) & flag != 0 else {
            throw QOI.DecodeError(description: "SDL_image cannot read WebP pictures: \(String(cString: SDL_GetError()))")
        }
    }

    /// The picture size a WebP file's header claims (simple lossless, simple lossy or extended
    /// format), read before decoding so that a bad file cannot make it allocate gigabytes.
    static func headerSize(_ b: [UInt8]) throws -> (width: Int, height: Int) {
        guard b.count >= 30, b[0] == 0x52, b[1] == 0x49, b[2] == 0x46, b[3] == 0x46,
              b[8] == 0x57, b[9] == 0x45, b[10] == 0x42, b[11] == 0x50 else {
            throw QOI.DecodeError(description: "not a WebP image")
        }
        func u24(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 }
        switch (b[12], b[13], b[14], b[15]) {
        case (0x56, 0x50, 0x38, 0x4C): // "VP8L": signature 0x2F, then 14 bits each of width-1, height-1
            guard b[20] == 0x2F else { throw QOI.DecodeError(description: "bad WebP lossless header") }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case (0x56, 0x50, 0x38, 0x58): // "VP8X": canvas width-1 and height-1, 24 bits each
            return (u24(24) + 1, u24(27) + 1)
        case (0x56, 0x50, 0x38, 0x20): // "VP8 ": key frame start code, then 14-bit sizes
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw QOI.DecodeError(description: "bad WebP header") }
            return ((Int(b[26]) | Int(b[27]) << 8) & 0x3FFF, (Int(b[28]) | Int(b[29]) << 8) & 0x3FFF)
        default:
            throw QOI.DecodeError(description: "unknown WebP chunk")
        }
    }

    /// Decodes a file's bytes; an error names the file.
    public static func decode(_ bytes: [UInt8], path: String) throws -> PixelBuffer {
        do {
            return try decode(bytes)
        } catch let error as QOI.DecodeError {
            throw QOI.DecodeError(description: "\(path): \(error.description)")
        }
    }

    /// Reads and decodes a file.
    public static func load(path: String) throws -> PixelBuffer {
        try decode(try QOI.read(path: path), path: path)
    }

    public static func decode(_ bytes: [UInt8]) throws -> PixelBuffer {
        let (width, height) = try headerSize(bytes)
        guard width > 0, height > 0, width <= QOI.maxSide, height <= QOI.maxSide, width * height <= QOI.maxPixels else {
            throw QOI.DecodeError(description: "WebP image too large (\(width)x\(height); at most \(QOI.maxSide)x\(QOI.maxSide) and \(QOI.maxPixels) pixels)")
        }
        let surface: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            return IMG_LoadWEBP_RW(rw)
        }
        guard let surface else {
            throw QOI.DecodeError(description: "cannot decode WebP image: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        guard Int(surface.pointee.w) == width, Int(surface.pointee.h) == height else {
            throw QOI.DecodeError(description: "WebP image is \(surface.pointee.w)x\(surface.pointee.h), its header says \(width)x\(height)")
        }
        // libwebp gives RGBA bytes (ABGR8888 as 32-bit pixels) for pictures with alpha: swapped
        // and premultiplied in one pass. Any other layout goes through SDL's conversion.
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ABGR8888.rawValue, let pixels = surface.pointee.pixels else {
            return try SoftwareCanvas.buffer(of: surface, what: "WebP image")
        }
        let buffer = PixelBuffer(width: width, height: height)
        let pitch = Int(surface.pointee.pitch)
        var allOpaque = true
        for y in 0..<height {
            let row = UnsafeRawPointer(pixels).advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            let out = buffer.pixels + y * width
            for x in 0..<width {
                let p = row[x]
                let argb = (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16) & 0xFF
                let a = p >> 24
                if a == 255 { out[x] = argb; continue }
                allOpaque = false
                out[x] = a == 0 ? 0 : Pixels.premultiply(argb)
            }
        }
        buffer.opaque = allOpaque
        return buffer
    }
}
