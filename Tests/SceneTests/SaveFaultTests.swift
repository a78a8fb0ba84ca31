import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// Save-file faults: whatever is on disk, the game starts, keeps what it can, keeps a copy
/// of the bad file, says so once, and never crashes.
final class SaveFaultTests: XCTestCase {
    @MainActor static func open(_ dir: String) -> (HighScoreStore, [String]) {
        let warnings = Box<[String]>([])
        let store = HighScoreStore(directory: dir, warn: { warnings.value.append($0) })
        return (store, warnings.value)
    }

    static func entryJSON(_ i: Int, score: Int) -> String {
        #"{"id":"e\#(i)","game":"balloons","level":"hard","score":\#(score),"recorded":\#(i)}"#
    }

    func test_negativeAndHugeScoresAreDropped() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            try #"{"scores":[\#(Self.entryJSON(1, score: -1)),\#(Self.entryJSON(2, score: 10)),\#(Self.entryJSON(3, score: 9999999999999))]}"#
                .write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
            let (store, warnings) = Self.open(dir)
            XCTAssertEqual(store.table.entries.map(\.score), [10])
            XCTAssertEqual(warnings.count, 1)
        }
    }

    func test_thousandEntriesKeepTheBestFive() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let entries = (0..<1000).map { Self.entryJSON($0, score: ($0 * 37) % 1000) }.joined(separator: ",")
            try #"{"version":1,"scores":[\#(entries)]}"#.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
            let (store, warnings) = Self.open(dir)
            XCTAssertEqual(store.table.entries.map(\.score), [999, 998, 997, 996, 995])
            XCTAssertEqual(warnings.count, 1, "an over-long table is reported")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/highscores.json.bad"))
        }
    }

    func test_tenMegabyteFileIsRefusedNotRead() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let big = String(repeating: " ", count: 10 * 1024 * 1024) + "{}"
            try big.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
            let (store, warnings) = Self.open(dir)
            XCTAssertTrue(store.table.entries.isEmpty)
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings[0].contains("bytes"), warnings[0])
            XCTAssertNotNil(store.record(game: .memory, level: .easy, score: 3), "play goes on and saves")
        }
    }

    func test_directoryWhereTheFileShouldBe() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            try FileManager.default.createDirectory(atPath: dir + "/highscores.json", withIntermediateDirectories: true)
            let warnings = Box<[String]>([])
            let store = HighScoreStore(directory: dir, warn: { warnings.value.append($0) })
            XCTAssertTrue(store.table.entries.isEmpty)
            XCTAssertEqual(store.record(game: .memory, level: .easy, score: 3), 1, "the score still counts for this session")
            XCTAssertEqual(store.record(game: .memory, level: .easy, score: 4), 1)
            XCTAssertEqual(warnings.value.count, 2, "one for reading, one (only one) for saving: \(warnings.value)")
        }
    }

    func test_unreadableFile() throws {
        try XCTSkipIf(getuid() == 0, "root reads every file; the directory case covers unreadable paths")
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let path = dir + "/highscores.json"
            try #"{"scores":[]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0)
            let (store, warnings) = Self.open(dir)
            XCTAssertTrue(store.table.entries.isEmpty)
            XCTAssertEqual(warnings.count, 1)
        }
    }

    func test_dataDirThatCannotBeCreatedReportsOnceAndPlayGoesOn() {
        MainActor.assumeIsolated {
            let parent = temporaryDirectory()
            // A regular file where a folder should be: no user, not even root, can create the data dir.
            _ = FileManager.default.createFile(atPath: parent + "/file", contents: Data("x".utf8))
            let warnings = Box<[String]>([])
            let store = HighScoreStore(directory: parent + "/file/data", warn: { warnings.value.append($0) })
            XCTAssertEqual(store.record(game: .sorting, level: .hard, score: 30), 1)
            XCTAssertEqual(store.record(game: .sorting, level: .hard, score: 40), 1)
            XCTAssertEqual(store.table.entries.map(\.score), [40, 30])
            XCTAssertEqual(warnings.value.count, 1, "\(warnings.value)")
            let settings = SettingsStore(directory: parent + "/file/data", warn: { warnings.value.append($0) })
            settings.setMuted(true)
            settings.setMuted(false)
            XCTAssertEqual(warnings.value.count, 2, "settings report their own failure once")
        }
    }

    func test_corruptSettingsFallBackToDefaults() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            try "muted: yes".write(toFile: dir + "/settings.json", atomically: true, encoding: .utf8)
            let warnings = Box<[String]>([])
            let settings = SettingsStore(directory: dir, warn: { warnings.value.append($0) })
            XCTAssertFalse(settings.muted)
            XCTAssertEqual(warnings.value.count, 1)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/settings.json.bad"))
        }
    }
}

/// Kills a process that is saving scores at random moments: every score whose save had
/// returned must be in the file afterwards, and the file must always parse.
final class PowerCutTests: XCTestCase {
    static let kills = 100

    func test_sigkillDuringSavesLosesNothingThatWasSaved() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary))
        let dir = temporaryDirectory()
        var rng = SeededGenerator(seed: 2026)
        var confirmed: [Int] = []
        var survived = 0
        for _ in 0..<Self.kills {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            p.arguments = ["--stress-record", "100000", "--data-dir", dir]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Let it start and save for a random while (20-160 ms), then pull the plug.
            usleep(UInt32.random(in: 20_000...160_000, using: &rng))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            confirmed += text.split(separator: "\n").compactMap { line in
                line.hasPrefix("saved ") ? Int(line.dropFirst(6)) : nil
            }
            // The file must parse, and hold the best five of every confirmed score.
            let data = FileManager.default.contents(atPath: dir + "/highscores.json") ?? Data()
            if confirmed.isEmpty && data.isEmpty { continue }
            let (entries, problem) = HighScoreStore.decode(data)
            XCTAssertNil(problem, "the file parses after a kill")
            let kept = entries.map(\.score)
            // A confirmed score may only be missing if five better scores pushed it out
            // (the save in flight at the kill may have landed too).
            let lost = confirmed.sorted(by: >).prefix(5).filter { score in
                !kept.contains(score) && !(kept.count == 5 && score < (kept.min() ?? 0))
            }
            XCTAssertTrue(lost.isEmpty, "saved \(lost) but the file has \(kept)")
            if lost.isEmpty { survived += 1 }
        }
        XCTAssertGreaterThan(confirmed.count, 0, "the harness saw saves happen")
        print("power-cut: \(Self.kills) kills, \(confirmed.count) confirmed saves, \(survived) checks passed")
    }

    func test_twoInstancesAtOnceLoseNoScore() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CommandLineTests.binary))
        let dir = temporaryDirectory()
        var processes: [(Process, Pipe)] = []
        for _ in 0..<2 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            p.arguments = ["--stress-record", "60", "--data-dir", dir]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            processes.append((p, out))
        }
        var all: [Int] = []
        for (p, out) in processes {
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            all += text.split(separator: "\n").compactMap { Int($0.dropFirst(6)) }
        }
        XCTAssertEqual(all.count, 120)
        let (entries, problem) = HighScoreStore.decode(FileManager.default.contents(atPath: dir + "/highscores.json") ?? Data())
        XCTAssertNil(problem)
        XCTAssertEqual(entries.map(\.score), Array(all.sorted(by: >).prefix(5)), "the best five of both instances")
    }
}
