import CSDL2
import GameCore

/// A content set's pictures (issue 44): QOI (as the game's own), PNG or WebP, checked and
/// decoded when the sets are read, so a picture that cannot be shown is a problem of its set
/// named at start, never a blank card in a child's game.
public enum SetPicture {
    /// A set's picture is a card or a thing to drag: at most this wide and high.
    public static let maxSide = 2048
    /// And its file at most this big.
    public static let maxBytes = 4 << 20

    /// Decodes a picture file's bytes by its extension; the error says why (without the path).
    public static func decode(_ bytes: [UInt8], fileName: String) throws -> PixelBuffer {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let buffer: PixelBuffer
        switch ext {
        case "qoi":
            guard bytes.count >= 14 else { throw QOI.DecodeError(description: "not a QOI picture (too short)") }
            try checkSize(u32be(bytes, 4), u32be(bytes, 8))
            buffer = try QOI.decode(bytes)
        case "webp":
            try WebPImage.prepare()
            let (w, h) = try WebPImage.headerSize(bytes)
            try checkSize(w, h)
            buffer = try WebPImage.decode(bytes)
        case "png":
            // The header's size first: a huge picture is refused before it is decoded.
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard bytes.count >= 24, Array(bytes[0..<8]) == signature else { throw QOI.DecodeError(description: "not a PNG picture") }
            try checkSize(u32be(bytes, 16), u32be(bytes, 20))
            let surface: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
                guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
                defer { SDL_RWclose(rw) }
                return IMG_LoadPNG_RW(rw)
            }
            guard let surface else { throw QOI.DecodeError(description: "cannot decode the PNG picture: \(String(cString: SDL_GetError()))") }
            defer { SDL_FreeSurface(surface) }
            buffer = try SoftwareCanvas.buffer(of: surface, what: "PNG picture")
        default:
            throw QOI.DecodeError(description: "a picture must be a .qoi, .png or .webp file")
        }
        if !buffer.opaque { buffer.findSpans() }
        return buffer
    }

    private static func checkSize(_ w: Int, _ h: Int) throws {
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            throw QOI.DecodeError(description: "the picture is \(w)x\(h); a set's pictures are at most \(maxSide)x\(maxSide)")
        }
    }

    private static func u32be(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }
}

/// A set's picture, checked: a QOI file is kept as its bytes (decoded when drawn, freed when
/// unused, as the backgrounds: sixty sets' pictures cost their files' size), another kind
/// decoded.
public enum LoadedSetPicture: @unchecked Sendable {
    case qoi([UInt8], Size)
    case pixels(PixelBuffer)

    /// A picture is kept at most this wide and high (a card is drawn far smaller, even at
    /// 3x): a bigger one is halved until it fits, so sixty 2048-pixel photos cost 60 MB, not 1 GB.
    public static let keptSide = 512

    /// Checks and decodes a picture file (`SetPicture.decode`).
    public static func load(_ bytes: [UInt8], fileName: String) throws -> LoadedSetPicture {
        var buffer = try SetPicture.decode(bytes, fileName: fileName)
        if fileName.lowercased().hasSuffix(".qoi") && max(buffer.width, buffer.height) <= keptSide {
            return .qoi(bytes, Size(Double(buffer.width), Double(buffer.height)))
        }
        guard max(buffer.width, buffer.height) > keptSide else { return .pixels(buffer) }
        while max(buffer.width, buffer.height) > keptSide { buffer = Pixels.halved(buffer) }
        if !buffer.opaque { buffer.findSpans() }
        return .pixels(buffer)
    }
}

extension SoftwareCanvas {
    /// Adds a set's picture under `key` (`set-<set>-<item>`); a key the canvas already has
    /// (the standard sets' `animal-cat`, loaded from Assets/images) is kept.
    public func addImage(_ key: String, _ picture: LoadedSetPicture) {
        imageStore.add(key, picture)
    }

    /// Whether a picture is loaded under `key`.
    public func hasImage(_ key: String) -> Bool { imageStore.has(key) }
}
