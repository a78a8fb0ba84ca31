import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
        let dir = (path as NSString).deletingLastPathComponent
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
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return .missing }
        if isDir.boolValue { return .unreadable("it is a directory") }
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path) else { return .unreadable("cannot read its attributes") }
        let size = (attrs[.size] as? NSNumber)?.intValue ?? 0
        if size > limit { return .unreadable("it is \(size) bytes, more than the \(limit) a save file can be") }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable("permission denied") }
        defer { try? handle.close() }
        let data: Data? = try? handle.read(upToCount: limit + 1)
        return .data(data ?? Data())
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
        while FileManager.default.fileExists(atPath: target) {
            n += 1
            target = path + ".bad-\(n)"
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            return nil
        }
        do { try FileManager.default.copyItem(atPath: path, toPath: target); return target } catch { return nil }
    }
}

struct POSIXFailure: Error, CustomStringConvertible {
    let op: String
    let path: String
    let code: Int32 = errno
    var description: String { "cannot \(op) \(path): \(String(cString: strerror(code)))" }
}
