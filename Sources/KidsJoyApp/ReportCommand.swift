import GameCore
import Glibc
import Scenes
import Storage
import SystemIO

/// `kids-joy-center report [--data-dir DIR] [--csv FILE]`: each child's games, wins, best
/// and average scores, time played and stickers, per game; the guest last. Reads the
/// progress database and changes nothing in it (no folder is made, no old file taken in).
struct ReportCommand {
    static let spec = CommandSpec(
        command: "kids-joy-center report",
        abstract: "Print each child's progress (games, wins, best and average score, time, stickers) per game.",
        discussion: """
            Reads progress.db in the data folder (the game's own, as the config files name
            it, or --data-dir DIR). With --csv FILE, the same rows are also written to FILE
            as CSV ('-' for standard output). Nothing is sent anywhere: the report is for
            the adults at this computer.
            With --server, the whole class is read from the school's server (the config's
            server key) instead, with the kiosk each game was played on.
            """,
        options: [
            .option("data-dir", "DIR", "Read the progress kept in DIR.", completion: .directory),
            .option("csv", "FILE", "Also write the rows as CSV to FILE ('-' for standard output).", completion: .file),
            .flag("server", "Read the whole class from the school's server (the config's server key), with each game's kiosk."),
            // Tests and the benchmark: fill DIR with CHILDRENxGAMES sample rounds first.
            .option("make-sample", "CxG", "Fill the data dir with CHILDRENxGAMES sample rounds first.", hidden: true),
        ]
    )

    var dataDir: String?
    var csv: String?
    var makeSample: String?
    var server = false

    /// Parses and checks `report`'s arguments (after the word `report`).
    static func parse(_ arguments: [String]) throws(CommandLineError) -> ReportCommand {
        let p = try spec.parse(arguments)
        let c = ReportCommand(dataDir: p.value("data-dir"), csv: p.value("csv"), makeSample: p.value("make-sample"), server: p.flag("server"))
        try c.validate()
        return c
    }

    func validate() throws(CommandLineError) {
        if server && (dataDir != nil || makeSample != nil) { throw .usage("--server reads the server, not a data folder: leave out --data-dir") }
        if let makeSample, Self.sampleSize(makeSample) == nil {
            throw .usage("--make-sample takes CHILDRENxGAMES, e.g. 40x200")
        }
    }

    static func sampleSize(_ text: String) -> (children: Int, games: Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let g = Int(parts[1]), (1...Profiles.maximumChildren).contains(c), g >= 0 else { return nil }
        return (c, g)
    }

    /// Runs the report; answers the exit status.
    @MainActor
    func run(warn: @escaping (String) -> Void) -> Int32 {
        if server { return runServer(warn: warn) }
        // Without --data-dir, the folder the config files name (a class's shared folder), as
        // the game itself would use.
        let configured = dataDir == nil
            ? ConfigFile.layered(layers: ConfigFile.systemLayers(), userPath: ConfigFile.userConfigPath(), explicitPath: nil).0[.dataDir]?.text
            : nil
        let dir = DataDirectory.resolve(override: dataDir ?? configured, warn: warn)
        let path = dir + "/" + HighScoreStore.databaseName
        if let makeSample, let size = Self.sampleSize(makeSample) {
            do { try ProgressReport.makeSample(in: dir, children: size.children, games: size.games) } catch {
                warn("--make-sample: \(error)")
                return 1
            }
        }
        var info = stat()
        if stat(path, &info) != 0 {
            // Only a database that is not there (nor its folder) is "no games yet"; a folder
            // this account cannot enter, or a file where the folder should be, is an error.
            let code = errno
            guard code == ENOENT else {
                warn("cannot read the data folder \(printable(dir)) (\(String(cString: strerror(code)).lowercased()))")
                return 1
            }
            return printOutputChecked("No games recorded yet in \(printable(dir)).", warn: warn) ? 0 : 1
        }
        // Only reads: no journal switch, no schema made, nothing beside the file; a
        // read-only disk or another account's folder is read as it is.
        let database: ProgressDatabase
        do {
            database = try ProgressDatabase(path: path, readOnly: true)
        } catch {
            warn("cannot read the progress database \(printable(path)) (\(error.isDamage ? "it is damaged: " : "")\(error.plain))")
            return 1
        }
        let rows: [ProgressSummary]
        do { rows = try database.summary() } catch {
            warn("cannot read the progress database \(printable(path)) (\(error.plain))")
            return 1
        }
        return output(text: ProgressReport.text(rows, dataDir: dir), csv: ProgressReport.csv(rows), warn: warn)
    }

    /// `report --server`: the class from the server the config names.
    @MainActor
    func runServer(warn: @escaping (String) -> Void) -> Int32 {
        guard let conninfo = ServerCommand.configuredServer() else {
            warn("--server: no server is named (the config's server key is empty)")
            return 1
        }
        switch ServerClassReport.read(conninfo) {
        case .success(let report): return output(text: report.text, csv: report.csv, warn: warn)
        case .failure(let error):
            warn("--server: \(error.message)")
            return 1
        }
    }

    /// The text on standard output (unless `--csv -`) and the CSV where `--csv` says.
    func output(text: String, csv csvText: String, warn: @escaping (String) -> Void) -> Int32 {
        // `--csv -`: standard output is the CSV alone (the text report would mix in).
        if csv != "-" {
            guard printOutputChecked(text, warn: warn) else { return 1 }
        }
        if let csv {
            let bytes = [UInt8](csvText.utf8)
            if csv == "-" {
                if standardOutputWasClosed {
                    warn("--csv: cannot write to standard output (it is closed)")
                    return 1
                }
                if let code = OutputFile.writeAll(STDOUT_FILENO, bytes) {
                    warn("--csv: cannot write to standard output (\(AtomicFile.describe(code)))")
                    return 1
                }
            } else {
                // A new CSV is the adults' alone (0600, as "Save report"'s files); a file it
                // replaces keeps its mode.
                do { try OutputFile.write(bytes, to: csv, mode: 0o600) } catch {
                    warn("--csv: cannot write \(printable(csv)) (\(error))")
                    return 1
                }
            }
        }
        return 0
    }

