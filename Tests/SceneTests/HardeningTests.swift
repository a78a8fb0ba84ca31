import Foundation
import Testing
@testable import KidsJoyApp

// Issue #19, "Hardening: fix what an outside attack found": each test below failed before
// its fix. They run the real binary (build it first: `swift build`).

/// A fresh folder with a two-line script in it.
private func scratchWithScript(_ name: String = #function, script: String = "0.1 tap 512 224\n0.2 dump\n") throws -> (dir: String, script: String) {
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
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(link) == .typeSymbolicLink, "the link stays a link")
        #expect(pngSize(try Data(contentsOf: URL(fileURLWithPath: target)))?.width == 1024)
        #expect(fileType(folder) == .typeDirectory)
        #expect(r.stderr.contains("folder.png: is a folder"), "\(r.stderr)")
    }
}
