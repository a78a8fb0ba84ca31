import GameCore
import Scenes

/// A crash-test driver (hidden `--stress-record COUNT`): records rising scores one after
/// another, every other one for a child (her round and her sticker), and prints "saved N"
/// once each record has returned (it is then committed), so a harness can kill the process
/// at any moment and check that every reported round survived.
@MainActor
public enum StressRecorder {
    public static let nickname = "stress"

    public static func run(count: Int, dataDir: String?) -> Int32 {
        let report: (String) -> Void = { writeStandardError("kids-joy-center: \($0)\n") }
        let dir = DataDirectory.resolve(override: dataDir, warn: report)
        let store = HighScoreStore(directory: dir, warn: report)
        let base = (store.table.entries.map(\.score).max() ?? 0) + 1
        let games = GameRegistry.standard.ids
        var child = store.children.first { $0.nickname == nickname }
        if child == nil {
            switch store.addChild(nickname: nickname, avatar: Avatar.deterministic(for: nickname)) {
            case .success(let made): child = made
            case .failure: child = store.children.first { $0.nickname == nickname }
            }
        }
        for i in 0..<max(count, 0) {
            let score = base + i
            let round = RoundRecord(game: games[i % games.count], level: Level.allCases[i % Level.allCases.count], score: score,
                                    result: "won", reason: "all-found", duration: 1, progress: 1)
            let player: Player = i % 2 == 1 ? child.map(Player.child) ?? .guest : .guest
            store.recordRound(round, player: player)
            writeStandardOutput("saved \(score)\n")
        }
        return 0
    }
}
