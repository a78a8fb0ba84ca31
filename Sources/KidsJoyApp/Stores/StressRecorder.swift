import FoundationEssentials
import GameCore
import Scenes

/// A crash-test driver (hidden `--stress-record COUNT`): records rising scores one after
/// another and prints "saved N" after each save has completed (saves run in the background:
/// it waits for each), so a harness can kill the process at any moment and check that every
/// reported score survived.
@MainActor
public enum StressRecorder {
    public static func run(count: Int, dataDir: String?) -> Int32 {
        let report: (String) -> Void = { writeStandardError("kids-joy-center: \($0)\n") }
        let dir = DataDirectory.resolve(override: dataDir, warn: report)
        let store = HighScoreStore(directory: dir, warn: report)
        let base = (store.table.entries.map(\.score).max() ?? 0) + 1
        let games = GameRegistry.standard.ids
        for i in 0..<max(count, 0) {
            let score = base + i
            store.record(game: games[i % games.count], level: Level.allCases[i % Level.allCases.count], score: score)
            store.waitForPendingSaves()
            writeStandardOutput("saved \(score)\n")
        }
        store.waitForPendingSaves()
        return 0
    }
}
