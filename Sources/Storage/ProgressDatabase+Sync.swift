import CSQLite3
import GameCore

// MARK: - The outbox (issue #47: a school's server)

/// What the kiosk keeps for the school's server, beside the progress it already keeps: made
/// only once a server is named (`enableSync`), never otherwise.
///
/// - `sync_children`: each child's id on the server (`uid`, 32 hex digits, made when she is
///   made here, or the server's when she was pulled from it).
/// - `sync_outbox`: what is still to be pushed, in order: `child` (made or changed), `round`
///   (a finished game, by its entry id, with its sticker) and `delete` (a child deleted here:
///   her tombstone). Triggers write it, so every row lands in the same transaction as the
///   round, child or deletion that made it: a kill or power cut keeps both or neither.
///
/// The tables are the kiosk's own bookkeeping, outside the versioned progress schema: an older
/// game opening the file sees tables it does not know and leaves them alone (its rounds still
/// fire the triggers, so they are pushed once a newer game runs again).
extension ProgressDatabase {
    /// One thing to push, in the outbox's order.
    public struct OutboxItem: Equatable, Sendable {
        public let seq: Int64
        public let kind: String
        public let ref: String
    }

    /// A child as the server keeps her.
    public struct SyncChild: Equatable, Sendable {
        public var uid: String
        public var nickname: String?
        public var animal: String
        public var colour: String
        public var created: Double
        public init(uid: String, nickname: String?, animal: String, colour: String, created: Double) {
            self.uid = uid; self.nickname = nickname; self.animal = animal; self.colour = colour; self.created = created
        }
    }

    /// A finished game as the server keeps it (with the sticker it earned, if any).
    public struct SyncRound: Equatable, Sendable {
        public var entry: String
        public var child: String?
        public var game: String
        public var level: String
        public var score: Int
        public var result: String
        public var reason: String
        public var duration: Double
        public var progress: Int
        public var mistakes: Int
        public var relaxed: Bool
        public var counts: Bool
        public var played: Double
        public var imported: Bool
        /// The sticker the round earned (nil: none).
        public var sticker: SyncSticker?
    }

    /// A round's sticker as the server keeps it: its kind and when it was earned.
    public struct SyncSticker: Equatable, Sendable {
        public var kind: Int
        public var earned: Double?
    }

    static let syncSchema: [String] = [
        "CREATE TABLE IF NOT EXISTS sync_children (number INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE)",
        "CREATE TABLE IF NOT EXISTS sync_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ref TEXT NOT NULL)",
        // A child made here gets her server id; one pulled from the server has it already.
        """
        CREATE TRIGGER IF NOT EXISTS sync_child_made AFTER INSERT ON children
        WHEN NOT EXISTS (SELECT 1 FROM sync_children WHERE number = NEW.number)
        BEGIN
            INSERT INTO sync_children (number, uid) VALUES (NEW.number, lower(hex(randomblob(16))));
            INSERT INTO sync_outbox (kind, ref) SELECT 'child', uid FROM sync_children WHERE number = NEW.number;
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS sync_child_changed AFTER UPDATE OF nickname, animal, colour ON children
        BEGIN
            INSERT INTO sync_outbox (kind, ref) SELECT 'child', uid FROM sync_children WHERE number = NEW.number;
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS sync_child_deleted BEFORE DELETE ON children
        BEGIN
            INSERT INTO sync_outbox (kind, ref) SELECT 'delete', uid FROM sync_children WHERE number = OLD.number;
            DELETE FROM sync_children WHERE number = OLD.number;
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS sync_round_made AFTER INSERT ON rounds
        BEGIN
            INSERT INTO sync_outbox (kind, ref) VALUES ('round', NEW.entry);
        END
        """,
    ]

