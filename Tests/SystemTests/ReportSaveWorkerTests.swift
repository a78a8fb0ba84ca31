import Dispatch
import Foundation
import Synchronization
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests

/// Issue #28, item 11 ("Save report freezes the game 4-10 s"): the files are written on a
/// worker thread. A fake slow writer holds every write until the test lets it go; meanwhile
/// the frames keep stepping, the chosen tile turns a spinner, a second tap starts nothing and
/// Back waits; then "Report saved" with its folder. A quit while it writes leaves nothing.
@Suite(.serialized) @MainActor struct ReportSaveWorkerTests {
    /// A writer that waits at a barrier (a semaphore, no timed sleep) until `open()`; a safety
    /// limit of 60 s turns a writer run on the main thread into a failure instead of a hang.
    final class SlowWriter: Sendable {
        private let barrier = DispatchSemaphore(value: 0)
        private let counts = Mutex((calls: 0, written: 0, timedOut: false))
        var calls: Int { counts.withLock { $0.calls } }
        var written: Int { counts.withLock { $0.written } }
        var timedOut: Bool { counts.withLock { $0.timedOut } }
        func open() { for _ in 0..<100 { barrier.signal() } }
        var writer: ReportSaver.Writer {
            { [self] bytes, path in
                counts.withLock { $0.calls += 1 }
                if barrier.wait(timeout: .now() + 60) == .timedOut { counts.withLock { $0.timedOut = true } }
                try OutputFile.write(bytes, to: path, mode: 0o600)
                counts.withLock { $0.written += 1 }
            }
        }
    }

    static func app(home: String) throws -> (GameApp, HighScoreStore) {
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.settings.dataDir = temporaryDirectory()
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        let store = try #require(app.context.scores as? HighScoreStore)
        let kid = try store.addChild(nickname: "Ana", avatar: Avatar(animal: "fox", colour: "red")).get()
        for i in 0..<3 {
            store.recordRound(RoundRecord(game: .sorting, level: .easy, score: 10 * i, result: "won", reason: "all-placed", duration: 20), player: .child(kid))
        }
        store.recordRound(RoundRecord(game: .memory, level: .easy, score: 5, result: "won", reason: "all-found", duration: 30), player: .guest)
        return (app, store)
    }

