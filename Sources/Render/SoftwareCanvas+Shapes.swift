import GameCore
import Stage

extension SoftwareCanvas {
    // MARK: - Shapes

    public func clear(_ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.clear(color)); return }
        drawOp(.fill(target.bounds, Pixels.pixel(Color(color.r, color.g, color.b))))
    }

    public func fill(_ rect: Rect, _ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.fill(rect, color)); return }
        drawOp(.fill(IRect(rounding: viewport.toReal(rect)), Pixels.pixel(color)))
    }

    struct MaskKey: Hashable { let radius: Int; let width: Int }

    /// An anti-aliased disc (width 0) or ring of the given radius, made once.
    private func mask(radius: Int, width: Int) -> CoverageMask {
        let key = MaskKey(radius: radius, width: width)
        if let m = masks[key] { return m }
        let m = CoverageMask.disc(radius: radius, width: width)
        masks[key] = m
        return m
    }

    /// The four quadrants of a disc or ring mask at the corners of `rect` (whole pixels).
    private func corners(_ mask: CoverageMask, radius r: Int, of rect: IRect, _ color: UInt32) {
        drawOp(.mask(mask, from: IRect(0, 0, r, r), x: rect.x, y: rect.y, color))
        drawOp(.mask(mask, from: IRect(r, 0, r, r), x: rect.maxX - r, y: rect.y, color))
        drawOp(.mask(mask, from: IRect(0, r, r, r), x: rect.x, y: rect.maxY - r, color))
        drawOp(.mask(mask, from: IRect(r, r, r, r), x: rect.maxX - r, y: rect.maxY - r, color))
    }

    public func fillRounded(_ rawRect: Rect, radius: Double, _ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.rounded(rawRect, radius: radius, color)); return }
        let rect = IRect(rounding: viewport.toReal(rawRect))
        guard !rect.isEmpty else { return }
        let r = Int(min(radius * viewport.scale, Double(rect.w) / 2, Double(rect.h) / 2).rounded(.down))
        let c = Pixels.pixel(color)
        guard r >= 1 else { drawOp(.fill(rect, c)); return }
        corners(mask(radius: r, width: 0), radius: r, of: rect, c)
        // The middle band, then the two side strips between the corners: no overlaps.
        drawOp(.fill(IRect(rect.x + r, rect.y, rect.w - 2 * r, rect.h), c))
        drawOp(.fill(IRect(rect.x, rect.y + r, r, rect.h - 2 * r), c))
        drawOp(.fill(IRect(rect.maxX - r, rect.y + r, r, rect.h - 2 * r), c))
    }

    public func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.stroke(rect, radius: radius, width: width, color)); return }
        let width = width * viewport.scale, radius = radius * viewport.scale
        let outer = IRect(rounding: viewport.toReal(rect).insetBy(-width / 2, -width / 2))
        guard !outer.isEmpty else { return }
        let w = max(1, Int(width.rounded()))
        let r = max(w, Int(min(radius + width / 2, Double(outer.w) / 2, Double(outer.h) / 2).rounded(.down)))
        let c = Pixels.pixel(color)
        corners(mask(radius: r, width: w), radius: r, of: outer, c)
        drawOp(.fill(IRect(outer.x + r, outer.y, outer.w - 2 * r, w), c))
        drawOp(.fill(IRect(outer.x + r, outer.maxY - w, outer.w - 2 * r, w), c))
        drawOp(.fill(IRect(outer.x, outer.y + r, w, outer.h - 2 * r), c))
        drawOp(.fill(IRect(outer.maxX - w, outer.y + r, w, outer.h - 2 * r), c))
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.circle(center, radius: radius, color)); return }
        let center = viewport.toReal(center)
        let r = max(1, Int((radius * viewport.scale).rounded()))
        let m = mask(radius: r, width: 0)
        drawOp(.mask(m, from: IRect(0, 0, 2 * r, 2 * r), x: Int((center.x - Double(r)).rounded()),
                    y: Int((center.y - Double(r)).rounded()), Pixels.pixel(color)))
    }

    /// A thick anti-aliased line with square-cut ends: each pixel near it is covered by how
    /// far its centre lies inside the band.
    public func line(from a: Point, to b: Point, width: Double, _ color: Color) {
        if layerCache.recording { layerCache.recorded.append(.line(a, b, width: width, color)); return }
        let a = viewport.toReal(a), b = viewport.toReal(b), width = width * viewport.scale
        let len = a.distance(to: b)
        guard len > 0, width > 0 else { return }
        let half = width / 2
        let box = IRect(Int((min(a.x, b.x) - half - 1).rounded(.down)), Int((min(a.y, b.y) - half - 1).rounded(.down)),
                        Int((abs(a.x - b.x) + width + 3).rounded(.up)), Int((abs(a.y - b.y) + width + 3).rounded(.up)))
            .intersection(target.bounds)
        guard !box.isEmpty else { return }
        let ux = (b.x - a.x) / len, uy = (b.y - a.y) / len
        let c = Pixels.pixel(color)
        let mask = CoverageMask(width: box.w, height: box.h)
        for y in 0..<box.h {
            for x in 0..<box.w {
                let px = Double(box.x + x) + 0.5 - a.x, py = Double(box.y + y) + 0.5 - a.y
                let along = px * ux + py * uy, across = abs(-px * uy + py * ux)
                let cover = min(max(half - across + 0.5, 0), 1) * min(max(along + 0.5, 0), 1) * min(max(len - along + 0.5, 0), 1)
                mask.values[y * box.w + x] = UInt8((cover * 255).rounded())
            }
        }
        drawOp(.mask(mask, from: IRect(0, 0, box.w, box.h), x: box.x, y: box.y, c))
    }
}
