import GameCore
import Glibc
import Server
import Storage
import SystemIO

/// `kids-joy-center server init [--server CONNINFO]`: makes the school server's schema, or
/// brings it up to this game's version (docs/schools.md, "The school's server"). A server whose schema
/// is newer than this game knows is refused and left as it is.
struct ServerCommand {
    static let spec = CommandSpec(
        command: "kids-joy-center server",
        abstract: "The school's PostgreSQL server: 'server init' makes or updates its schema.",
        discussion: """
            kids-joy-center server init [--server CONNINFO]
                makes the Kids Joy Center tables on the server named by the config's
                server key (or CONNINFO, a libpq connection string), or brings an older
                schema up to this game's version. A newer schema is refused and left as it
                is. Run it once, as the role that owns the database (the schools' guide,
                "The school's server").
            kids-joy-center server push [--data-dir DIR] [--server CONNINFO]
                pushes what this computer's games keep for the server now (the game does it
                by itself while it runs) and says how many wait; exit status 1 if some do.
            The password comes from libpq's usual places: ~/.pgpass, passfile=, PGPASSWORD.
            """,
        options: [
            .option("server", "CONNINFO", "The server, as a libpq connection string (default: the config's server key)."),
            .option("data-dir", "DIR", "push: the data folder whose games are pushed (default: the game's own).", completion: .directory),
            .option("wait", "SECONDS", "push: give up after SECONDS (default 60).", hidden: true),
        ]
    )

    var action = ""
    var server: String?
    var dataDir: String?
    var wait = 60.0

    static func parse(_ arguments: [String]) throws(CommandLineError) -> ServerCommand {
        var rest = arguments
        let action = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if action != nil { rest.removeFirst() }
        let p = try spec.parse(rest)
        guard let action else { throw .usage("server needs an action: init") }
        guard action == "init" || action == "push" else { throw .usage("unknown server action '\(printable(action))' (known: init, push)") }
        var c = ServerCommand(action: action, server: p.value("server"), dataDir: p.value("data-dir"))
        if let w = p.value("wait") {
            guard let s = Double(w), s > 0, s.isFinite else { throw .usage("--wait takes a number of seconds") }
            c.wait = s
        }
        if action == "init" && c.dataDir != nil { throw .usage("server init takes no --data-dir") }
        return c
    }

    /// The config's `server` key (every layer, as the game reads it).
    static func configuredServer() -> String? {
        let server = ConfigFile.layered(layers: ConfigFile.systemLayers(), userPath: ConfigFile.userConfigPath(), explicitPath: nil).0[.server]?.text
        return server.flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(warn: @escaping (String) -> Void) -> Int32 {
        guard let conninfo = server ?? Self.configuredServer() else {
            warn("no server is named: set server = \"host=... dbname=... user=...\" in the config, or give --server")
            return 2
        }
        if action == "push" { return push(conninfo, warn: warn) }
        do {
            let c = try PGConnection(conninfo)
            defer { c.close() }
            let outcome = try ServerSchema.initialize(c)
            printOutput(outcome.sentence)
            return 0
        } catch {
            warn(error.message)
            return 1
        }
    }
}

extension ServerCommand {
    /// `server push`: the worker the game runs, until the outbox is empty (or `wait` passed).
    func push(_ conninfo: String, warn: @escaping (String) -> Void) -> Int32 {
        let configured = dataDir == nil
            ? ConfigFile.layered(layers: ConfigFile.systemLayers(), userPath: ConfigFile.userConfigPath(), explicitPath: nil).0[.dataDir]?.text
            : nil
        let dir = DataDirectory.resolve(override: dataDir ?? configured, warn: warn)
        let path = dir + "/" + HighScoreStore.databaseName
        guard SystemFiles.exists(path) else {
            warn("no games kept in \(printable(dir)) yet: nothing to push")
            return 1
        }
        let worker = SyncWorker(conninfo: conninfo, databasePath: path)
        let start = SystemFiles.now()
        worker.start()
        var said: Set<String> = []
        var status = worker.status
        while SystemFiles.now() - start < wait {
            status = worker.status
            for case .error(_, let message) in worker.takeEvents() where said.insert(message).inserted { warn(message) }
            if status.upToDate != nil && status.pending == 0 && status.error == nil { break }
            usleep(10_000)
        }
        worker.stop(drain: 0)
        let seconds = SystemFiles.now() - start
        let waiting = status.upToDate == nil ? "some" : String(status.pending)
        printOutput("pushed in \(ProgressReport.fixed1(seconds)) s; \(waiting) waiting")
        return status.upToDate != nil && status.pending == 0 ? 0 : 1
    }
}

/// `report --server`: the whole class as the school's server has it.
@MainActor
enum ServerClassReport {
    static func name(_ row: ServerReportRow) -> String {
        guard let child = row.child else { return "guest" }
        let avatar = row.animal.map { a in " (\(a) on \(row.colour ?? ""))" } ?? ""
        return (row.nickname.map { printable($0) } ?? "child " + String(child.prefix(8))) + avatar
    }

