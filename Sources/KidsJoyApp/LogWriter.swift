import FoundationEssentials
import Glibc
import Scenes

/// Buffered writer for the event log: a file, or stdout for "-". Flushed every 64 KiB, at
/// every windowed frame and at exit.
@MainActor
public final class LogWriter: LogSink {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Opens `path` for writing (truncating), or stdout for "-".
    public init(path: String) throws {
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
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 65_536 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes a message for the user on standard error.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Writes text on standard output (the crash-test driver's progress lines).
func writeStandardOutput(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

/// The user's home folder from the password database, when HOME is not set.
func homeDirectory() -> String {
    guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
    return String(cString: dir)
}

extension StringProtocol {
    /// Without the spaces and tabs at both ends.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
