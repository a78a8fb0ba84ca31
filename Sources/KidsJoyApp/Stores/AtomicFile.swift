import FoundationEssentials
import GameCore
import Scenes
import Glibc

/// Small POSIX helpers for files that must never be half-written.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `path`, flushes it to disk, and renames it
    /// over `path`, so a reader (or a power cut) sees either the old or the new file.
    public static func write(_ data: Data, to path: String) throws {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXFailure(op: "create", path: tmp) }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { ok = false; break }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(tmp, path) == 0 else {
            unlink(tmp)
            throw POSIXFailure(op: "write", path: path)
        }
        // Make the rename itself durable.
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Runs `body` holding an exclusive advisory lock on `lockPath` (created if needed), so
    /// two running copies of the game do not overwrite each other's scores.
    public static func withLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { throw POSIXFailure(op: "lock", path: lockPath) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw POSIXFailure(op: "lock", path: lockPath) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Reads at most `limit` bytes; nil with a reason when the file is missing, too big,
    /// a directory or unreadable.
    public static func read(_ path: String, limit: Int) -> ReadResult {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .unreadable("it is a directory") }
        if info.st_size > limit { return .unreadable("it is \(info.st_size) bytes, more than the \(limit) a save file can be") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(errno == EACCES ? "permission denied" : String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        return .data(Data(bytes[0..<count]))
    }

    public enum ReadResult {
        case missing
        case data(Data)
        case unreadable(String)
    }

    /// Copies a bad file to `path.bad-N` (first free N) so nothing a child earned is thrown
    /// away; returns the copy's path.
    public static func keepBadCopy(of path: String) -> String? {
        var n = 1
        var target = path + ".bad"
        var info = stat()
        while lstat(target, &info) == 0 {
            n += 1
            target = path + ".bad-\(n)"
        }
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        do { try FileManager.default.copyItem(atPath: path, toPath: target); return target } catch { return nil }
    }
}

struct POSIXFailure: Error, CustomStringConvertible {
    let op: String
    let path: String
    let code: Int32 = errno
    var description: String { "cannot \(op) \(path): \(String(cString: strerror(code)))" }
}
