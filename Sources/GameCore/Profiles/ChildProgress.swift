/// One finished game as the grown-ups' Progress screen reads it (from the progress
/// database's history, the same rows as the saved report's `games.csv`).
public struct PlayedRound: Equatable, Sendable {
    public var game: GameKind
    public var level: Level
    public var score: Int
    public var won: Bool
    /// How long the game lasted, in seconds.
    public var seconds: Double
    /// When it ended (seconds since 1970, UTC).
    public var played: Double
    /// Played relaxed (no clock, no losing): a first game, or the relaxed switch.
    public var relaxed: Bool

    public init(game: GameKind, level: Level, score: Int, won: Bool, seconds: Double, played: Double, relaxed: Bool = false) {
        self.game = game; self.level = level; self.score = score; self.won = won; self.seconds = seconds; self.played = played
        self.relaxed = relaxed
    }
}

/// What the Progress screen says about one player: games played, won and lost (in all and
/// per game and level), time played in the last 7 days, the best score, and the scores
/// to chart with their dates. A pure value: `now` is the store's clock.
public struct ChildProgress: Equatable, Sendable {
    /// One game at one level.
    public struct Cell: Equatable, Sendable {
        public var game: GameKind
        public var level: Level
        public var played = 0
        public var won = 0
        public var best = 0
        public var lost: Int { played - won }
    }

    /// "This week": the 7 days up to now.
    public static let weekSeconds = 7.0 * 86_400
    /// The chart shows the last this many games.
    public static let chartLimit = 30

    public private(set) var played = 0
    public private(set) var won = 0
    public private(set) var best = 0
    public private(set) var weekSeconds = 0.0
    public private(set) var totalSeconds = 0.0
    /// Per game and level, in the registry's game order and the levels' order; only those played.
    public private(set) var cells: [Cell] = []
    /// The last `chartLimit` games, oldest first.
    public private(set) var chart: [PlayedRound] = []
    public var lost: Int { played - won }

    /// `rounds` in the order played; `games` gives the order of the games.
    public init(rounds: [PlayedRound], now: Double, games: [GameKind]) {
        var byCell: [String: Cell] = [:]
        for r in rounds {
            played += 1
            if r.won { won += 1 }
            best = max(best, r.score)
            totalSeconds += r.seconds
            if r.played > now - Self.weekSeconds && r.played <= now + 1 { weekSeconds += r.seconds }
            let key = r.game.rawValue + "/" + r.level.rawValue
            var cell = byCell[key] ?? Cell(game: r.game, level: r.level)
            cell.played += 1
            if r.won { cell.won += 1 }
            cell.best = max(cell.best, r.score)
            byCell[key] = cell
        }
        let order = games + byCell.values.map(\.game).filter { !games.contains($0) }.sorted { $0.rawValue < $1.rawValue }
        for game in order {
            for level in Level.allCases {
                if let cell = byCell[game.rawValue + "/" + level.rawValue], !cells.contains(cell) { cells.append(cell) }
            }
        }
        chart = Array(rounds.suffix(Self.chartLimit))
    }

    /// `m:ss` (or `h:mm:ss` from an hour on) for a number of seconds.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        func two(_ n: Int) -> String { (n < 10 ? "0" : "") + String(n) }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// The calendar day (UTC) of a time, `YYYY-MM-DD` (the saved report's dates are UTC too).
    public static func day(_ seconds: Double) -> String {
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = Int((seconds / 86_400).rounded(.down)) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { (n < 10 ? "0" : "") + String(n) }
        return "\(y)-\(two(m))-\(two(d))"
    }
}
