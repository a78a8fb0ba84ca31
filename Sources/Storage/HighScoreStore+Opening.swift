import GameCore
import Glibc
import SystemIO

// MARK: - Opening

extension HighScoreStore {
    /// Opens progress.db in `directory`, creating the folder, taking in highscores.json once,
    /// and setting a damaged or unreadable database aside. Answers nil (with the messages to
    /// show) when the folder cannot hold a database: the scores then live in memory.
    struct Opened {
        var database: ProgressDatabase?
        var messages: [String]
        /// Another program held the lock: try again later (scores wait meanwhile).
        var busy = false
    }

    nonisolated static func openDatabase(directory: String, knownGames: Set<GameKind>, budget: WaitBudget? = nil) -> Opened {
        var messages: [String] = []
        let dbPath = directory + "/" + databaseName
        let shown = printable(dbPath)
        func done(_ db: ProgressDatabase?, _ more: [String] = []) -> Opened { Opened(database: db, messages: messages + more) }
        do {
            try AtomicFile.makeDirectories(directory)
        } catch {
            return done(nil, ["cannot keep scores in \(printable(directory)) (\(error)); scores are kept only until the game closes"])
        }
        // Temporary files of copies killed mid-save (older versions, settings) go.
        do {
            try AtomicFile.withLock(lockPath(directory)) {
                AtomicFile.removeOrphanedTemporaries(in: directory, names: [fileName, SettingsStore.fileName])
            }
        } catch {
            messages.append("\(error)")
        }
        let legacy = { () -> [HighScoreEntry]? in
            let (entries, message, done) = importLegacy(directory: directory, knownGames: knownGames)
            if let message { messages.append(message) }
            return done ? entries : nil
        }
        let journal = DatabaseFile.journal(for: directory).0
        for attempt in 0..<3 {
            switch DatabaseFile.prepare(dbPath, notes: &messages) {
            case .ready: break
            case .notAFile(let why):
                return done(nil, ["progress database \(shown) cannot be used (\(why)); it is left alone, and scores are kept only until the game closes"])
            case .readOnly(let why):
                return done(nil, ["progress database \(shown) cannot be written by this account (\(why)); it is left alone, and scores are kept only until the game closes (a folder shared by several accounts needs the setgid group setup of the schools' guide, \"A shared class folder\")"])
            case .unreadable(let why):
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) cannot be read (\(why)); it was set aside as \(printable(target)) and a new one started")
                    continue
                case .failure(let failure):
                    return done(nil, ["progress database \(shown) cannot be read (\(why)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            case .failed(let why):
                return done(nil, ["cannot create the progress database \(shown) (\(why)); scores are kept only until the game closes"])
            }
            do {
                let db = try ProgressDatabase(path: dbPath, importLegacy: legacy, journal: journal, busyTimeout: openWait, budget: budget)
                // Once a day, SQLite's quick_check (a few ms for a class's year).
                try db.dailyCheck(now: SystemFiles.now())
                return done(db)
            } catch {
                if error.isBusy { return Opened(database: nil, messages: messages, busy: true) }
                guard error.isDamage, attempt < 2 else {
                    return done(nil, ["cannot open the progress database \(shown) (\(error.plain)); it is left alone, and scores are kept only until the game closes"])
                }
                switch DatabaseFile.setAside(dbPath) {
                case .success(let target):
                    messages.append("progress database \(shown) is damaged (\(error.message)); it was set aside as \(printable(target)) and a new one started")
                case .failure(let failure):
                    return done(nil, ["progress database \(shown) is damaged (\(error.message)) and could not be set aside (\(failure)); scores are kept only until the game closes"])
                }
            }
        }
        return done(nil)
    }

    /// Reads highscores.json for the first start's import. Answers its good entries, the
    /// message to show (a damaged or unreadable file), and whether the import is done (false:
    /// the file could not be read now; it is tried again at the next start). The file is
    /// never changed: it stays as a backup.
    nonisolated static func importLegacy(directory: String, knownGames: Set<GameKind>) -> ([HighScoreEntry], String?, Bool) {
        let path = directory + "/" + fileName
        let shown = printable(path)
        var info = stat()
        if lstat(path, &info) == 0, AtomicFile.isRegular(info), info.st_size > sizeLimit {
            // Too big to be ours: said once (the import is then done), never at every start.
            return ([], "old high scores file \(shown) is \(info.st_size) bytes, more than the \(sizeLimit) a score file can be; no score was taken in, and it is left alone", true)
        }
        switch inspect(path, knownGames: knownGames) {
        case .missing: return ([], nil, true)
        case .good(let file): return (file.entries, nil, true)
        case .notAFile(let why):
            return ([], "old high scores file \(shown) cannot be used (\(why)); it is left alone", true)
        case .unreadable(let why):
            return ([], "old high scores file \(shown) cannot be read (\(why)); its scores will be taken in once it can be read, and it is left alone", false)
        case .damaged(_, let problem) where problem.hasPrefix(newerVersionNote):
            return ([], "old high scores file \(shown) is left untouched: \(problem)", true)
        case .damaged(let file, let problem):
            let kept = file.entries.isEmpty ? "no score could be taken in" : "took in \(file.entries.count) good score(s)"
            return (file.entries, "old high scores file \(shown) is damaged (\(problem)); \(kept), and the file is kept as it is", true)
        }
    }

    nonisolated static func moveAsideOrRefuse(_ path: String, because problem: String, name: String = fileName) throws -> String {
        switch AtomicFile.moveAside(path) {
        case .success(let target): return target
        case .failure(let failure):
            throw StoreFailure("\(name) \(problem) and could not be moved aside (\(failure)), so it is not written over")
        }
    }
}
