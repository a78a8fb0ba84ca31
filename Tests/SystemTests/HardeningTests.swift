import Foundation
import Testing
@testable import GameCore
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests
@testable import RenderTests

// Issue #19, "Hardening: fix what an outside attack found": each test below failed before
// its fix. They run the real binary (build it first: `swift build`).

/// A fresh folder with a two-line script in it.
private func scratchWithScript(_ name: String = #function, script: String = "0.1 tap-item game-sorting\n0.2 dump\n") throws -> (dir: String, script: String) {
    let dir = temporaryDirectory(name)
    let path = dir + "/script.txt"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    return (dir, path)
}

private func fileType(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
}

/// `--log PATH` and `screenshot PATH` write through what is at PATH, never rename over it.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct LogTargetTests {
    @Test func test_logThroughSymlinkKeepsTheLink() throws {
        let (dir, script) = try scratchWithScript()
        let target = dir + "/real.jsonl", link = dir + "/link.jsonl"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", script, "--log", link, "--data-dir", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(link) == .typeSymbolicLink, "the link stays a link")
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.hasPrefix("{") && text.contains("\"event\":\"start\""), "the target holds the log: \(text.prefix(80))")
    }

    @Test func test_logIntoFIFOReadByAThread() throws {
        let (dir, script) = try scratchWithScript()
        let fifo = dir + "/log.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            if let h = FileHandle(forReadingAtPath: fifo) { box.data = h.readDataToEndOfFile(); try? h.close() }
            done.signal()
        }
        reader.start()
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", script, "--log", fifo, "--data-dir", dir])
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(fifo) == .typeUnknown || fileType(fifo) != .typeRegular, "still a FIFO")
        let text = String(decoding: box.data, as: UTF8.self)
        #expect(text.contains("\"event\":\"start\"") && text.contains("\"event\":\"quit\""), "\(text.prefix(200))")
    }

    @Test func test_logToDevNullStaysADevice() throws {
        let (dir, script) = try scratchWithScript()
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", script, "--log", "/dev/null", "--data-dir", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType("/dev/null") == .typeCharacterSpecial)
    }

    @Test func test_logSameFileAsScriptExits2AndLeavesTheScript() throws {
        let (dir, script) = try scratchWithScript()
        let before = try String(contentsOfFile: script, encoding: .utf8)
        // The same file through another spelling, and through a link: identity, not strings.
        try FileManager.default.createSymbolicLink(atPath: dir + "/alias.txt", withDestinationPath: script)
        for log in [dir + "/./script.txt", dir + "/alias.txt"] {
            let r = try GameBinary.run(["--headless", "--no-draw", "--script", script, "--log", log, "--data-dir", dir])
            #expect(r.status == 2, "\(log): \(r.stderr)")
            #expect(r.stderr.contains("same file"), "\(r.stderr)")
            #expect(try String(contentsOfFile: script, encoding: .utf8) == before, "the script is untouched")
        }
        // `-` never conflicts with itself.
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", "-", "--log", "-", "--data-dir", dir], stdin: before)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func test_screenshotThroughSymlinkAndRefusesAFolder() throws {
        let dir = temporaryDirectory()
        let target = dir + "/real.png", link = dir + "/link.png", folder = dir + "/folder.png"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (_, script) = try scratchWithScript(script: "0.1 screenshot \(link)\n0.2 screenshot \(folder)\n")
        let r = try GameBinary.run(["--headless", "--script", script, "--data-dir", dir])
        // Changed with issue #28: a screenshot that cannot be written fails the run (exit 1).
        #expect(r.status == 1, "\(r.stderr)")
        #expect(fileType(link) == .typeSymbolicLink, "the link stays a link")
        #expect(pngSize(try Data(contentsOf: URL(fileURLWithPath: target)))?.width == 1024)
        #expect(fileType(folder) == .typeDirectory)
        #expect(r.stderr.contains("folder.png: it is a folder"), "\(r.stderr)")
    }
}

