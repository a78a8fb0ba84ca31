import Glibc
import SystemIO

/// One rule for every file the game writes at a path the user named (`report --csv`, the
/// `screenshot` verb, "Save report"'s files):
/// - a regular file or a new name: a temporary file beside it, every write checked, flushed,
///   then renamed over it (a reader never sees half a file);
/// - a symbolic link, a FIFO or a device (`/dev/stdout`, `report.csv -> stick/report.csv`):
///   written through, never renamed over (the link and the device stay as they were);
/// - a folder or a socket: refused.
/// A replaced file keeps its mode (a teacher's 0600 CSV stays 0600) and, when root replaces
/// it, its owner and group; a new one gets `mode`.
/// A regular file its owner may not write (no `u+w`, e.g. 0444) is refused, even for root:
/// nothing is replaced or written into.
/// A failed or short write says the path and why, and what was made is removed.
public enum OutputFile {
    public static func write(_ data: [UInt8], to path: String, mode: mode_t = 0o644) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw StoreFailure(posix: "cannot write", path: path) }
            return try AtomicFile.write(data, to: path, mode: mode)
        }
        // What the path names, through a link: write-protected means "keep".
        var target = stat()
        if stat(path, &target) == 0, AtomicFile.isRegular(target), target.st_mode & S_IWUSR == 0 {
            throw StoreFailure("cannot write \(printable(path)): it is write-protected (mode 0\(String(target.st_mode & 0o7777, radix: 8))), so it is left as it is; make it writable (chmod u+w) or name another file")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return try AtomicFile.write(data, to: path, mode: info.st_mode & 0o777, owner: (info.st_uid, info.st_gid))
        case S_IFDIR, S_IFSOCK: throw StoreFailure("cannot write \(printable(path)): it is \(AtomicFile.kindName(info)), not a file")
        default: return try through(data, to: path, mode: mode)
        }
    }

    /// Writes through a link, into a FIFO or a device, as `--log` does.
    private static func through(_ data: [UInt8], to path: String, mode: mode_t) throws {
        var before = stat()
        let existed = stat(path, &before) == 0
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
        guard fd >= 0 else {
            if errno == ENXIO { throw StoreFailure("cannot write \(printable(path)): it is a FIFO nobody reads") }
            throw StoreFailure(posix: "cannot write", path: path)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var failure: StoreFailure?
        if let code = writeAll(fd, data) { failure = StoreFailure(posix: "cannot write", path: path, code: code) }
        var info = stat()
        let regular = fstat(fd, &info) == 0 && AtomicFile.isRegular(info)
        if failure == nil && regular && fsync(fd) != 0 { failure = StoreFailure(posix: "cannot flush", path: path) }
        if close(fd) != 0 && failure == nil { failure = StoreFailure(posix: "cannot write", path: path) }
        if let failure {
            // Partial output goes: a file this write made is removed (through the link).
            if !existed && regular, let target = realPath(path) { unlink(target) }
            throw failure
        }
    }

    /// Writes every byte; answers errno on a failure (a short write of 0 is a full disk).
    public static func writeAll(_ fd: Int32, _ data: [UInt8]) -> Int32? {
        data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return errno }
                if n == 0 { return ENOSPC }
                offset += n
            }
            return nil
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
