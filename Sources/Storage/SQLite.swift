import CSQLite3
import Glibc

/// A failed SQLite call, as a value: the result code, SQLite's own words and what the game
/// was doing. `isDamage` tells a damaged or foreign file from a busy or full disk.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    public let code: Int32
    public let message: String
    public let context: String

    public init(code: Int32, message: String, context: String) {
        self.code = code; self.message = message; self.context = context
    }

    /// "Another program holds the lock" (a write that waits rather than blocks).
    public static func busy(_ message: String, context: String) -> SQLiteError {
        SQLiteError(code: SQLITE_BUSY, message: message, context: context)
    }

    /// A long read stopped on purpose (a save cancelled).
    public static func interrupted(_ message: String, context: String) -> SQLiteError {
        SQLiteError(code: SQLITE_INTERRUPT, message: message, context: context)
    }

    /// The primary result code (extended codes keep it in the low byte).
    public var primary: Int32 { code & 0xFF }

    /// The file is no database, or its pages are broken: set it aside and start afresh.
    public var isDamage: Bool { primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT }
    /// Another copy of the game holds the lock past the busy timeout.
    public var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }
    /// The disk is full (SQLite may say "disk I/O error" for a write that found no room).
    public var isFull: Bool { primary == SQLITE_FULL || (primary == SQLITE_IOERR && errnoWasFull) }
    var errnoWasFull: Bool { systemErrno == 28 }
    /// The C library's errno SQLite saw (0: none recorded).
    public var systemErrno: Int32 = 0

    /// The message a person reads: a full disk says so, not "disk I/O error".
    public var plain: String { isFull ? "the disk is full" : message }

    public var description: String { "\(context): \(plain)" }
}

/// One SQL value, typed.
public enum SQLValue: Equatable, Sendable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)

    public static func int(_ value: Int) -> SQLValue { .int(Int64(value)) }
    public static func optional(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    public static func optional(_ value: Int?) -> SQLValue { value.map { .int(Int64($0)) } ?? .null }
    public static func bool(_ value: Bool) -> SQLValue { .int(value ? 1 : 0) }
}

/// A connection to one database file. Every statement is prepared and bound (no SQL is
/// ever built from values); every failure comes back as a `SQLiteError` naming what was
/// being done. Not shared between threads: each user opens its own.
public final class SQLiteDatabase {
    private var handle: OpaquePointer?
    public let path: String

    /// Opens (creating when `create`) the file. `busyTimeout` is how long a write waits for
    /// another copy of the game to finish its own (milliseconds).
    public init(path: String, create: Bool = true, readOnly: Bool = false, uri: Bool = false, busyTimeout: Int32 = 10_000,
                budget: WaitBudget? = nil) throws(SQLiteError) {
        self.path = path
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        if uri { flags |= SQLITE_OPEN_URI }
        flags |= SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        if rc != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, context: "open")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeout)
        if let budget { setWaitBudget(budget) }
    }

    /// How long a statement waits for another program's lock (milliseconds).
    public func setBusyTimeout(_ milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Waits for other programs' locks come out of `budget` (shared by every connection the
    /// main thread uses), instead of a timeout per statement. The budget outlives the connection.
    public func setWaitBudget(_ budget: WaitBudget) {
        waitBudget = budget
        sqlite3_busy_handler(handle, { context, count in
            guard let context else { return 0 }
            return Unmanaged<WaitBudget>.fromOpaque(context).takeUnretainedValue().wait(count)
        }, Unmanaged.passUnretained(budget).toOpaque())
    }
    private var waitBudget: WaitBudget?

    deinit { sqlite3_close_v2(handle) }

    /// Closes now (files are released: a damaged file can then be moved aside).
    public func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    func error(_ rc: Int32, _ context: String) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
        var e = SQLiteError(code: rc, message: message, context: context)
        e.systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
        return e
    }

    /// Prepares one statement (the text is SQL of the game's own, never a value).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", context: sql) }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw error(rc, "prepare \(sql.prefix(60))") }
        statementsPrepared += 1
        return SQLiteStatement(statement, database: self, sql: sql)
    }

    /// Runs a statement to its end with these values bound (1-based, in order).
    public func execute(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The rows of a query, each read by `row`.
    public func query<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (SQLiteStatement) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var out: [T] = []
        while try statement.step() { out.append(try row(statement)) }
        return out
    }

    /// The first column of the first row as an integer (nil when there is no row or it is NULL).
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int64(0)
    }

    /// Runs `body` in one transaction: all of it lands, or none. `immediate` takes the write
    /// lock at once (a read-then-write never deadlocks with another copy).
    public func transaction<T>(immediate: Bool = true, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// What this connection's statements did (tests count what a tap or a frame reads):
    /// statements prepared, rows they answered, and SQLite's virtual-machine steps (its own
    /// measure of work: a statement that scans a table takes steps for every row it looks at,
    /// even rows it does not answer).
    public internal(set) var statementsPrepared = 0
    public internal(set) var rowsRead = 0
    public internal(set) var machineSteps = 0

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement: typed binds, typed columns. Finalized when released.
public final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase
    let sql: String

    init(_ statement: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.statement = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(statement) }

    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        guard values.count == Int(sqlite3_bind_parameter_count(statement)) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(statement)) parameters",
                              context: "bind \(sql.prefix(60))")
        }
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement, index)
            case .int(let v): rc = sqlite3_bind_int64(statement, index, v)
            case .double(let v): rc = sqlite3_bind_double(statement, index, v)
            case .text(let v): rc = sqlite3_bind_text(statement, index, v, -1, kjc_sqlite_transient())
            }
            guard rc == SQLITE_OK else { throw database.error(rc, "bind \(sql.prefix(60))") }
        }
    }

    /// One step: true when a row is ready, false when done.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(statement)
        database.machineSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
        switch rc {
        case SQLITE_ROW:
            database.rowsRead += 1
            return true
        case SQLITE_DONE: return false
        default: throw database.error(rc, sql.prefix(60).description)
        }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }
    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
}

/// How long the main thread may wait for other programs' locks within one frame, counted
/// over every statement and connection (a statement's own busy timeout let a frame that ran
/// several statements wait for each). SQLite's busy handler sleeps out of it in SQLite's own
/// steps (1, 2, 5, 10 ... ms); once it is spent, the statement answers "busy" at once and
/// the caller keeps its write for later. `longest` is the most one frame has waited (the
/// figure the tests hold to the promise).
public final class WaitBudget: @unchecked Sendable {
    /// Milliseconds a frame may wait.
    public private(set) var limit: Double
    /// Milliseconds waited since `begin`.
    public private(set) var spent = 0.0
    /// The most waited between two `begin`s, milliseconds.
    public private(set) var longest = 0.0
    /// How many times a statement found the lock taken.
    public private(set) var busyCount = 0

    public init(limit: Double) { self.limit = limit }

    /// A new frame (or call): `limit` milliseconds to wait, at most.
    public func begin(limit: Double? = nil) {
        if let limit { self.limit = limit }
        spent = 0
    }

    /// SQLite's busy handler: 1 to wait and try again, 0 to give up.
    func wait(_ count: Int32) -> Int32 {
        let steps: [Double] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
        if count == 0 { busyCount += 1 }
        let left = limit - spent
        guard left >= 1 else { return 0 }
        let ms = min(steps[min(Int(count), steps.count - 1)], left)
        usleep(UInt32(ms * 1000))
        spent += ms
        longest = max(longest, spent)
        return 1
    }
}
