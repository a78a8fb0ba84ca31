import GameCore
import Glibc
import Render
import Scenes
import Storage

/// The corner's "Save report": a new folder `kids-joy-center-report-YYYYMMDD-N` in the home
/// folder or on a USB stick (a mounted folder under /media), holding `summary.csv` (per child
/// and game), `games.csv` (every finished game) and one chart picture per child
/// (`chart-child-N.png`, drawn by the same code as the corner). Nothing is sent anywhere.
@MainActor
final class ReportSaver: ReportSaving {
    private weak var app: GameApp?
    private let store: HighScoreStore
    let home: String
    let media: String

    init(app: GameApp, store: HighScoreStore, home: String = DataDirectory.home(), media: String = "/media") {
        self.app = app
        self.store = store
        self.home = home
        self.media = media
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

    func save(to destination: ReportDestination) -> Result<String, ProfileFailure> {
        guard let database = store.database else { return .failure(.storage("no database")) }
        let day = DatabaseFile.day(SystemFiles.now())
        var folder = ""
        for n in 1...1000 {
            let candidate = destination.path + "/kids-joy-center-report-\(day)-\(n)"
            // Only this account reads a child's progress (as the data folder: 0700, files 0600).
            if mkdir(candidate, 0o700) == 0 { folder = candidate; break }
            if errno != EEXIST { return .failure(.storage("cannot make a folder in \(printable(destination.path)): \(String(cString: strerror(errno)))")) }
        }
        guard !folder.isEmpty else { return .failure(.storage("every report name in \(printable(destination.path)) is taken")) }
        var written: [String] = []
        do {
            let rows = try database.summary()
            func put(_ bytes: [UInt8], _ name: String) throws {
                let path = folder + "/" + name
                written.append(path)
                try OutputFile.write(bytes, to: path, mode: 0o600)
            }
            try put([UInt8](ProgressReport.csv(rows).utf8), "summary.csv")
            try put([UInt8](try Self.gamesCSV(database).utf8), "games.csv")
            if let app, let context = app.context, let canvas = app.canvas {
                var players: [String] = []
                for row in rows where !players.contains(row.player) { players.append(row.player) }
                defer { app.drawFrame() } // the screen as it was
                for player in players {
                    canvas.beginFrame()
                    canvas.fill(Rect(0, 0, 1024, 768), Theme.background)
                    ProgressChart.drawPlayer(canvas, rows.filter { $0.player == player }, in: Rect(40, 40, 944, 700), context: context)
                    canvas.endFrame()
                    try put(try canvas.pngData(), "chart-\(player).png")
                }
            }
            return .success(folder)
        } catch {
            // Nothing half-saved stays: the files made and the folder go.
            for path in written { unlink(path) }
            rmdir(folder)
            return .failure(.storage("\(error)"))
        }
    }

    /// Every finished game: who, which game and level, the score, result, reason, seconds,
    /// pairs/placements/pops, mistakes, relaxed, and the date (UTC, ISO 8601).
    static func gamesCSV(_ database: ProgressDatabase) throws -> String {
        var out = "player,nickname,game,level,score,result,reason,seconds,progress,mistakes,relaxed,date\n"
        let kids = try database.children()
        for (child, kid) in kids.map({ (Optional($0.number), Optional($0)) }) + [(nil, nil)] {
            for r in try database.history(child: child) {
                let fields = [kid?.id ?? "guest", kid?.nickname ?? "", r.game.rawValue, r.level.rawValue, String(r.score), r.result, r.reason,
                              String(Int(r.duration.rounded())), String(r.progress), String(r.mistakes), r.relaxed ? "yes" : "no", isoDate(r.played)]
                out += fields.map(ProgressReport.csvField).joined(separator: ",") + "\n"
            }
        }
        return out
    }

    static func isoDate(_ seconds: Double) -> String {
        // A date no game was played on (a damaged or hand-made import: -1e300, 1e19, NaN)
        // is left empty, never a trap converting it.
        guard seconds.isFinite, seconds >= 0, seconds < 32_503_680_000 else { return "" }
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { (n < 10 ? "0" : "") + String(n) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
