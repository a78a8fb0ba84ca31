import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests

/// The progress database: schema, migrations, children, rounds, stickers, the import of the
/// old highscores.json, and the typed wrapper's errors.
@Suite @MainActor struct ProgressDatabaseTests {
    static func database(_ dir: String = temporaryDirectory()) throws -> ProgressDatabase {
        try ProgressDatabase(path: dir + "/progress.db")
    }

    @Test func walForeignKeysAndVersion() throws {
        let db = try Self.database()
        #expect(try db.db.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
        #expect(try db.db.scalar("PRAGMA foreign_keys") == 1)
        #expect(db.version == ProgressDatabase.schemaVersion)
    }

    @Test func reopeningDoesNotMigrateAgainAndANewerFileIsRefused() throws {
        let dir = temporaryDirectory()
        let first = try Self.database(dir)
        _ = first.addChild(nickname: "Ana", avatar: Avatar(animal: "bear", colour: "red"), created: 1)
        let again = try Self.database(dir)
        #expect(try again.children().map(\.nickname) == ["Ana"], "nothing recreated")
        try again.db.execute("PRAGMA user_version = 99")
        #expect(throws: SQLiteError.self) { try Self.database(dir) }
    }

    @Test func errorsAreValuesWithClearMessages() throws {
        let db = try Self.database()
        do {
            try db.db.execute("INSERT INTO rounds (entry) VALUES (?)", [.text("x")])
            Issue.record("a round without its fields was accepted")
        } catch {
            #expect(error.message.contains("NOT NULL"), "\(error)")
            #expect(!error.isDamage)
        }
        do {
            try db.db.execute("SELECT ?", [])
            Issue.record("a missing value was accepted")
        } catch {
            #expect(error.description.contains("0 values for 1 parameters"), "\(error)")
        }
    }

    @Test func childrenAreNumberedAndTheFortyFirstIsRefused() throws {
        let db = try Self.database()
        for i in 1...Profiles.maximumChildren {
            let made = try db.addChild(nickname: "k\(i)", avatar: Avatar.deterministic(for: "k\(i)"), created: 0).get()
            #expect(made.id == "child-\(i)")
        }
        #expect(db.addChild(nickname: nil, avatar: Avatar(animal: "owl", colour: "blue"), created: 0) == .failure(.full))
        #expect(try db.children().count == 40)
    }

    @Test func aNicknameIsOneChilds() throws {
        let db = try Self.database()
        _ = db.addChild(nickname: "Mia", avatar: Avatar(animal: "owl", colour: "blue"), created: 0)
        #expect(db.addChild(nickname: "Mia", avatar: Avatar(animal: "fox", colour: "red"), created: 0) == .failure(.nicknameTaken))
    }

    /// Deleting a child removes every row about her: rounds, stickers, the child.
    @Test func deletingAChildRemovesEveryRowAboutHer() throws {
        let db = try Self.database()
        let ana = try db.addChild(nickname: "Ana", avatar: Avatar(animal: "bear", colour: "red"), created: 0).get()
        let ben = try db.addChild(nickname: "Ben", avatar: Avatar(animal: "fox", colour: "blue"), created: 0).get()
        for (i, child) in [ana, ben, ana].enumerated() {
            try db.record(RoundRecord(game: .memory, level: .easy, score: 10 + i, result: "won", reason: "all-found"),
                          child: child.number, entry: "e\(i)", played: Double(i))
        }
        try db.deleteChild(number: ana.number)
        #expect(try db.db.scalar("SELECT count(*) FROM rounds WHERE child = ?", [.int(ana.number)]) == 0)
        #expect(try db.db.scalar("SELECT count(*) FROM stickers WHERE child = ?", [.int(ana.number)]) == 0)
        #expect(try db.db.scalar("SELECT count(*) FROM children WHERE number = ?", [.int(ana.number)]) == 0)
        #expect(try db.stickers(child: ben.number) == [1])
        #expect(try db.table(TableQuery()).map(\.player) == ["child-2"])
    }

