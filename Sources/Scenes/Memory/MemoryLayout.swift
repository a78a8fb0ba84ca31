import GameCore

/// Where the Memory cards go: a grid of square cards centred in the play area, with equal
/// left/right margins, equal top/bottom margins and equal gaps, the cards as large as fit.
/// Sizes are whole pixels so card edges stay crisp; any odd pixel left over goes to the
/// right or bottom margin, so opposite margins differ by at most one pixel.
public enum MemoryLayout {
    /// The least space between the grid and the edges of the play area.
    public static let minimumMargin = 20.0
    /// The gap between neighbouring cards as a fraction of the card size: enough to read
    /// the cards as separate things, small enough to keep them big.
    public static let gapRatio = 0.06
    /// Cards are tapped by small fingers: never smaller than this.
    public static let minimumCardSize = 64.0

    /// The side of a card and the gap between cards for a grid in `area`.
    public static func cardSize(columns: Int, rows: Int, in area: Rect) -> (card: Double, gap: Double) {
        let availableWidth = area.width - 2 * minimumMargin
        let availableHeight = area.height - 2 * minimumMargin
        // n cards and n-1 gaps of gapRatio × card fill the available length.
        let byWidth = availableWidth / (Double(columns) + Double(columns - 1) * gapRatio)
        let byHeight = availableHeight / (Double(rows) + Double(rows - 1) * gapRatio)
        var card = min(byWidth, byHeight).rounded(.down)
        // The gap rounds down to whole pixels, which may leave room for a slightly bigger card.
        func fits(_ size: Double) -> Bool {
            let gap = gap(for: size)
            return Double(columns) * size + Double(columns - 1) * gap <= availableWidth
                && Double(rows) * size + Double(rows - 1) * gap <= availableHeight
        }
        while fits(card + 1) { card += 1 }
        return (card, gap(for: card))
    }

    /// The whole-pixel gap that goes with a card size.
    public static func gap(for card: Double) -> Double { (card * gapRatio).rounded(.down) }

    /// The card frames, row by row from the top left (index = card id).
    public static func frames(columns: Int, rows: Int, in area: Rect) -> [Rect] {
        let (card, gap) = cardSize(columns: columns, rows: rows, in: area)
        let gridWidth = Double(columns) * card + Double(columns - 1) * gap
        let gridHeight = Double(rows) * card + Double(rows - 1) * gap
        let left = area.x + ((area.width - gridWidth) / 2).rounded(.down)
        let top = area.y + ((area.height - gridHeight) / 2).rounded(.down)
        var frames: [Rect] = []
        for row in 0..<rows {
            for column in 0..<columns {
                frames.append(Rect(left + Double(column) * (card + gap), top + Double(row) * (card + gap), card, card))
            }
        }
        return frames
    }

    /// The frames for a level's grid in `area` (the game's play area below the top bar).
    public static func frames(for level: Level, in area: Rect) -> [Rect] {
        let grid = self.grid(for: level, in: area)
        return frames(columns: grid.columns, rows: grid.rows, in: area)
    }

    /// The level's grid at 4:3 (4×3, ...); on another shape the columns and rows that hold
    /// the same cards at the largest size: 3×4 on a portrait screen, wider rows on a wide one
    /// (issue 27).
    public static func grid(for level: Level, in area: Rect) -> (columns: Int, rows: Int) {
        let grid = MemoryRules.grid(for: level)
        guard !Canvas1024.isStandard else { return grid }
        let count = grid.columns * grid.rows
        var best = grid, bestCard = cardSize(columns: grid.columns, rows: grid.rows, in: area).card
        for columns in 1...count where count % columns == 0 {
            let card = cardSize(columns: columns, rows: count / columns, in: area).card
            if card > bestCard { best = (columns, count / columns); bestCard = card }
        }
        return best
    }
}
