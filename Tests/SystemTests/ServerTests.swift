import Settings
import Foundation
import Glibc
import Testing
@testable import GameCore
@testable import Storage
@testable import Server
@testable import KidsJoyApp
import Scenes
@testable import SceneTests
import Runtime

/// Issue #47, the school's server: the back-off rule on an injected clock (no server needed).
@Suite struct SyncScheduleTests {
    @Test func backOffDoublesUpToAMinuteAndStartsOverAfterASuccess() {
        var s = SyncSchedule()
        #expect(s.shouldTalk(at: 0, pending: 1))
        var waits: [Double] = []
        var now = 0.0
        for _ in 0..<9 {
            s.failed(at: now)
            #expect(!s.mayTry(at: now))
            waits.append(s.notBefore - now)
            now = s.notBefore
            #expect(s.mayTry(at: now))
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        s.succeeded(at: now, pulled: true)
        #expect(s.failures == 0 && s.mayTry(at: now))
        s.failed(at: now)
        #expect(s.notBefore - now == 1, "a success starts the back-off over")
    }

    /// "Back after an hour of games": an hour without the server costs about a try a minute.
    @Test func anHourWithoutTheServerCostsAboutATryAMinute() {
        var s = SyncSchedule()
        var now = 0.0, tries = 0
        while now < 3600 {
            if s.shouldTalk(at: now, pending: 100) {
                tries += 1
                s.failed(at: now)
            }
            now = max(now + 0.001, s.nextWake(at: now, pending: 100))
        }
        #expect(tries >= 60 && tries <= 70, "\(tries) tries in an hour")
        // Back: the next try goes through, and the one after it is at once while things wait.
        s.succeeded(at: now, pulled: true)
        #expect(s.nextWake(at: now, pending: 5) == now)
    }

    @Test func childrenArePulledAtStartAndEveryMinute() {
        var s = SyncSchedule()
        #expect(s.pullDue(at: 0) && s.shouldTalk(at: 0, pending: 0))
        s.succeeded(at: 0, pulled: true)
        #expect(!s.pullDue(at: 59.9) && !s.shouldTalk(at: 59.9, pending: 0))
        #expect(s.nextWake(at: 10, pending: 0) == 60)
        #expect(s.pullDue(at: 60) && s.shouldTalk(at: 60, pending: 0))
    }
}

/// Issue #47: the `server` key, typed and lockable like every setting (no server needed).
@Suite struct ServerSettingTests {
    @Test func theServerKeyIsAConnectionStringWithoutAPassword() {
        let (values, problems) = ConfigFile.parse("server = \"host=school-server dbname=kidsjoy user=kiosk1 sslmode=verify-full\"\n", file: "c")
        #expect(problems.isEmpty && values[.server]?.text == "host=school-server dbname=kidsjoy user=kiosk1 sslmode=verify-full")
        var options = AppOptions()
        options.apply(config: values, commandLine: CommandLineChoices())
        #expect(options.settings.server == "host=school-server dbname=kidsjoy user=kiosk1 sslmode=verify-full")
        // "" is none: no worker, no socket.
        let (none, _) = ConfigFile.parse("server = \"\"\n", file: "c")
        var off = AppOptions()
        off.apply(config: none, commandLine: CommandLineChoices())
        #expect(off.settings.server == nil)
        #expect(AppOptions().settings.server == nil, "no server by default")
        // A password in the config is refused (libpq's ~/.pgpass, passfile= or PGPASSWORD keep it).
        for text in ["server = \"host=s password=secret\"\n", "server = \"postgresql://kiosk:secret@school-server/kidsjoy\"\n"] {
            let (v, p) = ConfigFile.parse(text, file: "c")
            #expect(v[.server]?.text == nil && p.contains { $0.contains("password") }, "\(p)")
        }
        #expect(ConfigFile.parse("server = \"postgresql://kiosk@school-server/kidsjoy\"\n", file: "c").0[.server]?.text != nil)
        #expect(ConfigFile.parse("server = host\n", file: "c").1.first?.contains("quoted") == true)
        // A school locks it like any key.
        let spec = SettingsTable.spec(.server)
        #expect(spec.lockable && !spec.remembered && spec.kind == .connection)
    }
}

/// Issue #47: the corner's small sign (no words: a tick or a cross, what waits, the time).
@Suite @MainActor struct ServerSignTests {
    @Test func theCornerShowsTheServersSignOnlyWhenOneIsNamed() {
        let context = makeContext(dataDir: temporaryDirectory())
        let none = CornerScene(context: context)
        #expect(!none.dumpItems().contains { $0["id"]?.stringValue == "server-sign" }, "no server: no sign")
        context.serverSign = ServerSign(pending: 3, failing: true, upToDate: 50_700)
        let corner = CornerScene(context: context)
        let sign = corner.dumpItems().first { $0["id"]?.stringValue == "server-sign" }
        #expect(sign?["pending"]?.intValue == 3 && sign?["failing"]?.boolValue == true && sign?["upToDate"]?.boolValue == true)
        #expect(sign?["icon"]?.stringValue == "close")
        #expect(ServerSign(pending: 0, failing: false, upToDate: 50_700).time(utcOffset: 0) == "14:05")
        #expect(ServerSign(pending: 0, failing: false, upToDate: 50_700).time(utcOffset: -15 * 3600) == "23:05")
        #expect(ServerSign(pending: 0, failing: false, upToDate: nil).time(utcOffset: 0) == nil)
        let canvas = RecordingCanvas()
        corner.drawContent(on: canvas)
        #expect(canvas.texts.contains { $0.hasPrefix("3") && $0.hasSuffix(":05") }, "\(canvas.texts)")
    }
}

/// Issue #47 against a real PostgreSQL server (pg_virtualenv's): the schema, the push, the
/// pull, the faults and the class report. Every test has a database of its own.
@Suite(.serialized, .enabled(if: PGTest.enabled, "no PostgreSQL server: run the tests under pg_virtualenv (tools/run-tests.sh does)"))
@MainActor struct ServerTests {
    static let round = RoundRecord(game: .memory, level: .easy, score: 40, result: "won", reason: "all-found", duration: 31)

