import GameCore
import Glibc

/// The corner's Progress screen reads a player's games through the progress database's
/// history query (the one the saved report's games.csv uses): no query of its own.
extension HighScoreStore {
    public func rounds(of player: String) -> [PlayedRound] {
        guard let database else { return [] }
        let child = Profiles.number(ofID: player)
        guard child != nil || player == "guest" else { return [] }
        var rows = (try? database.history(child: child)) ?? []
        if classFigures {
            // The other kiosks' rounds from the local copy of the server's (never the network).
            let others = (try? database.serverHistory(child: child)) ?? []
            if !others.isEmpty { rows = (rows + others).sorted { $0.played < $1.played } }
        }
        return rows.map { r in
            PlayedRound(game: r.game, level: r.level, score: r.score, won: r.result == "won", seconds: r.duration, played: r.played,
                        relaxed: r.relaxed)
        }
    }

    public var progressNow: Double { clock() }

    /// When the other kiosks' figures were last taken from the school's server (nil: no
    /// server named, or not yet).
    public var classFiguresAt: Double? { classFigures ? database?.serverFiguresAt : nil }
    public var classFiguresShown: Bool { classFigures }

    /// The local time zone's offset from UTC now (the chart's days are local days).
    public var utcOffset: Double {
        var t = time_t(clock())
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return Double(parts.tm_gmtoff)
    }
}
