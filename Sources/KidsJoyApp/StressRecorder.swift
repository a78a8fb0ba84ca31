import GameCore
import Scenes
import Storage

/// A crash-test driver (hidden `--stress-record COUNT`): records rising scores one after
/// another, every other one for a child (her round and her sticker), and prints "saved N"
/// once a round is committed (at once, or later for one that waited for another program's
/// lock: "waiting N" first), "memory N" for one kept only in memory, and "set-aside PATH"
/// when damage was set aside, so a harness can kill the process at any moment, damage the
/// file or hold its lock, and check that every round reported saved survived.
@MainActor
public enum StressRecorder {
    public static let nickname = "stress"

    public static func run(count: Int, dataDir: String?) -> Int32 {
        let report: (String) -> Void = { writeStandardError("kids-joy-center: \($0)\n") }
        let dir = DataDirectory.resolve(override: dataDir, warn: report)
        let store = HighScoreStore(directory: dir, warn: report)
        var scoreOf: [String: Int] = [:]
        var current = 0
        store.onEvent = { name, fields in
            let value = { (key: String) in fields.first { $0.0 == key }?.1.stringValue ?? "" }
            if name == "database" {
                writeStandardOutput("\(value("action")) \(value("path"))\n")
                return
            }
            guard name == "save" else { return }
            let entry = value("entry")
            let score = scoreOf[entry] ?? current
            switch value("status") {
            case "saved", "saved-fresh", "saved-late": writeStandardOutput("saved \(score)\n")
            case "waiting": writeStandardOutput("waiting \(score)\n")
            case "lost": writeStandardOutput("lost \(score)\n")
            default: writeStandardOutput("memory \(score)\n")
            }
        }
        let base = Int((try? store.database?.db.scalar("SELECT max(score) FROM rounds")) ?? nil ?? 0) + 1
        let games = AppGames.registry.ids
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
            current = score
            let ids = store.idsBefore
            store.recordRound(round, player: player)
            if let id = store.lastEntryID, id != ids { scoreOf[id] = score }
            store.pump()
        }
        store.waitForPendingSaves(quitWait: 10)
        store.close()
        return 0
    }
}
