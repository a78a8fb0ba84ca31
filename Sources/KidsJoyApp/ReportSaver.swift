import GameCore
import Dispatch
import Glibc
import Render
import Server
import Runtime
import Scenes
import Stage
import Storage
import Synchronization
import SystemIO

/// The corner's "Save report": a new folder `kids-joy-center-report-YYYYMMDD-N` in the home
/// folder or on a USB stick (a mounted folder under /media), holding `summary.csv` (per child
/// and game), `games.csv` (every finished game) and one chart picture per child
/// (`chart-child-N.png`, drawn by the same code as the corner). Nothing is sent anywhere.
@MainActor
final class ReportSaver: ReportSaving {
    /// Writes one file's bytes (checked, 0600); a test passes a slow or failing one.
    typealias Writer = @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void
    private weak var app: GameApp?
    private let store: HighScoreStore
    let home: String
    let media: String
    private let writer: Writer
    /// The worker thread (lower priority than the frame loop): reads the database, draws and
    /// encodes the charts and writes the files, one after another.
    nonisolated let queue = WorkerThread()
    private var active: [ReportWork] = []

    init(app: GameApp, store: HighScoreStore, home: String = DataDirectory.home(), media: String = "/media",
         writer: @escaping Writer = { bytes, path in try OutputFile.write(bytes, to: path, mode: 0o600) }) {
        self.app = app
        self.store = store
        self.home = home
        self.media = media
        self.writer = writer
    }