/// Script values that passed the parser used to crash or hang the game (TESTING decision 15).
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct ScriptBoundsTests {
    static let badLines = ["0.1 tap 2147483648 5", "0.1 move 1e12 0", "0.1 touch-tap 1e39 5", "0.1 down 5 -100001",
                           "0.1 drag 0 0 10 10 1e18", "0.1 drag 0 0 10 10 600.5", "0.1 drag 0 -2e5 10 10 1", "1e9 quit", "86400.5 quit"]

    @Test(arguments: badLines) func test_outOfBoundsLineExits2WithFileAndLine(_ line: String) throws {
        let (dir, script) = try scratchWithScript("bounds", script: "0 dump\n\(line)\n")
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        let r = try Exec.capture(GameBinary.path, ["--headless", "--no-draw", "--script", script, "--data-dir", dir],
                                 environment: env, timeout: 20)
        #expect(r.status == 2, "\(line): \(r.stderr)")
        #expect(r.stderr.contains("script.txt:2:"), "\(r.stderr)")
    }

    @Test func test_edgesOfTheBoundsAreAccepted() throws {
        let commands = try ScriptParser.parse("0 tap 100000 -100000\n1 drag 0 0 10 10 600\n86400 quit\n", file: "s")
        #expect(commands.count == 3)
    }

    @Test func test_aTenMinuteDragRunsQuickly() throws {
        let (dir, script) = try scratchWithScript(script: "0.1 drag 10 10 1000 700 600\n")
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        let started = Date()
        let r = try Exec.capture(GameBinary.path, ["--headless", "--no-draw", "--script", script, "--log", dir + "/log.jsonl",
                                                   "--data-dir", dir], environment: env, timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "36,000 drag steps: linear cost (it took over 100 s)")
        let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)
        #expect(log.contains("\"t\":600.1"), "the drag ran to its end")
    }
}

/// Failed writes to the log, stdout or stderr never crash the game (no signal, the normal
/// exit status); a failed log is reported once and stops.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct FailedWriteTests {
    /// Runs the binary through /bin/sh with `redirections` (e.g. ">/dev/full", ">&-"); `exec`
    /// makes the shell's status the game's own (a signal shows as 128 + its number).
    func run(_ args: [String], _ redirections: String) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        let quoted = ([GameBinary.path] + args).map { "'\($0)'" }.joined(separator: " ")
        return try Exec.capture("/bin/sh", ["-c", "exec \(quoted) \(redirections)"], environment: env, timeout: 30)
    }

    func goodRun(log: String) throws -> [String] {
        let (dir, script) = try scratchWithScript("failedwrite", script: (1...40).map { "\(Double($0) / 10) dump" }.joined(separator: "\n"))
        return ["--headless", "--no-draw", "--script", script, "--log", log, "--data-dir", dir]
    }

    @Test func test_badOptionWithStderrFullOrClosed() throws {
        #expect(try run(["--bogus"], "2>/dev/full").status == 2)
        #expect(try run(["--bogus"], "2>&-").status == 2)
        #expect(try run(["--help"], ">/dev/full").status == 0)
        #expect(try run(["--help"], ">&-").status == 0)
    }

    @Test func test_failedStandardOutputIsReportedOnce() throws {
        let r = try run(["--describe-games"], ">/dev/full")
        #expect(r.status == 0)
        #expect(r.stderr.components(separatedBy: "cannot write to standard output").count == 2, "\(r.stderr)")
    }

    @Test func test_logToFullStdoutIsReportedOnceAndTheRunEndsNormally() throws {
        let r = try run(try goodRun(log: "-"), ">/dev/full")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "cannot write the log").count == 2, "reported once: \(r.stderr)")
    }

    @Test func test_logOnAFullDiskIsReportedOnce() throws {
        let r = try run(try goodRun(log: "/dev/full"), "")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "cannot write the log to /dev/full").count == 2, "reported once: \(r.stderr)")
        #expect(r.stderr.contains("No space left"), "\(r.stderr)")
    }

    @Test func test_closedStdoutAndStderr() throws {
        #expect(try run(try goodRun(log: "-"), ">&-").status == 0)
        #expect(try run(try goodRun(log: "-"), ">&- 2>&-").status == 0)
        #expect(try run(try goodRun(log: "-"), "2>/dev/full >/dev/full").status == 0)
    }

    @Test func test_closedPipeIsNoDeathBySIGPIPE() throws {
        // The reader is gone before the game writes: EPIPE, not SIGPIPE.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: GameBinary.path)
        p.arguments = try goodRun(log: "-")
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try pipe.fileHandleForReading.close()
        try p.run()
        try pipe.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "killed by signal \(p.terminationStatus)")
        #expect(p.terminationStatus == 0)
    }
}

