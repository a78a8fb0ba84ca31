import Dispatch
import Synchronization
import GameCore
import SystemIO

extension SoftwareCanvas {
    // MARK: - Drawing, on two cores
    //
    // What the scenes draw into the frame is listed during the frame and drawn at its end, in
    // strips that two threads take in turn (see `run`): the work is memory-bound blending,
    // and the machine has two cores. Text, sprites and layers are made while listing (one
    // thread); the list only copies and blends finished pictures.

    enum DrawOp: Sendable {
        case fill(IRect, UInt32)
        case mask(CoverageMask, from: IRect, x: Int, y: Int, UInt32)
        case draw(PixelBuffer, x: Int, y: Int, Modulation)
        case transformed(PixelBuffer, centerX: Double, centerY: Double, width: Double, height: Double, degrees: Double, Modulation)

        /// The pixels the operation may change.
        var bounds: IRect {
            switch self {
            case .fill(let rect, _): return rect
            case .mask(_, let from, let x, let y, _): return IRect(x, y, from.w, from.h)
            case .draw(let picture, let x, let y, _): return IRect(x, y, picture.width, picture.height)
            case .transformed(_, let cx, let cy, let w, let h, let degrees, _):
                let box = Pixels.turnedBox(width: w, height: h, degrees: degrees)
                return IRect(Int((cx - Double(box.width) / 2).rounded(.down)), Int((cy - Double(box.height) / 2).rounded(.down)),
                             box.width + 1, box.height + 1)
            }
        }

        /// Whether two operations draw the same pixels: the same pictures (by identity and
        /// version: pictures never change, except layers, which count their redrawings), in
        /// the same places, colours and modulations.
        func same(as other: DrawOp, versions: (Int, Int)) -> Bool {
            switch (self, other) {
            case let (.fill(r1, c1), .fill(r2, c2)): return r1 == r2 && c1 == c2
            case let (.mask(m1, f1, x1, y1, c1), .mask(m2, f2, x2, y2, c2)):
                return m1 === m2 && f1 == f2 && x1 == x2 && y1 == y2 && c1 == c2
            case let (.draw(p1, x1, y1, m1), .draw(p2, x2, y2, m2)):
                return p1 === p2 && versions.0 == versions.1 && x1 == x2 && y1 == y2 && m1 == m2
            case let (.transformed(p1, cx1, cy1, w1, h1, d1, m1), .transformed(p2, cx2, cy2, w2, h2, d2, m2)):
                return p1 === p2 && versions.0 == versions.1 && cx1 == cx2 && cy1 == cy2 && w1 == w2 && h1 == h2 && d1 == d2 && m1 == m2
            default: return false
            }
        }

        /// Whether the operation paints every pixel of `clip` opaquely: nothing listed before
        /// it shows there (the page colour beneath a full-screen background, the background
        /// beneath a full-screen layer).
        func coversOpaquely(_ clip: IRect) -> Bool { opaqueBounds?.contains(clip) ?? false }

        /// The bounds, for an operation that paints all of them opaquely; nil otherwise.
        var opaqueBounds: IRect? {
            switch self {
            case .fill(let rect, let color): return color >> 24 == 255 ? rect : nil
            case .draw(let p, let x, let y, let modulation):
                return p.opaque && modulation.isIdentity ? IRect(x, y, p.width, p.height) : nil
            default: return nil
            }
        }

        var picture: PixelBuffer? {
            switch self {
            case .draw(let p, _, _, _), .transformed(let p, _, _, _, _, _, _): return p
            default: return nil
            }
        }

        func run(on target: PixelBuffer, clip: IRect?, scratch: inout [UInt32]) {
            switch self {
            case .fill(let rect, let color): Pixels.fill(target, rect, color, clip: clip)
            case .mask(let mask, let from, let x, let y, let color): Pixels.fill(target, mask: mask, from: from, x: x, y: y, color, clip: clip)
            case .draw(let picture, let x, let y, let modulation): Pixels.draw(picture, to: target, x: x, y: y, modulation, clip: clip)
            case .transformed(let picture, let cx, let cy, let w, let h, let degrees, let modulation):
                Pixels.drawTransformed(picture, to: target, centerX: cx, centerY: cy, width: w, height: h, degrees: degrees, modulation,
                                       clip: clip, scratch: &scratch)
            }
        }
    }

    final class ThreadScratch: @unchecked Sendable {
        /// One per thread: each thread touches only its own.
        let buffers: UnsafeMutableBufferPointer<[UInt32]>
        init(count: Int) {
            buffers = .allocate(capacity: count)
            buffers.initialize(repeating: [])
        }
        deinit {
            _ = buffers.deinitialize()
            buffers.deallocate()
        }
    }
    /// Threads drawing a frame's list (at most 4; 1 draws it directly).
    static let drawThreads = min(max(SystemFiles.activeProcessorCount, 1), 4)

    /// While listing, ops go to `ops`, the list of the picture drawn into now (`target`: the
    /// frame, or a layer being redrawn, whose list is drawn when its drawing is done).
    func drawOp(_ op: DrawOp) {
        if drawing.listing {
            drawing.ops.append(op)
        } else {
            op.run(on: target, clip: nil, scratch: &drawing.scratch)
            if target === frame { drawing.shownValid = false }
        }
    }

