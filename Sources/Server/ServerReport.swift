/// The whole class as the school's server has it: per child (the guest last), game and the
/// kiosk it was played on, with rounds, wins, best and average scores, time and stickers.
public struct ServerReportRow: Equatable, Sendable {
    /// The child's server id (nil: the guest).
    public var child: String?
    public var nickname: String?
    public var animal: String?
    public var colour: String?
    public var kioskName: String
    public var kioskID: String
    public var game: String
    public var rounds: Int
    public var won: Int
    public var best: Int
    public var average: Double
    public var seconds: Double
    public var stickers: Int
}

public enum ServerReport {
    /// Reads the class (the schema must be this game's version).
    public static func rows(_ c: PGConnection) throws(ServerError) -> [ServerReportRow] {
        try ServerSchema.check(c)
        let rows = try c.exec("""
            SELECT c.uid, c.nickname, c.animal, c.colour, coalesce(k.name, r.kiosk), r.kiosk, r.game,
                   count(*), count(*) FILTER (WHERE r.result = 'won'), max(r.score), avg(r.score), sum(r.duration), count(s.round)
            FROM rounds r
                LEFT JOIN children c ON c.uid = r.child
                LEFT JOIN kiosks k ON k.id = r.kiosk
                LEFT JOIN stickers s ON s.kiosk = r.kiosk AND s.round = r.entry
            GROUP BY c.uid, c.nickname, c.animal, c.colour, c.created, k.name, r.kiosk, r.game
            ORDER BY c.uid IS NULL, c.created, c.uid, r.game, coalesce(k.name, r.kiosk), r.kiosk
            """)
        return rows.map { r in
            ServerReportRow(child: r[0], nickname: r[1], animal: r[2], colour: r[3], kioskName: r[4] ?? "", kioskID: r[5] ?? "",
                            game: r[6] ?? "", rounds: Int(r[7] ?? "") ?? 0, won: Int(r[8] ?? "") ?? 0, best: Int(r[9] ?? "") ?? 0,
                            average: Double(r[10] ?? "") ?? 0, seconds: Double(r[11] ?? "") ?? 0, stickers: Int(r[12] ?? "") ?? 0)
        }
    }

    /// How many rounds the server has, and from how many kiosks.
    public static func totals(_ c: PGConnection) throws(ServerError) -> (rounds: Int, kiosks: Int) {
        let r = try c.exec("SELECT count(*), count(DISTINCT kiosk) FROM rounds").first
        return (Int((r?[0]) ?? "") ?? 0, Int((r?[1]) ?? "") ?? 0)
    }
}
