import GameCore

/// Hand-placed frames of the Home screen.
public enum HomeLayout {
    public static let tileSize = Size(220, 176)
    public static let levelTileSize = Size(220, 140)
    public static let tileGap = 44.0
    public static let gameRowY = 136.0
    public static let levelRowY = 370.0
    public static let gameLabelY = 98.0
    public static let levelLabelY = 342.0
    public static let play = Rect(402, 548, 220, 196)
    public static let highScores = Rect(714, 572, 180, 160)

    static func rowX(_ index: Int) -> Double {
        let total = 3 * tileSize.width + 2 * tileGap
        return (1024 - total) / 2 + Double(index) * (tileSize.width + tileGap)
    }
    public static func gameTile(_ index: Int) -> Rect { Rect(rowX(index), gameRowY, tileSize.width, tileSize.height) }
    public static func levelTile(_ index: Int) -> Rect { Rect(rowX(index), levelRowY, levelTileSize.width, levelTileSize.height) }
}