    /// Starts listing a frame's drawing (see `endFrame`).
    public func beginFrame() {
        drawing.listing = true
        // Beyond 4:3 the screen is wider or taller than the play area: a scene that fills only
        // 0..1024 × 0..768 leaves the page colour there, never the last screen's pixels.
        if !viewport.isIdentity { drawing.ops.append(.fill(frame.bounds, Pixels.pixel(letterbox))) }
    }

    nonisolated static func geometry(of list: [DrawOp], cull: Bool) -> (boxes: [IRect], covers: [IRect?]) {
        (list.map(\.bounds), cull ? list.map(\.opaqueBounds) : [])
    }

    /// Draws a list into a picture (within `regions`, else all of it) in strips of rows, on up
    /// to `drawThreads` threads. `cull`: start each region at the last operation that hides
    /// all before it there (false: draw every one, the reference the tests compare with).
    ///
    /// The threads take the strips in turn from one counter rather than half the picture each:
    /// on a shared machine one core is often taken away for a few milliseconds, and a frame
    /// split in halves then waits for the late half while the other core sits idle. A strip
    /// is whole rows, every region's part of them drawn by one thread in the regions' order:
    /// regions may overlap (two balloons' boxes), and two threads must never draw one pixel.
    /// Damage within one strip (a tapped card, the pointer) is drawn on the calling thread,
    /// without waking another.
    func run(_ list: [DrawOp], on picture: PixelBuffer, regions: [IRect]? = nil, cull: Bool = true) {
        let regions = (regions ?? [picture.bounds]).map { $0.intersection(picture.bounds) }.filter { !$0.isEmpty }
        // Where each operation draws, worked out once: the threads then look at an operation
        // only to draw it (each look at one retains and releases its picture).
        let (boxes, covers) = Self.geometry(of: list, cull: cull)
        let strips = Self.strips(of: regions, rows: Self.stripRows(width: picture.width))
        let threads = min(Self.drawThreads, strips.count)
        if threads <= 1 {
            for strip in strips { Self.run(list, boxes, covers, on: picture, regions: regions, strip: strip, scratch: &drawing.scratch) }
            return
        }
        let scratches = drawing.threadScratch
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            while true {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k < strips.count else { return }
                Self.run(list, boxes, covers, on: picture, regions: regions, strip: strips[k], scratch: &scratches.buffers[thread])
            }
        }
    }

    /// The strips holding damage, top to bottom: `rows` rows each (counted from the picture's
    /// top), each the box of the regions' parts in those rows.
    nonisolated static func strips(of regions: [IRect], rows: Int) -> [IRect] {
        let regions = regions.filter { !$0.isEmpty }
        guard let top = regions.map(\.y).min(), let bottom = regions.map(\.maxY).max() else { return [] }
        var strips: [IRect] = []
        var y = (top >= 0 ? top : top - rows + 1) / rows * rows  // rounded down, above the top too
        while y < bottom {
            let parts = regions.compactMap { r -> IRect? in
                let top = max(r.y, y), bottom = min(r.maxY, y + rows)
                return bottom > top ? IRect(r.x, top, r.w, bottom - top) : nil
            }
            if let first = parts.first { strips.append(parts.dropFirst().reduce(first) { $0.union($1) }) }
            y += rows
        }
        return strips
    }

    /// The frame's bytes a strip may hold while every operation is drawn into it: about the
    /// size of a core's second-level cache.
    nonisolated static let stripBytes = 512 << 10

    /// How many rows of a `width`-pixel picture a strip holds (see `run`'s strips).
    nonisolated static func stripRows(width: Int) -> Int { max(16, stripBytes / 4 / max(width, 1)) }

    /// Draws every region's part of one strip (see `run`), each from the last operation that
    /// hides all before it there (`covers`: the opaque operations' bounds; empty: draw them
    /// all). A full-screen background hides the page colour beneath, and a layer the
    /// background: a moving balloon's pixels are then written twice, not four times.
    ///
    /// Every operation is drawn into a strip before the next strip, so the background's rows
    /// are still in the cache when the balloons are blended over them (drawn whole, a
    /// 1920x1080 background had left the cache by then; the strips measured about 7 % off a
    /// Balloons Hard frame there). Every pixel gets the same value whatever clip it is drawn
    /// in, so the strips change no pixel.
    nonisolated static func run(_ list: [DrawOp], _ boxes: [IRect], _ covers: [IRect?], on picture: PixelBuffer,
                                        regions: [IRect], strip: IRect, scratch: inout [UInt32]) {
        for region in regions {
            let clip = region.intersection(strip)
            guard !clip.isEmpty else { continue }
            var first = covers.isEmpty ? 0 : list.count - 1
            while first > 0 && !(covers[first]?.contains(clip) ?? false) { first -= 1 }
            for i in max(first, 0)..<list.count where boxes[i].intersects(clip) {
                list[i].run(on: picture, clip: clip, scratch: &scratch)
            }
        }
    }

    /// Draws a picture 1:1 with its top-left at `origin` (rounded to whole pixels).
    func put(_ picture: PixelBuffer, at origin: Point, _ modulation: Modulation) {
        drawOp(.draw(picture, x: Int(origin.x.rounded()), y: Int(origin.y.rounded()), modulation))
    }
}