/// CRLF or one byte that is not UTF-8 used to void a whole config file or script.
@Suite struct LenientTextTests {
    @Test func test_configWithCRLFAndLatin1CommentStillSetsKiosk() throws {
        let dir = temporaryDirectory()
        let path = dir + "/config.toml"
        var bytes = Array("# R".utf8) + [0xE9] + Array("glages de l'\u{E9}cole\r\nfullscreen = true\r\n".utf8)
        bytes += Array("kiosk = true\r\nvolume = 50\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let loaded = try #require(ConfigFile.load(path))
        #expect(loaded.0[.kiosk]?.bool == true)
        #expect(loaded.0[.fullscreen]?.bool == true)
        #expect(loaded.0[.volume]?.number == 0.5)
        #expect(loaded.1.count == 1, "\(loaded.1)")
        #expect(loaded.1.first?.hasPrefix(path + ":1:") == true, "the line with the bad byte is named: \(loaded.1)")
    }

    @Test func test_scriptLinesSplitAtCRLF() throws {
        let commands = try ScriptParser.parse("0.1 tap 1 2\r\n0.2 dump\r\n\r\n0.3 quit\r\n", file: "s")
        #expect(commands.map(\.line) == [1, 2, 4])
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first")) func test_scriptWithCRLFAndABadByteRunsAndNamesTheLine() throws {
        let dir = temporaryDirectory()
        let path = dir + "/script.txt"
        let bytes = Array("0.1 tap-item game-sorting\r\n0.2 dump # caf".utf8) + [0xE9] + Array("\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let r = try GameBinary.run(["--headless", "--no-draw", "--script", path, "--log", "-", "--data-dir", dir])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"event\":\"dump\""))
        #expect(r.stderr.contains("script.txt:2:"), "\(r.stderr)")
        let piped = try GameBinary.run(["--headless", "--no-draw", "--script", "-", "--log", "-", "--data-dir", dir],
                                       stdin: String(decoding: bytes, as: UTF8.self))
        #expect(piped.status == 0 && piped.stdout.contains("\"event\":\"dump\""), "\(piped.stderr)")
    }
}

