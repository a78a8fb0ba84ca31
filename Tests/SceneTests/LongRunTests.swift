import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// Long play without leaks: Balloons Hard kept alive by the blind script of
/// tools/e2e/balloons-script.sh (taps across the sky, "Play again? Yes" after every game
/// over), headless but drawing every frame, since textures and cached texts only exist when
/// frames are drawn. The full 30-minute run is tools/e2e/long-run.sh; the suite runs a
/// shorter one: peak RSS after 3 simulated minutes against after 2 (the bounded drawing caches
/// fill during the first minutes), same seed and script.
final class LongRunTests: XCTestCase {
    static let minutes = 3.0
    static let warmupMinutes = 2.0
    /// More than this after warm-up is a leak, not noise.
    static let growthLimitKB = 5 * 1024

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The lines of the script generator for MINUTES, with a quit at QUIT minutes.
    static func balloonsScript(minutes: Double, quitAfter: Double) throws -> String {
        let tool = repositoryRoot.appendingPathComponent("tools/e2e/balloons-script.sh").path
        return try Exec.run("/bin/sh", [tool, "\(minutes)", "\(quitAfter)"], environment: ProcessInfo.processInfo.environment)
    }

    /// One headless drawn run in a child process; answers its log and the wall time.
    final class Run {
        let process = Process()
        let log: String
        let started = Date()
        var seconds = 0.0

        init(script: String, directory: String) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try script.write(toFile: directory + "/script.txt", atomically: true, encoding: .utf8)
            log = directory + "/log.jsonl"
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = ["--headless", "--process-stats", "--seed", "5", "--script", directory + "/script.txt", "--log", log,
                                 "--data-dir", directory + "/data"]
            var env = ProcessInfo.processInfo.environment
            env["SDL_AUDIODRIVER"] = "dummy"
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }

        /// Waits for the exit (a generous limit: a slow machine must pass); the log lines.
        func finish(timeout: Double = 1800) throws -> [JSON] {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(100_000) }
            if process.isRunning {
                Exec.stop(process)
                throw Exec.Failure(description: "the run did not end within \(Int(timeout)) s")
            }
            seconds = Date().timeIntervalSince(started)
            XCTAssertEqual(process.terminationStatus, 0)
            let text = try String(contentsOfFile: log, encoding: .utf8)
            return text.split(separator: "\n").compactMap { JSON.parse(String($0)) }
        }
    }

    func test_balloonsHard_keepsPlaying_andMemoryStaysFlatAfterWarmUp() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary),
                          "build the app first: \(CommandLineTests.binary)")
        let dir = temporaryDirectory()
        // The warm-up parses the very same script (its commands are part of the memory) and
        // quits early; both run at once, one per core.
        let script = try Self.balloonsScript(minutes: Self.minutes, quitAfter: Self.minutes)
        let warmupScript = try Self.balloonsScript(minutes: Self.minutes, quitAfter: Self.warmupMinutes)
        let long = try Run(script: script, directory: dir + "/long")
        let warmup = try Run(script: warmupScript, directory: dir + "/warmup")
        defer { Exec.stop(long.process); Exec.stop(warmup.process) }
        let warmupLines = try warmup.finish()
        let lines = try long.finish()

        let quit = try XCTUnwrap(lines.last, "an empty log")
        XCTAssertEqual(quit["event"]?.stringValue, "quit")
        XCTAssertEqual(quit["t"]?.doubleValue ?? 0, Self.minutes * 60, accuracy: 0.001)
        XCTAssertEqual(warmupLines.last?["t"]?.doubleValue ?? 0, Self.warmupMinutes * 60, accuracy: 0.001)

        // It kept playing: game after game, each answered Yes, never back Home.
        let games = lines.events("gameover")
        let answers = lines.events("answer").compactMap { $0["button"]?.stringValue }
        XCTAssertGreaterThanOrEqual(games.count, Int(Self.minutes * 2) - 1, "about one game every 30 s")
        XCTAssertTrue(answers.allSatisfy { $0 == "yes" }, "\(answers)")
        XCTAssertGreaterThanOrEqual(answers.count, games.count - 1, "every game over but the last was answered")
        let homeOnly = lines.events("scene").filter { $0.stack == ["home"] }
        XCTAssertEqual(homeOnly.count, 1, "Home shows only at the start")
        XCTAssertEqual(lines.events("scene").filter { $0["scene"]?.stringValue == "balloons" }.count, answers.count + 1)
        XCTAssertGreaterThan(lines.events("pop").count, Int(Self.minutes * 60), "a pop every second or so")

        let warmupPeak = try XCTUnwrap(warmupLines.last?["peakRSSkB"]?.intValue)
        let endPeak = try XCTUnwrap(quit["peakRSSkB"]?.intValue)
        XCTAssertGreaterThan(warmupPeak, 0)
        XCTAssertLessThan(endPeak - warmupPeak, Self.growthLimitKB,
                          "peak RSS \(warmupPeak) kB after \(Self.warmupMinutes) min, \(endPeak) kB after \(Self.minutes) min")
        let reasons = Dictionary(grouping: games) { $0["reason"]?.stringValue ?? "?" }.mapValues(\.count)
        print("long run: peak RSS \(warmupPeak) kB after \(Self.warmupMinutes) simulated min (\(Int(warmup.seconds)) s), "
              + "\(endPeak) kB after \(Self.minutes) (\(Int(long.seconds)) s), growth \(endPeak - warmupPeak) kB; "
              + "\(games.count) games \(reasons), \(lines.events("pop").count) pops")
    }

    /// The text-texture cache is back to at most `textCacheLimit` texts at the end of every
    /// frame, even when every frame draws texts never seen before (scores, timers and "+N"
    /// labels change all the time in a long session).
    func test_textCache_staysBounded_whenEveryFrameDrawsNewTexts() throws {
        try MainActor.assumeIsolated { try Self.checkTextCacheBound() }
    }

    @MainActor
    static func checkTextCacheBound() throws {
        var options = AppOptions()
        options.headless = true
        options.dataDir = temporaryDirectory()
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        let canvas = try XCTUnwrap(app.canvas)
        let perFrame = 4
        var largestInFrame = 0, largestAfterFrame = 0
        for frame in 0..<600 {
            for k in 0..<perFrame {
                canvas.text("\(frame * perFrame + k)", Theme.labelText, at: Point(512, 384), color: Theme.ink)
            }
            largestInFrame = max(largestInFrame, canvas.cachedTextCount)
            canvas.endFrame()
            largestAfterFrame = max(largestAfterFrame, canvas.cachedTextCount)
        }
        XCTAssertGreaterThan(largestInFrame, SoftwareCanvas.textCacheLimit, "the run must go past the limit to test eviction")
        XCTAssertLessThanOrEqual(largestAfterFrame, SoftwareCanvas.textCacheLimit)
        // What the last 30 frames drew stays cached (a screen's texts are not re-rendered).
        XCTAssertGreaterThanOrEqual(canvas.cachedTextCount, 30 * perFrame)
    }
}
