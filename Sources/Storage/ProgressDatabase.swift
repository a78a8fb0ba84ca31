import CSQLite3
import Glibc
import GameCore

/// The children, their finished games and their stickers, in one SQLite file (WAL mode,
/// foreign keys on, versioned migrations in `user_version`). Every write is one short
/// transaction, so two copies of the game at once (a busy timeout makes one wait for the
/// other) never lose a record, and a kill at any moment leaves either the whole record or
/// none of it.
public final class ProgressDatabase {
    public let db: SQLiteDatabase
    /// Where waits for other programs' locks are counted (the game's main thread); nil: each
    /// statement's own busy timeout.
    public let budget: WaitBudget?
    /// The schema this code writes; a file from a newer game is opened only to read.
    public static let schemaVersion: Int64 = 1
    /// The high-score tables show five rows.
    public static let tableSize = 5

    /// How SQLite keeps a transaction's log: WAL (a local disk), or the rollback journal for
    /// a folder on NFS or SMB, whose locks WAL's shared memory cannot use (docs/schools.md, "A
    /// shared class folder").
    public enum Journal: String, Sendable { case wal, rollback }

    /// Opens (creating) the database at `path`, checks it and migrates it to the current
    /// schema. `importLegacy` runs once, in the migration's transaction, and answers the old
    /// high-score entries to take in (nil: none could be read this time, ask again next start).
    /// A file that is damaged (an impossible schema version, tables of the wrong shape, a
    /// failed `quick_check`) throws a `SQLiteError` whose `isDamage` is true.
    /// `readOnly` (the `report` command): nothing is written, no journal mode is changed, no
    /// schema is made, and a read-only disk is read as it is.
    public init(path: String, importLegacy: () -> [HighScoreEntry]? = { [] }, journal: Journal = .wal,
                readOnly: Bool = false, busyTimeout: Int32 = 10_000, check: Bool = false, budget: WaitBudget? = nil) throws(SQLiteError) {
        self.budget = budget
        if readOnly {
            db = try Self.openReadOnly(path)
            let version = try db.scalar("PRAGMA user_version") ?? 0
            try Self.checkVersion(version)
            let tables = try db.scalar("SELECT count(*) FROM sqlite_master") ?? 0
            if version == 0 && tables == 0 {
                // An empty file: no games yet (nothing is made in it).
                isEmpty = true
                return
            }
            try checkShape()
            if check { try quickCheck() }
            return
        }
        db = try SQLiteDatabase(path: path, busyTimeout: busyTimeout, budget: budget)
        if path != ":memory:" {
            // WAL: readers never block the writer; NORMAL sync in WAL never loses a committed
            // transaction to a killed process (a power cut may lose the last one, never the file).
            // The rollback journal (network folders): every commit synced in full.
            let wanted = journal == .wal ? "wal" : "delete"
            let mode = try db.query("PRAGMA journal_mode = \(wanted.uppercased())") { $0.text(0) }.first ?? ""
            if mode.lowercased() != wanted {
                throw SQLiteError(code: SQLITE_ERROR, message: "the database cannot use \(wanted) mode (got \(mode))", context: "open")
            }
            try db.execute(journal == .wal ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL")
        }
        self.journal = journal
        try db.execute("PRAGMA foreign_keys = ON")
        // A deleted child's rows are overwritten with zeros, not just unlinked.
        try db.execute("PRAGMA secure_delete = ON")
        if check { try quickCheck() }
        try migrate(importLegacy: importLegacy)
    }

    /// A second connection to the game's own file at `path` that only reads (the Save report
    /// worker's, off the main thread): nothing is made, migrated or changed (`query_only`),
    /// and no wait budget: a lock another program holds is waited for by the worker.
    public init(readingCopyOf path: String, busyTimeout: Int32 = 10_000) throws(SQLiteError) {
        budget = nil
        db = try SQLiteDatabase(path: path, create: false, busyTimeout: busyTimeout)
        try db.execute("PRAGMA query_only = 1")
    }

    /// Opened read-only on a file with nothing in it yet: every read answers nothing.
    public private(set) var isEmpty = false

    /// The journal this connection uses.
    public private(set) var journal: Journal = .wal

    /// A read-only connection that writes nothing, not even a -shm beside the file: when the
    /// folder cannot take one (a read-only mount, another account's folder), the file is
    /// read as immutable (only the file itself, as it is on disk).
    static func openReadOnly(_ path: String) throws(SQLiteError) -> SQLiteDatabase {
        // No -shm beside it: no copy of the game has it open, and an ordinary connection
        // would leave a -wal and -shm of this account's behind: read the file as it is.
        if access(path + "-shm", F_OK) != 0 {
            let uri = "file:" + percentEncoded(path) + "?immutable=1"
            let db = try SQLiteDatabase(path: uri, create: false, readOnly: true, uri: true, busyTimeout: 2_000)
            _ = try db.scalar("SELECT count(*) FROM sqlite_master")
            return db
        }
        do {
            let db = try SQLiteDatabase(path: path, create: false, readOnly: true, busyTimeout: 2_000)
            _ = try db.scalar("SELECT count(*) FROM sqlite_master")
            return db
        } catch {
            guard !error.isDamage else { throw error }
            let uri = "file:" + percentEncoded(path) + "?immutable=1"
            let db = try SQLiteDatabase(path: uri, create: false, readOnly: true, uri: true, busyTimeout: 2_000)
            _ = try db.scalar("SELECT count(*) FROM sqlite_master")
            return db
        }
    }

    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "/-_.~".contains(c)) { out.append(c) } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// A schema version the game never wrote (negative: a flipped bit in the header) is damage.
    static func checkVersion(_ version: Int64) throws(SQLiteError) {
        if version < 0 {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "its schema version \(version) is not one the game ever wrote", context: "open")
        }
        if version > schemaVersion {
            throw SQLiteError(code: SQLITE_ERROR, message: "it was written by a newer version of the game (schema \(version))", context: "open")
        }
    }

    /// The columns every table of schema 1 has (a table missing or of another shape is damage).
    static let shape: [String: [String]] = [
        "meta": ["key", "value"],
        "children": ["number", "nickname", "animal", "colour", "created"],
        "rounds": ["id", "entry", "child", "game", "level", "score", "result", "reason", "duration", "progress", "mistakes",
                   "relaxed", "counts", "in_tables", "played", "imported"],
        "stickers": ["id", "child", "round", "kind", "earned"],
    ]

    /// True when every table of the schema is there with its columns.
    func hasShape() throws(SQLiteError) -> Bool {
        for (table, columns) in Self.shape {
            let found = try db.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }
            guard Set(columns).isSubset(of: Set(found)) else { return false }
        }
        return true
    }

    func checkShape() throws(SQLiteError) {
        guard try hasShape() else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "its tables are not the progress database's", context: "open")
        }
    }

    /// SQLite's `quick_check`: any answer but "ok" is damage.
    public func quickCheck() throws(SQLiteError) {
        let answers = try db.query("PRAGMA quick_check(5)") { $0.text(0) }
        guard answers == ["ok"] else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check: \(answers.prefix(2).joined(separator: "; ").split(separator: "\n").prefix(3).joined(separator: "; "))", context: "check")
        }
    }

    /// `quick_check` through a connection of its own: this connection's page cache may hold
    /// pages another program has since broken or cut off on disk, and would see none of it.
    public func quickCheckOnDisk() throws(SQLiteError) {
        guard db.path != ":memory:" else { return }
        let fresh = try SQLiteDatabase(path: db.path, create: false, busyTimeout: 50, budget: budget)
        defer { fresh.close() }
        let answers = try fresh.query("PRAGMA quick_check(5)") { $0.text(0) }
        guard answers == ["ok"] else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check: \(answers.prefix(2).joined(separator: "; ").split(separator: "\n").prefix(3).joined(separator: "; "))", context: "check")
        }
    }

    /// Runs `quick_check` when the last one is older than a day (kept in `meta`), and notes it.
    public func dailyCheck(now: Double) throws(SQLiteError) {
        let last = (try meta("checked")).flatMap { Double($0) } ?? -1e18
        guard !(now >= last && now - last < 86_400) else { return }
        try quickCheck()
        // Noting it is a write: a lock held elsewhere just means another check tomorrow.
        try? db.transaction { () throws(SQLiteError) in try setMeta("checked", "\(Int64(now.isFinite ? now : 0))") }
    }

    // MARK: - Migrations

    /// Schema steps, in order; step N brings `user_version` from N-1 to N.
    static let migrations: [String] = [
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE children (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            nickname TEXT UNIQUE,
            animal TEXT NOT NULL,
            colour TEXT NOT NULL,
            created REAL NOT NULL
        );
        CREATE TABLE rounds (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            entry TEXT NOT NULL UNIQUE,
            child INTEGER REFERENCES children(number) ON DELETE CASCADE,
            game TEXT NOT NULL,
            level TEXT NOT NULL,
            score INTEGER NOT NULL CHECK (score >= 0),
            result TEXT NOT NULL,
            reason TEXT NOT NULL,
            duration REAL NOT NULL,
            progress INTEGER NOT NULL,
            mistakes INTEGER NOT NULL,
            relaxed INTEGER NOT NULL,
            counts INTEGER NOT NULL,
            in_tables INTEGER NOT NULL,
            played REAL NOT NULL,
            imported INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX rounds_by_score ON rounds (in_tables, score DESC, played, id);
        CREATE INDEX rounds_by_child ON rounds (child, game, played);
        CREATE TABLE stickers (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            child INTEGER NOT NULL REFERENCES children(number) ON DELETE CASCADE,
            round INTEGER REFERENCES rounds(id) ON DELETE CASCADE,
            kind INTEGER NOT NULL,
            earned REAL NOT NULL
        );
        CREATE INDEX stickers_by_child ON stickers (child, id);
        """,
    ]

    public var version: Int64 { (try? db.scalar("PRAGMA user_version")) ?? 0 }

    private func migrate(importLegacy: () -> [HighScoreEntry]?) throws(SQLiteError) {
        // Nothing to do (every start but the first): no write lock is asked for, so a lock
        // another program holds never delays the start.
        let version = try db.scalar("PRAGMA user_version") ?? 0
        try Self.checkVersion(version)
        if version == Self.schemaVersion {
            try checkShape()
            if try meta("legacy-import") != nil { return }
        }
        // Under the write lock: two copies starting at once migrate once.
        try db.transaction { () throws(SQLiteError) in
            var current = try db.scalar("PRAGMA user_version") ?? 0
            try Self.checkVersion(current)
            let tables = try db.scalar("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            if current == 0, tables > 0 {
                // Tables but no version: a file rebuilt with `sqlite3 .dump` (which keeps no
                // user_version). Of the right shape, it is ours: taken as schema 1.
                try checkShape()
                try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
                current = Self.schemaVersion
            }
            if current > 0 { try checkShape() }
            for step in Int(current)..<Int(Self.schemaVersion) {
                for sql in Self.migrations[step].split(separator: ";") where !sql.allSatisfy(\.isWhitespace) {
                    try db.execute(String(sql))
                }
                try db.execute("PRAGMA user_version = \(step + 1)")
            }
            if try meta("legacy-import") == nil, let entries = importLegacy() {
                for entry in entries { try insertImported(entry) }
                try setMeta("legacy-import", "\(entries.count)")
            }
        }
    }

    public func meta(_ key: String) throws(SQLiteError) -> String? {
        try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]) { $0.text(0) }.first
    }

    public func setMeta(_ key: String, _ value: String) throws(SQLiteError) {
        try db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       [.text(key), .text(value)])
    }

    /// How many scores the first start took in from highscores.json (nil before that).
    public var importedCount: Int? { (try? meta("legacy-import")).flatMap { $0.flatMap { Int($0) } } }

    private func insertImported(_ e: HighScoreEntry) throws(SQLiteError) {
        try db.execute("""
            INSERT OR IGNORE INTO rounds (entry, child, game, level, score, result, reason, duration, progress, mistakes,
                                          relaxed, counts, in_tables, played, imported)
            VALUES (?, NULL, ?, ?, ?, 'won', '', 0, 0, 0, 0, 1, 1, ?, 1)
            """, [.text(e.id), .text(e.game.rawValue), .text(e.level.rawValue), .int(e.score), .double(e.recorded)])
    }

    // MARK: - Children

    static let childColumns = "number, nickname, animal, colour, created"

    static func child(_ s: SQLiteStatement) -> ChildProfile {
        // A nickname is cleaned when read too (a file edited by hand, an older version).
        ChildProfile(number: s.int(0), nickname: s.optionalText(1).flatMap(Profiles.cleanNickname), avatar: Avatar(animal: s.text(2), colour: s.text(3)), created: s.double(4))
    }

    public func children() throws(SQLiteError) -> [ChildProfile] {
        if isEmpty { return [] }
        return try db.query("SELECT \(Self.childColumns) FROM children ORDER BY number", [], Self.child)
    }

    public func child(number: Int) throws(SQLiteError) -> ChildProfile? {
        try db.query("SELECT \(Self.childColumns) FROM children WHERE number = ?", [.int(number)], Self.child).first
    }

    public func child(nickname: String) throws(SQLiteError) -> ChildProfile? {
        try db.query("SELECT \(Self.childColumns) FROM children WHERE nickname = ?", [.text(nickname)], Self.child).first
    }

    public enum AddFailure: Error, Equatable { case full, nicknameTaken, database(SQLiteError) }

    /// Adds a child (the count is checked inside the write lock: two copies never make a 41st).
    public func addChild(nickname: String?, avatar: Avatar, created: Double) -> Result<ChildProfile, AddFailure> {
        do {
            return try db.transaction { () throws(SQLiteError) -> Result<ChildProfile, AddFailure> in
                let count = try db.scalar("SELECT count(*) FROM children") ?? 0
                if count >= Int64(Profiles.maximumChildren) { return .failure(.full) }
                if let nickname, try child(nickname: nickname) != nil { return .failure(.nicknameTaken) }
                try db.execute("INSERT INTO children (nickname, animal, colour, created) VALUES (?, ?, ?, ?)",
                               [.optional(nickname), .text(avatar.animal), .text(avatar.colour), .double(created)])
                let number = Int(db.lastInsertRowID)
                return .success(ChildProfile(number: number, nickname: nickname, avatar: avatar, created: created))
            }
        } catch {
            return .failure(.database(error))
        }
    }

    /// Makes sure `child` is in this database with her number (a fresh database after damage
    /// was set aside: the child who just played is written again, nobody else).
    public func ensureChild(_ child: ChildProfile) throws(SQLiteError) {
        try db.execute("INSERT OR IGNORE INTO children (number, nickname, animal, colour, created) VALUES (?, ?, ?, ?, ?)",
                       [.int(child.number), .optional(child.nickname), .text(child.avatar.animal), .text(child.avatar.colour), .double(child.created)])
    }

    public func update(_ child: ChildProfile) throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in
            try db.execute("UPDATE children SET nickname = ?, animal = ?, colour = ? WHERE number = ?",
                           [.optional(child.nickname), .text(child.avatar.animal), .text(child.avatar.colour), .int(child.number)])
        }
    }

    /// Deletes the child and, through the foreign keys, every round and sticker of hers;
    /// the freed pages are zeroed (secure_delete) and the log folded back into the file.
    public func deleteChild(number: Int) throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in
            try db.execute("DELETE FROM children WHERE number = ?", [.int(number)])
        }
        _ = try? db.query("PRAGMA wal_checkpoint(TRUNCATE)") { $0.int(0) }
    }

    // MARK: - Rounds

    /// Records a finished game for `child` (nil: the guest) and, for a child, her sticker.
    /// Answers the round's id, its entry id and the sticker (1...24) it earned.
    @discardableResult
    public func record(_ r: RoundRecord, child: Int?, entry: String, played: Double) throws(SQLiteError) -> (id: Int64, sticker: Int?) {
        try db.transaction { () throws(SQLiteError) -> (Int64, Int?) in
            try recordInTransaction(r, child: child, entry: entry, played: played)
        }
    }

    /// `record` inside a transaction the caller holds (many rounds at once).
    @discardableResult
    public func recordInTransaction(_ r: RoundRecord, child: Int?, entry: String, played: Double) throws(SQLiteError) -> (id: Int64, sticker: Int?) {
            try db.execute("""
                INSERT INTO rounds (entry, child, game, level, score, result, reason, duration, progress, mistakes,
                                    relaxed, counts, in_tables, played)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(entry), .optional(child), .text(r.game.rawValue), .text(r.level.rawValue), .int(r.score),
                      .text(r.result), .text(r.reason), .double(r.duration), .int(r.progress), .int(r.mistakes),
                      .bool(r.relaxed), .bool(r.counts), .bool(r.counts), .double(played)])
            let id = db.lastInsertRowID
            guard let child else { return (id, nil) }
            let had = try db.scalar("SELECT count(*) FROM stickers WHERE child = ?", [.int(child)]) ?? 0
            let kind = Int(had % Int64(Profiles.stickerKinds)) + 1
            try db.execute("INSERT INTO stickers (child, round, kind, earned) VALUES (?, ?, ?, ?)",
                           [.int(child), .int(id), .int(kind), .double(played)])
            return (id, kind)
    }

    /// A table's five best, best first; equal scores keep the earlier first. The everyone-
    /// table leaves relaxed games out; a player's own table keeps them.
    public func table(_ query: TableQuery, limit: Int = tableSize) throws(SQLiteError) -> [HighScoreEntry] {
        var sql = """
            SELECT r.entry, r.game, r.level, r.score, r.played, r.child, c.nickname
            FROM rounds r LEFT JOIN children c ON c.number = r.child
            WHERE r.in_tables = 1
            """
        var values: [SQLValue] = []
        if let player = query.player {
            if let n = Profiles.number(ofID: player) {
                sql += " AND r.child = ?"
                values.append(.int(n))
            } else {
                sql += " AND r.child IS NULL"
            }
        } else {
            sql += " AND r.relaxed = 0"
        }
        if let game = query.game {
            sql += " AND r.game = ?"
            values.append(.text(game.rawValue))
        }
        sql += " ORDER BY r.score DESC, r.played ASC, r.id ASC LIMIT ?"
        values.append(.int(limit))
        return try db.query(sql, values) { s in
            var e = HighScoreEntry(id: s.text(0), game: GameKind(rawValue: s.text(1)), level: Level(rawValue: s.text(2)) ?? .easy,
                                   score: s.int(3), recorded: s.double(4))
            e.player = s.optionalInt(5).map { "child-\($0)" } ?? "guest"
            e.nickname = s.optionalText(6).flatMap(Profiles.cleanNickname)
            return e
        }
    }

    /// Takes every score out of the tables ("Reset high scores"); the history stays.
    public func resetTables() throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in try db.execute("UPDATE rounds SET in_tables = 0 WHERE in_tables = 1") }
    }

    public func roundCount(child: Int?) throws(SQLiteError) -> Int {
        if let child { return Int(try db.scalar("SELECT count(*) FROM rounds WHERE child = ?", [.int(child)]) ?? 0) }
        return Int(try db.scalar("SELECT count(*) FROM rounds WHERE child IS NULL") ?? 0)
    }

    /// A child's stickers in the order earned (kinds 1...24).
    public func stickers(child: Int) throws(SQLiteError) -> [Int] {
        try db.query("SELECT kind FROM stickers WHERE child = ? ORDER BY id", [.int(child)]) { $0.int(0) }
    }

    /// Every round of a child (nil: the guest), oldest first: game, level, score, result,
    /// reason, duration, progress, mistakes, relaxed, played.
    public func history(child: Int?) throws(SQLiteError) -> [HistoryRow] {
        let sql = """
            SELECT game, level, score, result, reason, duration, progress, mistakes, relaxed, played, imported
            FROM rounds WHERE \(child == nil ? "child IS NULL" : "child = ?") ORDER BY played, id
            """
        if isEmpty { return [] }
        return try db.query(sql, child.map { [SQLValue.int($0)] } ?? [], HistoryRow.init)
    }

    /// A child's last `limit` rounds of `game` (none imported), oldest first: what growing
    /// with her needs when a game tile is tapped (her first game, the level she played last,
    /// two losses in a row). Read from the end of the index `rounds_by_child` (child, game,
    /// played), `limit` rows at most, however long her history (a tap read it all before).
    public func lastRounds(child: Int, game: GameKind, limit: Int) throws(SQLiteError) -> [HistoryRow] {
        if isEmpty || limit <= 0 { return [] }
        return try db.query("""
            SELECT game, level, score, result, reason, duration, progress, mistakes, relaxed, played, imported
            FROM rounds WHERE child = ? AND game = ? AND imported = 0 ORDER BY played DESC, id DESC LIMIT ?
            """, [.int(child), .text(game.rawValue), .int(limit)], HistoryRow.init).reversed()
    }
}

/// One finished game as the history reads back.
public struct HistoryRow: Equatable, Sendable {
    public var game: GameKind
    public var level: Level
    public var score: Int
    public var result: String
    public var reason: String
    public var duration: Double
    public var progress: Int
    public var mistakes: Int
    public var relaxed: Bool
    public var played: Double
    public var imported: Bool

    init(_ s: SQLiteStatement) {
        game = GameKind(rawValue: s.text(0)); level = Level(rawValue: s.text(1)) ?? .easy; score = s.int(2)
        result = s.text(3); reason = s.text(4); duration = s.double(5); progress = s.int(6); mistakes = s.int(7)
        relaxed = s.bool(8); played = s.double(9); imported = s.bool(10)
    }
}
