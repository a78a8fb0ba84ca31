import GameCore

/// Hand-placed frames of the Home screen, per shape class (issue 27). 4:3: the frames it
/// always had. Wide: the same rows, the tiles wider and spread over the width, High Scores
/// by the right edge. Portrait: the rows taller, one under the other, Play below them and
/// High Scores in the bottom-right corner; the extra height of a screen taller than 3:4 is
/// shared among the rows.
public enum HomeLayout {
    public static let tileSize = Size(220, 176)
    public static let levelTileSize = Size(220, 140)
    public static let tileGap = 44.0
    /// The least room at both ends of a row of game tiles (four tiles still fit).
    public static let minRowMargin = 40.0

    /// Height beyond 3:4 on a portrait screen (0 in landscape).
    static var extra: Double { Canvas1024.shape == .portrait ? Canvas1024.height - 1024 : 0 }
    static var portrait: Bool { Canvas1024.shape == .portrait }

    public static var gameLabelY: Double { portrait ? 110 + extra * 0.1 : 98 }
    public static var gameRowY: Double { portrait ? 150 + extra * 0.15 : 136 }
    static var gameTileHeight: Double { portrait ? 190 + extra * 0.1 : tileSize.height }
    public static var levelLabelY: Double { portrait ? gameRowY + gameTileHeight + 45 : 342 }
    public static var levelRowY: Double { portrait ? levelLabelY + 35 : 370 }
    static var levelTileHeight: Double { portrait ? 150 + extra * 0.1 : levelTileSize.height }
    public static var play: Rect {
        portrait ? Rect(Canvas1024.width / 2 - 110, levelRowY + levelTileHeight + 40 + extra * 0.1, 220, 196 + extra * 0.1)
            : Rect(Canvas1024.width / 2 - 110, 548, 220, 196)
    }
    public static var highScores: Rect {
        portrait ? Rect(Canvas1024.width - 200, Canvas1024.height - 180, 180, 160) : Rect(Canvas1024.width - 310, 572, 180, 160)
    }

    /// The widest a tile grows on a wide screen.
    static var maxTileWidth: Double { Canvas1024.shape == .wide ? (tileSize.width * Canvas1024.width / 1024).rounded(.down).clamped(220, 300) : tileSize.width }
    /// The gap between tiles, wider on a wide screen.
    static var gap: Double { Canvas1024.shape == .wide ? (tileGap * Canvas1024.width / 1024).rounded(.down) : tileGap }
    /// The large muted speaker, shown while the game is muted (the High Scores button's twin
    /// at the other side of Play).
    public static var mutedSpeaker: Rect {
        portrait ? Rect(20, Canvas1024.height - 180, 180, 160) : Rect(130, 572, 180, 160)
    }

    /// The width of each of `count` tiles: 220 while they fit with 44 px gaps, narrower
    /// (equal gaps kept) when more games are registered.
    public static func tileWidth(count: Int) -> Double {
        let fit = (Canvas1024.width - 2 * minRowMargin - Double(count - 1) * gap) / Double(max(count, 1))
        return min(maxTileWidth, fit.rounded(.down))
    }

    /// The left edge of tile `index` of a centred row of `count` tiles with equal gaps.
    static func rowX(_ index: Int, count: Int = 3) -> Double {
        let width = tileWidth(count: count)
        let total = Double(count) * width + Double(count - 1) * gap
        return (Canvas1024.width - total) / 2 + Double(index) * (width + gap)
    }

    /// Game tile `index` of a row of `count` (the registry's games).
    public static func gameTile(_ index: Int, of count: Int = 3) -> Rect {
        Rect(rowX(index, count: count), gameRowY, tileWidth(count: count), gameTileHeight)
    }

    /// A selected tile's check mark, astride its top right corner.
    public static func checkFrame(on tile: Rect) -> Rect { Rect(tile.maxX - 40, tile.y - 16, 52, 52) }

    /// The keyboard's focus ring round a tile: far enough out to go round its check mark
    /// (the check reaches 16 px above and 12 px right of the tile; the 5 px ring is 22 px out).
    public static func focusRing(around tile: Rect) -> Rect { tile.insetBy(-22, -22) }

    public static func levelTile(_ index: Int, of count: Int = 3) -> Rect {
        let width = Canvas1024.isStandard ? levelTileSize.width : tileWidth(count: count)
        return Rect(rowX(index, count: count), levelRowY, width, levelTileHeight)
    }
}