    static func folders(_ home: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).filter { $0.hasPrefix("kids-joy-center-report-") }
    }

    @Test func savingRunsOffTheFrameLoopWithASpinner() throws {
        let home = temporaryDirectory()
        let (app, store) = try Self.app(home: home)
        defer { app.shutdown() }
        let slow = SlowWriter()
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media", writer: slow.writer)
        let context = app.context!
        context.reports = saver
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let scene = SaveReportScene(context: context)
        stack.apply([.push(scene)])
        tap(stack, SaveReportScene.tileFrame(0).center)
        #expect(scene.isSaving && scene.started == 1)
        // Five seconds of frames while the writer holds: the frames go on (this test would
        // stop here if a write ran on the main thread), the tile is a spinner.
        step(stack, seconds: 5)
        #expect(stack.top === scene && scene.isSaving)
        #expect(!slow.timedOut)
        #expect(scene.dumpFields().contains { $0.0 == "saving" })
        #expect(scene.dumpItems().first?["icon"]?.stringValue == "spinner")
        #expect(!scene.showsBack)
        // A second tap, Back and Escape while saving do nothing harmful: no second save.
        tap(stack, SaveReportScene.tileFrame(0).center)
        stack.handle(.key(.escape))
        step(stack, seconds: 1)
        #expect(stack.top === scene && scene.started == 1)
        #expect(Self.folders(home).count == 1)
        // The writer lets go: the next frames answer "Report saved", naming its folder. (The
        // worker reads the database too, so the charts, one a frame, may start only now: at
        // most one frame for the rows, one per chart and one to finish, each after the worker
        // has done what it was given.)
        slow.open()
        var frames = 0
        while stack.top === scene && frames < 10 {
            saver.waitUntilIdle()
            step(stack, frames: 1)
            frames += 1
        }
        #expect(!(stack.top is SaveReportScene) && frames <= 5, "\(frames) frames")
        let folder = try #require(scene.savedFolder)
        #expect(Self.folders(home) == [String(folder.split(separator: "/").last!)])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["chart-child-1.png", "chart-guest.png", "games.csv", "summary.csv"], "\(files)")
        #expect(slow.written == 4)
        #expect(context.log.events("report").last?["action"]?.stringValue == "saved")
    }

    /// Issue #46, item 7: the tap read the whole database and made games.csv on the main
    /// thread (3.3-3.5 s frozen at 40 children x 5,000 rounds), and the corner read every
    /// round again when "Report saved" came back to it. The worker reads it through a
    /// connection of its own: from the tap to the corner's "Report saved", the main thread's
    /// connection runs no statement and reads no row, and the files hold every round.
    @Test func theMainThreadReadsNoRoundForTheReport() throws {
        let home = temporaryDirectory()
        let (app, store) = try Self.app(home: home)
        defer { app.shutdown() }
        let database = try #require(store.database)
        try BoundedReadTests.fill(database, child: 1, count: 40_000, prefix: "bulk-")
        let slow = SlowWriter()
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media", writer: slow.writer)
        let context = app.context!
        context.reports = saver
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let corner = CornerScene(context: context)
        let scene = SaveReportScene(context: context)
        stack.apply([.push(corner), .push(scene)])
        step(stack, frames: 2)
        let before = (statements: database.db.statementsPrepared, rows: database.db.rowsRead)
        tap(stack, SaveReportScene.tileFrame(0).center)
        #expect(scene.isSaving)
        #expect(database.db.statementsPrepared == before.statements && database.db.rowsRead == before.rows,
                "the tap ran \(database.db.statementsPrepared - before.statements) statements, read \(database.db.rowsRead - before.rows) rows")
        step(stack, seconds: 1)
        slow.open()
        for _ in 0..<600 where stack.top === scene {
            saver.waitUntilIdle()
            step(stack, frames: 1)
        }
        #expect(stack.top === corner && !scene.isSaving)
        #expect(database.db.statementsPrepared == before.statements && database.db.rowsRead == before.rows,
                "the frames ran \(database.db.statementsPrepared - before.statements) statements, read \(database.db.rowsRead - before.rows) rows")
        let folder = try #require(scene.savedFolder)
        let games = try String(contentsOfFile: folder + "/games.csv", encoding: .utf8)
        #expect(games.split(separator: "\n").count == 1 + 40_004)
        let summary = try String(contentsOfFile: folder + "/summary.csv", encoding: .utf8)
        #expect(summary.contains("child-1,Ana,fox,red,memory,13334,"), "\(summary)")
        #expect(!slow.timedOut)
    }

    /// The worker runs its jobs in order, on a thread of its own, at a lower priority than the
    /// frame loop (nice 10: a chart's frame gets its core while the worker encodes).
    @Test func theWorkerRunsInOrderBelowTheFrameLoop() {
        let worker = WorkerThread()
        let seen = Mutex<(order: [Int], nice: [Int32], elsewhere: Bool)>(([], [], true))
        let main = pthread_self()
        errno = 0
        let mainNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        for i in 0..<20 {
            worker.async {
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                let other = pthread_equal(pthread_self(), main) == 0
                seen.withLock { $0.order.append(i); $0.nice.append(nice); $0.elsewhere = $0.elsewhere && other }
            }
        }
        worker.waitUntilIdle()
        let result = seen.withLock { $0 }
        #expect(result.order == Array(0..<20) && result.elsewhere)
        #expect(result.nice.allSatisfy { $0 == max(worker.nice, mainNice) }, "\(result.nice) (the frame loop's: \(mainNice))")
    }

    /// A quit while it writes (the app's shutdown): the save stops, and neither the files
    /// already written nor the folder stay.
    @Test func quitWhileSavingLeavesNoFolder() throws {
        let home = temporaryDirectory()
        let (app, store) = try Self.app(home: home)
        let slow = SlowWriter()
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media", writer: slow.writer)
        let context = app.context!
        context.reports = saver
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let scene = SaveReportScene(context: context)
        stack.apply([.push(scene)])
        tap(stack, SaveReportScene.tileFrame(0).center)
        step(stack, frames: 1)   // the first chart drawn and queued
        #expect(scene.isSaving && Self.folders(home).count == 1)
        slow.open()
        app.shutdown()
        #expect(Self.folders(home).isEmpty)
        #expect(!slow.timedOut)
    }

    /// The screen closed while saving (the session's end, a route home): the save is
    /// cancelled the same way.
    @Test func closingTheScreenCancelsTheSave() throws {
        let home = temporaryDirectory()
        let (app, store) = try Self.app(home: home)
        defer { app.shutdown() }
        let slow = SlowWriter()
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media", writer: slow.writer)
        let context = app.context!
        context.reports = saver
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let scene = SaveReportScene(context: context)
        stack.apply([.push(scene)])
        tap(stack, SaveReportScene.tileFrame(0).center)
        stack.apply([.popToRoot])
        slow.open()
        saver.waitUntilIdle()
        #expect(Self.folders(home).isEmpty)
    }
}
