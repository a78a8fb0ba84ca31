import GameCore
import Runtime
import Scenes
import Server
import Storage

// MARK: - The school's server (issue #47)

extension GameApp {
    /// Starts the server's worker when a server is named (never otherwise: no socket). The
    /// database stays the truth; the worker pushes its outbox on its own thread.
    func startSync(_ scores: HighScoreStore) {
        guard let server = options.settings.server, !server.isEmpty else { return }
        guard !scores.inMemory, scores.database != nil else {
            warn("the school's server is not used: this computer cannot keep the games in \(scores.databasePath)")
            return
        }
        let worker = SyncWorker(conninfo: server, databasePath: scores.databasePath,
                                journal: scores.database?.journal ?? .wal)
        syncWorker = worker
        // The corner's Progress pages add the other kiosks' rounds (the worker's local copy).
        scores.classFigures = true
        worker.start()
    }

    /// The worker's news, logged (`sync`: pushed, pending, error, pulled); each failure said
    /// once on standard error too. Called at every frame (a lock read, nothing more).
    func takeSyncEvents() {
        guard let syncWorker else { return }
        // A game on top (not its end screen, a pause or Home): the worker waits.
        syncWorker.setQuiet(stack?.top.playsAGame ?? false)
        // The corner's small sign.
        let status = syncWorker.status
        let sign = ServerSign(pending: status.pending, failing: status.error != nil, upToDate: status.upToDate)
        if context?.serverSign != sign { context?.serverSign = sign }
        for event in syncWorker.takeEvents() {
            switch event {
            case .pushed(let count, let pending):
                log.emit("sync", [("action", "pushed"), ("count", .int(count)), ("pending", .int(pending))])
            case .pending(let count):
                log.emit("sync", [("action", "pending"), ("count", .int(count))])
            case .error(let kind, let message):
                log.emit("sync", [("action", "error"), ("kind", .string(kind)), ("message", .string(message))])
                warn("the school's server: \(message); games are kept on this computer and sent when it answers")
            case .pulled(let added, let deleted):
                log.emit("sync", [("action", "pulled"), ("added", .int(added)), ("deleted", .int(deleted))])
                // Children made or deleted on other kiosks: the picker's count and the tables.
                _ = scoreStore?.children
                scoreStore?.refresh()
            case .held:
                // A game is on top: the worker waits for it (not logged: every game would say it).
                break
            case .figures(let rounds, let changed):
                if changed { log.emit("sync", [("action", "figures"), ("rounds", .int(rounds))]) }
                // A Progress page open in the corner shows the new figures and their time.
                for case let corner as CornerScene in stack?.scenes ?? [] { corner.serverFiguresChanged() }
            }
        }
    }
}
