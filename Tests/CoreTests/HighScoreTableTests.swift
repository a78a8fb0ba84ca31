import Foundation
import Testing
@testable import GameCore

/// The high-score table as a value: ranks, ties, the sixth score, merging, the file's fields
/// (from HighScoreTests; the stores that keep it are tested in SystemTests).
@Suite struct HighScoreTableTests {
    private func entry(_ id: String, _ score: Int, at time: Double = 0) -> HighScoreEntry {
        HighScoreEntry(id: id, game: .memory, level: .easy, score: score, recorded: time)
    }

    @Test func insertRanksBestFirst() {
        var t = HighScoreTable()
        #expect(t.insert(entry("a", 10)) == 1)
        #expect(t.insert(entry("b", 30)) == 1)
        #expect(t.insert(entry("c", 20)) == 2)
        #expect(t.entries.map(\.score) == [30, 20, 10])
    }

    @Test func equalScoresKeepTheEarlierFirst() {
        var t = HighScoreTable()
        t.insert(entry("first", 20))
        #expect(t.insert(entry("second", 20)) == 2)
        #expect(t.entries.map(\.id) == ["first", "second"])
    }

    @Test func aSixthScoreMustBeatTheLowest() {
        var t = HighScoreTable()
        for (i, s) in [50, 40, 30, 20, 10].enumerated() { t.insert(entry("e\(i)", s)) }
        #expect(t.insert(entry("low", 5)) == nil)
        #expect(t.insert(entry("tie", 10)) == nil, "equal to the lowest does not beat it")
        #expect(t.insert(entry("new", 11)) == 5)
        #expect(t.entries.map(\.score) == [50, 40, 30, 20, 11])
        #expect(t.insert(entry("top", 99)) == 1)
        #expect(t.entries.count == 5)
    }

    @Test func mergeUnitesByIdAndKeepsOrder() {
        let a = [entry("x", 10, at: 1), entry("y", 20, at: 2)]
        let b = [entry("y", 20, at: 2), entry("z", 20, at: 1)]
        let merged = HighScoreTable.merged(a, b)
        #expect(merged.entries.map(\.id) == ["z", "y", "x"])
    }

    /// Item 7: the entry is a Codable value with the file's field names.
    @Test func entryIsCodableWithTheFileFieldNames() throws {
        let json = #"{"id":"a","game":"sorting","level":"hard","score":40,"recorded":12.5}"#
        let e = try JSONDecoder().decode(HighScoreEntry.self, from: Data(json.utf8))
        #expect(e == HighScoreEntry(id: "a", game: .sorting, level: .hard, score: 40, recorded: 12.5))
        let back = try JSONDecoder().decode(HighScoreEntry.self, from: JSONEncoder().encode(e))
        #expect(back == e)
    }
}
