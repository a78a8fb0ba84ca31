import Dispatch
import Glibc
import Synchronization
import SystemIO
import GameCore
import Storage

/// The kiosk's side of the school's server (issue #47), on a thread of its own: never on the
/// frame loop, so no frame ever waits for the network.
///
/// The kiosk's own database stays the truth. Every round, child and deletion lands in its
/// outbox in the same transaction (ProgressDatabase+Sync's triggers); this worker pushes the
/// outbox in order, a batch a transaction, with inserts that are idempotent on stable ids (a
/// round's entry id, a child's uid): a batch pushed twice (the kiosk killed after the
/// server's commit and before the outbox was emptied) adds nothing the second time. While the
/// server is away, it tries again after a back-off (`SyncSchedule`). At start and every minute
/// it pulls the children the server has: those made on other kiosks are added here, those
/// deleted on any kiosk (a tombstone) are deleted here with their rows.
///
/// What it sees is handed to the frame loop as events (`takeEvents`): the app logs them
/// (`sync`: pushed, pending, error), says each failure once on standard error and shows a
/// small sign in the grown-ups' corner.
public final class SyncWorker: Sendable {
    public enum Event: Equatable, Sendable {
        /// `count` things reached the server; `pending` still wait.
        case pushed(count: Int, pending: Int)
        /// Things waiting while the server is away (said when the count changes).
        case pending(count: Int)
        /// A failure, said once until it changes or things go through again.
        case error(kind: String, message: String)
        /// Children taken in from the server (made or deleted on other kiosks).
        case pulled(added: Int, deleted: Int)
        /// The other kiosks' rounds taken from the server for the corner's Progress pages (at
        /// every pull; `changed`: their count is not the last one's, the log says only those).
        case figures(rounds: Int, changed: Bool)
        /// A game is being played: the worker leaves the server alone (`setQuiet`), with
        /// `pending` things waiting (said once a game).
        case held(pending: Int)
    }

    /// What the corner shows.
    public struct Status: Equatable, Sendable {
        public var pending = 0
        /// The failure now (nil: all went through at the last try).
        public var error: String?
        /// When the kiosk and the server last agreed (seconds on the system clock).
        public var upToDate: Double?
        /// Tries that failed in a row.
        public var failures = 0
        public init() {}
    }

    public let conninfo: String
    public let databasePath: String
    public let journal: ProgressDatabase.Journal
    /// The name this kiosk gives itself on the server (the class report shows it).
    public let kioskName: String
    /// Seconds any one wait for the server may take.
    public let timeout: Double
    /// Outbox rows a transaction.
    public let batch: Int
    let wallClock: @Sendable () -> Double

    private struct State {
        var events: [Event] = []
        var status = Status()
        var stopping = false
        var drainUntil = 0.0
        var poked = false
        var started = false
        var quiet = false
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let schedule: Mutex<SyncSchedule>

    public init(conninfo: String, databasePath: String, journal: ProgressDatabase.Journal = .wal, kioskName: String = SyncWorker.hostName(),
                timeout: Double = 15, batch: Int = 200, schedule: SyncSchedule = SyncSchedule(),
                wallClock: @escaping @Sendable () -> Double = { var t = timespec(); clock_gettime(CLOCK_REALTIME, &t); return Double(t.tv_sec) }) {
        self.conninfo = conninfo
        self.databasePath = databasePath
        self.journal = journal
        self.kioskName = kioskName
        self.timeout = timeout
        self.batch = batch
        self.wallClock = wallClock
        self.schedule = Mutex(schedule)
    }

    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "kiosk" : name
    }

