import Foundation
import Testing
@testable import KidsJoyApp
@testable import SceneTests

/// Runs the real `kids-joy-center` binary: options, exit codes, messages.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct CommandLineTests {
    /// The binary (GameBinary.path), for the XCTest files that still name it here.
    static var binary: String { GameBinary.path }

    @Test func test_badOptionExits2AndNamesIt() throws {
        let r = try GameBinary.run(["--headless", "--speed", "9"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--speed"), "\(r.stderr)")
    }

    @Test func test_badSeedExits2() throws {
        let r = try GameBinary.run(["--headless", "--seed", "banana"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("seed"), "\(r.stderr)")
    }

    @Test func test_badScriptLineExits2WithFileAndLine_andNothingRuns() throws {
        let dir = NSTemporaryDirectory() + "kjc-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = dir + "/bad.txt"
        try "0.1 tap 10 10\n0.2 screenshot \(dir)/shot.png\n0.3 wiggle 1 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--script", script, "--log", dir + "/log.jsonl", "--data-dir", dir])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.txt:3:"), "\(r.stderr)")
        #expect(r.stderr.contains("wiggle"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/shot.png"), "nothing is half-run")
    }

    @Test func test_scriptFromStdinAndLogToStdout() throws {
        let r = try GameBinary.run(["--headless", "--script", "-", "--log", "-", "--data-dir", NSTemporaryDirectory() + "kjc-stdin"],
                             stdin: "0.1 tap-item game-sorting\n0.3 dump\n")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.contains("\"event\":\"start\"") == true)
        #expect(lines.contains { $0.contains("\"event\":\"select\"") && $0.contains("sorting") })
    }

    @Test func test_helpAndVersion() throws {
        let help = try GameBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--headless"))
        #expect(help.stdout.contains("--data-dir"))
        #expect(!help.stdout.contains("--bench"), "a developer option")
        #expect(help.stdout.contains("EXIT STATUS") && help.stdout.contains("ENVIRONMENT") && help.stdout.contains("FILES"))
        let version = try GameBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "kids-joy-center \(AppInfo.version)")
        let bad = try GameBinary.run(["--bogus"])
        #expect(bad.status == 2)
        #expect(bad.stderr.components(separatedBy: "--help").count == 2, "one line points to --help: \(bad.stderr)")
    }

    @Test func test_noDisplayWithoutHeadlessSaysHowToRunHeadless() throws {
        let r = try GameBinary.run(["--data-dir", NSTemporaryDirectory() + "kjc-nodisplay"],
                             environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--headless"), "\(r.stderr)")
    }

    @Test func test_missingAssetIsNamed() throws {
        let fake = NSTemporaryDirectory() + "kjc-assets-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: fake + "/images", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: fake + "/images/logo.qoi", contents: Data())
        let r = try GameBinary.run(["--headless", "--data-dir", fake], environment: ["KIDS_JOY_CENTER_ASSETS": fake])
        #expect(r.status == 1)
        #expect(r.stderr.contains("missing asset"), "\(r.stderr)")
        #expect(r.stderr.contains("images/animal-cat.qoi"), "\(r.stderr)")
    }

    @Test func test_corruptScoresFileIsReportedOnceAndKept() throws {
        let dir = NSTemporaryDirectory() + "kjc-corrupt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "{{{{".write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--data-dir", dir, "--script", "-"], stdin: "0.1 tap-item highscores\n0.5 dump\n")
        #expect(r.status == 0)
        #expect(r.stderr.components(separatedBy: "high scores file").count - 1 == 1, "\(r.stderr)")
        // Adapted to the database: the old file is the backup, kept exactly as it was.
        #expect(try String(contentsOfFile: dir + "/highscores.json", encoding: .utf8) == "{{{{")
    }
}