    static func store(_ dir: String) -> HighScoreStore { HighScoreStore(directory: dir, warn: { _ in }) }

    /// Records `count` rounds, every other one for `child` (with her sticker).
    static func play(_ store: HighScoreStore, _ count: Int, child: ChildProfile? = nil, from: Int = 0) {
        for i in from..<(from + count) {
            var r = round
            r.score = i % 100
            store.recordRound(r, player: child.map { i % 2 == 0 ? .child($0) : .guest } ?? .guest)
        }
        // A round that met the worker's short write (the outbox emptied) waits in the store,
        // as it would for a frame: the frame loop's pump writes it; here, at once.
        store.waitForPendingSaves(quitWait: 5)
    }

    static func outbox(_ dir: String) throws -> Int {
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName, importLegacy: { nil })
        return try db.outboxCount()
    }

    /// Everything the kiosk kept is on the server: its outbox is empty (rows leave it only
    /// once the server committed them) and the worker's last talk went through.
    static func drained(_ worker: SyncWorker) -> Bool {
        let s = worker.status
        guard s.upToDate != nil && s.pending == 0 && s.error == nil else { return false }
        guard let db = try? SQLiteDatabase(path: worker.databasePath, create: false, readOnly: true) else { return false }
        defer { db.close() }
        return ((try? db.scalar("SELECT count(*) FROM sync_outbox")) ?? nil) == 0
    }

    // MARK: - The schema

    @Test func serverInitMakesMigratesAndRefusesANewerSchema() throws {
        let db = try PGTest.makeDatabase()
        defer { PGTest.drop(db) }
        let c = try PGTest.admin(db)
        defer { c.close() }
        #expect(try ServerSchema.installed(c) == nil)
        #expect(throws: ServerError.self) { try ServerSchema.check(c) }
        // An older schema (version 1) with a child in it: a kiosk refuses it, init migrates it.
        #expect(try ServerSchema.initialize(c, upTo: 1) == .created(1))
        try c.exec("INSERT INTO children (uid, animal, colour, created, kiosk) VALUES ('a1', 'lion', 'red', 0, 'k')")
        do { try ServerSchema.check(c); Issue.record("an older schema was taken") } catch {
            #expect(error.kind == .schema && error.message.contains("older"), "\(error)")
        }
        #expect(try ServerSchema.initialize(c) == .migrated(from: 1, to: ServerSchema.version))
        #expect(try ServerSchema.initialize(c) == .current(ServerSchema.version))
        try ServerSchema.check(c)
        #expect(try c.exec("SELECT count(*) FROM children").first?[0] == "1", "migrating keeps the rows")
        // A newer schema: refused by init and by a kiosk, and left as it is.
        try c.exec("UPDATE kjc_schema SET version = 99")
        do { try ServerSchema.initialize(c); Issue.record("a newer schema was changed") } catch {
            #expect(error.message.contains("newer") && error.message.contains("nothing was changed"), "\(error)")
        }
        #expect(try ServerSchema.installed(c) == 99)
        #expect(throws: ServerError.self) { try ServerSchema.check(c) }
    }

    /// `server init` from the command line: made, then already current; a newer one exits 1.
    @Test(.enabled(if: GameBinary.isBuilt)) func serverInitCommand() throws {
        let db = try PGTest.makeDatabase()
        defer { PGTest.drop(db) }
        let first = try GameBinary.run(["server", "init", "--server", "dbname=\(db)"])
        #expect(first.status == 0 && first.stdout.contains("version \(ServerSchema.version)"), "\(first.output)")
        let again = try GameBinary.run(["server", "init", "--server", "dbname=\(db)"])
        #expect(again.status == 0 && again.stdout.contains("already"), "\(again.output)")
        _ = try PGTest.admin(db).exec("UPDATE kjc_schema SET version = 99")
        let newer = try GameBinary.run(["server", "init", "--server", "dbname=\(db)"])
        #expect(newer.status == 1 && newer.stderr.contains("newer"), "\(newer.output)")
    }

    // MARK: - Push