    /// A sticker per finished round, won or not, cycling through the 24 kinds; none for the guest.
    @Test func everyRoundEarnsAChildASticker() throws {
        let db = try Self.database()
        let kid = try db.addChild(nickname: nil, avatar: Avatar(animal: "pig", colour: "pink"), created: 0).get()
        for i in 0..<26 {
            let lost = i % 3 == 0
            let r = RoundRecord(game: .sorting, level: .easy, score: i, result: lost ? "lost" : "won", reason: lost ? "time" : "all-placed",
                                counts: !lost)
            let (_, sticker) = try db.record(r, child: kid.number, entry: "k\(i)", played: Double(i))
            #expect(sticker == i % 24 + 1)
        }
        let (_, none) = try db.record(RoundRecord(game: .sorting, level: .easy, score: 1, result: "won", reason: "all-placed"),
                                      child: nil, entry: "g", played: 0)
        #expect(none == nil)
        #expect(try db.stickers(child: kid.number).count == 26)
    }

    /// Tables: everyone (no relaxed games), a player's own (relaxed games too), a game's own.
    @Test func tablesByPlayerAndGame() throws {
        let db = try Self.database()
        let kid = try db.addChild(nickname: "Zoe", avatar: Avatar(animal: "cat", colour: "teal"), created: 0).get()
        try db.record(RoundRecord(game: .balloons, level: .easy, score: 120, result: "won", reason: "time"), child: nil, entry: "a", played: 1)
        try db.record(RoundRecord(game: .memory, level: .easy, score: 40, result: "won", reason: "all-found"), child: kid.number, entry: "b", played: 2)
        try db.record(RoundRecord(game: .memory, level: .hard, score: 90, result: "won", reason: "all-found", relaxed: true),
                      child: kid.number, entry: "c", played: 3)
        try db.record(RoundRecord(game: .memory, level: .hard, score: 99, result: "lost", reason: "time", counts: false),
                      child: kid.number, entry: "d", played: 4)
        #expect(try db.table(TableQuery()).map(\.id) == ["a", "b"])
        #expect(try db.table(TableQuery(player: kid.id)).map(\.id) == ["c", "b"])
        #expect(try db.table(TableQuery(player: kid.id)).first?.nickname == "Zoe")
        #expect(try db.table(TableQuery(game: .memory)).map(\.id) == ["b"])
        #expect(try db.table(TableQuery(player: "guest")).map(\.id) == ["a"])
        #expect(try db.history(child: kid.number).map(\.score) == [40, 90, 99], "every finished game is in her history")
    }

    /// The old highscores.json is taken in once at the first start, without losing a score,
    /// and stays where it is, byte for byte, as a backup.
    @Test func oldHighScoresFileIsImportedOnceAndKept() throws {
        let dir = temporaryDirectory()
        let scores = (1...5).map { #"{"id":"old\#($0)","game":"balloons","level":"hard","score":\#(100 * $0),"recorded":\#($0)}"# }
        let text = #"{"version":1,"scores":[\#(scores.joined(separator: ","))]}"#
        try text.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let warnings = Box<[String]>([])
        let store = HighScoreStore(directory: dir, warn: { warnings.value.append($0) })
        #expect(warnings.value.isEmpty, "\(warnings.value)")
        #expect(store.table.entries.map(\.score) == [500, 400, 300, 200, 100])
        #expect(store.table.entries.map(\.id) == ["old5", "old4", "old3", "old2", "old1"])
        #expect(store.table.entries.allSatisfy { $0.player == "guest" && $0.level == .hard && $0.game == .balloons })
        #expect(store.database?.importedCount == 5)
        store.record(game: .memory, level: .easy, score: 250)
        // A second start does not import again (no doubles), the file is untouched.
        let again = HighScoreStore(directory: dir, warn: { warnings.value.append($0) })
        #expect(again.table.entries.map(\.score) == [500, 400, 300, 250, 200])
        #expect(try again.database?.roundCount(child: nil) == 6)
        #expect(try String(contentsOfFile: dir + "/highscores.json", encoding: .utf8) == text)
        #expect(try again.database?.history(child: nil).filter(\.imported).count == 5)
    }

    /// Two connections writing at once (two copies of the game) lose no record.
    @Test func twoConnectionsInterleavedLoseNothing() throws {
        let dir = temporaryDirectory()
        let a = try Self.database(dir), b = try Self.database(dir)
        for i in 0..<50 {
            let db = i % 2 == 0 ? a : b
            try db.record(RoundRecord(game: .memory, level: .easy, score: i, result: "won", reason: "all-found"), child: nil, entry: "r\(i)", played: Double(i))
        }
        #expect(try a.roundCount(child: nil) == 50)
        #expect(try b.table(TableQuery()).map(\.score) == [49, 48, 47, 46, 45])
    }
}