    /// Starts the thread (once).
    public func start() {
        let first = state.withLock { s -> Bool in defer { s.started = true }; return !s.started }
        guard first else { return }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let worker = Unmanaged<SyncWorker>.fromOpaque(context).takeRetainedValue()
            ThreadPriority.lowerCurrentThread(nice: 10)
            worker.run()
            return nil
        }, context)
        if made == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<SyncWorker>.fromOpaque(context).release()
            DispatchQueue(label: "kids-joy-center.sync").async { self.run() }
        }
    }

    /// A game is being played (true) or not: while it is, the worker leaves the server alone.
    public func setQuiet(_ quiet: Bool) {
        let changed = state.withLock { s -> Bool in defer { s.quiet = quiet }; return s.quiet != quiet }
        if changed && !quiet { wake.signal() }
    }

    /// Something new is in the outbox (a round was saved): push soon, unless backing off.
    public func poke() {
        state.withLock { $0.poked = true }
        wake.signal()
    }

    /// The events since the last call (the frame loop logs them).
    public func takeEvents() -> [Event] {
        state.withLock { s in defer { s.events = [] }; return s.events }
    }

    public var status: Status { state.withLock { $0.status } }

    /// At quit: a last push of what waits (when the server was there at the last try), for at
    /// most `drain` seconds, then the thread ends. Answers whether it ended in time; the
    /// caller waits `drain` seconds and a half at most, whatever the network does.
    @discardableResult
    public func stop(drain: Double = 3) -> Bool {
        let running = state.withLock { s -> Bool in
            s.stopping = true
            s.drainUntil = PGConnection.now() + drain
            return s.started
        }
        guard running else { return true }
        wake.signal()
        // Never longer than asked: a worker still waiting for a server that went silent is
        // left to its own deadline (the process may end under it).
        return finished.wait(timeout: .now() + drain + 0.5) == .success
    }

    private func emit(_ event: Event) { state.withLock { $0.events.append(event) } }

    // MARK: - The thread

    private func run() {
        defer { finished.signal() }
        var local: ProgressDatabase?
        var server: PGConnection?
        var kioskID = ""
        var lastError: String?
        var lastPendingSaid = -1
        var lastFiguresSaid = -1
        var heldSaid = false
        while true {
            let (stopping, drainUntil, poked) = state.withLock { s -> (Bool, Double, Bool) in
                defer { s.poked = false }
                return (s.stopping, s.drainUntil, s.poked)
            }

            let now = PGConnection.now()
            var pending = 0
            do {
                if local == nil {
                    let db = try ProgressDatabase(path: databasePath, importLegacy: { nil }, journal: journal, busyTimeout: 5_000)
                    kioskID = try db.enableSync(makeID: { HighScoreStore.randomID().lowercased() })
                    local = db
                }
                pending = try local!.outboxCount()
            } catch {
                say(&lastError, .error(kind: "local", message: "cannot read the kiosk's outbox in \(databasePath) (\(error))"))
                if stopping { return }
                schedule.withLock { $0.failed(at: now) }
                local = nil
                sleep(until: schedule.withLock { $0.nextWake(at: now, pending: 1) })
                continue
            }
            let sched = schedule.withLock { $0 }
            if stopping {
                // A last push only when the server was there at the last try.
                if pending == 0 || now >= drainUntil || sched.failures > 0 { return }
            }
            // While a game is played the worker does not talk to the server: a push or a
            // pull takes CPU the frames need (make bench's server-named frame times). It waits
            // for the end screen, Home, a pause or the quit; nothing waits for it.
            if !stopping && state.withLock({ $0.quiet }) {
                if !heldSaid { emit(.held(pending: pending)); heldSaid = true }
                _ = wake.wait(timeout: .now() + 1)
                continue
            }
            heldSaid = false
            if stopping || sched.shouldTalk(at: now, pending: pending) || (poked && sched.mayTry(at: now)) {
                do {
                    if let c = server, c.isOpen {
                        // A grown-up may have run a newer game's `server init` since.
                        try ServerSchema.check(c)
                    } else {
                        server = nil
                        let c = try PGConnection(conninfo, timeout: timeout)
                        try ServerSchema.check(c)
                        try c.exec("""
                            INSERT INTO kiosks (id, name) VALUES ($1, $2)
                            ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen = now()
                            """, [kioskID, kioskName])
                        server = c
                    }
                    var pushed = 0
                    while pending > 0 {
                        let items = try readBatch(local!)
                        guard let last = items.last?.seq else { break }
                        try push(items.compactMap(\.payload), to: server!, kiosk: kioskID)
                        try local!.outboxDone(through: last)
                        pushed += items.count
                        pending = try local!.outboxCount()
                        if stopping && PGConnection.now() >= drainUntil { break }
                        // A game began mid-drain: the rest waits for its end.
                        if !stopping && state.withLock({ $0.quiet }) { break }
                    }
                    let pullNow = !stopping && sched.pullDue(at: now) && !state.withLock({ $0.quiet })
                    if pullNow {
                        let (added, deleted) = try pull(server!, into: local!)
                        if added + deleted > 0 { emit(.pulled(added: added, deleted: deleted)) }
                        // The class's figures for the corner, after the children (their ids).
                        let figures = try pullFigures(server!, into: local!, kiosk: kioskID)
                        emit(.figures(rounds: figures, changed: figures != lastFiguresSaid))
                        lastFiguresSaid = figures
                    }
                    schedule.withLock { $0.succeeded(at: PGConnection.now(), pulled: pullNow) }
                    if pushed > 0 || lastError != nil { emit(.pushed(count: pushed, pending: pending)) }
                    lastError = nil
                    lastPendingSaid = -1
                    let p = pending
                    let wall = wallClock()
                    state.withLock { s in
                        s.status.pending = p
                        s.status.error = nil
                        s.status.upToDate = wall
                        s.status.failures = 0
                    }
                } catch {
                    server?.close()
                    server = nil
                    schedule.withLock { $0.failed(at: PGConnection.now()) }
                    if let e = error as? ServerError {
                        say(&lastError, .error(kind: e.kind.rawValue, message: e.message))
                    } else {
                        say(&lastError, .error(kind: "local", message: "cannot read the kiosk's outbox in \(databasePath) (\(error))"))
                    }
                    let p = (try? local?.outboxCount()) ?? pending
                    if p != lastPendingSaid {
                        emit(.pending(count: p))
                        lastPendingSaid = p
                    }
                    let message = lastError
                    let failures = schedule.withLock { $0.failures }
                    state.withLock { $0.status.pending = p; $0.status.error = message; $0.status.failures = failures }
                    if stopping { return }
                }
            }
            if stopping { continue }
            let p = (try? local?.outboxCount()) ?? 0
            sleep(until: schedule.withLock { $0.nextWake(at: PGConnection.now(), pending: p) })
        }
    }

    /// Says a failure once (again only after things went through or it changed).
    private func say(_ last: inout String?, _ event: Event) {
        guard case .error(_, let message) = event, message != last else { return }
        last = message
        emit(event)
    }

    /// Waits for a poke, a stop or `time` (at most a minute, at least 10 ms).
    private func sleep(until time: Double) {
        let seconds = min(60, max(0.01, time - PGConnection.now()))
        _ = wake.wait(timeout: .now() + seconds)
    }

    enum Payload {
        case child(ProgressDatabase.SyncChild)
        case round(ProgressDatabase.SyncRound)
        case delete(String)
    }

    struct Item {
        let seq: Int64
        let payload: Payload?
    }

    /// The next batch, read from the kiosk's database (a round or child deleted since has
    /// nothing to push: its tombstone follows).
    func readBatch(_ db: ProgressDatabase) throws(SQLiteError) -> [Item] {
        var items: [Item] = []
        for item in try db.outbox(limit: batch) {
            switch item.kind {
            case "child": items.append(Item(seq: item.seq, payload: try db.syncChild(uid: item.ref).map(Payload.child)))
            case "round": items.append(Item(seq: item.seq, payload: try db.syncRound(entry: item.ref).map(Payload.round)))
            case "delete": items.append(Item(seq: item.seq, payload: .delete(item.ref)))
            default: items.append(Item(seq: item.seq, payload: nil))
            }
        }
        return items
    }

    static func text(_ v: Double) -> String { v.isFinite ? "\(v)" : "0" }

    /// One batch in one transaction; every insert is idempotent.
    func push(_ payloads: [Payload], to c: PGConnection, kiosk: String) throws(ServerError) {
        try c.transaction { () throws(ServerError) in
            for p in payloads {
                switch p {
                case .child(let child):
                    try c.exec("""
                        INSERT INTO children (uid, nickname, animal, colour, created, kiosk)
                        SELECT $1, $2, $3, $4, $5::double precision, $6
                        WHERE NOT EXISTS (SELECT 1 FROM tombstones WHERE uid = $1)
                        ON CONFLICT (uid) DO UPDATE SET nickname = excluded.nickname, animal = excluded.animal,
                            colour = excluded.colour, changed = now()
                        """, [child.uid, child.nickname, child.animal, child.colour, Self.text(child.created), kiosk])
                case .round(let r):
                    try c.exec("""
                        INSERT INTO rounds (entry, kiosk, child, game, level, score, result, reason, duration, progress,
                                            mistakes, relaxed, counts, played, imported)
                        SELECT $1, $2, $3, $4, $5, $6::integer, $7, $8, $9::double precision, $10::integer, $11::integer,
                               $12::boolean, $13::boolean, $14::double precision, $15::boolean
                        WHERE $3::text IS NULL OR EXISTS (SELECT 1 FROM children WHERE uid = $3::text)
                        ON CONFLICT (kiosk, entry) DO NOTHING
                        """, [r.entry, kiosk, r.child, r.game, r.level, String(r.score), r.result, r.reason, Self.text(r.duration),
                              String(r.progress), String(r.mistakes), r.relaxed ? "t" : "f", r.counts ? "t" : "f",
                              Self.text(r.played), r.imported ? "t" : "f"])
                    if let sticker = r.sticker, let child = r.child {
                        try c.exec("""
                            INSERT INTO stickers (kiosk, round, child, kind, earned)
                            SELECT $5, $1, $2, $3::integer, $4::double precision
                            WHERE EXISTS (SELECT 1 FROM rounds WHERE kiosk = $5 AND entry = $1)
                            ON CONFLICT (kiosk, round) DO NOTHING
                            """, [r.entry, child, String(sticker.kind), Self.text(sticker.earned ?? r.played), kiosk])
                    }
                case .delete(let uid):
                    try c.exec("INSERT INTO tombstones (uid, kiosk) VALUES ($1, $2) ON CONFLICT (uid) DO NOTHING", [uid, kiosk])
                    try c.exec("DELETE FROM children WHERE uid = $1", [uid])
                }
            }
        }
    }

    /// The other kiosks' rounds, taken in here whole for the corner's Progress pages (read
    /// from the local file there: the frame loop never asks the server). Answers how many.
    func pullFigures(_ c: PGConnection, into db: ProgressDatabase, kiosk: String) throws -> Int {
        let rows = try c.exec("""
            SELECT kiosk, entry, child, game, level, score, result, reason, duration, progress, mistakes, relaxed, played, imported
            FROM rounds WHERE kiosk <> $1
            """, [kiosk])
        let rounds = rows.compactMap { r -> ProgressDatabase.ServerRound? in
            guard r.count == 14, let k = r[0], let entry = r[1], let game = r[3], let level = r[4] else { return nil }
            return ProgressDatabase.ServerRound(kiosk: k, entry: entry, child: r[2], game: game, level: level, score: Int(r[5] ?? "") ?? 0,
                                                result: r[6] ?? "", reason: r[7] ?? "", duration: Double(r[8] ?? "") ?? 0,
                                                progress: Int(r[9] ?? "") ?? 0, mistakes: Int(r[10] ?? "") ?? 0, relaxed: r[11] == "t",
                                                played: Double(r[12] ?? "") ?? 0, imported: r[13] == "t")
        }
        try db.takeInServerRounds(rounds, at: wallClock())
        return rounds.count
    }

    /// The server's children and tombstones, taken in here.
    func pull(_ c: PGConnection, into db: ProgressDatabase) throws -> (Int, Int) {
        let rows = try c.exec("SELECT uid, nickname, animal, colour, created FROM children")
        let tombs = try c.exec("SELECT uid FROM tombstones")
        let children = rows.compactMap { r -> ProgressDatabase.SyncChild? in
            guard r.count == 5, let uid = r[0], let animal = r[2], let colour = r[3] else { return nil }
            return ProgressDatabase.SyncChild(uid: uid, nickname: r[1], animal: animal, colour: colour, created: r[4].flatMap { Double($0) } ?? 0)
        }
        return try db.takeInServerChildren(children, tombstones: Set(tombs.compactMap { $0.first ?? nil }))
    }
}
