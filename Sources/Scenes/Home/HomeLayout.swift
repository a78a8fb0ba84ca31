import GameCore

/// Hand-placed frames of the Home screen.
public enum HomeLayout {
    public static let tileSize = Size(220, 176)
    public static let levelTileSize = Size(220, 140)
    public static let tileGap = 44.0
    /// The least room at both ends of a row of game tiles (four tiles still fit).
    public static let minRowMargin = 40.0
    public static let gameRowY = 136.0
    public static let levelRowY = 370.0
    public static let gameLabelY = 98.0
    public static let levelLabelY = 342.0
    public static let play = Rect(402, 548, 220, 196)
    public static let highScores = Rect(714, 572, 180, 160)
    /// The large muted speaker, shown while the game is muted (the High Scores button's twin
    /// left of Play).
    public static let mutedSpeaker = Rect(130, 572, 180, 160)

    /// The width of each of `count` tiles: 220 while they fit with 44 px gaps, narrower
    /// (equal gaps kept) when more games are registered.
    public static func tileWidth(count: Int) -> Double {
        let fit = (Canvas1024.width - 2 * minRowMargin - Double(count - 1) * tileGap) / Double(max(count, 1))
        return min(tileSize.width, fit.rounded(.down))
    }

    /// The left edge of tile `index` of a centred row of `count` tiles with equal gaps.
    static func rowX(_ index: Int, count: Int = 3) -> Double {
        let width = tileWidth(count: count)
        let total = Double(count) * width + Double(count - 1) * tileGap
        return (Canvas1024.width - total) / 2 + Double(index) * (width + tileGap)
    }

    /// Game tile `index` of a row of `count` (the registry's games).
    public static func gameTile(_ index: Int, of count: Int = 3) -> Rect {
        Rect(rowX(index, count: count), gameRowY, tileWidth(count: count), tileSize.height)
    }

    /// A selected tile's check mark, astride its top right corner.
    public static func checkFrame(on tile: Rect) -> Rect { Rect(tile.maxX - 40, tile.y - 16, 52, 52) }

    /// The keyboard's focus ring round a tile: far enough out to go round its check mark
    /// (the check reaches 16 px above and 12 px right of the tile; the 5 px ring is 22 px out).
    public static func focusRing(around tile: Rect) -> Rect { tile.insetBy(-22, -22) }

    public static func levelTile(_ index: Int, of count: Int = 3) -> Rect {
        Rect(rowX(index, count: count), levelRowY, levelTileSize.width, levelTileSize.height)
    }
}
