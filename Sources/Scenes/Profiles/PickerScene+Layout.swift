import GameCore
import Stage

// The picker's frames: the tiles, the animals, the colours, the page dots (portrait places
// its own grids; elsewhere the 1024×768 frames are centred).
extension PickerScene {
    /// The middle of the frames' width: the canvas's in portrait, the design's elsewhere.
    static var middle: Double { upright ? Canvas1024.width / 2 : 512 }
    /// Portrait: the band under the bar a grid is centred in (the tiles': above the arrows
    /// and the "class is full" line over them).
    static func uprightBand(arrows: Bool) -> Rect { Rect(0, 88, Canvas1024.width, Canvas1024.height - (arrows ? 180 : 40) - 88) }

    /// A grid of `columns` × `rows` frames of `size`, `gap` apart, centred in `band`.
    static func uprightGrid(_ index: Int, in band: Rect, columns: Int, rows: Int, size: Size, gap: Double) -> Rect {
        let x0 = ((band.width - (Double(columns) * size.width + Double(columns - 1) * gap)) / 2).rounded()
        let y0 = (band.y + (band.height - (Double(rows) * size.height + Double(rows - 1) * gap)) / 2).rounded()
        return Rect(x0 + Double(index % columns) * (size.width + gap), y0 + Double(index / columns) * (size.height + gap), size.width, size.height)
    }

    /// Tile `slot` of a page showing `count` tiles. A row that is not full is centred (the
    /// guest, one to three children and "+" stand in the middle, not in a corner; issue 45,
    /// item 7); a single row is centred as a block where two would stand (portrait centres
    /// the rows in use). Full rows keep their places.
    public static func tileFrame(_ slot: Int, of count: Int = perPage) -> Rect {
        let shown = max(1, min(count, perPage))
        guard !upright else {
            let band = uprightBand(arrows: true)
            let gap = 22.0, h = min(252, ((band.height - 3 * gap) / 4).rounded(.down)), w = min(220, h - 32)
            let r = uprightGrid(slot, in: band, columns: 3, rows: (shown + 2) / 3, size: Size(w, h), gap: gap)
            return r.offsetBy(rowShift(slot, shown: shown, columns: 3, step: w + gap), 0)
        }
        let w = 168.0, h = 200.0, gap = 22.0
        let x0 = (1024 - (5 * w + 4 * gap)) / 2
        let y0 = shown <= 5 ? 150 + ((h + gap) / 2).rounded() : 150
        return Rect(x0 + Double(slot % 5) * (w + gap) + rowShift(slot, shown: shown, columns: 5, step: w + gap),
                    y0 + Double(slot / 5) * (h + gap), w, h)
    }

    /// How far tile `slot` moves right so that the last row, when it is not full, is centred.
    static func rowShift(_ slot: Int, shown: Int, columns: Int, step: Double) -> Double {
        let lastRow = (shown - 1) / columns * columns
        guard slot >= lastRow else { return 0 }
        return (Double(columns - (shown - lastRow)) * step / 2).rounded()
    }

    public static func animalFrame(_ index: Int) -> Rect {
        guard !upright else {
            let band = uprightBand(arrows: false)
            let gap = 16.0, s = min(200, ((band.height - 5 * gap) / 6).rounded(.down))
            return uprightGrid(index, in: band, columns: 3, rows: (Avatar.animals.count + 2) / 3, size: Size(s, s), gap: gap)
        }
        let s = 140.0, gap = 16.0
        let x0 = (1024 - (6 * s + 5 * gap)) / 2
        return Rect(x0 + Double(index % 6) * (s + gap), 130 + Double(index / 6) * (s + gap), s, s)
    }

    public static func colourFrame(_ index: Int) -> Rect {
        guard !upright else {
            let band = uprightBand(arrows: false)
            let gap = 28.0, s = min(280, ((band.height - 3 * gap) / 4).rounded(.down))
            return uprightGrid(index, in: band, columns: 2, rows: (Avatar.colours.count + 1) / 2, size: Size(s, s), gap: gap)
        }
        let w = 200.0, h = 200.0, gap = 28.0
        let x0 = (1024 - (4 * w + 3 * gap)) / 2
        return Rect(x0 + Double(index % 4) * (w + gap), 170 + Double(index / 4) * (h + gap), w, h)
    }

    /// At most this many page dots (a class of 40 is five pages: one dot each).
    static let maxDots = 9

    /// The pages that have a dot: all of them, or the `maxDots` around `page`.
    static func dots(page: Int, of pages: Int) -> Range<Int> {
        guard pages > maxDots else { return 0..<pages }
        let start = max(0, min(page - maxDots / 2, pages - maxDots))
        return start..<(start + maxDots)
    }
}
