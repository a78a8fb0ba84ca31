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

    /// The card frames, row by row from the top left (index = card id): `count` cards (all
    /// `columns × rows` when nil), the last row holding the rest, centred. `cover` (a share of
    /// the canvas, 0 for none) spreads the columns apart, wider gaps across, where the cards
    /// cannot grow but the board would cover less of the canvas than that.
    public static func frames(columns: Int, rows: Int, count: Int? = nil, in area: Rect, cover: Double = 0) -> [Rect] {
        let count = count ?? columns * rows
        let (card, gap) = cardSize(columns: columns, rows: rows, in: area)
        let gridHeight = Double(rows) * card + Double(rows - 1) * gap
        var gapAcross = gap
        let needed = cover * Canvas1024.width * Canvas1024.height / gridHeight
        if columns > 1, Double(columns) * card + Double(columns - 1) * gap < needed {
            let widest = ((area.width - 2 * minimumMargin - Double(columns) * card) / Double(columns - 1)).rounded(.down)
            gapAcross = min(widest, ((needed - Double(columns) * card) / Double(columns - 1)).rounded(.up))
        }
        let pitch = card + gapAcross
        let gridWidth = Double(columns) * card + Double(columns - 1) * gapAcross
        let left = area.x + ((area.width - gridWidth) / 2).rounded(.down)
        let top = area.y + ((area.height - gridHeight) / 2).rounded(.down)
        return (0..<count).map { index in
            let row = index / columns, column = index % columns
            // The last row's cards, when fewer, sit in the middle of the row.
            let inRow = min(columns, count - row * columns)
            let indent = (Double(columns - inRow) * pitch / 2).rounded(.down)
            return Rect(left + indent + Double(column) * pitch, top + Double(row) * (card + gap), card, card)
        }
    }

    /// The least share of the canvas a board covers, on every shape (issue 45): where the
    /// largest cards leave the board smaller, its columns spread apart (4:3 Medium: 4×4 cards
    /// of 158 units would cover 56%; 28-unit gaps across make it 60%, the cards no smaller).
    public static let leastCover = 0.6

    /// The frames for a level's cards in `area` (the game's play area below the top bar).
    public static func frames(for level: Level, in area: Rect) -> [Rect] {
        let grid = self.grid(for: level, in: area)
        return frames(columns: grid.columns, rows: grid.rows, count: MemoryRules.pairCount(for: level) * 2, in: area,
                      cover: leastCover)
    }

    /// The columns and rows that give the level's cards the largest size in `area` on the
    /// screen's shape (issue 45): every grid of `columns × rows` places for the cards, the last
    /// row perhaps short. Ties go to the grid of before (the level's 4×3, 4×4, 5×4 at 4:3, and
    /// on other shapes the full grid that made the cards largest, issue 27), then to fewer
    /// empty places, then to the nearer number of columns: at 4:3 nothing moves.
    public static func grid(for level: Level, in area: Rect) -> (columns: Int, rows: Int) {
        let count = MemoryRules.pairCount(for: level) * 2
        let before = fullGrid(for: level, in: area)
        func rank(_ columns: Int) -> (Double, Int, Int, Int) {
            let rows = (count + columns - 1) / columns
            return (cardSize(columns: columns, rows: rows, in: area).card, columns == before.columns && rows == before.rows ? 1 : 0,
                    count - columns * rows, -abs(columns - before.columns))
        }
        let columns = (1...count).max { rank($0) < rank($1) }!
        return (columns, (count + columns - 1) / columns)
    }

    /// The grid of before: the level's at 4:3; on another shape the full columns and rows that
    /// make its cards largest (3×4 on a portrait screen, wider rows on a wide one; issue 27).
    static func fullGrid(for level: Level, in area: Rect) -> (columns: Int, rows: Int) {
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
