import GameCore

/// The JSON Lines event log of TESTING.md: one object per line with `t` and `event` first.
@MainActor
public final class EventLog {
    /// Simulated seconds since start, set by the app's loop each frame.
    public var time: Double = 0
    private let writer: (any LogSink)?
    /// Everything logged, kept in memory when asked (tests read it).
    public private(set) var lines: [JSON] = []
    private let keepInMemory: Bool

    public init(writer: (any LogSink)?, keepInMemory: Bool = false) {
        self.writer = writer
        self.keepInMemory = keepInMemory
    }

    public func emit(_ event: String, _ fields: [(String, JSON)] = []) {
        let line = JSON.object([("t", .double(time)), ("event", .string(event))] + fields)
        if keepInMemory { lines.append(line) }
        writer?.write(line.serialized())
    }

    public func flush() { writer?.flush() }

    /// Events of one kind (for tests).
    public func events(_ name: String) -> [JSON] { lines.filter { $0["event"]?.stringValue == name } }

}

/// Where finished log lines go (the app's file or stdout writer).
@MainActor
public protocol LogSink: AnyObject {
    func write(_ line: String)
    func flush()
}
