import Foundation
import Glibc
import Testing
@testable import GameCore
@testable import Storage
@testable import Server
@testable import KidsJoyApp
import Scenes
import Stage
@testable import SceneTests
import Runtime
import TextCatalogs

/// Issue #47, item 4: the grown-ups' corner with a school's server named. Its Progress pages
/// show the class's figures (the other kiosks' rounds as the sync worker last took them, with
/// the time), its Save report writes the whole class (class.csv) from any kiosk, and a server
/// that is away leaves the last figures and the kiosk's own report, said so. Against the real
/// server of the run (pg_virtualenv), waiting for what the worker says, never a fixed time.
@Suite(.serialized, .enabled(if: PGTest.enabled, "no PostgreSQL server: run the tests under pg_virtualenv (tools/run-tests.sh does)"))
@MainActor struct ServerCornerTests {
    static func round(_ score: Int) -> RoundRecord {
        RoundRecord(game: .memory, level: .easy, score: score, result: "won", reason: "all-found", duration: 31)
    }

    /// The corner on kiosk A's store, at its Progress section.
    static func progressCorner(_ store: HighScoreStore, dataDir: String) -> (GameRuntime, SceneStack, CornerScene) {
        let log = EventLog(writer: nil, keepInMemory: true)
        let context = GameRuntime(log: log, random: RandomSource(seed: 1), scores: store,
                                  settingsStore: SettingsStore(directory: dataDir, warn: { _ in }),
                                  soundPlayer: SilentSoundPlayer(), registry: .standard)
        context.profiles = store
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: corner, runtime: context)
        calmTap(stack, CornerScene.sectionFrame(.progress).center)
        #expect(corner.section == .progress)
        return (context, stack, corner)
    }

    static func page(_ corner: CornerScene, _ player: String) -> JSON? {
        corner.dumpItems().first { $0["id"]?.stringValue == "progress-" + player }
    }

    /// Kiosk B's child on kiosk A's Progress page: her rounds on both kiosks, and when the
    /// figures were brought up to date; the server gone, the last figures and their time stay.
    @Test func theProgressPagesShowTheClassFromTheServerAndKeepThemWhenItIsAway() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        let dirA = temporaryDirectory() + "-a", dirB = temporaryDirectory() + "-b"
        let a = ServerTests.store(dirA), b = ServerTests.store(dirB)
        a.classFigures = true
        let wa = quickWorker(proxy.conninfo(db), dataDir: dirA, name: "kiosk-a")
        let wb = quickWorker("dbname=\(db)", dataDir: dirB, name: "kiosk-b")
        wa.start(); wb.start()
        defer { wa.stop(drain: 0); wb.stop(drain: 0) }
        guard case .success(let zoe) = b.addChild(nickname: "Zoe", avatar: Avatar(animal: "fox", colour: "blue")) else {
            Issue.record("no child"); return
        }
        for i in 0..<4 { b.recordRound(Self.round(10 + i), player: .child(zoe)) }
        b.waitForPendingSaves(quitWait: 5)
        wb.poke()
        try waitUntil(60, "Zoe and her 4 rounds from kiosk B on kiosk A") {
            guard let onA = a.children.first(where: { $0.nickname == "Zoe" }) else { return false }
            return try a.database!.serverHistory(child: onA.number).count == 4
        }
        let zoeOnA = try #require(a.children.first { $0.nickname == "Zoe" })
        // Two more on kiosk A itself: the page adds them up (A's own rounds are read locally).
        for i in 0..<2 { a.recordRound(Self.round(50 + i), player: .child(zoeOnA)) }
        a.waitForPendingSaves(quitWait: 5)
        let taken = try #require(a.database!.serverFiguresAt)

        let (context, stack, corner) = Self.progressCorner(a, dataDir: dirA)
        let item = try #require(Self.page(corner, zoeOnA.id), "\(corner.dumpItems())")
        #expect(item["played"]?.intValue == 6, "4 on kiosk B, 2 on kiosk A: \(item)")
        #expect(item["best"]?.intValue == 51)
        #expect(item["server"]?["key"]?.stringValue == Messages.progressServerTime.key)
        #expect(item["server"]?["upToDate"]?.boolValue == true)
        let canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        let line = try #require(canvas.texts.first { $0.hasPrefix("Brought up to date with the school's server at ") }, "\(canvas.texts)")
        #expect(line.suffix(5).filter(\.isNumber).count == 4 && line.suffix(3).first == ":", "\(line)")
        _ = (context, stack, taken)

        // The server away (every connection refused): kiosk B plays on, kiosk A keeps the
        // last figures and their time.
        proxy.set(.refuse)
        proxy.cutAll()
        try waitUntil(60, "kiosk A to see the server away") { wa.status.error != nil }
        let kept = try #require(a.database!.serverFiguresAt)
        for i in 0..<2 { b.recordRound(Self.round(70 + i), player: .child(zoe)) }
        b.waitForPendingSaves(quitWait: 5)
        wb.poke()
        try waitUntil(60, "kiosk B's new rounds on the server") {
            try PGTest.count(db, "SELECT count(*) FROM rounds WHERE kiosk <> (SELECT id FROM kiosks WHERE name = 'kiosk-a')") == 6
        }
        let (_, _, again) = Self.progressCorner(a, dataDir: dirA)
        let stale = try #require(Self.page(again, zoeOnA.id))
        #expect(stale["played"]?.intValue == 6, "the last figures: \(stale)")
        #expect(stale["server"]?["upToDate"]?.boolValue == true)
        #expect(a.database!.serverFiguresAt == kept, "their time unchanged")
        let canvas2 = RecordingCanvas()
        again.drawContent(on: canvas2)
        #expect(canvas2.texts.contains { $0.hasPrefix("Brought up to date with the school's server at ") })

        // The server back: the new rounds come in.
        proxy.set(.forward)
        try waitUntil(60, "kiosk A's figures brought up to date") { try a.database!.serverHistory(child: zoeOnA.number).count == 6 }
        // The page already open is read again when the app hears of the new figures.
        #expect(Self.page(again, zoeOnA.id)?["played"]?.intValue == 6)
        again.serverFiguresChanged()
        #expect(Self.page(again, zoeOnA.id)?["played"]?.intValue == 8)
        let (_, _, back) = Self.progressCorner(a, dataDir: dirA)
        #expect(Self.page(back, zoeOnA.id)?["played"]?.intValue == 8)
    }

    /// Without a server the page is as it always was: no server line, the kiosk's own rounds.
    @Test func withoutAServerTheProgressPageIsTheKiosksOwn() throws {
        let dir = temporaryDirectory()
        let store = ServerTests.store(dir)
        let kid = try store.addChild(nickname: "Ana", avatar: Avatar(animal: "cat", colour: "red")).get()
        store.recordRound(Self.round(5), player: .child(kid))
        store.waitForPendingSaves(quitWait: 5)
        let (_, _, corner) = Self.progressCorner(store, dataDir: dir)
        let item = try #require(Self.page(corner, kid.id))
        #expect(item["played"]?.intValue == 1 && item["server"] == nil)
        let canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        #expect(!canvas.texts.contains { $0.contains("school's server") })
    }

    /// The local copy alone (no server needed): figures taken three days ago name their day,
    /// and the guest's page adds the other kiosks' guest rounds.
    @Test func figuresFromAnotherDayNameTheDay() throws {
        let dir = temporaryDirectory()
        let store = ServerTests.store(dir)
        store.recordRound(Self.round(5), player: .guest)
        store.waitForPendingSaves(quitWait: 5)
        let db = try #require(store.database)
        try db.enableSync(makeID: { "kiosk-here" })
        let when = store.progressNow - 3 * 86_400
        try db.takeInServerRounds([ProgressDatabase.ServerRound(kiosk: "kiosk-there", entry: "e1", child: nil, game: "memory", level: "easy",
                                                                score: 70, result: "won", reason: "all-found", duration: 20, progress: 6,
                                                                mistakes: 0, relaxed: false, played: when - 60, imported: false)], at: when)
        store.classFigures = true
        let (_, _, corner) = Self.progressCorner(store, dataDir: dir)
        let item = try #require(Self.page(corner, "guest"), "\(corner.dumpItems())")
        #expect(item["played"]?.intValue == 2 && item["best"]?.intValue == 70, "\(item)")
        let canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        let day = ChildProgress.day(when + store.utcOffset)
        #expect(canvas.texts.contains { $0.hasPrefix("Brought up to date with the school's server at \(day) ") }, "\(canvas.texts)")
        // The same store without a server named: the kiosk's own guest round only.
        store.classFigures = false
        let (_, _, plain) = Self.progressCorner(store, dataDir: dir)
        #expect(Self.page(plain, "guest")?["played"]?.intValue == 1)
        #expect(Self.page(plain, "guest")?["server"] == nil)
    }

    /// Save report on kiosk A with a server named: class.csv holds both kiosks' rounds (as
    /// `report --server --csv`); the server away, the kiosk's own report is saved and the
    /// corner and the log say so.
    @Test func saveReportFromAnyKioskWritesTheClassAndSaysWhenTheServerIsAway() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        let dirA = temporaryDirectory() + "-a", dirB = temporaryDirectory() + "-b"
        // Kiosk B: three rounds of the guest, pushed.
        let b = ServerTests.store(dirB)
        let wb = quickWorker("dbname=\(db)", dataDir: dirB, name: "kiosk-b")
        wb.start()
        defer { wb.stop(drain: 0) }
        for i in 0..<3 { b.recordRound(Self.round(i), player: .guest) }
        b.waitForPendingSaves(quitWait: 5)
        wb.poke()
        try waitUntil(60, "kiosk B pushed") { ServerTests.drained(wb) }
        // Kiosk A: the game itself, with two rounds kept before it starts (pushed at start).
        let a = ServerTests.store(dirA)
        let ana = try a.addChild(nickname: "Ana", avatar: Avatar(animal: "cat", colour: "green")).get()
        for i in 0..<2 { a.recordRound(Self.round(20 + i), player: .child(ana)) }
        a.waitForPendingSaves(quitWait: 5)
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.settings.dataDir = dirA
        options.settings.server = proxy.conninfo(db)
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        let worker = try #require(app.syncWorker)
        try waitUntil(60, "kiosk A pushed") { ServerTests.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 5)

        let store = try #require(app.context.scores as? HighScoreStore)
        let home = temporaryDirectory() + "-home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media")
        let context = app.context!
        context.reports = saver
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: corner, runtime: context)
        calmTap(stack, CornerScene.sectionFrame(.progress).center)

        /// The corner's Save report to the home folder, run to its answer.
        func save() throws -> String {
            calmTap(stack, CornerScene.saveFrame.center)
            let scene = try #require(stack.top as? SaveReportScene)
            calmTap(stack, SaveReportScene.tileFrame(0).center)
            var frames = 0
            while stack.top === scene && frames < 600 {
                saver.waitUntilIdle()
                step(stack, frames: 1)
                frames += 1
            }
            #expect(stack.top === corner)
            return try #require(corner.savedFolder)
        }

        let folder = try save()
        #expect(corner.savedSource == .classFromServer)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.contains("class.csv") && files.contains("summary.csv"), "\(files)")
        let csv = try String(contentsOfFile: folder + "/class.csv", encoding: .utf8)
        let lines = csv.split(separator: "\n")
        #expect(lines.first == "child,nickname,animal,colour,kiosk,kiosk_id,game,played,won,best,average,seconds,stickers")
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.compactMap { Int($0[7]) }.reduce(0, +) == 5, "both kiosks' rounds: \(csv)")
        #expect(rows.contains { $0[4] == "kiosk-b" && $0[0] == "guest" && $0[7] == "3" }, "\(csv)")
        #expect(rows.contains { $0[1] == "Ana" && $0[7] == "2" }, "\(csv)")
        #expect(Set(rows.map { $0[5] }).count == 2, "two kiosks")
        var canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        #expect(canvas.texts.contains(context.text(Messages.cornerSavedClass)), "\(canvas.texts)")
        #expect(context.log.events("report").last?["source"]?.stringValue == "server")

        // The server away: the kiosk's own report, said in the corner and the log.
        proxy.set(.refuse)
        proxy.cutAll()
        let second = try save()
        #expect(corner.savedSource == .serverAway)
        let kept = try FileManager.default.contentsOfDirectory(atPath: second).sorted()
        #expect(!kept.contains("class.csv") && kept.contains("summary.csv") && kept.contains("games.csv"), "\(kept)")
        let games = try String(contentsOfFile: second + "/games.csv", encoding: .utf8)
        #expect(games.split(separator: "\n").count == 3, "the kiosk's own two rounds: \(games)")
        canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        #expect(canvas.texts.contains(context.text(Messages.cornerSavedServerAway)), "\(canvas.texts)")
        #expect(context.log.events("report").last?["source"]?.stringValue == "kiosk")
    }

    /// Issue #47, item 6: the corner's Progress page open (and its pages turned) while the
    /// server swallows everything: no frame waits for the network.
    @Test func noFrameWaitsForASilentServerWithTheProgressPageOpen() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        proxy.set(.blackhole)
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 2, games: 10)
        var options = AppOptions()
        options.headless = true
        options.seed = 1
        options.scriptText = "0.1 dump\n1 tap-item page-next\n2 tap-item page-previous\n3 tap-item page-next\n5 dump\n10 quit\n"
        options.settings.dataDir = dir
        options.noDraw = false
        options.settings.server = proxy.conninfo(db)
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        let corner = CornerScene(context: app.context)
        app.stack.apply([.push(corner)])
        calmTap(app.stack, CornerScene.sectionFrame(.progress).center)
        #expect(corner.section == .progress)
        // The worker's connect alone waits 15 s for the silent server: a frame (or the quit)
        // waiting for it would take the run past that.
        let started = Date()
        _ = app.run()
        let lines = app.log.lines
        app.shutdown()
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 12, "10 s of frames with the Progress page drawn, and the quit, took \(seconds) s of real time")
        let dumps = lines.filter { $0["event"]?.stringValue == "dump" }
        #expect(dumps.count == 2)
        #expect(corner.page == 1, "the pages turned")
        let page = try #require(corner.dumpItems().first { $0["id"]?.stringValue?.hasPrefix("progress-") == true })
        #expect(page["server"]?["key"]?.stringValue == Messages.progressServerNotYet.key, "no figures yet: \(page)")
        try waitUntil(30, "the worker to reach the silent server") { proxy.accepted >= 1 }
    }
}
