import GameCore
@testable import Scenes
import Runtime

// In-memory stand-ins for the app's stores, so scenes are driven with no file, no SQLite and
// no app (the real ones, `HighScoreStore` on the progress database and `SettingsStore` on
// settings.json, are tested in SystemTests). They answer as the real ones do: the same
// tables, ranks, stickers and children, kept in arrays for one test.

/// The progress database's answers, in memory: every finished round, the everyone-, own
/// and game tables (the top five, best first, then the earlier), children numbered from 1
/// and never renumbered, a sticker for every round a child finishes.
@MainActor
final class InMemoryScores: ScoreKeeping, ProfileKeeping, ProgressReading {
    /// One finished game, as the database's `rounds` row keeps it.
    struct Round {
        let id: Int
        let entry: String
        let child: Int?
        let record: RoundRecord
        var inTables: Bool
        let played: Double
    }

    private(set) var rounds: [Round] = []
    private var stickerRows: [(child: Int, kind: Int, game: GameKind)] = []
    private var kids: [ChildProfile] = []
    private var nextChild = 1
    /// The everyone / all-games table, as of the last record or reset.
    private(set) var table = HighScoreTable()
    private(set) var lastRecordedID: String?
    /// How many times "Reset high scores" cleared the tables.
    private(set) var resets = 0
    /// The wall clock of the rounds recorded (seconds since 1970).
    var now: Double

    init(now: Double = 1_795_000_000) { self.now = now }

    // MARK: ScoreKeeping

    @discardableResult
    func record(game: GameKind, level: Level, score: Int) -> Int? {
        recordRound(RoundRecord(game: game, level: level, score: score, result: "won", reason: ""), player: .guest).rank
    }

    @discardableResult
    func recordRound(_ round: RoundRecord, player: Player) -> RoundRanks {
        let id = rounds.count + 1
        let entry = "entry-\(id)"
        rounds.append(Round(id: id, entry: entry, child: player.child?.number, record: round, inTables: round.counts, played: now))
        var ranks = RoundRanks()
        if let child = player.child?.number {
            let kind = stickerRows.filter { $0.child == child }.count % Profiles.stickerKinds + 1
            stickerRows.append((child, kind, round.game))
            ranks.sticker = kind
        }
        guard round.counts else { return ranks }
        table = HighScoreTable(entries: entries(TableQuery()))
        func rank(_ query: TableQuery) -> Int? { entries(query).firstIndex { $0.id == entry }.map { $0 + 1 } }
        ranks.rank = rank(TableQuery())
        ranks.childRank = rank(TableQuery(player: player.id))
        ranks.gameRank = round.relaxed ? nil : rank(TableQuery(game: round.game))
        if ranks.rank != nil { lastRecordedID = entry }
        return ranks
    }

    /// A table as the database's query answers it: rounds still in the tables (the
    /// everyone-tables leave relaxed rounds out), best first, then the earlier, five at most.
    func entries(_ query: TableQuery) -> [HighScoreEntry] {
        let chosen = rounds.filter { r in
            guard r.inTables else { return false }
            if let player = query.player {
                guard r.child == Profiles.number(ofID: player) else { return false }
            } else if r.record.relaxed {
                return false
            }
            return query.game.map { r.record.game == $0 } ?? true
        }
        let best = chosen.sorted { a, b in
            if a.record.score != b.record.score { return a.record.score > b.record.score }
            if a.played != b.played { return a.played < b.played }
            return a.id < b.id
        }
        return best.prefix(HighScoreTable.capacity).map { r in
            var e = HighScoreEntry(id: r.entry, game: r.record.game, level: r.record.level, score: r.record.score, recorded: r.played)
            e.player = r.child.map { "child-\($0)" } ?? "guest"
            e.nickname = r.child.flatMap { n in kids.first { $0.number == n }?.nickname }
            return e
        }
    }

    func reset() {
        for i in rounds.indices { rounds[i].inTables = false }
        table = HighScoreTable()
        lastRecordedID = nil
        resets += 1
    }

    // MARK: ProfileKeeping

    var children: [ChildProfile] { kids }
    var childCount: Int { kids.count }

