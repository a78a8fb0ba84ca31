import Glibc
import Runtime
import Scenes
import Storage
import SystemIO

/// Buffered writer for the event log: a file, or stdout for "-". Flushed every 64 KiB, at
/// every windowed frame, at exit, and when a line waits more than a quarter of a second of
/// real time (a fast headless run that never idles still shows its lines to whoever waits
/// for them: a test, a kiosk's watchdog).
@MainActor
public final class LogWriter: LogSink {
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// When the buffer was last written out (monotonic seconds).
    private var lastFlush = LogWriter.now()
    /// Set by the first write that fails (a full disk, a closed pipe, /dev/full): it is
    /// reported once on stderr and the log stops; the game goes on.
    public private(set) var failed = false

    /// Opens `path` for writing (truncating), or stdout for "-".
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
        } else {
            let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw AppError.usage("--log: cannot write to '\(path)'") }
            fd = opened
        }
        buffer.reserveCapacity(70_000)
    }

    public func write(_ line: String) {
        guard !failed else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 65_536 || Self.now() - lastFlush > 0.25 { flush() }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public func flush() {
        lastFlush = Self.now()
        guard !buffer.isEmpty, !failed else { return }
        let error = OutputFile.writeAll(fd, buffer)
        buffer.removeAll(keepingCapacity: true)
        if let error {
            failed = true
            buffer = []
            let name = path == "-" ? "standard output" : path
            writeStandardError("kids-joy-center: cannot write the log to \(name) (\(String(cString: strerror(error)))); logging stops\n")
        }
    }
}

/// Writes a message for the user on standard error. A failed write (stderr closed, full or
/// a broken pipe) is dropped: messages must never stop the game.
func writeStandardError(_ text: String) {
    // Messages echo user input (option values, script words, config lines, paths): a NUL or
    // a CR in them is shown escaped, never sent to the terminal.
    var bytes = Array(TextEscaping.escaped(text, keepingLineBreaks: true).utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Makes failed writes harmless before anything runs: SIGPIPE is ignored (a closed pipe gives
/// EPIPE, which the writers handle, instead of killing the game), and a standard stream that
/// was closed (`>&-`) is opened on /dev/null, so no file the game opens later (the log, a
/// save) can take its number and receive what was meant for the terminal.
func hardenStandardStreams() {
    signal(SIGPIPE, SIG_IGN)
    standardOutputWasClosed = fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
        let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        if null >= 0 && null != fd { dup2(null, fd); close(null) }
    }
}

/// Standard output was closed when the game started (`>&-`): what `report` prints there
/// goes nowhere, so it fails (exit 1) rather than pretend.
nonisolated(unsafe) var standardOutputWasClosed = false

/// Prints `text` and a line break on standard output (help, version, --describe-games). A
/// write that fails (stdout full, closed or a broken pipe) is said once on stderr; the exit
/// status stays the normal one.
func printOutput(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    let error: Int32? = bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return ENOSPC }
            offset += n
        }
        return nil
    }
    if let error {
        writeStandardError("kids-joy-center: cannot write to standard output (\(String(cString: strerror(error))))\n")
    }
}

/// Writes text on standard output (the crash-test driver's progress lines).
func writeStandardOutput(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}
