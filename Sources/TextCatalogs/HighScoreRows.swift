import GameCore

extension HighScoreTable {
    /// The rows the popup and the log show: rank, game, level, score; `game` names a game
    /// (its English title in the log) and levels are named by their English labels.
    public func rowsJSON(game name: (GameKind) -> String) -> JSON {
        .array(entries.enumerated().map { index, e in
            .object([("rank", .int(index + 1)), ("game", .string(name(e.game))), ("level", .string(Messages.level(e.level).english)),
                     ("score", .int(e.score))])
        })
    }
}