    func addChild(nickname: String?, avatar: Avatar) -> Result<ChildProfile, ProfileFailure> {
        guard kids.count < Profiles.maximumChildren else { return .failure(.full) }
        let name = nickname.flatMap(Profiles.cleanNickname)
        if let name, kids.contains(where: { $0.nickname == name }) { return .failure(.nicknameTaken) }
        let child = ChildProfile(number: nextChild, nickname: name, avatar: avatar, created: now)
        nextChild += 1
        kids.append(child)
        return .success(child)
    }

    @discardableResult
    func update(_ child: ChildProfile) -> Bool {
        guard let i = kids.firstIndex(where: { $0.number == child.number }) else { return false }
        var cleaned = child
        cleaned.nickname = child.nickname.flatMap(Profiles.cleanNickname)
        kids[i] = cleaned
        return true
    }

    @discardableResult
    func deleteChild(_ child: ChildProfile) -> Bool {
        kids.removeAll { $0.number == child.number }
        rounds.removeAll { $0.child == child.number }
        stickerRows.removeAll { $0.child == child.number }
        table = HighScoreTable(entries: entries(TableQuery()))
        return true
    }

    func stickers(of child: ChildProfile) -> [Int] { stickerRows.filter { $0.child == child.number }.map(\.kind) }

    /// Per player (each child in number order, then the guest) and game, as the report sums.
    func summary() -> [ProgressSummary] {
        let ordered = rounds.sorted { a, b in
            switch (a.child, b.child) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default:
                if a.record.game.rawValue != b.record.game.rawValue { return a.record.game.rawValue < b.record.game.rawValue }
                return (a.played, a.id) < (b.played, b.id)
            }
        }
        var keys: [String] = []
        var grouped: [String: [Round]] = [:]
        for r in ordered {
            let key = "\(r.child.map(String.init) ?? "guest")/\(r.record.game.rawValue)"
            if grouped[key] == nil { keys.append(key) }
            grouped[key, default: []].append(r)
        }
        return keys.map { key in
            let rs = grouped[key]!
            let child = rs[0].child
            let kid = child.flatMap { n in kids.first { $0.number == n } }
            let scores = rs.map(\.record.score)
            return ProgressSummary(player: child.map { "child-\($0)" } ?? "guest", nickname: kid?.nickname, avatar: kid?.avatar,
                                   game: rs[0].record.game, rounds: rs.count, won: rs.filter { $0.record.result == "won" }.count,
                                   best: scores.max() ?? 0, average: Double(scores.reduce(0, +)) / Double(max(rs.count, 1)),
                                   totalSeconds: rs.reduce(0) { $0 + $1.record.duration },
                                   stickers: child.map { n in stickerRows.filter { $0.child == n && $0.game == rs[0].record.game }.count } ?? 0,
                                   childStickers: child.map { n in stickerRows.filter { $0.child == n }.count } ?? 0, scores: scores)
        }
    }

    func lastRounds(of child: ChildProfile, game: GameKind, limit: Int) -> [PlayedRound] {
        Array(played(child: child.number).filter { $0.game == game }.suffix(max(0, limit)))
    }

    // MARK: ProgressReading

    func rounds(of player: String) -> [PlayedRound] {
        let child = Profiles.number(ofID: player)
        guard child != nil || player == "guest" else { return [] }
        return played(child: child)
    }

    var progressNow: Double { now }
    var utcOffset: Double { 0 }

    private func played(child: Int?) -> [PlayedRound] {
        rounds.filter { $0.child == child }.sorted { ($0.played, $0.id) < ($1.played, $1.id) }.map { r in
            PlayedRound(game: r.record.game, level: r.record.level, score: r.record.score, won: r.record.result == "won",
                        seconds: r.record.duration, played: r.played, relaxed: r.record.relaxed)
        }
    }
}

/// This run's mute, never saved (the app's `SettingsStore` without its file).
@MainActor
final class InMemorySettings: SettingsKeeping {
    private(set) var muted = false
    func setMuted(_ value: Bool) { muted = value }
    func overrideMuted(_ value: Bool) { muted = value }
}

extension InMemoryScores {
    /// A crowd past the game's own limit of 40 (a database filled by hand, or by two copies
    /// of an older version): `count` more children, numbered on, with pictures in turn.
    func addCrowd(_ count: Int) {
        for _ in 0..<count {
            let n = nextChild
            nextChild += 1
            kids.append(ChildProfile(number: n, nickname: "kid\(n)", avatar: Avatar.deterministic(for: "k\(n)"), created: now))
        }
    }
}
