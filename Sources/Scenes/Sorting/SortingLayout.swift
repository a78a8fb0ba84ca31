import GameCore
import CMath
import Stage

/// Hand-placed frames of the Sorting screen. The background `bg-sorting` is drawn full
/// screen (1024×768, the top bar over its top 64 px), so the zones are given in the picture's
/// own pixels: the sky with its clouds, the sea on the left, grass and road on the right.
/// The top of the sky is plain: the row of vehicles waits there.
public enum SortingLayout {
    /// The plain sky band under the top bar where the vehicles wait: one row in landscape,
    /// two rows on a portrait screen (twelve across 768 units would be under a finger's size).
    public static var rowBand: Rect {
        Canvas1024.shape == .portrait ? Rect(0, 72, Canvas1024.width, 228) : Rect(0, 72, Canvas1024.width, 118)
    }
    /// Rows of the waiting vehicles.
    public static var rowCount: Int { Canvas1024.shape == .portrait ? 2 : 1 }
    /// Vehicles are never smaller than a child's finger target, nor bigger than this.
    public static let minVehicleSize: Double = 64
    public static let maxVehicleSize: Double = 100
    /// The smallest gap between neighbours (and at the ends) before vehicles shrink.
    public static let minGap: Double = 12

    /// The background picture for the canvas's shape, cropped about its middle.
    public static var backgroundFrame: Rect { SceneBackgrounds.frame("bg-sorting") }

    /// The painted regions of the picture, one zone per category. 4:3: the sky with its clouds
    /// from under the row of vehicles down to the horizon (y 410); the sea left of the beach
    /// (the sand runs from x 466 to 486); grass and road right of it. Measured on bg-sorting.
    /// Wide: the same rows, the beach in the middle of the screen (bg-sorting-wide). Portrait:
    /// stacked, sky over sea over land (bg-sorting-portrait: horizon at 720, beach 1000-1020,
    /// in its 1365 rows, cropped about its middle).
    public static let horizonY: Double = 410
    public static var zones: [SortingZone] {
        let w = Canvas1024.width, h = Canvas1024.height
        switch Canvas1024.shape {
        case .standard:
            return [
                SortingZone(category: .air, area: [Rect(0, 196, 1024, horizonY - 196)]),
                SortingZone(category: .water, area: [Rect(0, horizonY, 466, 768 - horizonY)]),
                SortingZone(category: .land, area: [Rect(486, horizonY, 1024 - 486, 768 - horizonY)]),
            ]
        case .wide:
            let beach = backgroundFrame.midX
            return [
                SortingZone(category: .air, area: [Rect(0, 196, w, horizonY - 196)]),
                SortingZone(category: .water, area: [Rect(0, horizonY, beach - 12, h - horizonY)]),
                SortingZone(category: .land, area: [Rect(beach + 12, horizonY, w - beach - 12, h - horizonY)]),
            ]
        case .portrait:
            let top = backgroundFrame.y, s = backgroundFrame.height / SceneBackgrounds.portraitSize.height
            let horizon = (top + 720 * s).rounded(), shore = (top + 1000 * s).rounded(), land = (top + 1022 * s).rounded()
            let skyTop = rowBand.maxY + 6
            return [
                SortingZone(category: .air, area: [Rect(0, skyTop, w, horizon - skyTop)]),
                SortingZone(category: .water, area: [Rect(0, horizon, w, shore - horizon)]),
                SortingZone(category: .land, area: [Rect(0, land, w, h - land)]),
            ]
        }
    }

    /// The dashed outline of a zone: its painted region, drawn a little inside so the whole
    /// outline shows on screen and neighbours' outlines stay apart.
    public static func outlineFrame(_ zone: SortingZone) -> Rect { zone.rect.insetBy(8, 8) }

    /// Vehicles in each row for `count` of them.
    static func perRow(_ count: Int) -> Int { (count + rowCount - 1) / rowCount }

    /// The side of each square vehicle frame for a row of `count`: as large as fits with at
    /// least `minGap` between neighbours and at both ends, at most `maxVehicleSize`
    /// (100 px for 8, 89 px for 10, 72 px for 12 at 4:3). Whole pixels, so images stay crisp.
    public static func vehicleSize(count: Int) -> Double {
        guard count > 0 else { return maxVehicleSize }
        let n = perRow(count)
        let fit = (Canvas1024.width - Double(n + 1) * minGap) / Double(n)
        let size = min(maxVehicleSize, rowBand.height / Double(rowCount) - 2, fit).rounded(.down)
        // A small screen (640×480) keeps them finger-sized: the gaps narrow instead (twelve of
        // 77 units, 48 px, with 7-8 units between them).
        return max(size, min(Canvas1024.fingerUnits, (Canvas1024.width - Double(n + 1) * 4) / Double(n)).rounded(.up))
    }

    /// The home slots of `count` vehicles: rows across the top, centred in the sky band,
    /// with equal gaps between neighbours and at both ends.
    public static func slots(count: Int) -> [Rect] {
        let size = vehicleSize(count: count)
        let n = perRow(count)
        let band = rowBand, rowHeight = band.height / Double(rowCount)
        return (0..<count).map { i in
            let row = i / n, inRow = min(n, count - row * n)
            let gap = (Canvas1024.width - Double(inRow) * size) / Double(inRow + 1)
            let y = band.y + rowHeight * (Double(row) + 0.5) - size / 2
            return Rect(gap + Double(i - row * n) * (size + gap), y, size, size)
        }
    }

