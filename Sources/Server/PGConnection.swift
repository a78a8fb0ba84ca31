import CLibPQ
import Glibc
import GameCore

/// A failed talk with the school's server, as a value: what kind of failure (the server
/// away, a refused password, a schema the game cannot use, a statement refused) and libpq's
/// or the server's own words, on one line.
public struct ServerError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The server could not be reached (down, no network, a wrong host or port).
        case unreachable
        /// The server refused who the kiosk said it was (a wrong password, an unknown role).
        case refused
        /// No answer in time (the network went away mid-talk).
        case timeout
        /// The server's schema is missing, older or newer than this game's.
        case schema
        /// A statement the server refused.
        case query
    }
    public let kind: Kind
    public let message: String
    /// The server's SQLSTATE, when it gave one.
    public var sqlState: String?

    public init(_ kind: Kind, _ message: String, sqlState: String? = nil) {
        self.kind = kind; self.message = message; self.sqlState = sqlState
    }

    public var description: String { message }

    /// libpq's message on one line (it ends lines with "\n" and may add a "DETAIL:" line).
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmedSpaces() }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

private extension Substring {
    func trimmedSpaces() -> String {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// One connection to the school's server (libpq), used by one thread. Every wait (connecting,
/// sending, answering) has a deadline of its own: a network that goes away mid-talk ends in a
/// `timeout` error after `timeout` seconds, never in a thread stuck for the kernel's TCP
/// time-outs. Values always travel as parameters (no SQL is built from values).
public final class PGConnection {
    private var conn: OpaquePointer?
    /// Seconds any one wait may take.
    public let timeout: Double

    /// Connects with the grown-up's connection string (`host=... dbname=... user=...`). The
    /// password comes from libpq's usual places (`~/.pgpass`, `passfile=`, `PGPASSWORD`).
    /// The game's defaults (a name in `pg_stat_activity`, TCP keepalives) come first, so the
    /// connection string's own words win.
    public init(_ conninfo: String, timeout: Double = 15) throws(ServerError) {
        self.timeout = timeout
        let keys = ["application_name", "connect_timeout", "keepalives_idle", "keepalives_interval", "keepalives_count",
                    "tcp_user_timeout", "dbname"]
        let values = ["kids-joy-center", String(max(2, Int(timeout))), "10", "5", "3", String(Int(timeout * 1000)), conninfo]
        let kp = keys.map { strdup($0) }, vp = values.map { strdup($0) }
        defer { kp.forEach { free($0) }; vp.forEach { free($0) } }
        let k: [UnsafePointer<CChar>?] = kp.map { UnsafePointer($0) } + [nil]
        let v: [UnsafePointer<CChar>?] = vp.map { UnsafePointer($0) } + [nil]
        guard let c = k.withUnsafeBufferPointer({ kb in v.withUnsafeBufferPointer { vb in
            PQconnectStartParams(kb.baseAddress, vb.baseAddress, 1)
        } }) else { throw ServerError(.unreachable, "cannot connect to the server (out of memory)") }
        conn = c
        if PQstatus(c) == CONNECTION_BAD { throw fail(connecting: true) }
        let deadline = Self.now() + timeout
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK {
            if state == PGRES_POLLING_FAILED { throw fail(connecting: true) }
            guard wait(forReading: state == PGRES_POLLING_READING, until: deadline) else {
                close()
                throw ServerError(.timeout, "the server did not answer within \(Int(timeout)) s")
            }
            state = PQconnectPoll(c)
        }
        PQsetnonblocking(c, 1)
    }

    deinit { close() }

    /// Closes now (a later call throws).
    public func close() {
        if let conn { PQfinish(conn) }
        conn = nil
    }

    public var isOpen: Bool { conn.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// The server's process for this connection (tests end it from another connection).
    public var backendPID: Int32 { conn.map { PQbackendPID($0) } ?? 0 }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Waits until the socket can be read (or written); false when the deadline passed.
    private func wait(forReading: Bool, until deadline: Double) -> Bool {
        guard let conn else { return false }
        let fd = PQsocket(conn)
        guard fd >= 0 else { return false }
        while true {
            let left = deadline - Self.now()
            if left <= 0 { return false }
            var p = pollfd(fd: fd, events: Int16(forReading ? POLLIN : POLLOUT), revents: 0)
            let r = poll(&p, 1, Int32(min(left, 3600) * 1000) + 1)
            if r > 0 { return true }
            if r < 0 && errno != EINTR { return true }   // libpq reports the socket's error
        }
    }

    /// The connection's error, said once, and the connection closed.
    private func fail(connecting: Bool) -> ServerError {
        let text = conn.map { ServerError.oneLine(String(cString: PQerrorMessage($0))) } ?? "no connection"
        let refused = conn.map { PQconnectionNeedsPassword($0) != 0 } ?? false
            || text.containsText("password authentication failed") || text.containsText("authentication failed")
            || text.containsText("does not exist") && text.containsText("role")
            || text.containsText("no password supplied") || text.containsText("no pg_hba.conf entry")
        close()
        if refused { return ServerError(.refused, "the server refused the kiosk: \(text)", sqlState: "28P01") }
        return ServerError(connecting ? .unreachable : .query, connecting ? "cannot reach the server: \(text)" : "the server went away: \(text)")
    }

    /// Runs one statement (several, separated by semicolons, when there are no values) and
    /// answers its rows as text (nil: SQL NULL).
    @discardableResult
    public func exec(_ sql: String, _ params: [String?] = []) throws(ServerError) -> [[String?]] {
        guard let conn, PQstatus(conn) == CONNECTION_OK else { throw ServerError(.unreachable, "not connected to the server") }
        let deadline = Self.now() + timeout
        let sent: Int32
        if params.isEmpty {
            sent = PQsendQuery(conn, sql)
        } else {
            let copies: [UnsafeMutablePointer<CChar>?] = params.map { $0.flatMap { strdup($0) } }
            defer { copies.forEach { free($0) } }
            let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
            sent = pointers.withUnsafeBufferPointer { PQsendQueryParams(conn, sql, Int32(params.count), nil, $0.baseAddress, nil, nil, 0) }
        }
        guard sent == 1 else { throw fail(connecting: false) }
        // Everything sent...
        while true {
            let f = PQflush(conn)
            if f == 0 { break }
            if f < 0 { throw fail(connecting: false) }
            guard wait(forReading: false, until: deadline) else { throw timedOut() }
        }
        // ...and every result read (the last one counts; an error in any fails the call).
        var rows: [[String?]] = []
        var failure: ServerError?
        while true {
            while PQisBusy(conn) != 0 {
                guard wait(forReading: true, until: deadline) else { throw timedOut() }
                guard PQconsumeInput(conn) == 1 else { throw fail(connecting: false) }
            }
            guard let result = PQgetResult(conn) else { break }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK {
                rows = []
                let n = PQntuples(result), m = PQnfields(result)
                rows.reserveCapacity(Int(n))
                for i in 0..<n {
                    var row: [String?] = []
                    for j in 0..<m { row.append(PQgetisnull(result, i, j) != 0 ? nil : String(cString: PQgetvalue(result, i, j))) }
                    rows.append(row)
                }
            } else if failure == nil {
                let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                    ?? ServerError.oneLine(String(cString: PQerrorMessage(conn)))
                failure = ServerError(PQstatus(conn) == CONNECTION_OK ? .query : .unreachable, "the server said: \(primary)", sqlState: state)
            }
        }
        if PQstatus(conn) != CONNECTION_OK { throw fail(connecting: false) }
        if let failure { throw failure }
        return rows
    }

    private func timedOut() -> ServerError {
        close()
        return ServerError(.timeout, "the server did not answer within \(Int(timeout)) s")
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws
    /// (a lost connection rolls back on the server by itself).
    public func transaction<T>(_ body: () throws(ServerError) -> T) throws(ServerError) -> T {
        try exec("BEGIN")
        do {
            let value = try body()
            try exec("COMMIT")
            return value
        } catch {
            if isOpen { _ = try? exec("ROLLBACK") }
            throw error
        }
    }

    /// A value quoted as an SQL identifier (for a test's or `server init`'s database name).
    public static func identifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
