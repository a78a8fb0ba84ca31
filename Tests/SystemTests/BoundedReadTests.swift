import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Storage
@testable import SceneTests

/// Issue #46, item 7 (the tap's part): a game tile's tap read the child's whole history
/// (0.4-0.5 s at 305,000 rounds) to find the level she played last. It reads her last two
/// rounds of that game, through the index, however many rounds the database holds.
@Suite @MainActor struct BoundedReadTests {
    /// `count` rounds of `child` (nil: the guest), the games in turn, in one statement.
    static func fill(_ database: ProgressDatabase, child: Int?, count: Int, prefix: String) throws {
        try database.db.transaction { () throws(SQLiteError) in
            try database.db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
                INSERT INTO rounds (entry, child, game, level, score, result, reason, duration, progress, mistakes,
                                    relaxed, counts, in_tables, played)
                SELECT ? || i, ?, CASE i % 3 WHEN 0 THEN 'memory' WHEN 1 THEN 'sorting' ELSE 'balloons' END,
                       'easy', i % 50, 'won', 'all-found', 30, 0, 0, 0, 1, 1, 1000 + i FROM n
                """, [.int(count), .text(prefix), .optional(child)])
        }
    }

    @Test func aGameTileTapReadsHerLastTwoRoundsNotHerHistory() throws {
        let context = makeContext(dataDir: temporaryDirectory())
        context.profiles = context.scores as? any ProfileKeeping
        let store = try #require(context.scores as? HighScoreStore)
        let database = try #require(store.database)
        let ana = try store.addChild(nickname: "Ana", avatar: Avatar(animal: "fox", colour: "red")).get()
        let ben = try store.addChild(nickname: "Ben", avatar: Avatar(animal: "owl", colour: "teal")).get()
        try Self.fill(database, child: ana.number, count: 60_000, prefix: "ana-")
        try Self.fill(database, child: ben.number, count: 30_000, prefix: "ben-")
        try Self.fill(database, child: nil, count: 30_000, prefix: "guest-")
        // Her last two Memory games: lost at Medium. Growing with her chooses Easy.
        for _ in 0..<2 {
            store.recordRound(RoundRecord(game: .memory, level: .medium, score: 0, result: "lost", reason: "time"), player: .child(ana))
        }
        #expect(try database.roundCount(child: ana.number) == 60_002)
        context.player = .child(ana)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let tile = try #require(stack.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["id"]?.stringValue == "game-memory" })

        let before = (rows: database.db.rowsRead, steps: database.db.machineSteps)
        tap(stack, frameOf(tile).center)
        let rows = database.db.rowsRead - before.rows, steps = database.db.machineSteps - before.steps
        #expect(context.log.events("select").last?["value"]?.stringValue == "easy", "two losses at Medium: Easy")
        // Two rows, and SQLite's own count of work a few dozen steps: no scan of her 60,002
        // rounds (the whole history was 60,002 rows and millions of steps).
        #expect(rows <= Growing.roundsRead, "\(rows) rows read")
        #expect(steps < 500, "\(steps) SQLite steps")

        // Her first game of a kind is still found (relaxed), and a game's end still suggests.
        let fresh = try store.addChild(nickname: "Cy", avatar: Avatar(animal: "cat", colour: "blue")).get()
        context.player = .child(fresh)
        context.demos = DemoMemory(mode: .firstTime)
        #expect(context.playsRelaxed(.memory))
        context.player = .child(ana)
        #expect(!context.playsRelaxed(.memory))
        #expect(context.lastRounds(of: ana, game: .memory, limit: 3).map(\.level) == [.easy, .medium, .medium])
    }
}