/// Seeds (TESTING decision 14): unscripted runs draw one from the system, scripted runs
/// default to 1, and `start.seed` is always a number `--seed` accepts.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct SeedTests {
    /// The `start` line of a headless run (without a script it ends after the first frame).
    func startLine(_ args: [String], stdin: String? = nil) throws -> String {
        let r = try GameBinary.run(["--headless", "--no-draw", "--log", "-", "--data-dir", temporaryDirectory("seeds")] + args, stdin: stdin)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").first { $0.contains("\"event\":\"start\"") }.map(String.init) ?? ""
    }

    func seed(_ line: String) -> String? {
        guard let r = line.range(of: "\"seed\":") else { return nil }
        return String(line[r.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }

    @Test func test_unscriptedRunsDrawDifferentSeeds() throws {
        let seeds = try (0..<3).map { _ in seed(try startLine([])) }
        #expect(seeds.allSatisfy { $0.flatMap { UInt64($0) } != nil }, "\(seeds)")
        #expect(Set(seeds).count == 3, "three runs, three seeds: \(seeds)")
    }

    @Test func test_scriptedRunsDefaultToSeed1() throws {
        #expect(seed(try startLine(["--script", "-"], stdin: "0.1 dump\n")) == "1")
    }

    @Test func test_largestSeedIsLoggedExactly() throws {
        #expect(seed(try startLine(["--seed", "18446744073709551615"])) == "18446744073709551615")
        #expect(seed(try startLine(["--seed", "9223372036854775808"])) == "9223372036854775808", "2^63 was logged negative")
    }

    @Test func test_negativeOrHugeSeedHasAClearMessage() throws {
        for bad in ["-1", "18446744073709551616", "1.5"] {
            let r = try GameBinary.run(["--headless", "--seed", bad])
            #expect(r.status == 2)
            #expect(r.stderr.contains("--seed takes a whole number from 0 to 18446744073709551615"), "\(bad): \(r.stderr)")
        }
    }

    @Test func test_unsignedJSONNumber() {
        #expect(JSON.uint(UInt64.max).serialized() == "18446744073709551615")
    }
}

/// Start-up that used to hang forever: a dead display, no threads to be had.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct StartupHangTests {
    /// A display number nothing listens on (no socket file, no abstract socket).
    static func deadDisplay() -> String {
        let unix = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
        for n in 150..<400 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !unix.contains("/tmp/.X11-unix/X\(n)\n") {
            return ":\(n)"
        }
        return ":399"
    }

    @Test func test_deadDisplayExitsQuicklyNamingIt() throws {
        let display = Self.deadDisplay()
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        env["DISPLAY"] = display
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        let started = Date()
        let r = try Exec.capture(GameBinary.path, ["--data-dir", temporaryDirectory()], environment: env, timeout: 10)
        #expect(Date().timeIntervalSince(started) < 2, "it ran with no window until stopped")
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot open the display \(display)"), "\(r.stderr)")
        #expect(r.stderr.contains("--headless"), "\(r.stderr)")
    }

    @Test(.enabled(if: getuid() == 0 && Exec.find("setpriv") != nil && Exec.find("prlimit") != nil, "needs root, setpriv and prlimit"))
    func test_noThreadsFailsWithAMessage() throws {
        let dir = temporaryDirectory()
        chmod(dir, 0o777)
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        // As nobody, limited to one process: the game's own; no thread can start.
        let r = try Exec.capture(Exec.find("setpriv")!, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", Exec.find("prlimit")!,
                                                        "--nproc=1", GameBinary.path, "--headless", "--data-dir", dir],
                                 environment: env, timeout: 10)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot start a thread"), "\(r.stderr)")
    }
}

