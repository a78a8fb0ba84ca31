import Foundation
import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

final class HighScoreTableTests: XCTestCase {
    private func entry(_ id: String, _ score: Int, at time: Double = 0) -> HighScoreEntry {
        HighScoreEntry(id: id, game: .memory, level: .easy, score: score, recorded: time)
    }

    func test_insertRanksBestFirst() {
        var t = HighScoreTable()
        XCTAssertEqual(t.insert(entry("a", 10)), 1)
        XCTAssertEqual(t.insert(entry("b", 30)), 1)
        XCTAssertEqual(t.insert(entry("c", 20)), 2)
        XCTAssertEqual(t.entries.map(\.score), [30, 20, 10])
    }

    func test_equalScoresKeepTheEarlierFirst() {
        var t = HighScoreTable()
        t.insert(entry("first", 20))
        XCTAssertEqual(t.insert(entry("second", 20)), 2)
        XCTAssertEqual(t.entries.map(\.id), ["first", "second"])
    }

    func test_aSixthScoreMustBeatTheLowest() {
        var t = HighScoreTable()
        for (i, s) in [50, 40, 30, 20, 10].enumerated() { t.insert(entry("e\(i)", s)) }
        XCTAssertNil(t.insert(entry("low", 5)))
        XCTAssertNil(t.insert(entry("tie", 10)), "equal to the lowest does not beat it")
        XCTAssertEqual(t.insert(entry("new", 11)), 5)
        XCTAssertEqual(t.entries.map(\.score), [50, 40, 30, 20, 11])
        XCTAssertEqual(t.insert(entry("top", 99)), 1)
        XCTAssertEqual(t.entries.count, 5)
    }

    func test_mergeUnitesByIdAndKeepsOrder() {
        let a = [entry("x", 10, at: 1), entry("y", 20, at: 2)]
        let b = [entry("y", 20, at: 2), entry("z", 20, at: 1)]
        let merged = HighScoreTable.merged(a, b)
        XCTAssertEqual(merged.entries.map(\.id), ["z", "y", "x"])
    }
}

final class HighScoreStoreTests: XCTestCase {
    @MainActor private static func store(_ dir: String, warnings: Box<[String]>? = nil) -> HighScoreStore {
        HighScoreStore(directory: dir, warn: { warnings?.value.append($0) })
    }

    func test_roundTripAcrossAFreshInstance() {
        MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let s = Self.store(dir)
            XCTAssertEqual(s.record(game: .sorting, level: .hard, score: 40), 1)
            XCTAssertEqual(s.record(game: .balloons, level: .easy, score: 55), 1)
            let again = Self.store(dir)
            XCTAssertEqual(again.table.entries.map(\.score), [55, 40])
            XCTAssertEqual(again.table.entries.map(\.game), [.balloons, .sorting])
            XCTAssertEqual(again.table.rowsJSON(game: { $0.rawValue }).arrayValue?.first?["level"]?.stringValue, "Easy")
        }
    }

    func test_writeIsAtomic_noTemporaryFileLeftAndFileAlwaysParses() throws {
        try MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let s = Self.store(dir)
            for i in 0..<20 { s.record(game: .memory, level: .medium, score: i) }
            let files = try FileManager.default.contentsOfDirectory(atPath: dir)
            XCTAssertFalse(files.contains { $0.contains(".tmp") }, "\(files)")
            let text = try String(contentsOfFile: dir + "/highscores.json", encoding: .utf8)
            XCTAssertNotNil(JSON.parse(text))
            XCTAssertEqual(Self.store(dir).table.entries.map(\.score), [19, 18, 17, 16, 15])
        }
    }

    func test_twoInstancesRecordingLoseNothing() {
        MainActor.assumeIsolated {
            let dir = temporaryDirectory()
            let a = Self.store(dir), b = Self.store(dir)
            a.record(game: .memory, level: .easy, score: 10)
            b.record(game: .sorting, level: .easy, score: 20)
            a.record(game: .balloons, level: .easy, score: 30)
            XCTAssertEqual(Self.store(dir).table.entries.map(\.score), [30, 20, 10])
        }
    }

    @MainActor private static func assertRecovers(_ contents: String, keeps expected: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = temporaryDirectory()
        let path = dir + "/highscores.json"
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        let warnings = Box<[String]>([])
        let s = Self.store(dir, warnings: warnings)
        XCTAssertEqual(s.table.entries.map(\.score), expected, file: file, line: line)
        XCTAssertEqual(warnings.value.count, 1, "said once: \(warnings.value)", file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: path + ".bad", encoding: .utf8), contents, "bad copy kept", file: file, line: line)
        // And the game can go on recording.
        XCTAssertNotNil(s.record(game: .memory, level: .easy, score: 1), file: file, line: line)
        XCTAssertNotNil(JSON.parse(try String(contentsOfFile: path, encoding: .utf8)), file: file, line: line)
    }

    func test_emptyFileIsRecovered() throws { try MainActor.assumeIsolated { try Self.assertRecovers("", keeps: []) } }
    func test_notJSONIsRecovered() throws { try MainActor.assumeIsolated { try Self.assertRecovers("hello, scores!", keeps: []) } }
    func test_truncatedFileIsRecovered() throws {
        try MainActor.assumeIsolated {
            try Self.assertRecovers(#"{"version":1,"scores":[{"id":"a","game":"memory","level":"easy","score":7,"reco"#, keeps: [])
        }
    }
    func test_wrongTypesKeepTheGoodEntries() throws {
        try MainActor.assumeIsolated {
            try Self.assertRecovers(#"""
            {"version":1,"scores":[
              {"id":"a","game":"memory","level":"easy","score":7,"recorded":1},
              {"id":"b","game":"memory","level":"easy","score":"nine"},
              {"id":"c","game":"chess","level":"easy","score":3},
              {"id":"d","game":"sorting","level":"hard","score":-4},
              {"id":"e","game":"sorting","level":"impossible","score":4},
              {"id":"f","game":"balloons","level":"hard","score":99999999999},
              {"id":"g","game":"balloons","level":"hard","score":12,"recorded":2}
            ]}
            """#, keeps: [12, 7])
        }
    }
    func test_scoresListOfWrongTypeIsRecovered() throws {
        try MainActor.assumeIsolated {
            try Self.assertRecovers(#"{"version":1,"scores":{"a":1}}"#, keeps: [])
        }
    }

    func test_missingFileIsSilent() {
        MainActor.assumeIsolated {
            let warnings = Box<[String]>([])
            let s = Self.store(temporaryDirectory(), warnings: warnings)
            XCTAssertTrue(s.table.entries.isEmpty)
            XCTAssertTrue(warnings.value.isEmpty)
        }
    }
}

/// A mutable box for collecting values from closures in tests.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