    /// Prints the text; a failed write (stdout closed, full, a broken pipe) is said and
    /// answers false (the command then exits 1).
    func printOutputChecked(_ text: String, warn: (String) -> Void) -> Bool {
        if standardOutputWasClosed {
            warn("cannot write the report to standard output (it is closed)")
            return false
        }
        if let code = OutputFile.writeAll(STDOUT_FILENO, Array((text + "\n").utf8)) {
            warn("cannot write the report to standard output (\(AtomicFile.describe(code)))")
            return false
        }
        return true
    }
}

/// The report's words and rows (the command line's and the corner's "Save report").
@MainActor
enum ProgressReport {
    static func name(_ row: ProgressSummary) -> String {
        guard row.player != "guest" else { return "guest" }
        let avatar = row.avatar.map { " (\($0.animal) on \($0.colour))" } ?? ""
        return row.player + (row.nickname.map { " " + printable($0) } ?? "") + avatar
    }

    static func minutes(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    nonisolated static func fixed1(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// One block per player: a line of totals, then a line per game.
    static func text(_ rows: [ProgressSummary], dataDir: String) -> String {
        guard !rows.isEmpty else { return "No games recorded yet in \(printable(dataDir))." }
        var out = "Progress report, \(printable(dataDir))\n"
        var players: [String] = []
        var byPlayer: [String: [ProgressSummary]] = [:]
        for row in rows {
            if byPlayer[row.player] == nil { players.append(row.player) }
            byPlayer[row.player, default: []].append(row)
        }
        for player in players {
            let games = byPlayer[player]!
            let total = games.reduce(0) { $0 + $1.rounds }, won = games.reduce(0) { $0 + $1.won }
            let seconds = games.reduce(0.0) { $0 + $1.totalSeconds }
            out += "\n\(name(games[0])): \(total) game\(total == 1 ? "" : "s"), \(won) won, \(minutes(seconds)) played"
            out += player == "guest" ? "\n" : ", \(games[0].childStickers) sticker\(games[0].childStickers == 1 ? "" : "s")\n"
            for g in games {
                let title = AppGames.registry.entry(g.game)?.definition.title.english ?? g.game.rawValue
                let padded = title + String(repeating: " ", count: max(0, 10 - title.count))
                out += "  \(padded) \(g.rounds) played, \(g.won) won, best \(g.best), average \(fixed1(g.average)), \(minutes(g.totalSeconds)); scores \(g.scores.suffix(10).map(String.init).joined(separator: " "))\n"
            }
        }
        return out
    }

    nonisolated static func csvField(_ s: String) -> String {
        // Line breaks and other control characters never reach a cell (a CR LF in a name
        // would start a row of its own); each becomes a space.
        var v = String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        // A cell a spreadsheet would run as a formula (=, +, -, @, also after spaces, or a
        // leading TAB or CR, which the step above made spaces) starts with an apostrophe.
        if let first = v.first(where: { $0 != " " }), "=+-@".contains(first) { v = "'" + v }
        else if s.unicodeScalars.first.map({ $0.value < 0x20 }) == true { v = "'" + v }
        if v.contains(",") || v.contains("\"") || v.contains(" ") && v.hasPrefix(" ") {
            return "\"" + v.replacingEvery("\"", with: "\"\"") + "\""
        }
        return v
    }

    nonisolated static func csv(_ rows: [ProgressSummary]) -> String {
        var out = "player,nickname,animal,colour,game,played,won,best,average,seconds,stickers\n"
        for r in rows {
            let fields = [r.player, r.nickname ?? "", r.avatar?.animal ?? "", r.avatar?.colour ?? "", r.game.rawValue, String(r.rounds),
                          String(r.won), String(r.best), fixed1(r.average), String(Int(r.totalSeconds.rounded())),
                          r.player == "guest" ? "" : String(r.stickers)]
            out += fields.map { csvField($0) }.joined(separator: ",") + "\n"
        }
        return out
    }

    /// Fills `dir` with `children` children of `games` rounds each (deterministic scores),
    /// in one transaction: the benchmark's and the tests' class of 40.
    static func makeSample(in dir: String, children: Int, games: Int) throws {
        try AtomicFile.makeDirectories(dir)
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName, importLegacy: { nil })
        let kinds = AppGames.registry.ids
        var kids: [ChildProfile] = try db.children()
        while kids.count < children {
            let name = "kid\(kids.count + 1)"
            switch db.addChild(nickname: name, avatar: Avatar.deterministic(for: name), created: 0) {
            case .success(let c): kids.append(c)
            case .failure(let f): throw StoreFailure("cannot add \(name): \(f)")
            }
        }
        try db.db.transaction { () throws(SQLiteError) in
            for (k, kid) in kids.prefix(children).enumerated() {
                for g in 0..<games {
                    let score = (k * 7 + g * 13) % 101
                    let won = (k + g) % 3 != 0
                    let round = RoundRecord(game: kinds[g % kinds.count], level: Level.allCases[(g / 3) % 3], score: score,
                                            result: won ? "won" : "lost", reason: won ? "all-found" : "time",
                                            duration: Double(30 + g % 60), progress: g % 10, mistakes: g % 4, counts: won)
                    try db.recordInTransaction(round, child: kid.number, entry: "sample-\(kid.number)-\(g)", played: Double(g))
                }
            }
        }
    }
}