/// A QOI header claiming 16384×16384 used to allocate 1 GiB before failing.
@Suite struct QOISizeCapTests {
    func header(_ width: Int, _ height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x71, 0x6F, 0x69, 0x66] + be(width) + be(height) + [4, 0]
    }

    @Test func test_hugeHeaderIsRefusedWithAClearError() {
        for (w, h) in [(16384, 16384), (8193, 10), (10, 8193), (8192, 8192)] {
            let bytes = header(w, h) + [UInt8](repeating: 0xFD, count: 64) + [0, 0, 0, 0, 0, 0, 0, 1]
            #expect { try QOI.decode(bytes) } throws: { "\($0)".contains("too large") }
        }
    }

    @Test func test_claimTheDataCannotHoldIsRefusedBeforeAllocating() {
        let bytes = header(4096, 4096) + [0xFD, 0xFD] + [0, 0, 0, 0, 0, 0, 0, 1]
        #expect { try QOI.decode(bytes) } throws: { "\($0)".contains("cannot hold") }
    }

    @Test func test_aRunOfPixelsStillDecodes() throws {
        // 62 pixels from one run byte (QOI_OP_RUN 62 = 0xFD): the cap check keeps this legal.
        let picture = try QOI.decode(header(62, 1) + [0xFD] + [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(picture.width == 62)
    }
}

/// `--assets DIR` and KIDS_JOY_CENTER_ASSETS used to fall back to the build's Assets in silence.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct NamedAssetsTests {
    @Test func test_namedFolderWithoutAssetsFailsNamingIt() throws {
        let empty = temporaryDirectory()
        let viaOption = try GameBinary.run(["--headless", "--assets", empty, "--data-dir", empty])
        #expect(viaOption.status == 1)
        #expect(viaOption.stderr.contains("--assets: \(empty) is not the game's assets folder"), "\(viaOption.stderr)")
        let viaEnvironment = try GameBinary.run(["--headless", "--data-dir", empty], environment: ["KIDS_JOY_CENTER_ASSETS": empty + "/nope"])
        #expect(viaEnvironment.status == 1)
        #expect(viaEnvironment.stderr.contains("KIDS_JOY_CENTER_ASSETS: the assets folder \(empty)/nope does not exist"), "\(viaEnvironment.stderr)")
    }

    @Test func test_theRealAssetsFolderStillWorks() throws {
        let r = try GameBinary.run(["--headless", "--assets", packageRoot + "/Assets", "--data-dir", temporaryDirectory()])
        #expect(r.status == 0, "\(r.stderr)")
    }
}

/// `volume = 1.5` used to mean 1.5% in silence (TESTING decision 5: volume is 0-100).
@Suite struct VolumeRangeTests {
    @Test func test_volumeIsAPercentOrAFractionWithADecimalPoint() {
        #expect(ConfigFile.parse("volume = 80", file: "f").0[.volume]?.number == 0.8)
        #expect(ConfigFile.parse("volume = 100", file: "f").0[.volume]?.number == 1)
        #expect(ConfigFile.parse("volume = 1", file: "f").0[.volume]?.number == 0.01, "a whole number is a percentage")
        #expect(ConfigFile.parse("volume = 0.8", file: "f").0[.volume]?.number == 0.8)
        #expect(ConfigFile.parse("volume = 1.0", file: "f").0[.volume]?.number == 1)
    }

    @Test(arguments: ["1.5", "50.5", "101", "-1", "1e2"]) func test_outOfRangeVolumeIsAnErrorNamingTheRange(_ value: String) {
        let (values, problems) = ConfigFile.parse("volume = \(value)", file: "f")
        #expect(values[.volume]?.number == nil, "\(value)")
        #expect(problems.count == 1 && problems[0].hasPrefix("f:1:") && problems[0].contains("0 to 100"), "\(problems)")
    }
}

