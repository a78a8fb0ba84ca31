import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests

/// `kids-joy-center report`: a class of 40 children with 200 games each, checked against
/// the rounds as they were made (correctness only: the time is a bench figure).
@Suite @MainActor struct ReportTests {
    @Test func fortyChildrenTimesTwoHundredGamesAreSummedRight() throws {
        let dir = temporaryDirectory()
        try ProgressReport.makeSample(in: dir, children: 40, games: 200)
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName)
        #expect(try db.db.scalar("SELECT count(*) FROM rounds") == 8000)
        let rows = try db.summary()
        #expect(rows.count == 40 * 3)
        let kinds = GameRegistry.standard.ids
        for k in 0..<40 {
            for (gi, game) in kinds.enumerated() {
                let games = (0..<200).filter { $0 % kinds.count == gi }
                let scores = games.map { (k * 7 + $0 * 13) % 101 }
                let won = games.filter { (k + $0) % 3 != 0 }.count
                let seconds = games.reduce(0.0) { $0 + Double(30 + $1 % 60) }
                let row = try #require(rows.first { $0.player == "child-\(k + 1)" && $0.game == game })
                #expect(row.rounds == games.count && row.won == won && row.best == scores.max() && row.scores == scores)
                #expect(abs(row.average - Double(scores.reduce(0, +)) / Double(scores.count)) < 1e-9)
                #expect(row.totalSeconds == seconds)
                #expect(row.stickers == games.count && row.childStickers == 200, "a sticker per round: this game's, and hers in all")
                #expect(row.nickname == "kid\(k + 1)")
            }
        }
        let text = ProgressReport.text(rows, dataDir: dir)
        #expect(text.components(separatedBy: "\nchild-").count - 1 == 40)
        #expect(text.contains("child-1 kid1 (\(Avatar.deterministic(for: "kid1").animal) on \(Avatar.deterministic(for: "kid1").colour)): 200 games"))
        let csv = ProgressReport.csv(rows).split(separator: "\n")
        #expect(csv.count == 1 + 120)
        #expect(csv[0] == "player,nickname,animal,colour,game,played,won,best,average,seconds,stickers")
        for line in csv.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(cells.last == cells[5], "a row's stickers are its game's (one per round here), not the child's total: \(line)")
        }
    }

    /// A nickname a spreadsheet would run as a formula, or with a comma, stays text.
    @Test func csvCellsStayText() {
        #expect(ProgressReport.csvField("=1+2") == "'=1+2")
        #expect(ProgressReport.csvField("a,b") == "\"a,b\"")
        #expect(ProgressReport.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test(.enabled(if: GameProcess.built, "build the app first"))
    func reportCommandPrintsAndWritesCSV() throws {
        let dir = temporaryDirectory()
        let empty = dir + "/nothing-here"
        let none = try GameProcess.run(["report", "--data-dir", empty])
        #expect(none.status == 0 && none.stdout.contains("No games recorded yet"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: empty), "a report makes no folder")
        let r = try GameProcess.run(["report", "--data-dir", dir, "--make-sample", "3x9", "--csv", dir + "/r.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("child-3 kid3") && r.stdout.contains("9 games"), "\(r.stdout)")
        let csv = try String(contentsOfFile: dir + "/r.csv", encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 1 + 9)
        let bad = try GameProcess.run(["report", "--frobnicate"])
        #expect(bad.status == 2 && bad.stderr.contains("report --help"), "\(bad.stderr)")
        // The game's own options still work beside the new command.
        let game = try GameProcess.run(["--headless", "--data-dir", dir, "--script", "-", "--log", "-"], stdin: "0.1 dump\n")
        #expect(game.status == 0 && game.stdout.contains("\"dump\""))
    }

    /// Without --data-dir the report reads the folder the config files name (a class's
    /// shared folder), as the game does.
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func reportFollowsTheConfiguredDataDir() throws {
        let data = temporaryDirectory(), home = temporaryDirectory()
        try ProgressReport.makeSample(in: data, children: 2, games: 3)
        try FileManager.default.createDirectory(atPath: home + "/kids-joy-center", withIntermediateDirectories: true)
        try "data-dir = \"\(data)\"\n".write(toFile: home + "/kids-joy-center/config.toml", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["report"], environment: ["XDG_CONFIG_HOME": home, "XDG_CONFIG_DIRS": home + "/none"])
        #expect(r.status == 0 && r.stdout.contains("Progress report, \(data)") && r.stdout.contains("child-2 kid2"), "\(r.stdout) \(r.stderr)")
    }
}
