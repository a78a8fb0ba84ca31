import Foundation
import Testing
@testable import GameCore
@testable import Storage
@testable import Scenes
@testable import KidsJoyApp
import Stage
@testable import SceneTests
import Runtime

// The system tests' harness, on top of the scenes' (SceneTests/TestHarness.swift): the real
// app in process, scenes on the app's real stores, the built binary and other programs.

/// A context on the app's real stores in `dataDir` (the progress database and settings.json),
/// for tests of what the stores keep; scenes alone use the in-memory `makeContext(seed:)`.
@MainActor
func makeContext(seed: UInt64 = 1, dataDir: String) -> GameRuntime {
    let log = EventLog(writer: nil, keepInMemory: true)
    return GameRuntime(log: log, random: RandomSource(seed: seed),
                       scores: HighScoreStore(directory: dataDir, warn: { _ in }),
                       settingsStore: SettingsStore(directory: dataDir, warn: { _ in }),
                       soundPlayer: SilentSoundPlayer(), registry: .standard)
}

// MARK: - The app in process

/// Runs the real app headless, in process, on a script; answers the log lines.
@MainActor
func runScript(_ script: String, seed: UInt64 = 1, dataDir: String? = nil, draw: Bool = false) throws -> [JSON] {
    try runApp(script, seed: seed, dataDir: dataDir, draw: draw).lines
}

/// The same, with `configure` setting the run's other options (`--language`, `--switch`,
/// `--profile`, ...); answers the log lines and the app, already shut down.
@MainActor
func runApp(_ script: String, seed: UInt64 = 1, dataDir: String? = nil, draw: Bool = false,
            _ configure: (inout AppOptions) -> Void = { _ in }) throws -> (lines: [JSON], app: GameApp) {
    var options = AppOptions()
    options.headless = true
    options.seed = seed
    options.scriptText = script
    options.settings.dataDir = dataDir ?? temporaryDirectory()
    options.noDraw = !draw
    configure(&options)
    let app = try GameApp(options: options, keepLogInMemory: true)
    try app.start()
    _ = app.run()
    let lines = app.log.lines
    app.shutdown()
    return (lines, app)
}

// MARK: - Programs outside the test process

/// The suites that run other programs for long (the monkey, the long run, the windowed
/// game on Xvfb, make install) are nested here and run one after another: at most one of
/// them loads the two cores at a time, and no two of them share a display or a process.
@Suite(.serialized) enum HeavyTests {}

/// The `kids-joy-center` binary built beside the test bundle.
enum GameBinary {
    static var path: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        if dir.path.hasSuffix(".xctest") || dir.lastPathComponent == "MacOS" { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("kids-joy-center").path
    }

    /// Tests of the binary are enabled only when it is built (`swift build` builds it).
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs the binary to the end with the test's environment, silent audio, and `environment` on top.
    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        for (k, v) in environment { env[k] = v }
        return try Exec.capture(path, args, stdin: stdin, environment: env)
    }
}

/// What a finished program left: its exit status and output.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
    var output: String { stdout + stderr }
}

/// Running external programs with a time limit (a hung program must not hang the suite).
enum Exec {
    /// The path of `name` on PATH (or in /usr/bin, /usr/local/bin), or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
            .map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Runs a program to the end with exactly `environment`; throws if it is still running
    /// after `timeout` seconds (it is stopped). Output goes through files, so a chatty
    /// program can never fill a pipe and stall.
    static func capture(_ executable: String, _ args: [String], stdin: String? = nil, cwd: String? = nil,
                        environment: [String: String], timeout: Double = 120) throws -> ProcessResult {
        let scratch = NSTemporaryDirectory() + "kjc-run-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        defer { try? out.close(); try? err.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        p.environment = environment
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning {
            stop(p)
            throw Failure(description: "\(executable) \(args.joined(separator: " ")) took over \(Int(timeout)) s")
        }
        p.waitUntilExit()
        let o = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        let e = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
        return ProcessResult(status: p.terminationStatus, stdout: o, stderr: e)
    }

    /// Runs to the end within `timeout` seconds; answers stdout. Throws on a time-out or a
    /// non-zero status.
    @discardableResult
    static func run(_ path: String, _ args: [String], environment: [String: String], timeout: Double = 20) throws -> String {
        let r = try capture(path, args, environment: environment, timeout: timeout)
        guard r.status == 0 else {
            throw Failure(description: "\(path) \(args.joined(separator: " ")) exited \(r.status)")
        }
        return r.stdout
    }

    /// SIGTERM, up to 3 s to go, then SIGKILL; reaps the process either way.
    static func stop(_ p: Process) {
        guard p.isRunning else { return }
        kill(p.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
    }
}