    /// The home folder, then every writable folder mounted under /media (Debian mounts sticks
    /// at /media/USER/LABEL; older systems at /media/LABEL).
    func destinations() -> [ReportDestination] {
        var out = [ReportDestination(label: nil, path: home, isUSB: false)]
        var mediaInfo = stat()
        guard stat(media, &mediaInfo) == 0 else { return out }
        func isMount(_ path: String, parent: stat) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_dev != parent.st_dev
        }
        let names = (SystemFiles.list(media) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = media + "/" + name
            if isMount(path, parent: mediaInfo) {
                if access(path, W_OK) == 0 { out.append(ReportDestination(label: name, path: path, isUSB: true)) }
                continue
            }
            var userInfo = stat()
            guard stat(path, &userInfo) == 0, (userInfo.st_mode & S_IFMT) == S_IFDIR else { continue }
            for inner in (SystemFiles.list(path) ?? []).sorted() where !inner.hasPrefix(".") {
                let stick = path + "/" + inner
                if isMount(stick, parent: userInfo) && access(stick, W_OK) == 0 {
                    out.append(ReportDestination(label: inner, path: stick, isUSB: true))
                }
            }
        }
        return out
    }

    /// Starts a save: the folder is made here; the database is read, and every file made and
    /// written, on the worker thread (`queue`), through a connection of its own; one chart a
    /// frame is drawn by the job's `poll()` once the worker has read the rows. Neither a big
    /// database nor a slow or full stick holds a frame: the main thread reads no round.
    func begin(to destination: ReportDestination) -> any ReportJob {
        guard let database = store.database else { return FinishedReportJob(.failure(.storage("no database"))) }
        let day = DatabaseFile.day(SystemFiles.now())
        var folder = ""
        for n in 1...1000 {
            let candidate = destination.path + "/kids-joy-center-report-\(day)-\(n)"
            // Only this account reads a child's progress (as the data folder: 0700, files 0600).
            if mkdir(candidate, 0o700) == 0 { folder = candidate; break }
            if errno != EEXIST {
                return FinishedReportJob(.failure(.storage("cannot make a folder in \(printable(destination.path)): \(String(cString: strerror(errno)))")))
            }
        }
        guard !folder.isEmpty else { return FinishedReportJob(.failure(.storage("every report name in \(printable(destination.path)) is taken"))) }
        var reader: ReportWork.Reader
        let path = database.db.path
        if path == ":memory:" {
            // The store's stand-in when the file could not be opened: this run's few games,
            // which no other connection sees, read here.
            let report: ReportData
            do { report = try Self.read(database) } catch {
                rmdir(folder)
                return FinishedReportJob(.failure(.storage("\(error)")))
            }
            reader = { _ in report }
        } else {
            // The worker's own connection to the file, in one read transaction (WAL: it never
            // waits for a writer; a network folder's rollback journal: it may, on the worker).
            reader = { goOn in try Self.read(ProgressDatabase(readingCopyOf: path), goOn: goOn) }
        }
        if let conninfo = app?.options.settings.server, !conninfo.isEmpty {
            // A school's server named: the whole class too (class.csv, as `report --server
            // --csv`), read on the worker; a server that does not answer leaves the kiosk's.
            let local = reader
            reader = { goOn in
                var report = try local(goOn)
                do {
                    let c = try PGConnection(conninfo, timeout: ReportSaver.serverTimeout)
                    defer { c.close() }
                    report.classCSV = ServerClassReport.csv(try ServerReport.rows(c))
                } catch {
                    report.serverAway = (error as? ServerError)?.message ?? "\(error)"
                }
                return report
            }
        }
        let work = ReportWork(folder: folder, queue: queue, writer: writer)
        active.removeAll { $0.isDone }
        active.append(work)
        if let app, let context = app.context, let canvas = app.canvas {
            work.chartsFor = { rows in Self.charts(rows, context: context, canvas: canvas) }
        }
        work.start(reader)
        return work
    }

    /// One chart a player (in the rows' order), each drawn on the main thread when its frame comes.
    static func charts(_ rows: [ProgressSummary], context: GameContext, canvas: SoftwareCanvas) -> [ReportWork.Chart] {
        var players: [String] = [], byPlayer: [String: [ProgressSummary]] = [:]
        for row in rows {
            if byPlayer[row.player] == nil { players.append(row.player) }
            byPlayer[row.player, default: []].append(row)
        }
        return players.map { (player: String) -> ReportWork.Chart in
            let mine = byPlayer[player] ?? []
            return
                { () -> (String, PictureRecipe) in
                    // Listed apart from the screen, which stays as it is; the worker draws it.
                    let recipe = canvas.recipe {
                        canvas.fill(Rect(0, 0, 1024, 768), Theme.background)
                        ProgressChart.drawPlayer(canvas, mine, in: Rect(40, 40, 944, 700), context: context)
                    }
                    return ("chart-\(player).png", recipe)
                }
        }
    }

    /// The report's rows and games.csv, in one read transaction (the two files agree even
    /// when another copy of the game records a round meanwhile). `goOn` answers false once
    /// the save is stopped: the read ends at the next child.
    nonisolated static func read(_ database: ProgressDatabase, goOn: () -> Bool = { true }) throws(SQLiteError) -> ReportData {
        try database.db.transaction(immediate: false) { () throws(SQLiteError) -> ReportData in
            ReportData(rows: try database.summary(), games: try gamesCSV(database, goOn: goOn))
        }
    }

    /// Writes the report at once (the job run to its end): tests, and the job's own check.
    func save(to destination: ReportDestination) -> Result<String, ProfileFailure> {
        let job = begin(to: destination)
        while true {
            if let result = job.poll() { return result }
            if let work = job as? ReportWork, !work.charts.isEmpty { continue }
            waitUntilIdle()
        }
    }

    /// Returns once every file asked of the worker is written (or given up).
    nonisolated func waitUntilIdle() { queue.waitUntilIdle() }

    /// A quit while saving: every save under way is stopped and what it wrote removed before
    /// this returns (no half-written folder stays).
    func cancelAll() {
        for work in active where !work.isDone { work.cancel() }
        active.removeAll()
        waitUntilIdle()
    }

    /// Every finished game: who, which game and level, the score, result, reason, seconds,
    /// pairs/placements/pops, mistakes, relaxed, and the date (UTC, ISO 8601).
    nonisolated static func gamesCSV(_ database: ProgressDatabase, goOn: () -> Bool = { true }) throws(SQLiteError) -> String {
        var out = "player,nickname,game,level,score,result,reason,seconds,progress,mistakes,relaxed,date\n"
        let kids = try database.children()
        for (child, kid) in kids.map({ (Optional($0.number), Optional($0)) }) + [(nil, nil)] {
            guard goOn() else { throw SQLiteError.interrupted("the save was stopped", context: "report") }
            for r in try database.history(child: child) {
                let fields = [kid?.id ?? "guest", kid?.nickname ?? "", r.game.rawValue, r.level.rawValue, String(r.score), r.result, r.reason,
                              String(Int(r.duration.rounded())), String(r.progress), String(r.mistakes), r.relaxed ? "yes" : "no", isoDate(r.played, imported: r.imported)]
                out += fields.map(ProgressReport.csvField).joined(separator: ",") + "\n"
            }
        }
        return out
    }

    /// Seconds the save waits for the school's server (on the worker) before it saves the
    /// kiosk's own report instead.
    nonisolated static let serverTimeout = 10.0

    /// The first second of 2000: no round of this game was played before it.
    nonisolated static let earliestImportedDate = 946_684_800.0

    nonisolated static func isoDate(_ seconds: Double, imported: Bool = false) -> String {
        // A date no game was played on (a damaged or hand-made import: -1e300, 1e19, NaN)
        // is left empty, never a trap converting it. The old scores file's import keeps the
        // file's order with the entry's place (0, 1, 2…) where its date was missing or
        // impossible: such an imported "date" before 2000 is empty too, never 1970-01-01.
        guard seconds.isFinite, seconds >= 0, seconds < 32_503_680_000 else { return "" }
        if imported && seconds < Self.earliestImportedDate { return "" }
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { (n < 10 ? "0" : "") + String(n) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// What the worker reads for a report: the rows of summary.csv (and the charts) and games.csv.
struct ReportData: Sendable {
    let rows: [ProgressSummary]
    let games: String
    /// With a school's server named: the class's rows (class.csv), or why the server did not
    /// answer (the kiosk's report alone is saved).
    var classCSV: String?
    var serverAway: String?
}

/// One save under way: the worker reads the database and hands the rows to the main thread,
/// which draws the charts and hands them back; the worker writes every file in order, stops at
/// the first failure or a cancel, and then removes every file it made and the folder. The main
/// thread reads the outcome with `poll()`.
@MainActor
final class ReportWork: ReportJob {
    /// Lists one chart's drawing on the main thread (its text and pictures come from the
    /// canvas): the file's name and what the worker draws and encodes.
    typealias Chart = @MainActor () -> (String, PictureRecipe)
    /// Reads the report on the worker; its argument answers false once the save is stopped.
    typealias Reader = @Sendable (_ goOn: @escaping @Sendable () -> Bool) throws -> ReportData
    let folder: String
    private let queue: WorkerThread
    private let writer: ReportSaver.Writer
    /// Charts still to draw, one a frame.
    var charts: [Chart] = []
    /// Makes the charts once the worker has read the rows (nil: no canvas, no charts).
    var chartsFor: (([ProgressSummary]) -> [Chart])?
    private let state = ReportWorkState()
    private var loaded = false
    private var sealed = false
    private(set) var isDone = false

    init(folder: String, queue: WorkerThread, writer: @escaping ReportSaver.Writer) {
        self.folder = folder
        self.queue = queue
        self.writer = writer
    }

    /// Queues the reading and the two CSV files: the rows go to the main thread (`poll()`
    /// draws the charts from them) before the CSV files are made and written.
    func start(_ reader: @escaping Reader) {
        let state = state, folder = folder, writer = writer
        queue.async {
            guard state.shouldGoOn() else { return }
            do {
                let report = try reader { state.shouldGoOn() }
                state.read(report.rows)
                var files: [(String, () -> [UInt8])] = [("summary.csv", { [UInt8](ProgressReport.csv(report.rows).utf8) }),
                                                        ("games.csv", { [UInt8](report.games.utf8) })]
                if let classCSV = report.classCSV {
                    state.source(.classFromServer)
                    files.append(("class.csv", { [UInt8](classCSV.utf8) }))
                } else if report.serverAway != nil {
                    state.source(.serverAway)
                }
                for (name, bytes) in files {
                    guard state.shouldGoOn() else { return }
                    let data = bytes(), path = folder + "/" + name
                    state.made(path)
                    try writer(data, path)
                }
            } catch {
                state.fail("\(error)")
            }
        }
    }

    /// Queues one file: `bytes` runs on the worker (a chart's PNG encoding is slow too).
    func write(_ name: String, _ bytes: @escaping @Sendable () throws -> [UInt8]) {
        let path = folder + "/" + name
        let state = state, writer = writer
        queue.async {
            guard state.shouldGoOn() else { return }
            do {
                let data = try bytes()
                state.made(path)
                try writer(data, path)
            } catch {
                state.fail("\(error)")
            }
        }
    }

    func poll() -> Result<String, ProfileFailure>? {
        if isDone { return state.outcome(folder) }
        if !loaded {
            if let rows = state.takeRows() {
                loaded = true
                charts = chartsFor?(rows) ?? []
            } else if state.hasStopped {
                loaded = true
            } else {
                return nil
            }
        }
        if !charts.isEmpty, !state.hasStopped {
            let (name, recipe) = charts.removeFirst()()
            write(name) { try SoftwareCanvas.pngData(recipe.drawn()) }
            return nil
        }
        if !sealed {
            sealed = true
            let state = state, folder = folder
            queue.async { state.finish(folder) }
        }
        guard let result = state.outcome(folder) else { return nil }
        isDone = true
        return result
    }

    var source: ReportSource? { state.readSource() }

    func cancel() {
        guard !isDone else { return }
        isDone = true
        charts.removeAll()
        state.cancel()
        let state = state, folder = folder
        queue.async { state.finish(folder) }
    }
}

/// What the worker and the main thread share about one save.
final class ReportWorkState: Sendable {
    private struct Fields {
        var made: [String] = []
        var rows: [ProgressSummary]?
        var source: ReportSource?
        var failure: String?
        var cancelled = false
        /// `finish` has begun (it runs once) / has removed what a failed save made: only
        /// then is the outcome told, so nothing half-saved is still there when it is.
        var finishing = false
        var finished = false
    }
    private let fields = Mutex(Fields())

    func shouldGoOn() -> Bool { fields.withLock { !$0.cancelled && $0.failure == nil } }
    var hasStopped: Bool { !shouldGoOn() }
    func made(_ path: String) { fields.withLock { $0.made.append(path) } }
    /// The worker read the rows; the main thread takes them once.
    func read(_ rows: [ProgressSummary]) { fields.withLock { $0.rows = rows } }
    func source(_ s: ReportSource) { fields.withLock { $0.source = s } }
    func readSource() -> ReportSource? { fields.withLock { $0.source } }
    func takeRows() -> [ProgressSummary]? { fields.withLock { f in defer { f.rows = nil }; return f.rows } }
    func fail(_ why: String) { fields.withLock { if $0.failure == nil { $0.failure = why } } }
    func cancel() { fields.withLock { $0.cancelled = true } }

    /// On the worker, after every file: a failed or cancelled save removes what it made.
    func finish(_ folder: String) {
        let clean: [String]?? = fields.withLock { f in
            guard !f.finishing else { return nil }
            f.finishing = true
            return .some(f.failure != nil || f.cancelled ? f.made : nil)
        }
        guard let clean else { return }
        if let clean {
            for path in clean { unlink(path) }
            rmdir(folder)
        }
        fields.withLock { $0.finished = true }
    }

    func outcome(_ folder: String) -> Result<String, ProfileFailure>? {
        fields.withLock { f in
            guard f.finished else { return nil }
            if let failure = f.failure { return .failure(.storage(failure)) }
            if f.cancelled { return .failure(.storage("the save was stopped")) }
            return .success(folder)
        }
    }
}