    static func kiosk(_ row: ServerReportRow) -> String {
        printable(row.kioskName) + " (" + String(row.kioskID.prefix(8)) + ")"
    }

    static func text(_ rows: [ServerReportRow], rounds: Int, kiosks: Int) -> String {
        guard !rows.isEmpty else { return "No games on the server yet." }
        var out = "Class report from the school's server: \(rounds) game\(rounds == 1 ? "" : "s") from \(kiosks) kiosk\(kiosks == 1 ? "" : "s")\n"
        var order: [String] = []
        var byChild: [String: [ServerReportRow]] = [:]
        for row in rows {
            let key = row.child ?? ""
            if byChild[key] == nil { order.append(key) }
            byChild[key, default: []].append(row)
        }
        for key in order {
            let games = byChild[key]!
            let total = games.reduce(0) { $0 + $1.rounds }, won = games.reduce(0) { $0 + $1.won }
            let seconds = games.reduce(0.0) { $0 + $1.seconds }, stickers = games.reduce(0) { $0 + $1.stickers }
            out += "\n\(name(games[0])): \(total) game\(total == 1 ? "" : "s"), \(won) won, \(ProgressReport.minutes(seconds)) played"
            out += key.isEmpty ? "\n" : ", \(stickers) sticker\(stickers == 1 ? "" : "s")\n"
            for g in games {
                let title = AppGames.registry.entry(GameKind(rawValue: g.game))?.definition.title.english ?? g.game
                let padded = title + String(repeating: " ", count: max(0, 10 - title.count))
                out += "  \(padded) on \(kiosk(g)): \(g.rounds) played, \(g.won) won, best \(g.best), average \(ProgressReport.fixed1(g.average)), \(ProgressReport.minutes(g.seconds))\n"
            }
        }
        return out
    }

    nonisolated static func csv(_ rows: [ServerReportRow]) -> String {
        var out = "child,nickname,animal,colour,kiosk,kiosk_id,game,played,won,best,average,seconds,stickers\n"
        for r in rows {
            let fields = [r.child ?? "guest", r.nickname ?? "", r.animal ?? "", r.colour ?? "", r.kioskName, r.kioskID, r.game,
                          String(r.rounds), String(r.won), String(r.best), ProgressReport.fixed1(r.average),
                          String(Int(r.seconds.rounded())), r.child == nil ? "" : String(r.stickers)]
            out += fields.map { ProgressReport.csvField($0) }.joined(separator: ",") + "\n"
        }
        return out
    }

    /// Reads the class from `conninfo` and answers the text and CSV (or the failure said).
    static func read(_ conninfo: String) -> Result<(text: String, csv: String), ServerError> {
        do {
            let c = try PGConnection(conninfo)
            defer { c.close() }
            let rows = try ServerReport.rows(c)
            let totals = try ServerReport.totals(c)
            return .success((text(rows, rounds: totals.rounds, kiosks: totals.kiosks), csv(rows)))
        } catch {
            return .failure(error)
        }
    }
}
