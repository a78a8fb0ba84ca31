import GameCore

// MARK: - Report

extension ProgressDatabase {
    /// Per player (each child, then the guest) and game: rounds, wins, best, average, time,
    /// stickers earned in that game (and the child's in all) and the scores in order. One pass over the rounds, ordered by the index.
    public func summary() throws(SQLiteError) -> [ProgressSummary] {
        if isEmpty { return [] }
        let kids = try children()
        var byChild: [Int: ChildProfile] = [:]
        for k in kids { byChild[k.number] = k }
        var stickerCounts: [Int: Int] = [:]
        for (child, count) in try db.query("SELECT child, count(*) FROM stickers GROUP BY child", [], { ($0.int(0), $0.int(1)) }) {
            stickerCounts[child] = count
        }
        // Per game: the game of the round that earned the sticker.
        var gameStickers: [String: Int] = [:]
        for (child, game, count) in try db.query("SELECT s.child, r.game, count(*) FROM stickers s JOIN rounds r ON r.id = s.round GROUP BY s.child, r.game",
                                                 [], { ($0.int(0), $0.text(1), $0.int(2)) }) {
            gameStickers["\(child) \(game)"] = count
        }
        struct Key: Hashable { let child: Int?; let game: String }
        var order: [Key] = []
        var rows: [Key: (rounds: Int, won: Int, best: Int, sum: Int, seconds: Double, scores: [Int])] = [:]
        let statement = try db.prepare("SELECT child, game, score, result, duration FROM rounds ORDER BY child IS NULL, child, game, played, id")
        try statement.bind([])
        while try statement.step() {
            let key = Key(child: statement.optionalInt(0), game: statement.text(1))
            let score = statement.int(2)
            if rows[key] == nil { order.append(key); rows[key] = (0, 0, 0, 0, 0, []) }
            rows[key]!.rounds += 1
            if statement.text(3) == "won" { rows[key]!.won += 1 }
            rows[key]!.best = max(rows[key]!.best, score)
            rows[key]!.sum += score
            rows[key]!.seconds += statement.double(4)
            rows[key]!.scores.append(score)
        }
        return order.map { key in
            let r = rows[key]!
            let kid = key.child.flatMap { byChild[$0] }
            return ProgressSummary(player: key.child.map { "child-\($0)" } ?? "guest", nickname: kid?.nickname, avatar: kid?.avatar,
                                   game: GameKind(rawValue: key.game), rounds: r.rounds, won: r.won, best: r.best,
                                   average: Double(r.sum) / Double(max(r.rounds, 1)), totalSeconds: r.seconds,
                                   stickers: key.child.flatMap { gameStickers["\($0) \(key.game)"] } ?? 0,
                                   childStickers: key.child.flatMap { stickerCounts[$0] } ?? 0, scores: r.scores)
        }
    }
}