    /// Whether the outbox's tables are in this file.
    public var syncEnabled: Bool {
        ((try? db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'sync_outbox'")) ?? 0) > 0
    }

    /// Makes the outbox (once; a no-op after): its tables and triggers, this kiosk's id, and
    /// everything already kept put in the outbox (the children, then the rounds, oldest first).
    /// Answers this kiosk's id.
    @discardableResult
    public func enableSync(makeID: () -> String) throws(SQLiteError) -> String {
        if syncEnabled, let id = try meta("kiosk-id") { return id }
        return try db.transaction { () throws(SQLiteError) -> String in
            for sql in Self.syncSchema { try db.execute(sql) }
            let id: String
            if let known = try meta("kiosk-id") { id = known } else {
                id = makeID()
                try setMeta("kiosk-id", id)
            }
            if try meta("sync-backfilled") == nil {
                try db.execute("""
                    INSERT INTO sync_children (number, uid)
                    SELECT number, lower(hex(randomblob(16))) FROM children WHERE number NOT IN (SELECT number FROM sync_children)
                    """)
                try db.execute("INSERT INTO sync_outbox (kind, ref) SELECT 'child', uid FROM sync_children ORDER BY number")
                try db.execute("INSERT INTO sync_outbox (kind, ref) SELECT 'round', entry FROM rounds ORDER BY id")
                try setMeta("sync-backfilled", "1")
            }
            return id
        }
    }

    /// This kiosk's id on the server (nil: no server was ever named here).
    public var kioskID: String? { try? meta("kiosk-id") }

    /// How many things wait to be pushed.
    public func outboxCount() throws(SQLiteError) -> Int {
        guard syncEnabled else { return 0 }
        return Int(try db.scalar("SELECT count(*) FROM sync_outbox") ?? 0)
    }

    /// The first `limit` things to push, in order.
    public func outbox(limit: Int) throws(SQLiteError) -> [OutboxItem] {
        try db.query("SELECT seq, kind, ref FROM sync_outbox ORDER BY seq LIMIT ?", [.int(limit)]) {
            OutboxItem(seq: $0.int64(0), kind: $0.text(1), ref: $0.text(2))
        }
    }

    /// Takes out what the server now has (up to `seq`, in order).
    public func outboxDone(through seq: Int64) throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in
            try db.execute("DELETE FROM sync_outbox WHERE seq <= ?", [.int(seq)])
        }
    }

    /// A child as pushed (nil: deleted since).
    public func syncChild(uid: String) throws(SQLiteError) -> SyncChild? {
        try db.query("""
            SELECT sc.uid, c.nickname, c.animal, c.colour, c.created
            FROM sync_children sc JOIN children c ON c.number = sc.number WHERE sc.uid = ?
            """, [.text(uid)]) {
            SyncChild(uid: $0.text(0), nickname: $0.optionalText(1), animal: $0.text(2), colour: $0.text(3), created: $0.double(4))
        }.first
    }

    /// A round as pushed, with its sticker (nil: deleted since, with its child).
    public func syncRound(entry: String) throws(SQLiteError) -> SyncRound? {
        try db.query("""
            SELECT r.entry, sc.uid, r.game, r.level, r.score, r.result, r.reason, r.duration, r.progress, r.mistakes,
                   r.relaxed, r.counts, r.played, r.imported, s.kind, s.earned, r.child
            FROM rounds r LEFT JOIN sync_children sc ON sc.number = r.child LEFT JOIN stickers s ON s.round = r.id
            WHERE r.entry = ?
            """, [.text(entry)]) { s in
            SyncRound(entry: s.text(0), child: s.optionalText(1), game: s.text(2), level: s.text(3), score: s.int(4),
                      result: s.text(5), reason: s.text(6), duration: s.double(7), progress: s.int(8), mistakes: s.int(9),
                      relaxed: s.bool(10), counts: s.bool(11), played: s.double(12), imported: s.bool(13),
                      sticker: s.optionalInt(14).map { SyncSticker(kind: $0, earned: s.isNull(15) ? nil : s.double(15)) })
        }.first
    }