    @Test func everyRoundReachesTheServerOnceEvenPushedTwice() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        guard case .success(let mia) = store.addChild(nickname: "Mia", avatar: Avatar(animal: "lion", colour: "red")) else {
            Issue.record("no child"); return
        }
        Self.play(store, 40, child: mia)
        let worker = quickWorker("dbname=\(db)", dataDir: dir)
        worker.start()
        defer { worker.stop(drain: 0) }
        try waitUntil(60, "the outbox to drain") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 40)
        #expect(try PGTest.count(db, "SELECT count(*) FROM stickers") == 20)
        #expect(try PGTest.count(db, "SELECT count(*) FROM children WHERE nickname = 'Mia'") == 1)
        #expect(try PGTest.count(db, "SELECT count(DISTINCT kiosk) FROM rounds") == 1)
        // Everything pushed again (a kiosk killed after the server's commit, before its
        // outbox was emptied): nothing is counted twice.
        let local = try ProgressDatabase(path: dir + "/progress.db", importLegacy: { nil })
        try local.db.execute("INSERT INTO sync_outbox (kind, ref) SELECT 'child', uid FROM sync_children")
        try local.db.execute("INSERT INTO sync_outbox (kind, ref) SELECT 'round', entry FROM rounds")
        Self.play(store, 2, from: 1000)
        worker.poke()
        try waitUntil(60, "the second push") { try local.outboxCount() == 0 && Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 42)
        #expect(try PGTest.count(db, "SELECT count(*) FROM stickers") == 20)
        #expect(try PGTest.count(db, "SELECT count(*) FROM children") == 1)
        let events = worker.takeEvents()
        #expect(events.contains { if case .pushed = $0 { return true } else { return false } })
        #expect(!events.contains { if case .error = $0 { return true } else { return false } }, "\(events)")
    }

    /// A game on top keeps the game's worker quiet (make bench's server-named frame times): it
    /// says it holds its outbox back and opens no connection; once the game is left, it pushes.
    @Test func aGameOnTopKeepsTheWorkerQuiet() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        Self.play(store, 20)
        let worker = quickWorker(proxy.conninfo(db), dataDir: dir)
        worker.setQuiet(true)
        worker.start()
        defer { worker.stop(drain: 0) }
        var events: [SyncWorker.Event] = []
        try waitUntil(30, "the worker to hold its outbox back") {
            events += worker.takeEvents()
            return events.contains { if case .held(let n) = $0 { return n > 0 } else { return false } }
        }
        worker.poke()
        #expect(proxy.accepted == 0, "no connection while a game is played")
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 0)
        worker.setQuiet(false)
        try waitUntil(60, "the push once the game is left") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 20)
        #expect(proxy.accepted >= 1)
    }

    /// The server down at start, an hour of games (many rounds), then back: nothing lost,
    /// nothing twice, the failure said once.
    @Test func serverDownAtStartThenBackLosesNothing() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        proxy.set(.refuse)
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        let worker = quickWorker(proxy.conninfo(db), dataDir: dir)
        worker.start()
        defer { worker.stop(drain: 0) }
        Self.play(store, 300)
        worker.poke()
        try waitUntil(30, "the failure to be seen") { worker.status.error != nil && proxy.accepted >= 3 }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 0)
        Self.play(store, 300, from: 300)
        proxy.set(.forward)
        try waitUntil(60, "the outbox to drain once the server is back") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 600)
        let events = worker.takeEvents()
        let errors = events.filter { if case .error = $0 { return true } else { return false } }
        #expect(errors.count == 1, "the failure is said once: \(events)")
        #expect(events.contains { if case .pending = $0 { return true } else { return false } })
        #expect(events.last.map { if case .pushed(_, 0) = $0 { return true } else { return false } } == true, "\(events)")
    }

    /// The network gone mid-transaction (every connection cut, then no answer at all) while
    /// a long outbox is pushed: the server rolls the batch back, the kiosk keeps it and pushes
    /// it again; every round ends on the server exactly once.
    @Test func networkGoneMidTransactionLosesNothingAndCountsNothingTwice() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        Self.play(store, 1500)
        let worker = quickWorker(proxy.conninfo(db), dataDir: dir, timeout: 1)
        worker.start()
        defer { worker.stop(drain: 0) }
        // Cut while rows arrive (mid-push), three times.
        for cut in 1...3 {
            let before = try PGTest.count(db, "SELECT count(*) FROM rounds")
            try waitUntil(60, "push \(cut) under way") {
                let n = try PGTest.count(db, "SELECT count(*) FROM rounds")
                return n > before || Self.drained(worker)
            }
            proxy.cutAll()
        }
        // Then the network swallows everything: a wait with a deadline, never a stuck thread.
        proxy.set(.blackhole)
        proxy.cutAll()
        try waitUntil(30, "the time-out to be seen") { worker.status.error?.contains("did not answer") == true || Self.drained(worker) }
        proxy.set(.forward)
        proxy.cutAll()
        try waitUntil(90, "the outbox to drain") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 1500)
        #expect(try Self.outbox(dir) == 0)
    }

    /// The server's process for the kiosk killed in the middle of a push.
    @Test func serverKilledInTheMiddleOfAPushLosesNothing() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        Self.play(store, 2000)
        let worker = quickWorker("dbname=\(db)", dataDir: dir)
        worker.start()
        defer { worker.stop(drain: 0) }
        let admin = try PGTest.admin(db)
        defer { admin.close() }
        var killed = 0
        for _ in 0..<3 {
            try waitUntil(60, "a push under way") {
                let n = try PGTest.count(db, "SELECT count(*) FROM rounds")
                return n > 0 || Self.drained(worker)
            }
            let rows = try admin.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kids-joy-center' AND datname = $1", [db])
            killed += rows.filter { $0.first == "t" }.count
        }
        #expect(killed >= 1, "the kiosk's server process was killed mid-push")
        try waitUntil(90, "the outbox to drain") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 2000)
    }

    @Test func aWrongPasswordIsSaidOnceAndNothingIsLost() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let role = "kjc_pw_" + UUID().uuidString.prefix(6).lowercased()
        let admin = try PGTest.admin(db)
        defer { _ = try? admin.exec("DROP OWNED BY \(role)"); _ = try? admin.exec("DROP ROLE IF EXISTS \(role)"); admin.close() }
        try admin.exec("CREATE ROLE \(role) LOGIN PASSWORD 'right-one'")
        try admin.exec("GRANT ALL ON ALL TABLES IN SCHEMA public TO \(role)")
        // Over TCP (a Unix socket may trust the local user): the password is asked for.
        let host = "host=127.0.0.1 port=\(PGTest.environment["PGPORT"] ?? "5432") dbname=\(db) user=\(role)"
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        Self.play(store, 10)
        let wrong = quickWorker(host + " password=wrong-one", dataDir: dir)
        wrong.start()
        try waitUntil(30, "the refusal") { wrong.status.error != nil }
        // Let it retry a few times: still said once.
        let first = wrong.takeEvents()
        Self.play(store, 3, from: 10)
        wrong.poke()
        try waitUntil(30, "three tries refused") { wrong.status.failures >= 3 }
        #expect(try Self.outbox(dir) == 13)
        wrong.stop(drain: 0)
        let events = first + wrong.takeEvents()
        let errors = events.compactMap { if case .error(let kind, let m) = $0 { return (kind, m) } else { return nil } }
        if hbaTrustsLocalTCP(db) { return }
        #expect(errors.count == 1, "\(events)")
        #expect(errors.first?.0 == "refused" && errors.first?.1.contains("password") == true, "\(errors)")
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 0)
        // The right password: everything arrives.
        let right = quickWorker(host + " password=right-one", dataDir: dir)
        right.start()
        defer { right.stop(drain: 0) }
        try waitUntil(60, "the outbox to drain") { Self.drained(right) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 13)
    }

    /// A cluster whose pg_hba trusts local TCP would take any password: then the test above
    /// cannot see a refusal (pg_virtualenv's clusters ask for it).
    func hbaTrustsLocalTCP(_ db: String) -> Bool {
        guard let c = try? PGTest.admin(db) else { return false }
        defer { c.close() }
        let rows = (try? c.exec("SELECT auth_method FROM pg_hba_file_rules WHERE type = 'host'")) ?? []
        return rows.allSatisfy { $0.first == "trust" } && !rows.isEmpty
    }

    @Test func aKioskRefusesAnOlderOrNewerSchemaAndKeepsItsGames() throws {
        let db = try PGTest.makeDatabase()
        defer { PGTest.drop(db) }
        let admin = try PGTest.admin(db)
        defer { admin.close() }
        try ServerSchema.initialize(admin, upTo: 1)
        let dir = temporaryDirectory()
        let store = Self.store(dir)
        Self.play(store, 5)
        let worker = quickWorker("dbname=\(db)", dataDir: dir)
        worker.start()
        defer { worker.stop(drain: 0) }
        try waitUntil(30, "the older schema refused") { worker.status.error?.contains("older") == true }
        try ServerSchema.initialize(admin)
        worker.poke()
        try waitUntil(60, "the push once migrated") { Self.drained(worker) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 5)
        try admin.exec("UPDATE kjc_schema SET version = 99")
        Self.play(store, 2, from: 5)
        worker.poke()
        try waitUntil(30, "the newer schema refused") { worker.status.error?.contains("newer") == true }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 5, "nothing written to a newer schema")
        #expect(try Self.outbox(dir) == 2, "the games wait on the kiosk")
    }

    // MARK: - Children on every kiosk

    @Test func aChildMadeOnOneKioskIsOnTheOthersAndHerDeletionFollowsEverywhere() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dirA = temporaryDirectory() + "-a", dirB = temporaryDirectory() + "-b"
        let a = Self.store(dirA), b = Self.store(dirB)
        let wa = quickWorker("dbname=\(db)", dataDir: dirA, name: "kiosk-a")
        let wb = quickWorker("dbname=\(db)", dataDir: dirB, name: "kiosk-b")
        wa.start(); wb.start()
        defer { wa.stop(drain: 0); wb.stop(drain: 0) }
        guard case .success(let zoe) = a.addChild(nickname: "Zoe", avatar: Avatar(animal: "fox", colour: "blue")) else {
            Issue.record("no child"); return
        }
        wa.poke()
        try waitUntil(60, "Zoe on kiosk B") { b.children.contains { $0.nickname == "Zoe" } }
        let zoeOnB = try #require(b.children.first { $0.nickname == "Zoe" })
        #expect(zoeOnB.avatar == zoe.avatar)
        // The same child plays on both kiosks at once: her rounds add up.
        Self.play(a, 6, child: zoe)
        Self.play(b, 6, child: zoeOnB)
        wa.poke(); wb.poke()
        try waitUntil(60, "both pushed") {
            let n = try PGTest.count(db, "SELECT count(*) FROM rounds")
            return Self.drained(wa) && Self.drained(wb) && n == 12
        }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds r JOIN children c ON c.uid = r.child WHERE c.nickname = 'Zoe'") == 6)
        #expect(try PGTest.count(db, "SELECT count(*) FROM stickers") == 6)
        #expect(try PGTest.count(db, "SELECT count(*) FROM children") == 1, "one Zoe, not two")
        // Deleted on kiosk B: gone from the server with her rows, and from kiosk A.
        #expect(b.deleteChild(zoeOnB))
        wb.poke()
        try waitUntil(60, "Zoe deleted everywhere") {
            let n = try PGTest.count(db, "SELECT count(*) FROM children")
            return !a.children.contains { $0.nickname == "Zoe" } && n == 0
        }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds WHERE child IS NOT NULL") == 0)
        #expect(try PGTest.count(db, "SELECT count(*) FROM stickers") == 0)
        #expect(try PGTest.count(db, "SELECT count(*) FROM tombstones") == 1)
        #expect(try a.database!.roundCount(child: zoe.number) == 0, "her rows deleted on kiosk A too")
    }

    // MARK: - "Done when": three kiosks at once, and the class report

    @Test(.enabled(if: GameBinary.isBuilt)) func threeKiosksPlayingAtOnceEndWithEveryRoundOnceAndTheClassReport() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dirs = (0..<3).map { temporaryDirectory() + "-\($0)" }
        let stores = dirs.map(Self.store)
        let workers = dirs.enumerated().map { quickWorker("dbname=\(db)", dataDir: $1, name: "kiosk-\($0)") }
        workers.forEach { $0.start() }
        defer { workers.forEach { $0.stop(drain: 0) } }
        // The workers have just opened the same databases: a write of theirs holds the lock for
        // a moment, and the main thread never waits for it (`mainThreadWait`), so adding her
        // may answer "busy" and is tried again, as a child taps "+" again.
        var added: Result<ChildProfile, ProfileFailure>?
        try waitUntil(30, "Ana added") {
            added = stores[0].addChild(nickname: "Ana", avatar: Avatar(animal: "cat", colour: "green"))
            if case .failure(.storage) = added { return false }
            return true
        }
        guard case .success(let ana) = added else {
            Issue.record("no child: \(String(describing: added))"); return
        }
        // The three play in turns, a round at a time, while the workers push.
        for i in 0..<60 {
            for (k, store) in stores.enumerated() {
                Self.play(store, 1, child: k == 0 ? ana : nil, from: i)
                workers[k].poke()
            }
        }
        try waitUntil(90, "every kiosk drained") { workers.allSatisfy(Self.drained) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 180)
        #expect(try PGTest.count(db, "SELECT count(*) FROM (SELECT kiosk FROM rounds GROUP BY kiosk HAVING count(*) = 60) k") == 3)
        // `report --server` from any kiosk: the config names the server.
        let home = temporaryDirectory() + "-config"
        try FileManager.default.createDirectory(atPath: home + "/kids-joy-center", withIntermediateDirectories: true)
        try "server = \"dbname=\(db)\"\n".write(toFile: home + "/kids-joy-center/config.toml", atomically: true, encoding: .utf8)
        let report = try GameBinary.run(["report", "--server"], environment: ["XDG_CONFIG_HOME": home, "XDG_CONFIG_DIRS": home + "/none"])
        #expect(report.status == 0, "\(report.output)")
        #expect(report.stdout.contains("180 games from 3 kiosks"), "\(report.stdout)")
        for k in 0..<3 { #expect(report.stdout.contains("kiosk-\(k) ("), "kiosk-\(k) in \(report.stdout)") }
        #expect(report.stdout.contains("Ana (cat on green)"))
        let csv = try GameBinary.run(["report", "--server", "--csv", "-"], environment: ["XDG_CONFIG_HOME": home, "XDG_CONFIG_DIRS": home + "/none"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "child,nickname,animal,colour,kiosk,kiosk_id,game,played,won,best,average,seconds,stickers")
        let played = lines.dropFirst().compactMap { Int($0.split(separator: ",", omittingEmptySubsequences: false)[7]) }.reduce(0, +)
        #expect(played == 180)
    }

    // MARK: - The kiosk killed with a full outbox

    @Test(.enabled(if: GameBinary.isBuilt)) func aKioskKilledWithAFullOutboxLosesNothing() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dir = temporaryDirectory()
        // 4,000 rounds kept while no server was named.
        let sample = try GameBinary.run(["report", "--data-dir", dir, "--make-sample", "20x200"])
        #expect(sample.status == 0, "\(sample.output)")
        let config = dir + "-server.toml"
        try "server = \"dbname=\(db)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let script = dir + "-quit.txt"
        try "0.2 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
        let args = ["--headless", "--no-draw", "--data-dir", dir, "--config", config, "--script", script]
        // The game starts pushing; it is killed (SIGKILL) once the first rows are there.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: GameBinary.path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        try waitUntil(60, "the first rows on the server") {
            let n = try PGTest.count(db, "SELECT count(*) FROM rounds")
            return n > 0 || !p.isRunning
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        let atKill = try PGTest.count(db, "SELECT count(*) FROM rounds")
        #expect(try Self.outbox(dir) > 0 || atKill == 4000)
        // Started again (each run pushes while it plays and a few seconds at quit) until the
        // outbox is empty.
        var runs = 0
        while try Self.outbox(dir) > 0 && runs < 15 {
            let r = try GameBinary.run(args)
            #expect(r.status == 0, "\(r.output)")
            runs += 1
        }
        #expect(try Self.outbox(dir) == 0)
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 4000)
        #expect(try PGTest.count(db, "SELECT count(*) FROM children") == 20)
        #expect(try PGTest.count(db, "SELECT count(*) FROM stickers") == 4000)
    }

    /// 30 kiosks (processes) pushing at once to one server: every round there once.
    @Test(.enabled(if: GameBinary.isBuilt)) func thirtyKiosksPushingAtOnce() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dirs = (0..<30).map { temporaryDirectory() + "-\($0)" }
        for dir in dirs {
            let r = try GameBinary.run(["report", "--data-dir", dir, "--make-sample", "2x50"])
            #expect(r.status == 0)
        }
        let processes = try dirs.map { dir -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: GameBinary.path)
            p.arguments = ["server", "push", "--data-dir", dir, "--server", "dbname=\(db)", "--wait", "120"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        let deadline = Date().addingTimeInterval(180)
        for p in processes {
            while p.isRunning && Date() < deadline { usleep(20_000) }
            if p.isRunning { Exec.stop(p) }
            #expect(p.terminationStatus == 0)
        }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 3000)
        #expect(try PGTest.count(db, "SELECT count(*) FROM kiosks") == 30)
        #expect(try PGTest.count(db, "SELECT count(*) FROM children") == 60)
    }

    // MARK: - The schools' guide's set-up, followed on a fresh server

    /// docs/schools.md, "Setting up the server, step by step": its SQL blocks as they are (names made
    /// unique to this run), `server init` as the admin role, then a kiosk role that pushes,
    /// reads the class report and can do nothing more. The passwords come from a passfile
    /// (PGPASSWORD is not passed on). No TLS: the test cluster has no certificate.
    @Test(.enabled(if: GameBinary.isBuilt)) func theSchoolsGuideSetUpWorksOnAFreshServer() throws {
        try PGTest.require()
        let guide = try String(contentsOfFile: packageRoot + "/docs/schools.md", encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## The school's server\n").dropFirst().first?
            .components(separatedBy: "\n## Reports").first)
        var blocks: [String] = []
        var current: [String]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t == "```sql" { current = []; continue }
            if t == "```", let c = current { blocks.append(c.joined(separator: "\n")); current = nil; continue }
            current?.append(t)
        }
        #expect(blocks.count == 2, "the guide's two SQL blocks")
        guard blocks.count == 2 else { return }
        let tag = UUID().uuidString.prefix(6).lowercased()
        let dbname = "kidsjoy_\(tag)", admin = "kidsjoy_admin_\(tag)", group = "kidsjoy_kiosk_\(tag)", kiosk = "kiosk1_\(tag)"
        func named(_ sql: String) -> String {
            sql.replacingOccurrences(of: "kidsjoy_admin", with: "@ADMIN@").replacingOccurrences(of: "kidsjoy_kiosk", with: "@GROUP@")
                .replacingOccurrences(of: "kiosk1", with: kiosk).replacingOccurrences(of: "kidsjoy", with: dbname)
                .replacingOccurrences(of: "@ADMIN@", with: admin).replacingOccurrences(of: "@GROUP@", with: group)
        }
        func statements(_ block: String) -> [String] {
            named(block).split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        let superuser = try PGTest.admin()
        defer {
            _ = try? superuser.exec("DROP DATABASE IF EXISTS \(dbname) WITH (FORCE)")
            for role in [kiosk, group, admin] { _ = try? superuser.exec("DROP ROLE IF EXISTS \(role)") }
            superuser.close()
        }
        // Step 4, as postgres.
        for sql in statements(blocks[0]) { try superuser.exec(sql) }
        // The passwords in a passfile (0600), as the guide's ~/.pgpass.
        let dir = temporaryDirectory()
        let passfile = dir + "-pgpass"
        try "*:*:\(dbname):\(admin):choose-an-admin-password\n*:*:\(dbname):\(kiosk):choose-a-kiosk-password\n"
            .write(toFile: passfile, atomically: true, encoding: .utf8)
        chmod(passfile, 0o600)
        let host = "host=\(PGTest.environment["PGHOST"] ?? "localhost") port=\(PGTest.environment["PGPORT"] ?? "5432") dbname=\(dbname)"
        var env = ProcessInfo.processInfo.environment
        env["PGPASSWORD"] = nil
        env["SDL_AUDIODRIVER"] = "dummy"
        // Step 6: the schema, as the admin role.
        let initialized = try Exec.capture(GameBinary.path, ["server", "init", "--server", "\(host) user=\(admin) passfile=\(passfile)"], environment: env)
        #expect(initialized.status == 0 && initialized.stdout.contains("made the schema"), "\(initialized.output)")
        // Step 7: the kiosks' rights, as the admin role.
        let asAdmin = try PGConnection("\(host) user=\(admin) password=choose-an-admin-password")
        defer { asAdmin.close() }
        for sql in statements(blocks[1]) { try asAdmin.exec(sql) }
        // Steps 9 to 11: a kiosk pushes, and reads the class report.
        let sample = try GameBinary.run(["report", "--data-dir", dir, "--make-sample", "2x10"])
        #expect(sample.status == 0)
        let kioskInfo = "\(host) user=\(kiosk) passfile=\(passfile)"
        let pushed = try Exec.capture(GameBinary.path, ["server", "push", "--data-dir", dir, "--server", kioskInfo], environment: env)
        #expect(pushed.status == 0 && pushed.stdout.contains("0 waiting"), "\(pushed.output)")
        let home = dir + "-config"
        try FileManager.default.createDirectory(atPath: home + "/kids-joy-center", withIntermediateDirectories: true)
        try "[locked]\nserver = \"\(kioskInfo)\"\n".write(toFile: home + "/kids-joy-center/config.toml", atomically: true, encoding: .utf8)
        env["XDG_CONFIG_HOME"] = home
        env["XDG_CONFIG_DIRS"] = home + "/none"
        let report = try Exec.capture(GameBinary.path, ["report", "--server"], environment: env)
        #expect(report.status == 0 && report.stdout.contains("20 games from 1 kiosk"), "\(report.output)")
        // Only the rights it needs.
        let asKiosk = try PGConnection("\(host) user=\(kiosk) password=choose-a-kiosk-password")
        defer { asKiosk.close() }
        for forbidden in ["UPDATE rounds SET score = 0", "DELETE FROM rounds", "DELETE FROM stickers", "DROP TABLE rounds",
                          "CREATE TABLE mine (a integer)", "ALTER TABLE rounds ADD COLUMN x integer", "UPDATE kjc_schema SET version = 1",
                          "DELETE FROM tombstones", "TRUNCATE children"] {
            do { try asKiosk.exec(forbidden); Issue.record("a kiosk may: \(forbidden)") } catch {
                #expect(error.sqlState == "42501", "\(forbidden): \(error)")
            }
        }
        // Deleting a child (her tombstone, then her row) takes her rounds and stickers along.
        let uid = try #require(try asKiosk.exec("SELECT uid FROM children ORDER BY uid LIMIT 1").first?[0])
        try asKiosk.transaction { () throws(ServerError) in
            try asKiosk.exec("INSERT INTO tombstones (uid, kiosk) VALUES ($1, 'k') ON CONFLICT (uid) DO NOTHING", [uid])
            try asKiosk.exec("DELETE FROM children WHERE uid = $1", [uid])
        }
        #expect(try asKiosk.exec("SELECT count(*) FROM rounds WHERE child = $1", [uid]).first?[0] == "0")
        #expect(try asKiosk.exec("SELECT count(*) FROM rounds").first?[0] == "10")
    }

    // MARK: - TLS, as the schools' guide says: sslmode=verify-full

    /// The server given a certificate for "localhost" by a CA of the test's own (openssl):
    /// a kiosk with `sslmode=verify-full` and that CA pushes over TLS; the same server under
    /// another name (127.0.0.1) or with another CA is refused, and nothing is sent to it.
    @Test(.enabled(if: Exec.find("openssl") != nil, "openssl is missing")) func verifyFullTalksOnlyToTheNamedServer() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dir = temporaryDirectory()
        let pki = dir + "-pki"
        try FileManager.default.createDirectory(atPath: pki, withIntermediateDirectories: true)
        let openssl = try #require(Exec.find("openssl"))
        let env = ProcessInfo.processInfo.environment
        func ssl(_ args: [String]) throws { try Exec.run(openssl, args, environment: env, timeout: 60) }
        for ca in ["ca", "other-ca"] {
            try ssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(pki)/\(ca).key", "-out", "\(pki)/\(ca).pem",
                     "-days", "2", "-subj", "/CN=Kids Joy Center test \(ca)"])
        }
        try ssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(pki)/server.key", "-out", "\(pki)/server.csr", "-subj", "/CN=localhost"])
        try "subjectAltName=DNS:localhost\n".write(toFile: "\(pki)/san.ext", atomically: true, encoding: .utf8)
        try ssl(["x509", "-req", "-in", "\(pki)/server.csr", "-CA", "\(pki)/ca.pem", "-CAkey", "\(pki)/ca.key", "-CAcreateserial",
                 "-out", "\(pki)/server.pem", "-days", "2", "-extfile", "\(pki)/san.ext"])
        // The server's own account reads the key (0600): the cluster's owner, root's test or not.
        let admin = try PGTest.admin(db)
        defer {
            _ = try? admin.exec("ALTER SYSTEM RESET ssl")
            _ = try? admin.exec("ALTER SYSTEM RESET ssl_cert_file")
            _ = try? admin.exec("ALTER SYSTEM RESET ssl_key_file")
            _ = try? admin.exec("SELECT pg_reload_conf()")
            admin.close()
        }
        let dataDir = try #require(try admin.exec("SHOW data_directory").first?[0])
        let owner = try FileManager.default.attributesOfItem(atPath: dataDir)[.ownerAccountID] as? NSNumber
        for file in ["server.key", "server.pem"] {
            chmod("\(pki)/\(file)", 0o600)
            if let owner, getuid() == 0 { chown("\(pki)/\(file)", uid_t(owner.uint32Value), gid_t(UInt32.max)) }
        }
        chmod(pki, 0o755)
        try admin.exec("ALTER SYSTEM SET ssl_cert_file = '\(pki)/server.pem'")
        try admin.exec("ALTER SYSTEM SET ssl_key_file = '\(pki)/server.key'")
        try admin.exec("ALTER SYSTEM SET ssl = on")
        try admin.exec("SELECT pg_reload_conf()")
        let port = PGTest.environment["PGPORT"] ?? "5432"
        try waitUntil(30, "the server to take TLS") {
            (try? PGConnection("host=localhost port=\(port) dbname=\(db) sslmode=require application_name=kjc-test")) != nil
        }
        let store = Self.store(dir)
        Self.play(store, 4)
        // Another name for the same server, or another CA: refused before anything is sent.
        for (conninfo, why) in [("host=127.0.0.1 port=\(port) dbname=\(db) sslmode=verify-full sslrootcert=\(pki)/ca.pem", "the name"),
                                ("host=localhost port=\(port) dbname=\(db) sslmode=verify-full sslrootcert=\(pki)/other-ca.pem", "the CA")] {
            let worker = quickWorker(conninfo, dataDir: dir)
            worker.start()
            try waitUntil(30, "\(why) refused") { worker.status.error != nil }
            worker.stop(drain: 0)
            #expect(worker.status.error?.contains("certificate") == true || worker.status.error?.contains("server") == true,
                    "\(why): \(worker.status.error ?? "")")
            #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 0, "\(why)")
        }
        let good = quickWorker("host=localhost port=\(port) dbname=\(db) sslmode=verify-full sslrootcert=\(pki)/ca.pem", dataDir: dir)
        good.start()
        defer { good.stop(drain: 0) }
        try waitUntil(60, "the push over TLS") { Self.drained(good) }
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 4)
        let tls = try admin.exec("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE s.ssl AND a.application_name = 'kids-joy-center'")
        #expect(tls.first?[0] == "1", "the kiosk's connection is TLS")
    }

    // MARK: - The game itself: its log, and no frame waits

    /// The game with a server named: at quit its last push lands, and the log says so.
    @Test func theGamePushesWhatItKeepsAndLogsSync() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 2, games: 30)
        let (_, app) = try runApp("0.5 dump\n1 quit\n", dataDir: dir) { $0.settings.server = "dbname=\(db)" }
        #expect(app.syncWorker == nil, "stopped at quit")
        // The log as it ends (the quit's last push included).
        let sync = app.log.lines.filter { $0["event"]?.stringValue == "sync" }
        #expect(sync.contains { $0["action"]?.stringValue == "pushed" }, "\(sync)")
        #expect(!sync.contains { $0["action"]?.stringValue == "error" }, "\(sync)")
        #expect(try PGTest.count(db, "SELECT count(*) FROM rounds") == 60)
        #expect(app.context.serverSign?.pending == 0 && app.context.serverSign?.failing == false
                && app.context.serverSign?.upToDate != nil, "the corner's sign: all there")
    }

    /// A server that swallows everything (the network gone, no answer): the frames and the
    /// quit never wait for it (the worker's connect alone would take its 15 s).
    @Test func noFrameWaitsForASilentServer() throws {
        let db = try PGTest.makeServer()
        defer { PGTest.drop(db) }
        let proxy = try TCPProxy()
        defer { proxy.close() }
        proxy.set(.blackhole)
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 1, games: 10)
        let started = Date()
        let (lines, _) = try runApp("0.1 dump\n10 dump\n20 quit\n", dataDir: dir) { $0.settings.server = proxy.conninfo(db) }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 8, "20 s of play and the quit took \(seconds) s of real time")
        #expect(lines.filter { $0["event"]?.stringValue == "dump" }.count == 2)
        try waitUntil(30, "the worker to reach the silent server") { proxy.accepted >= 1 }
        #expect(try Self.outbox(dir) == 11, "the games (and the child) wait on the kiosk")
    }

    // MARK: - No server: no socket, nothing new

    @Test func withNoServerNamedTheGameOpensNoSocketAndKeepsNoOutbox() throws {
        let dir = temporaryDirectory()
        let (_, app) = try runApp("0.5 quit\n", dataDir: dir)
        #expect(app.syncWorker == nil)
        let db = try ProgressDatabase(path: dir + "/progress.db", readOnly: true)
        #expect(!db.syncEnabled, "no outbox without a server")
        // The only libpq call sites are in Sources/Server (the only network code).
        let sources = packageRoot + "/Sources"
        let enumerator = FileManager.default.enumerator(atPath: sources)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasPrefix("Server/") else { continue }
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            #expect(!text.contains("import CLibPQ") && !text.contains("socket("), "\(file)")
        }
    }
}
