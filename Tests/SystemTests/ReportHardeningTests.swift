import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests
@testable import RenderTests

/// Issue #28: `report` only reads; every file the game writes follows one rule (written
/// through links and devices, never renamed over them; every write checked; partial output
/// removed); "Save report" never crashes on a date and leaves nothing half-saved.
@Suite(.serialized) @MainActor struct ReportHardeningTests {
    static func sh(_ command: String) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        env["KJC"] = GameBinary.path
        return try Exec.capture("/bin/sh", ["-c", command], environment: env)
    }

    /// Defect 2: `report --csv PATH` renamed over a link at PATH; now written through it.
    @Test(.enabled(if: GameBinary.isBuilt)) func csvIsWrittenThroughALinkNeverOverIt() throws {
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 2, games: 3)
        let stick = temporaryDirectory()
        let link = dir + "/report.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: stick + "/report.csv")
        let r = try GameBinary.run(["report", "--data-dir", dir, "--csv", link])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == stick + "/report.csv", "the link stays a link")
        #expect((try String(contentsOfFile: stick + "/report.csv", encoding: .utf8)).hasPrefix("player,nickname"))
        // A device: written into, never replaced; a full one fails with exit 1.
        let full = try GameBinary.run(["report", "--data-dir", dir, "--csv", "/dev/full"])
        #expect(full.status == 1 && full.stderr.contains("/dev/full"), "\(full.stderr)")
        var info = stat()
        #expect(lstat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        // A link to a file that the write cannot finish leaves no file behind.
        try FileManager.default.createSymbolicLink(atPath: dir + "/nowhere.csv", withDestinationPath: "/proc/nonexistent/x.csv")
        let bad = try GameBinary.run(["report", "--data-dir", dir, "--csv", dir + "/nowhere.csv"])
        #expect(bad.status == 1)
    }

    /// 11: `report --csv -` gives the CSV alone on stdout, and exit 1 when stdout fails.
    @Test(.enabled(if: GameBinary.isBuilt)) func csvOnStandardOutputIsCSVAloneAndFailuresCount() throws {
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 2, games: 3)
        let r = try GameBinary.run(["report", "--data-dir", dir, "--csv", "-"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("player,nickname,") && !r.stdout.contains("Progress report"), "\(r.stdout)")
        let full = try Self.sh("\"$KJC\" report --data-dir '\(dir)' --csv - > /dev/full")
        #expect(full.status == 1 && full.stderr.contains("standard output"), "\(full.stderr)")
        let closed = try Self.sh("\"$KJC\" report --data-dir '\(dir)' >&-")
        #expect(closed.status == 1, "\(closed.stderr)")
    }

    /// 11: `report` writes nothing: no WAL switch, no schema in a 0-byte file, no -wal/-shm;
    /// a folder it cannot write (a read-only mount) is read.
    @Test(.enabled(if: GameBinary.isBuilt)) func reportOnlyReads() throws {
        let dir = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/progress.db", contents: nil)
        let empty = try GameBinary.run(["report", "--data-dir", dir])
        #expect(empty.status == 0 && empty.stdout.contains("No games recorded yet"), "\(empty.output)")
        #expect((try FileManager.default.attributesOfItem(atPath: dir + "/progress.db")[.size] as! Int) == 0)
        let other = temporaryDirectory()
        let db = try ProgressDatabase(path: other + "/progress.db", journal: .rollback)
        try db.record(RoundRecord(game: .memory, level: .easy, score: 3, result: "won", reason: "x"), child: nil, entry: "e", played: 5)
        db.db.close()
        chmod(other, 0o555)
        defer { chmod(other, 0o755) }
        let r = try GameBinary.run(["report", "--data-dir", other])
        #expect(r.status == 0 && r.stdout.contains("guest: 1 game"), "\(r.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other) == ["progress.db"])
        // A WAL database no copy has open: no -wal or -shm is left behind.
        let walDir = temporaryDirectory()
        let wal = try ProgressDatabase(path: walDir + "/progress.db")
        try wal.record(RoundRecord(game: .memory, level: .easy, score: 3, result: "won", reason: "x"), child: nil, entry: "e", played: 5)
        wal.db.close()
        let w = try GameBinary.run(["report", "--data-dir", walDir])
        #expect(w.status == 0 && w.stdout.contains("guest: 1 game"), "\(w.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: walDir) == ["progress.db"])
        let after = try SQLiteDatabase(path: other + "/progress.db", readOnly: true)
        #expect(try after.query("PRAGMA journal_mode") { $0.text(0) } == ["delete"])
    }

    /// 11: CR LF, `=9+9` after a line break, and a leading TAB never reach a cell raw.
    @Test func csvCellsAreCleanAndNeverFormulas() {
        #expect(ProgressReport.csvField("a\r\n=9+9") == "a  =9+9")
        #expect(ProgressReport.csvField("\r\n=9+9").hasPrefix("'"))
        #expect(ProgressReport.csvField("=9+9") == "'=9+9")
        #expect(ProgressReport.csvField("\tx").hasPrefix("'") && !ProgressReport.csvField("\tx").contains("\t"))
        #expect(ProgressReport.csvField("Ana") == "Ana")
        #expect(!ProgressReport.csvField("x\ny").contains("\n"))
    }

    /// Defect 3: a date of -1e300 or 1e19 from the old file's import crashed "Save report".
    @Test func impossibleDatesNeitherCrashNorImport() {
        #expect(ReportSaver.isoDate(-1e300) == "" && ReportSaver.isoDate(1e19) == "" && ReportSaver.isoDate(.nan) == "")
        #expect(ReportSaver.isoDate(0) == "1970-01-01T00:00:00Z")
        let json = #"{"version":1,"scores":[{"id":"a","game":"memory","level":"easy","score":5,"recorded":-1e300},{"id":"b","game":"memory","level":"easy","score":6,"recorded":1e19}]}"#
        let (entries, _) = HighScoreStore.decode(Array(json.utf8))
        #expect(entries.count == 2 && entries.allSatisfy { $0.recorded >= 0 && $0.recorded < 4_102_444_800 })
    }

    /// Defect 7 and 11: "Save report" checks every write (a full disk fails, nothing half-saved
    /// stays) and is only the player's (0700 folder, 0600 files).
    @Test func saveReportIsPrivateAndLeavesNothingOnFailure() throws {
        let dir = temporaryDirectory(), home = temporaryDirectory()
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.settings.dataDir = dir
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        let store = try #require(app.context.scores as? HighScoreStore)
        store.recordRound(RoundRecord(game: .sorting, level: .easy, score: 10, result: "won", reason: "all-placed", duration: 20), player: .guest)
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media")
        let folder = try saver.save(to: saver.destinations()[0]).get()
        var info = stat()
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            #expect(stat(folder + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(name)")
        }
        // A full stick (a 64 KB tmpfs, where root may mount one): the write fails, and
        // neither the files nor the folder stay.
        let stick = temporaryDirectory()
        if mount(stick, size: "64k") {
            defer { _ = try? Exec.capture("/bin/umount", [stick], environment: [:]) }
            _ = FileManager.default.createFile(atPath: stick + "/filler", contents: Data(repeating: 1, count: 60_000))
            let result = saver.save(to: ReportDestination(label: "full", path: stick, isUSB: true))
            guard case .failure(let failure) = result else { Issue.record("saved on a full stick"); return }
            #expect("\(failure)".contains("no space"), "\(failure)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: stick) == ["filler"])
        }
    }

    func mount(_ dir: String, size: String) -> Bool {
        guard getuid() == 0, let r = try? Exec.capture("/bin/mount", ["-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir], environment: [:]) else { return false }
        return r.status == 0
    }

    /// Defect 7: the `screenshot` verb checks its write: /dev/full fails the run (exit 1).
    @Test(.enabled(if: GameBinary.isBuilt)) func screenshotToAFullDiskFailsTheRun() throws {
        let dir = temporaryDirectory()
        let script = dir + "/s.txt"
        try "0.1 screenshot /dev/full\n0.2 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--script", script, "--data-dir", dir])
        #expect(r.status == 1 && r.stderr.contains("/dev/full"), "\(r.stderr)")
        try "0.1 screenshot \(dir)/a.png\n0.2 quit\n".write(toFile: script, atomically: true, encoding: .utf8)
        let ok = try GameBinary.run(["--headless", "--script", script, "--data-dir", dir])
        #expect(ok.status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
        #expect(pngSize(png).map { [$0.width, $0.height] } == [1024, 768])
    }
}
