import CSDL2
import Foundation
@testable import GameCore
import Stage
import SystemIO

// The render tests' harness, on top of the scenes' (SceneTests/TestHarness.swift): pictures
// read back for pixel assertions.

// MARK: - Pictures

/// A decoded PNG for pixel assertions (SDL_image: call it from main-actor tests only).
struct PixelImage {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw AppError.fatal("cannot load \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { throw AppError.fatal("convert") }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w)
        height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch) / 4
        let raw = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { out[y * width + x] = raw[y * pitch + x] } }
        pixels = out
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Red, green and blue of a pixel, 0-255.
    subscript(x: Int, y: Int) -> [Int] {
        let p = pixel(x, y)
        return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
    }

    /// Mean absolute channel difference over a rectangle.
    func meanDifference(_ other: PixelImage, in r: Rect) -> Double {
        var total = 0.0, count = 0.0
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) {
                let a = pixel(x, y), b = other.pixel(x, y)
                for shift in [0, 8, 16] {
                    total += abs(Double((a >> UInt32(shift)) & 0xFF) - Double((b >> UInt32(shift)) & 0xFF))
                }
                count += 3
            }
        }
        return total / count
    }

    func colourCount(in r: Rect) -> Int {
        var set = Set<UInt32>()
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { set.insert(pixel(x, y)) } }
        return set.count
    }
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be(16), be(20))
}

// (From NativeResolutionTests: pictures made from the screen's pixels.)
extension PixelImage {
    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
