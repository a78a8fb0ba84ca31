import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests

@Suite @MainActor struct HighScoreStoreTests {
    private static func store(_ dir: String, warnings: Box<[String]>? = nil) -> HighScoreStore {
        HighScoreStore(directory: dir, warn: { warnings?.value.append($0) })
    }

    @Test func roundTripAcrossAFreshInstance() {
        let dir = temporaryDirectory()
        let s = Self.store(dir)
        #expect(s.record(game: .sorting, level: .hard, score: 40) == 1)
        #expect(s.record(game: .balloons, level: .easy, score: 55) == 1)
        let again = Self.store(dir)
        #expect(again.table.entries.map(\.score) == [55, 40])
        #expect(again.table.entries.map(\.game) == [.balloons, .sorting])
        #expect(again.table.rowsJSON(game: { $0.rawValue }).arrayValue?.first?["level"]?.stringValue == "Easy")
    }

    /// Adapted to the database (was: the JSON file's atomic write): no temporary file is
    /// left, the database passes SQLite's integrity check and keeps every round.
    @Test func writeIsAtomic_noTemporaryFileLeftAndDatabaseIsWhole() throws {
        let dir = temporaryDirectory()
        let s = Self.store(dir)
        for i in 0..<20 { s.record(game: .memory, level: .medium, score: i) }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(!files.contains { $0.contains(".tmp") }, "\(files)")
        #expect(!files.contains(HighScoreStore.fileName), "no JSON file is written any more")
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName)
        #expect(try db.db.query("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
        #expect(try db.roundCount(child: nil) == 20)
        #expect(Self.store(dir).table.entries.map(\.score) == [19, 18, 17, 16, 15])
    }

    @Test func twoInstancesRecordingLoseNothing() {
        let dir = temporaryDirectory()
        let a = Self.store(dir), b = Self.store(dir)
        a.record(game: .memory, level: .easy, score: 10)
        b.record(game: .sorting, level: .easy, score: 20)
        a.record(game: .balloons, level: .easy, score: 30)
        #expect(Self.store(dir).table.entries.map(\.score) == [30, 20, 10])
    }

    private static func assertRecovers(_ contents: String, keeps expected: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = temporaryDirectory()
        let path = dir + "/highscores.json"
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        let warnings = Box<[String]>([])
        let s = Self.store(dir, warnings: warnings)
        #expect(s.table.entries.map(\.score) == expected, sourceLocation: sourceLocation)
        #expect(warnings.value.count == 1, "said once: \(warnings.value)", sourceLocation: sourceLocation)
        // Adapted to the database: the old file is the backup, kept exactly as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "the old file is kept as it is", sourceLocation: sourceLocation)
        // And the game can go on recording.
        #expect(s.record(game: .memory, level: .easy, score: 1) != nil, sourceLocation: sourceLocation)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "never written", sourceLocation: sourceLocation)
        let again = Box<[String]>([])
        _ = Self.store(dir, warnings: again)
        #expect(again.value.isEmpty, "taken in once: nothing to say at the next start \(again.value)", sourceLocation: sourceLocation)
    }

    @Test func emptyFileIsRecovered() throws { try Self.assertRecovers("", keeps: []) }
    @Test func notJSONIsRecovered() throws { try Self.assertRecovers("hello, scores!", keeps: []) }
    @Test func truncatedFileIsRecovered() throws {
        try Self.assertRecovers(#"{"version":1,"scores":[{"id":"a","game":"memory","level":"easy","score":7,"reco"#, keeps: [])
    }
    @Test func wrongTypesKeepTheGoodEntries() throws {
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
    @Test func scoresListOfWrongTypeIsRecovered() throws {
        try Self.assertRecovers(#"{"version":1,"scores":{"a":1}}"#, keeps: [])
    }

    @Test func missingFileIsSilent() {
        let warnings = Box<[String]>([])
        let s = Self.store(temporaryDirectory(), warnings: warnings)
        #expect(s.table.entries.isEmpty)
        #expect(warnings.value.isEmpty)
    }

    /// Item 7, adapted to the database (was: the JSON file's bytes): a record keeps its id,
    /// game, level, score and time exactly; the old file's format still reads (below).
    @Test func recordKeepsItsFields() throws {
        let dir = temporaryDirectory()
        let s = HighScoreStore(directory: dir, warn: { _ in }, clock: { 12.5 }, makeID: { "a" })
        s.record(game: .sorting, level: .hard, score: 40)
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName)
        let e = try #require(try db.table(TableQuery()).first)
        #expect(e.id == "a" && e.game == .sorting && e.level == .hard && e.score == 40 && e.recorded == 12.5 && e.player == "guest")
        #expect(HighScoreStore.encode([e]) == [UInt8]((#"{"version":1,"scores":[{"id":"a","game":"sorting","level":"hard","score":40,"recorded":12.500}]}"# + "\n").utf8))
    }

    /// Old files: an entry without an id gets "legacy-N", one without a date its index.
    @Test func legacyEntriesGetAnIdAndADate() throws {
        let dir = temporaryDirectory()
        try #"{"scores":[{"game":"memory","level":"easy","score":7},{"id":"x","game":"memory","level":"hard","score":9}]}"#
            .write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let warnings = Box<[String]>([])
        let s = Self.store(dir, warnings: warnings)
        #expect(s.table.entries.map(\.id) == ["x", "legacy-0"])
        #expect(s.table.entries.map(\.recorded) == [1, 0])
        #expect(warnings.value.isEmpty, "\(warnings.value)")
    }

    /// #11: two entries with one id (a hand-edited or merged-by-hand file) keep the best, and say so.
    @Test func duplicateIdsKeepTheBestAndSaySo() throws {
        let dir = temporaryDirectory()
        try #"""
        {"version":1,"scores":[
          {"id":"a","game":"memory","level":"easy","score":5,"recorded":1},
          {"id":"a","game":"memory","level":"easy","score":9,"recorded":2},
          {"id":"b","game":"memory","level":"easy","score":3,"recorded":3}
        ]}
        """#.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let warnings = Box<[String]>([])
        let s = Self.store(dir, warnings: warnings)
        #expect(s.table.entries.map(\.score) == [9, 3])
        #expect(warnings.value.count == 1)
        #expect(warnings.value.first?.contains("share the id \"a\"") == true, "\(warnings.value)")
    }

    /// #11: JSONDecoder reads the first of two "scores" keys without a word; the store says it
    /// and keeps the whole file aside.
    @Test func duplicateScoresKeysAreReported() throws {
        let dir = temporaryDirectory()
        let text = #"{"version":1,"scores":[{"id":"a","game":"memory","level":"easy","score":10,"recorded":1}],"scores":[{"id":"b","game":"memory","level":"easy","score":20,"recorded":2}]}"#
        try text.write(toFile: dir + "/highscores.json", atomically: true, encoding: .utf8)
        let warnings = Box<[String]>([])
        let s = Self.store(dir, warnings: warnings)
        #expect(s.table.entries.map(\.score) == [10])
        #expect(warnings.value.count == 1)
        #expect(warnings.value.first?.contains("\"scores\" appears 2 times") == true, "\(warnings.value)")
        #expect(try String(contentsOfFile: dir + "/highscores.json", encoding: .utf8) == text, "kept as it is")
    }

    /// #11: "Reset high scores" in one copy is not undone by a copy that was already running.
    @Test func resetWinsOverACopyAlreadyRunning() {
        let dir = temporaryDirectory()
        let a = Self.store(dir)
        for score in 10...14 { a.record(game: .memory, level: .easy, score: score) }
        let b = Self.store(dir)
        #expect(b.table.entries.count == 5)
        a.reset()
        a.waitForPendingSaves()
        #expect(b.record(game: .sorting, level: .hard, score: 50) == 1)
        b.waitForPendingSaves()
        #expect(b.table.entries.map(\.score) == [50])
        #expect(Self.store(dir).table.entries.map(\.score) == [50], "the old five stay reset")
        // And the copy that reset goes on with what the other saved since.
        a.record(game: .memory, level: .easy, score: 7)
        a.waitForPendingSaves()
        #expect(Self.store(dir).table.entries.map(\.score) == [50, 7])
    }

    /// Item 7: settings have a version; old files without it still read (issue #25: and are
    /// migrated: version 1's saved mute, a child's tap, is said and dropped).
    @Test func settingsHaveAVersionAndOldFilesStillRead() throws {
        let dir = temporaryDirectory()
        let s = SettingsStore(directory: dir, warn: { _ in })
        s.remember(.voice, false)
        s.waitForPendingSaves()
        let written = try String(contentsOfFile: dir + "/settings.json", encoding: .utf8)
        #expect(written == #"{"version":2,"voice":false}"# + "\n")
        let old = temporaryDirectory()
        try #"{"muted":true,"relaxed":true}"#.write(toFile: old + "/settings.json", atomically: true, encoding: .utf8)
        let warnings = Box<[String]>([])
        let read = SettingsStore(directory: old, warn: { warnings.value.append($0) })
        #expect(!read.muted && read.switches == [.relaxed: true])
        #expect(warnings.value.count == 1 && warnings.value[0].contains("voice and effects off"), "\(warnings.value)")
        read.remember(.effects, false)
        read.waitForPendingSaves()
        let migrated = try String(contentsOfFile: old + "/settings.json", encoding: .utf8)
        #expect(migrated == #"{"version":2,"effects":false,"relaxed":true}"# + "\n",
                "written back in the current version")
    }
}

/// A mutable box for collecting values from closures in tests.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
