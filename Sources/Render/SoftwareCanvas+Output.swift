import CSDL2
import Glibc
import GameCore
import SystemIO

extension SoftwareCanvas {
    // MARK: - Drawing into the window's own pixels
    //
    // In a window without a renderer the frame can live in the window's framebuffer (X11's
    // shared-memory image): each frame's damage is drawn there and sent, with no copy of
    // the damaged pixels between. The window may make a new framebuffer (resized, full
    // screen): the app asks for it before each use and says so when the old one is gone.

    /// Draws from now on straight into `pixels` (the frame's size, rows packed), which get a
    /// copy of the frame first.
    public func drawInto(_ pixels: UnsafeMutablePointer<UInt32>) {
        guard pixels != frame.pixels else { return }
        pixels.update(from: frame.pixels, count: frame.width * frame.height)
        replaceFrame(PixelBuffer(borrowing: pixels, width: frame.width, height: frame.height))
    }

    /// The borrowed pixels are gone (freed by their owner): the frame gets pixels of its
    /// own, and the next frame is drawn whole. Nothing is read from the old ones.
    public func dropBorrowedPixels() {
        guard !frame.ownsPixels else { return }
        replaceFrame(PixelBuffer(width: frame.width, height: frame.height, opaque: true))
        drawing.shownValid = false
    }

    /// Copies the borrowed pixels into pixels of the frame's own (before their owner frees
    /// them: the window closes).
    public func keepOwnPixels() {
        guard !frame.ownsPixels else { return }
        let own = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        own.pixels.update(from: frame.pixels, count: frame.width * frame.height)
        replaceFrame(own)
    }

    // MARK: - Output

    /// The frame drawn so far as PNG bytes (written by the caller, whose every write is
    /// checked: SDL_image's own file writer ignores a full disk).
    public func pngData() throws -> [UInt8] { try Self.pngData(frame) }

    /// A copy of the frame drawn so far (to encode on another thread: "Save report").
    public func copyOfFrame() -> PixelBuffer {
        let copy = PixelBuffer(width: frame.width, height: frame.height, opaque: frame.opaque)
        copy.pixels.update(from: frame.pixels, count: frame.width * frame.height)
        return copy
    }

    /// What `draw` draws, at the frame's size, listed apart from the frame, to be drawn into a
    /// picture later on any thread (`PictureRecipe.drawn()`): the screen's pixels and the list
    /// it shows stay as they were (the saved report's charts: drawn into the frame, a chart cost
    /// its frame the drawing, a 3 MB copy and the whole screen drawn again). Text and images
    /// are made here; the pixels are drawn by whoever calls `drawn()`. Between frames (not
    /// inside `beginFrame`).
    public func recipe(_ draw: () -> Void) -> PictureRecipe {
        let previous = (ops: drawing.ops, listing: drawing.listing)
        drawing.ops = []
        drawing.listing = true
        // (As a frame: beyond 4:3 what the calls leave undrawn shows the page colour.)
        if !viewport.isIdentity { drawing.ops.append(.fill(frame.bounds, Pixels.pixel(letterbox))) }
        draw()
        let list = drawing.ops
        (drawing.ops, drawing.listing) = (previous.ops, previous.listing)
        return PictureRecipe(list: list, width: frame.width, height: frame.height)
    }

    /// The picture of `recipe(draw)`, drawn now.
    public func picture(_ draw: () -> Void) -> PixelBuffer { recipe(draw).drawn() }

    /// A picture as PNG bytes; touches no canvas state, so any thread may call it.
    public nonisolated static func pngData(_ frame: PixelBuffer) throws -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                               Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        // Room for the picture stored uncompressed, with every row's filter byte and headers.
        let capacity = frame.width * frame.height * 4 + frame.height * 8 + (frame.width * frame.height) / 8 + 1 << 16
        var buffer = [UInt8](repeating: 0, count: capacity)
        let written: Int = try buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else {
                throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
            }
            defer { SDL_RWclose(rw) }
            guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))") }
            return Int(SDL_RWtell(rw))
        }
        guard written > 8 else { throw AppError.fatal("screenshot: no picture was made") }
        return Array(buffer[0..<written])
    }

    /// Saves the frame drawn so far as a 1024×768 PNG.
    public func screenshot(to path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(frame.pixels, Int32(frame.width), Int32(frame.height), 32,
                                                               Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw AppError.fatal("screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        // IMG_SavePNG opens the path for writing (fopen "wb": O_WRONLY|O_CREAT|O_TRUNC), so it
        // writes through a symbolic link, into a FIFO or a device, and never renames over what
        // is there. A folder or a socket is refused with a clear message.
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw AppError.fatal("screenshot \(path): is a folder, not a file")
            case S_IFSOCK: throw AppError.fatal("screenshot \(path): is a socket, not a file")
            default: break
            }
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw AppError.fatal("screenshot \(path): \(String(cString: SDL_GetError()))")
        }
    }
}

/// Drawing operations listed for one picture (`SoftwareCanvas.recipe`), drawn on any thread:
/// the pictures they draw (text, images, masks) are made once and never drawn into again, and
/// the recipe holds them while it lives.
public struct PictureRecipe: Sendable {
    let list: [SoftwareCanvas.DrawOp]
    public let width: Int
    public let height: Int

    /// The picture, drawn on the calling thread, strip by strip.
    public func drawn() -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, opaque: true)
        let whole = [buffer.bounds]
        let (boxes, covers) = SoftwareCanvas.geometry(of: list, cull: true)
        var scratch: [UInt32] = []
        for strip in SoftwareCanvas.strips(of: whole, rows: SoftwareCanvas.stripRows(width: width)) {
            SoftwareCanvas.run(list, boxes, covers, on: buffer, regions: whole, strip: strip, scratch: &scratch)
        }
        return buffer
    }
}