/// SIGTERM and SIGINT stop the game cleanly in every mode; kiosk mode used to ignore them.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct StopSignalTests {
    func stop(with signal: Int32, extra: [String]) throws {
        let dir = temporaryDirectory("signals")
        let p = Process()
        // Started as from a terminal or a desktop: the stop signals at their defaults (the
        // test runner may hand SIGHUP down ignored, and an ignored one stays ignored).
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A day-long script that draws every frame: it would run for hours.
        p.arguments = ["--default-signal=HUP,QUIT,TERM,INT", GameBinary.path,
                       "--headless", "--script", "-", "--log", dir + "/log.jsonl", "--data-dir", dir] + extra
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        p.environment = env
        let input = Pipe()
        p.standardInput = input
        p.standardError = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data("0.1 tap-item game-balloons\n0.3 tap-item play\n86400 quit\n".utf8))
        try input.fileHandleForWriting.close()
        // Running its loop (signal handlers in place): the game tile's `select` is in the log.
        let ready = Date().addingTimeInterval(30)
        while p.isRunning && Date() < ready
            && !((try? String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)) ?? "").contains("\"event\":\"select\"") {
            usleep(10_000)
        }
        let status = ((try? String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { $0.hasPrefix("Sig") }.joined(separator: " ")
        let sent = Date()
        kill(p.processIdentifier, signal)
        while p.isRunning && Date().timeIntervalSince(sent) < 10 { usleep(10_000) }
        let stopped = !p.isRunning
        if !stopped { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        #expect(stopped, "still running 10 s after the signal: \(status)")
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "status \(p.terminationStatus)")
        let log = (try? String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)) ?? ""
        let last = log.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("\"event\":\"quit\"") && last.contains("\"signal\":\"\(StopSignals.name(signal))\""), "\(last)")
    }

    @Test func test_sigtermStopsAKioskCleanly() throws { try stop(with: SIGTERM, extra: ["--kiosk"]) }
    @Test func test_sigintStopsAKioskCleanly() throws { try stop(with: SIGINT, extra: ["--kiosk"]) }
    @Test func test_sigtermStopsAPlainRunCleanly() throws { try stop(with: SIGTERM, extra: []) }
}

/// NUL and CR from user input used to reach the terminal raw inside messages.
@Suite struct EscapedMessageTests {
    @Test func test_configLinesAreEscaped() {
        let (_, problems) = ConfigFile.parse("co\rlour = 1\nki\u{0}osk = true\n", file: "f")
        #expect(problems.count == 2)
        #expect(problems[0].contains("co\\rlour") && problems[1].contains("ki\\0osk"), "\(problems)")
        #expect(!problems.joined().contains("\r") && !problems.joined().contains("\u{0}"))
    }

    @Test func test_scriptWordsAreEscaped() {
        #expect { try ScriptParser.parse("0.1 wig\u{0}gle 1 2\n", file: "s") } throws: { error in
            let message = "\(error)"
            return message.contains("wig\\0gle") && !message.contains("\u{0}")
        }
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first")) func test_optionValuesAndScriptWordsAreEscapedOnStderr() throws {
        let seed = try GameBinary.run(["--headless", "--seed", "1\r2"])
        #expect(seed.status == 2)
        #expect(seed.stderr.contains("1\\r2") && !seed.stderr.contains("\r"), "\(seed.stderr.debugDescription)")
        let script = try GameBinary.run(["--headless", "--script", "-"], stdin: "0.1 tap 1\u{0}0 5\n")
        #expect(script.status == 2)
        #expect(script.stderr.contains("1\\00") && !script.stderr.contains("\u{0}"), "\(script.stderr.debugDescription)")
    }
}

extension HeavyTests {
    /// A kiosk in a real window (Xvfb) used to ignore SIGTERM: SDL turned it into a window
    /// close, which kiosk mode ignores by design.
    @Suite struct WindowedStopSignalTests {
        @Test(.enabled(if: WindowedEndToEndTests.hasXTools, "Xvfb and xdotool are needed: `make test-deps`"),
              .enabled(if: GameBinary.isBuilt, "build the app first"))
        func test_sigtermStopsAWindowedKioskCleanly() throws {
            let tools = try WindowedEndToEndTests.xTools()
            let session = try WindowSession(xvfb: tools.xvfb, xdotool: tools.xdotool, directory: temporaryDirectory())
            defer { session.stop() }
            _ = try session.launchGame(script: "0.5 dump\n300 quit\n", arguments: ["--kiosk"])
            _ = try session.log.wait("the first dump") { $0.is("dump") }
            session.send(SIGTERM)
            let sent = Date()
            #expect(try session.waitForExit() == 0)
            #expect(Date().timeIntervalSince(sent) < 3, "the idle wait wakes within a second")
            let last = try String(contentsOfFile: session.log.path, encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains("\"event\":\"quit\"") && last.contains("\"signal\":\"SIGTERM\""), "\(last)")
        }
    }
}