    /// The children the server has (and its tombstones), taken in: a child made on another
    /// kiosk is added here with her server id (a nickname already used here by another child
    /// is left off hers); a child deleted on another kiosk is deleted here with her rows. A
    /// child whose deletion here is not pushed yet stays deleted. Answers how many were added
    /// and deleted.
    @discardableResult
    public func takeInServerChildren(_ children: [SyncChild], tombstones: Set<String>) throws(SQLiteError) -> (added: Int, deleted: Int) {
        try db.transaction { () throws(SQLiteError) -> (Int, Int) in
            var added = 0, deleted = 0
            let pendingDeletes = Set(try db.query("SELECT ref FROM sync_outbox WHERE kind = 'delete'") { $0.text(0) })
            var local: [String: Int] = [:]
            for (uid, number) in try db.query("SELECT uid, number FROM sync_children", [], { ($0.text(0), $0.int(1)) }) {
                local[uid] = number
            }
            for uid in tombstones {
                guard let number = local[uid] else { continue }
                try db.execute("DELETE FROM children WHERE number = ?", [.int(number)])
                local[uid] = nil
                deleted += 1
            }
            var count = Int(try db.scalar("SELECT count(*) FROM children") ?? 0)
            for child in children.sorted(by: { ($0.created, $0.uid) < ($1.created, $1.uid) }) {
                guard local[child.uid] == nil, !tombstones.contains(child.uid), !pendingDeletes.contains(child.uid) else { continue }
                guard count < Profiles.maximumChildren else { break }
                let top = max(try db.scalar("SELECT max(number) FROM children") ?? 0,
                              try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'children'") ?? 0)
                let number = top + 1
                var nickname = child.nickname.flatMap(Profiles.cleanNickname)
                if let n = nickname, try self.child(nickname: n) != nil { nickname = nil }
                try db.execute("INSERT INTO sync_children (number, uid) VALUES (?, ?)", [.int(number), .text(child.uid)])
                try db.execute("INSERT INTO children (number, nickname, animal, colour, created) VALUES (?, ?, ?, ?, ?)",
                               [.int(number), .optional(nickname), .text(child.animal), .text(child.colour), .double(child.created)])
                local[child.uid] = Int(number)
                count += 1
                added += 1
            }
            return (added, deleted)
        }
    }

    /// A child's server id (nil: none yet).
    public func syncUID(ofChild number: Int) throws(SQLiteError) -> String? {
        guard syncEnabled else { return nil }
        return try db.query("SELECT uid FROM sync_children WHERE number = ?", [.int(number)]) { $0.text(0) }.first
    }
}

// MARK: - The class's figures (the corner's Progress pages with a server named)

/// The rounds the school's server has from the other kiosks, kept here by the sync worker
/// (`sync_server_rounds`, replaced whole at each pull, with the time in `server-figures-at`):
/// the corner's Progress pages read them beside this kiosk's own rounds, from the local file,
/// so no frame ever waits for the network and a server that is away leaves the last figures.
extension ProgressDatabase {
    /// One round played on another kiosk, as the server has it.
    public struct ServerRound: Equatable, Sendable {
        public var kiosk: String
        public var entry: String
        /// The child's server id (nil: the guest).
        public var child: String?
        public var game: String
        public var level: String
        public var score: Int
        public var result: String
        public var reason: String
        public var duration: Double
        public var progress: Int
        public var mistakes: Int
        public var relaxed: Bool
        public var played: Double
        public var imported: Bool
        public init(kiosk: String, entry: String, child: String?, game: String, level: String, score: Int, result: String, reason: String,
                    duration: Double, progress: Int, mistakes: Int, relaxed: Bool, played: Double, imported: Bool) {
            self.kiosk = kiosk; self.entry = entry; self.child = child; self.game = game; self.level = level; self.score = score
            self.result = result; self.reason = reason; self.duration = duration; self.progress = progress; self.mistakes = mistakes
            self.relaxed = relaxed; self.played = played; self.imported = imported
        }
    }

    static let serverRoundsTable = """
        CREATE TABLE IF NOT EXISTS sync_server_rounds (
            kiosk TEXT NOT NULL, entry TEXT NOT NULL, child TEXT, game TEXT NOT NULL, level TEXT NOT NULL,
            score INTEGER NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL, duration REAL NOT NULL,
            progress INTEGER NOT NULL, mistakes INTEGER NOT NULL, relaxed INTEGER NOT NULL, played REAL NOT NULL,
            imported INTEGER NOT NULL, PRIMARY KEY (kiosk, entry))
        """

    /// Replaces the other kiosks' rounds with the server's, and says when (one transaction).
    public func takeInServerRounds(_ rounds: [ServerRound], at time: Double) throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in
            try db.execute(Self.serverRoundsTable)
            try db.execute("DELETE FROM sync_server_rounds")
            for r in rounds {
                try db.execute("""
                    INSERT OR REPLACE INTO sync_server_rounds (kiosk, entry, child, game, level, score, result, reason, duration,
                                                              progress, mistakes, relaxed, played, imported)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(r.kiosk), .text(r.entry), .optional(r.child), .text(r.game), .text(r.level), .int(r.score),
                          .text(r.result), .text(r.reason), .double(r.duration), .int(r.progress), .int(r.mistakes),
                          .int(r.relaxed ? 1 : 0), .double(r.played), .int(r.imported ? 1 : 0)])
            }
            try setMeta("server-figures-at", String(time))
        }
    }

    /// When the other kiosks' figures were last taken from the server (nil: never).
    public var serverFiguresAt: Double? { (try? meta("server-figures-at")).flatMap { $0 }.flatMap { Double($0) } }

    /// A player's rounds on the other kiosks, as last taken from the server (`child` nil: the
    /// guest), oldest first, in the history's columns.
    public func serverHistory(child: Int?) throws(SQLiteError) -> [HistoryRow] {
        guard syncEnabled,
              try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'sync_server_rounds'") ?? 0 > 0 else { return [] }
        let mine = try meta("kiosk-id") ?? ""
        if let child {
            guard let uid = try syncUID(ofChild: child) else { return [] }
            return try db.query("""
                SELECT game, level, score, result, reason, duration, progress, mistakes, relaxed, played, imported
                FROM sync_server_rounds WHERE child = ? AND kiosk <> ? ORDER BY played, kiosk, entry
                """, [.text(uid), .text(mine)], HistoryRow.init)
        }
        return try db.query("""
            SELECT game, level, score, result, reason, duration, progress, mistakes, relaxed, played, imported
            FROM sync_server_rounds WHERE child IS NULL AND kiosk <> ? ORDER BY played, kiosk, entry
            """, [.text(mine)], HistoryRow.init)
    }
}
