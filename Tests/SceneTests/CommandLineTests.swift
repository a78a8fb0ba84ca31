import Foundation
import XCTest

/// Runs the real `kids-joy-center` binary: options, exit codes, messages.
final class CommandLineTests: XCTestCase {
    static var binary: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if dir.path.hasSuffix(".xctest") || dir.lastPathComponent == "MacOS" { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("kids-joy-center").path
    }

    struct Result { let status: Int32; let stdout: String; let stderr: String }

    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.binary), "build the app first: \(Self.binary)")
    }

    func test_badOptionExits2AndNamesIt() throws {
        let r = try Self.run(["--headless", "--speed", "9"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--speed"), r.stderr)
    }

    func test_badSeedExits2() throws {
        let r = try Self.run(["--headless", "--seed", "banana"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("seed"), r.stderr)
    }

    func test_badScriptLineExits2WithFileAndLine_andNothingRuns() throws {
        let dir = NSTemporaryDirectory() + "kjc-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = dir + "/bad.txt"
        try "0.1 tap 10 10\n0.2 screenshot \(dir)/shot.png\n0.3 wiggle 1 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        let r = try Self.run(["--headless", "--script", script, "--log", dir + "/log.jsonl", "--data-dir", dir])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("bad.txt:3:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("wiggle"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/shot.png"), "nothing is half-run")
    }

    func test_scriptFromStdinAndLogToStdout() throws {
        let r = try Self.run(["--headless", "--script", "-", "--log", "-", "--data-dir", NSTemporaryDirectory() + "kjc-stdin"],
                             stdin: "0.1 tap 512 224\n0.3 dump\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertTrue(lines.first?.contains("\"event\":\"start\"") == true)
        XCTAssertTrue(lines.contains { $0.contains("\"event\":\"select\"") && $0.contains("sorting") })
    }

    func test_helpAndVersion() throws {
        let help = try Self.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--headless"))
        XCTAssertTrue(help.stdout.contains("--data-dir"))
        let version = try Self.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertFalse(version.stdout.isEmpty)
    }

    func test_noDisplayWithoutHeadlessSaysHowToRunHeadless() throws {
        let r = try Self.run(["--data-dir", NSTemporaryDirectory() + "kjc-nodisplay"],
                             environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("--headless"), r.stderr)
    }

    func test_missingAssetIsNamed() throws {
        let fake = NSTemporaryDirectory() + "kjc-assets-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: fake + "/images", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: fake + "/images/logo.qoi", contents: Data())
        let r = try Self.run(["--headless", "--data-dir", fake], environment: ["KIDS_JOY_CENTER_ASSETS": fake])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("missing asset"), r.stderr)
        XCTAssertTrue(r.stderr.contains("images/animal-cat.qoi"), r.stderr)
    }

    func test_corruptScoresFileIsReportedOnceAndKept() throws {
        let dir = NSTemporaryDirectory() + "kjc-corrupt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "{{{{".write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let r = try Self.run(["--headless", "--data-dir", dir, "--script", "-"], stdin: "0.1 tap 804 652\n0.5 dump\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr.components(separatedBy: "high scores file").count - 1, 1, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/highscores.json.bad"))
    }
}
