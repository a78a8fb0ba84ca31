import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests

extension HeavyTests {
    /// Long play without leaks: Balloons Hard kept alive by the blind script of
    /// tools/e2e/balloons-script.sh (taps across the sky, "Play again? Yes" after every game
    /// over), headless but drawing every frame, since textures and cached texts only exist when
    /// frames are drawn. The full 30-minute run is tools/e2e/long-run.sh; the suite runs a
    /// shorter one: peak RSS after 3 simulated minutes against after 2 (the bounded drawing caches
    /// fill during the first minutes), same seed and script.
    @Suite struct LongRunTests {
        static let minutes = 3.0
        static let warmupMinutes = 2.0
        /// More than this after warm-up is a leak, not noise.
        static let growthLimitKB = 5 * 1024

        /// The lines of the script generator for MINUTES, with a quit at QUIT minutes.
        static func balloonsScript(minutes: Double, quitAfter: Double) throws -> String {
            let tool = packageRoot + "/tools/e2e/balloons-script.sh"
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
                process.executableURL = URL(fileURLWithPath: GameBinary.path)
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
                #expect(process.terminationStatus == 0)
                let text = try String(contentsOfFile: log, encoding: .utf8)
                return text.split(separator: "\n").compactMap { JSON.parse(String($0)) }
            }
        }

        @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_balloonsHard_keepsPlaying_andMemoryStaysFlatAfterWarmUp() throws {
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

            let quit = try #require(lines.last, "an empty log")
            #expect(quit["event"]?.stringValue == "quit")
            #expect(abs((quit["t"]?.doubleValue ?? 0) - (Self.minutes * 60)) <= 0.001)
            #expect(abs((warmupLines.last?["t"]?.doubleValue ?? 0) - (Self.warmupMinutes * 60)) <= 0.001)

            // It kept playing: game after game, each answered Yes, never back Home.
            let games = lines.events("gameover")
            let answers = lines.events("answer").compactMap { $0["button"]?.stringValue }
            #expect(games.count >= Int(Self.minutes * 2) - 1, "about one game every 30 s")
            #expect(answers.allSatisfy { $0 == "yes" }, "\(answers)")
            #expect(answers.count >= games.count - 1, "every game over but the last was answered")
            let homeOnly = lines.events("scene").filter { $0.stack == ["home"] }
            #expect(homeOnly.count == 1, "Home shows only at the start")
            #expect(lines.events("scene").filter { $0["scene"]?.stringValue == "balloons" }.count == answers.count + 1)
            #expect(lines.events("pop").count > Int(Self.minutes * 60), "a pop every second or so")

            let warmupPeak = try #require(warmupLines.last?["peakRSSkB"]?.intValue)
            let endPeak = try #require(quit["peakRSSkB"]?.intValue)
            #expect(warmupPeak > 0)
            #expect(endPeak - warmupPeak < Self.growthLimitKB, "peak RSS \(warmupPeak) kB after \(Self.warmupMinutes) min, \(endPeak) kB after \(Self.minutes) min")
            let reasons = Dictionary(grouping: games) { $0["reason"]?.stringValue ?? "?" }.mapValues(\.count)
            print("long run: peak RSS \(warmupPeak) kB after \(Self.warmupMinutes) simulated min (\(Int(warmup.seconds)) s), "
                  + "\(endPeak) kB after \(Self.minutes) (\(Int(long.seconds)) s), growth \(endPeak - warmupPeak) kB; "
                  + "\(games.count) games \(reasons), \(lines.events("pop").count) pops")
        }

        /// The text-texture cache is back to at most `textCacheLimit` texts at the end of every
        /// frame, even when every frame draws texts never seen before (scores, timers and "+N"
        /// labels change all the time in a long session).
        @Test @MainActor func test_textCache_staysBounded_whenEveryFrameDrawsNewTexts() throws {
            var options = AppOptions()
            options.headless = true
            options.settings.dataDir = temporaryDirectory()
            let app = try GameApp(options: options, keepLogInMemory: true)
            try app.start()
            defer { app.shutdown() }
            let canvas = try #require(app.canvas)
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
            #expect(largestInFrame > SoftwareCanvas.textCacheLimit, "the run must go past the limit to test eviction")
            #expect(largestAfterFrame <= SoftwareCanvas.textCacheLimit)
            // What the last 30 frames drew stays cached (a screen's texts are not re-rendered).
            #expect(canvas.cachedTextCount >= 30 * perFrame)
        }
    }
}
