import GameCore

extension SoftwareCanvas {
    // MARK: - Damage
    //
    // Only what changed is drawn again. The frame keeps the picture of the last list drawn
    // into it; the new list is compared with that one: operations equal at the start and at
    // the end of both lists draw the same pixels in the same order, so a pixel that none of
    // the others (the changed middle of either list) touches keeps its value. Those others'
    // bounds are the frame's damage, where the whole new list is drawn again, clipped.

    /// At most this many separate damage rectangles; more are joined (see `findDamage`).
    nonisolated static let damageRectLimit = 12

    /// The frame as the list it shows draws it whole (tests: drawing only the damage must
    /// give the same picture).
    func wholeDrawingOfShownList() -> PixelBuffer {
        let picture = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        run(drawing.shown.map(\.op), on: picture, cull: false)
        return picture
    }

    /// The operations the frame shows (tests).
    var shownOps: [DrawOp] { drawing.shown.map(\.op) }

    /// Forgets what the frame shows: the next frame is drawn whole.
    public func invalidate() {
        drawing.shownValid = false
    }

    /// The rectangles of the frame that `list` draws differently from what it shows.
    ///
    /// Static and nonisolated, like the list's other per-operation work: a closure written in
    /// the canvas's (main-actor) methods and handed to the standard library's `map` or
    /// `firstIndex` checks, each call, that it runs on the main thread (Swift 6's dynamic
    /// isolation checks), which was 4% of a Balloons game's time.
    private nonisolated static func findDamage(_ list: [DrawOp], versions: [Int], shown: [(op: DrawOp, version: Int)],
                                               whole: IRect) -> [IRect] {
        var prefix = 0
        while prefix < list.count && prefix < shown.count
                && list[prefix].same(as: shown[prefix].op, versions: (versions[prefix], shown[prefix].version)) { prefix += 1 }
        var suffix = 0
        while suffix < list.count - prefix && suffix < shown.count - prefix {
            let i = list.count - 1 - suffix, j = shown.count - 1 - suffix
            guard list[i].same(as: shown[j].op, versions: (versions[i], shown[j].version)) else { break }
            suffix += 1
        }
        var rects: [IRect] = []
        func add(_ r: IRect) {
            var r = r.intersection(whole)
            guard !r.isEmpty else { return }
            // Joined with a rectangle it overlaps when their union is no more pixels than the
            // two apart (one contains the other, or they overlap along most of a side);
            // otherwise both stay and their overlap is drawn twice, the same pixels both times
            // (each region is drawn again from the opaque picture beneath it). Two balloons in
            // neighbouring spots, one high and one low, touch by a few pixels: joined, they were
            // a box three times their size, and a third balloon made it bigger still.
            var merged = true
            while merged {
                merged = false
                if let i = rects.firstIndex(where: { $0.intersects(r) && $0.union(r).area <= $0.area + r.area }) {
                    r = r.union(rects.remove(at: i))
                    merged = true
                }
            }
            rects.append(r)
        }
        // Between the equal ends, the operations both lists have in the same order (their
        // longest common subsequence) draw the same pixels in the same order too: only the
        // others are damage. (The top bar drawn between the moving balloons and a number
        // flying to the score was damaged whole, every frame of the flight.)
        let middle = Array(list[prefix..<(list.count - suffix)]), middleVersions = Array(versions[prefix..<(list.count - suffix)])
        let before = Array(shown[prefix..<(shown.count - suffix)])
        let (keptNew, keptOld) = commonSubsequence(middle, middleVersions, before)
        for (i, op) in middle.enumerated() where !keptNew[i] { add(op.bounds) }
        for (j, entry) in before.enumerated() where !keptOld[j] { add(entry.op.bounds) }
        // Too many: join the two whose union adds the fewest pixels, again and again (forty
        // balloons spread over the sky are a dozen columns, not one screen-sized box).
        while rects.count > Self.damageRectLimit {
            var best = (i: 0, j: 1, cost: Int.max)
            for i in 0..<(rects.count - 1) {
                for j in (i + 1)..<rects.count {
                    let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            let joined = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
            rects.remove(at: best.i)
            add(joined)
        }
        if rects.reduce(0, { $0 + $1.area }) > whole.area * 3 / 4 {
            return [rects.reduce(IRect(0, 0, 0, 0)) { $0.union($1) }]
        }
        return rects
    }

    /// Which operations of `list` and `shown` are matched, in order, by a longest common
    /// subsequence of equal operations. Lists too long for the table (more than 128 × 128
    /// changed operations) match nothing: all of them are damage, as before.
    private nonisolated static func commonSubsequence(_ list: [DrawOp], _ versions: [Int], _ shown: [(op: DrawOp, version: Int)])
        -> (new: [Bool], old: [Bool]) {
        let n = list.count, m = shown.count
        var keptNew = [Bool](repeating: false, count: n), keptOld = [Bool](repeating: false, count: m)
        guard n > 0, m > 0, n <= 128, m <= 128 else { return (keptNew, keptOld) }
        // length[i][j]: the longest common subsequence of list[i...] and shown[j...].
        let width = m + 1
        var length = [UInt8](repeating: 0, count: (n + 1) * width)
        var equal = [Bool](repeating: false, count: n * m)
        // Equal operations have equal bounds: compared first, the operations themselves (which
        // retains their pictures) only when the bounds agree.
        let newBounds = list.map(\.bounds), oldBounds = shown.map(\.op.bounds)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                if newBounds[i] == oldBounds[j] && list[i].same(as: shown[j].op, versions: (versions[i], shown[j].version)) {
                    equal[i * m + j] = true
                    length[i * width + j] = length[(i + 1) * width + j + 1] + 1
                } else {
                    length[i * width + j] = max(length[(i + 1) * width + j], length[i * width + j + 1])
                }
            }
        }
        var i = 0, j = 0
        while i < n && j < m {
            if equal[i * m + j] {
                keptNew[i] = true
                keptOld[j] = true
                i += 1
                j += 1
            } else if length[(i + 1) * width + j] >= length[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return (keptNew, keptOld)
    }

    /// Draws the listed operations into the frame, where they change it.
    func drawList() {
        drawing.listing = false
        let list = drawing.ops
        drawing.ops.removeAll(keepingCapacity: true)
        let versions = Self.versions(of: list)
        drawing.damage = drawing.shownValid ? Self.findDamage(list, versions: versions, shown: drawing.shown, whole: frame.bounds) : [frame.bounds]
        drawing.shown = Self.zipped(list, versions)
        drawing.shownValid = true
        if drawing.damage.isEmpty { drawing.unchangedFrames += 1; return }
        drawing.redrawnPixels += Self.area(of: drawing.damage)
        run(list, on: frame, regions: drawing.damage)
    }

    private nonisolated static func versions(of list: [DrawOp]) -> [Int] { list.map { $0.picture?.version ?? 0 } }
    private nonisolated static func zipped(_ list: [DrawOp], _ versions: [Int]) -> [(op: DrawOp, version: Int)] {
        zip(list, versions).map { ($0, $1) }
    }
    nonisolated static func area(of rects: [IRect]) -> Int { rects.reduce(0) { $0 + $1.area } }
}