    /// A placed vehicle stays where it was let go, moved the least needed to lie inside the
    /// zone rectangle that holds the release point (a zone with no free place left).
    public static func placedFrame(_ frame: Rect, in zone: Rect) -> Rect {
        frame.clamped(into: zone)
    }

    // MARK: Places in a zone

    /// The most vehicles of one category a game draws: the pool's, at most the hardest row.
    public static func placeCount(for category: VehicleCategory, pool: [SortingVehicle] = SortingVehicle.pool) -> Int {
        min(pool.filter { $0.category == category }.count, SortingRules.vehicleCount(for: .hard))
    }

    /// The space between places, and between them and the zone's outline.
    public static let placeMargin: Double = 12

    /// The part of a zone that placed vehicles settle in: inside its outline, under its badge.
    public static func placeField(of zone: SortingZone) -> Rect {
        let outline = outlineFrame(zone)
        let top = outline.y + 12 + badgeIcon + 12 + placeMargin
        return Rect(outline.x + placeMargin, top, outline.width - 2 * placeMargin, outline.maxY - placeMargin - top)
    }

    /// Where vehicles placed in `zone` settle, in the order they fill (issue 45): a grid of
    /// `placeCount` squares of `size` in the zone's place field, as few rows as fit, the rows
    /// and columns spread evenly, rows from the top and each from the left (mirrored in
    /// Arabic, as the whole field is). Whole pixels.
    public static func places(in zone: SortingZone, size: Double, count: Int? = nil) -> [Rect] {
        let field = placeField(of: zone)
        let count = count ?? placeCount(for: zone.category)
        let columns = max(1, min(count, Int((field.width + placeMargin) / (size + placeMargin))))
        let rows = (count + columns - 1) / columns
        let gapX = (field.width - Double(columns) * size) / Double(columns + 1)
        let gapY = max(0, (field.height - Double(rows) * size) / Double(rows + 1))
        return (0..<count).map { i in
            let row = i / columns, column = i % columns
            return Rect((field.x + gapX + Double(column) * (size + gapX)).rounded(.down),
                        (field.y + gapY + Double(row) * (size + gapY)).rounded(.down), size, size)
        }
    }

    // MARK: Zone decoration

    /// Corner radius of the zones' rounded outline.
    public static let zoneRadius: Double = 26
    /// The badge in a zone's top-left corner: icon and label, so a zone reads without colour.
    public static func badgeFrame(of zone: Rect, labelWidth: Double) -> Rect {
        Rect(zone.x + 12, zone.y + 12, 12 + badgeIcon + 8 + labelWidth + 18, badgeIcon + 12)
    }
    public static let badgeIcon: Double = 44

    /// A dashed outline along a rounded rectangle, as short straight segments: dashes of
    /// `dash` px separated by `gap` px, walked along the perimeter (corner arcs included).
    public static func dashedOutline(_ rect: Rect, radius: Double, dash: Double, gap: Double) -> [(Point, Point)] {
        let r = min(radius, rect.width / 2, rect.height / 2)
        let straightW = rect.width - 2 * r, straightH = rect.height - 2 * r
        let arc = Double.pi / 2 * r
        let pieces: [(length: Double, at: (Double) -> Point)] = [
            (straightW, { Point(rect.x + r + $0, rect.y) }),
            (arc, { corner(Point(rect.maxX - r, rect.y + r), r, -Double.pi / 2 + $0 / max(r, 1e-9)) }),
            (straightH, { Point(rect.maxX, rect.y + r + $0) }),
            (arc, { corner(Point(rect.maxX - r, rect.maxY - r), r, $0 / max(r, 1e-9)) }),
            (straightW, { Point(rect.maxX - r - $0, rect.maxY) }),
            (arc, { corner(Point(rect.x + r, rect.maxY - r), r, Double.pi / 2 + $0 / max(r, 1e-9)) }),
            (straightH, { Point(rect.x, rect.maxY - r - $0) }),
            (arc, { corner(Point(rect.x + r, rect.y + r), r, Double.pi + $0 / max(r, 1e-9)) }),
        ]
        let perimeter = pieces.reduce(0) { $0 + $1.length }
        // Stretch the gaps a little so the dashes close the loop evenly.
        let count = max(1, Int((perimeter / (dash + gap)).rounded()))
        let period = perimeter / Double(count)
        func point(at distance: Double) -> Point {
            var d = distance
            for piece in pieces {
                if d <= piece.length { return piece.at(d) }
                d -= piece.length
            }
            return pieces[pieces.count - 1].at(pieces[pieces.count - 1].length)
        }
        var segments: [(Point, Point)] = []
        let step = 9.0
        for k in 0..<count {
            let start = Double(k) * period
            var s = start
            while s < start + dash - 1e-9 {
                let e = min(s + step, start + dash)
                segments.append((point(at: s), point(at: e)))
                s = e
            }
        }
        return segments
    }

    private static func corner(_ centre: Point, _ r: Double, _ angle: Double) -> Point {
        Point(centre.x + r * cos(angle), centre.y + r * sin(angle))
    }
}
