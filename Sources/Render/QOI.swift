import Dispatch
import Glibc
import GameCore
import SystemIO

/// Reads QOI images ("The Quite OK Image Format", https://qoiformat.org), the format of the
/// game's pictures: decoding all of them takes a few milliseconds, where SDL_image's PNG
/// path took about 100 ms of the start-up. Pixels come out premultiplied, ready to draw.
public enum QOI {
    /// The game's pictures are QOI files.
    public static let fileExtension = "qoi"
    /// The largest picture accepted: a side of 8192 pixels and 32 Mi pixels (128 MiB).
    public static let maxSide = 8192
    public static let maxPixels = 32 * 1024 * 1024
    public struct DecodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes a whole file's bytes.
    public static func decode(_ data: [UInt8]) throws -> PixelBuffer {
        try data.withUnsafeBufferPointer { try decode($0) }
    }

    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> PixelBuffer {
        let count = bytes.count
        guard count >= 22, bytes[0] == 0x71, bytes[1] == 0x6F, bytes[2] == 0x69, bytes[3] == 0x66 else {
            throw DecodeError(description: "not a QOI image")
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let width = u32(4), height = u32(8)
        guard width > 0, height > 0, bytes[12] == 3 || bytes[12] == 4 else {
            throw DecodeError(description: "bad QOI header (\(width)x\(height), \(bytes[12]) channels)")
        }
        // A header may claim any size: cap it before allocating (16384×16384 was 1 GiB), and
        // refuse a claim the data cannot hold (one byte codes at most 62 pixels).
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw DecodeError(description: "QOI image too large (\(width)x\(height); at most \(maxSide)x\(maxSide) and \(maxPixels) pixels)")
        }
        guard (count - 22) * 62 >= width * height else {
            throw DecodeError(description: "QOI data ends early (\(count) bytes cannot hold \(width)x\(height) pixels)")
        }
        let buffer = PixelBuffer(width: width, height: height)
        let out = buffer.pixels
        let total = width * height
        // The running state is straight RGBA packed as 0xAARRGGBB.
        var index = [UInt32](repeating: 0, count: 64)
        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 255
        var px: UInt32 = 0xFF00_0000, premultiplied: UInt32 = 0xFF00_0000
        var allOpaque = true
        var p = 14
        let end = count - 8
        var i = 0
        try index.withUnsafeMutableBufferPointer { (index: inout UnsafeMutableBufferPointer<UInt32>) throws -> Void in
            while i < total {
                guard p < end else { throw DecodeError(description: "QOI data ends early") }
                let op = UInt32(bytes[p])
                p += 1
                if op == 0xFE {
                    guard p + 3 <= end else { throw DecodeError(description: "QOI data ends early") }
                    r = UInt32(bytes[p]); g = UInt32(bytes[p + 1]); b = UInt32(bytes[p + 2])
                    p += 3
                } else if op == 0xFF {
                    guard p + 4 <= end else { throw DecodeError(description: "QOI data ends early") }
                    r = UInt32(bytes[p]); g = UInt32(bytes[p + 1]); b = UInt32(bytes[p + 2]); a = UInt32(bytes[p + 3])
                    p += 4
                } else {
                    switch op >> 6 {
                    case 0:
                        let q = index[Int(op)]
                        r = (q >> 16) & 0xFF; g = (q >> 8) & 0xFF; b = q & 0xFF; a = q >> 24
                    case 1:
                        r = (r &+ ((op >> 4) & 3) &- 2) & 0xFF
                        g = (g &+ ((op >> 2) & 3) &- 2) & 0xFF
                        b = (b &+ (op & 3) &- 2) & 0xFF
                    case 2:
                        guard p < end else { throw DecodeError(description: "QOI data ends early") }
                        let second = UInt32(bytes[p])
                        p += 1
                        let dg = (op & 0x3F) &- 32
                        r = (r &+ dg &+ (second >> 4) &- 8) & 0xFF
                        g = (g &+ dg) & 0xFF
                        b = (b &+ dg &+ (second & 0xF) &- 8) & 0xFF
                    default:
                        // A run repeats the previous pixel (op & 0x3F) + 1 times.
                        let run = min(Int(op & 0x3F) + 1, total - i)
                        (out + i).update(repeating: premultiplied, count: run)
                        i += run
                        continue
                    }
                }
                let next = a << 24 | r << 16 | g << 8 | b
                if next != px {
                    px = next
                    premultiplied = a == 255 ? px : Pixels.premultiply(px)
                    if a != 255 { allOpaque = false }
                }
                let slot: UInt32 = (r &* 3 &+ g &* 5 &+ b &* 7 &+ a &* 11) % 64
                index[Int(slot)] = px
                out[i] = premultiplied
                i += 1
            }
        }
        buffer.opaque = allOpaque
        return buffer
    }

    /// Reads and decodes a file.
    public static func load(path: String) throws -> PixelBuffer {
        try decode(try read(path: path), path: path)
    }

    /// A file's bytes, to decode with `decode(_:path:)` (now or later).
    public static func read(path: String) throws -> [UInt8] {
        guard let data = SystemFiles.read(path, limit: SystemFiles.Limit.image) else {
            throw DecodeError(description: "cannot read \(path)")
        }
        return data
    }

    /// Decodes a file's bytes; an error names the file.
    public static func decode(_ bytes: [UInt8], path: String) throws -> PixelBuffer {
        do {
            return try decode(bytes)
        } catch let error as DecodeError {
            throw DecodeError(description: "\(path): \(error.description)")
        }
    }
}
