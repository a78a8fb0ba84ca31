import GameCore
import Glibc
import SystemIO

/// Small POSIX helpers for save files that must never be half-written, never be written over
/// when they could not be read, and never follow a link someone planted in the data folder.
public enum AtomicFile {
    /// How many bad files are kept beside a save (`NAME.bad`, `NAME.bad-2`, `NAME.bad-3`).
    public static let keptBadFiles = 3

    // MARK: - Writing

    /// Writes `data` to a new temporary file beside `path` (a random name, created with
    /// O_EXCL|O_NOFOLLOW, so a planted link or file is never followed or reused), flushes it
    /// to disk, renames it over `path` and flushes the folder, so a reader (or a power cut)
    /// sees either the old or the new file. `beforeSync` lets tests play a slow disk.
    /// `mode`, when given, is the new file's exact mode, set before the rename (never a
    /// moment with looser permissions). `owner`, when given, is the file's owner and group to
    /// keep (a file replaced by root stays its owner's); where it cannot be set (not root)
    /// the file is the writer's, as any new file is.
    public static func write(_ data: [UInt8], to path: String, mode: mode_t? = nil, owner: (uid: uid_t, gid: gid_t)? = nil,
                             beforeSync: (@Sendable () -> Void)? = nil) throws {
        let (dir, name) = split(path)
        // Only ever replace a regular file (or a link the user made to one): never a folder or a FIFO.
        var info = stat()
        if lstat(path, &info) == 0, !isRegular(info), !isLink(info) {
            throw StoreFailure("\(printable(name)) is \(kindName(info)), not a file")
        }
        let (fd, tmp) = try createTemporary(beside: path)
        var failure: StoreFailure?
        // (Owner first: a change of owner clears the set-id bits a mode may carry.)
        if let owner { _ = fchown(fd, owner.uid, owner.gid) }
        if let mode, fchmod(fd, mode) != 0 { failure = StoreFailure(posix: "cannot set the mode of", path: tmp) }
        if failure == nil { data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = StoreFailure(posix: "cannot write", path: tmp); break }
                offset += n
            }
        } }
        beforeSync?()
        if failure == nil && fsync(fd) != 0 { failure = StoreFailure(posix: "cannot flush", path: tmp) }
        if close(fd) != 0 && failure == nil { failure = StoreFailure(posix: "cannot write", path: tmp) }
        if failure == nil && rename(tmp, path) != 0 {
            let code = errno
            failure = StoreFailure(posix: "cannot replace", path: path, code: code)
            if code == EPERM || code == EACCES, stickyFolderOwnedByOther(path) {
                failure = StoreFailure("cannot replace \(printable(path)): it belongs to another user and the folder is sticky (like /tmp), so only its owner may replace it; give the players a shared group folder instead (the schools' guide, \"A shared class folder\")")
            }
        }
        if let failure {
            unlink(tmp)
            throw failure
        }
        // Make the rename itself durable.
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// The prefix of every temporary file for `name` (orphans are found by it).
    static func temporaryPrefix(_ name: String) -> String { name + ".tmp-" }

    /// Creates `NAME.tmp-XXXXXXXXXXXX` beside `path` with O_CREAT|O_EXCL|O_NOFOLLOW (a fresh
    /// random name on a clash), group-writable in a shared (setgid) folder.
    static func createTemporary(beside path: String) throws -> (Int32, String) {
        let (dir, name) = split(path)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<100 {
            var rng = SystemRandomNumberGenerator()
            let suffix = String((0..<12).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            let tmp = dir + "/" + temporaryPrefix(name) + suffix
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 {
                if isSharedFolder(dir) { fchmod(fd, 0o664) }
                return (fd, tmp)
            }
            if errno != EEXIST && errno != EINTR { throw StoreFailure(posix: "cannot create", path: tmp) }
        }
        throw StoreFailure("cannot create a temporary file in \(printable(dir)): every name tried exists")
    }

    /// Removes temporary files that a killed copy left behind (call under the lock, when no
    /// other copy is writing one). Only regular files named `NAME.tmp-…` for the given names.
    public static func removeOrphanedTemporaries(in dir: String, names: [String]) {
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        let prefixes = names.map(temporaryPrefix)
        while let entry = readdir(d) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard prefixes.contains(where: { entryName.hasPrefix($0) && entryName.count > $0.count }) else { continue }
            var info = stat()
            let full = dir + "/" + entryName
            if lstat(full, &info) == 0, isRegular(info) { unlink(full) }
        }
    }

    // MARK: - Locking

    /// Runs `body` holding an exclusive advisory lock on `lockPath`, so two running copies of
    /// the game do not overwrite each other's scores. The lock file is never followed if it is
    /// a link; it is created group-writable in a shared folder, and a lock file another player
    /// created (and we may only read) still locks: flock needs no write permission.
    public static func withLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let (dir, _) = split(lockPath)
        var fd = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd >= 0 {
            if isSharedFolder(dir) { fchmod(fd, 0o664) }
        } else if errno == EEXIST {
            fd = open(lockPath, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 && errno == EACCES { fd = open(lockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard fd >= 0 else {
            if errno == ELOOP { throw StoreFailure("cannot lock \(printable(lockPath)): it is a symbolic link, which the game never follows") }
            throw StoreFailure(posix: "cannot lock", path: lockPath)
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw StoreFailure(posix: "cannot lock", path: lockPath) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    // MARK: - Reading

    public enum ReadResult {
        case missing
        case data([UInt8])
        /// A regular file that could not be read (or is too big to be ours): it may be moved
        /// aside, never written over.
        case unreadable(String)
        /// Something that is not a regular file (a folder, a FIFO, a device): left alone.
        case notAFile(String)
    }

    /// Reads at most `limit` bytes of a regular file. The file is opened without blocking and
    /// checked with fstat before anything is read, so a FIFO or a device never hangs the game.
    public static func read(_ path: String, limit: Int) -> ReadResult {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            if code == ENXIO || code == ENODEV { return .notAFile("it is a socket or a device, not a file") }
            return .unreadable(describe(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(describe(errno)) }
        guard isRegular(info) else { return .notAFile("it is \(kindName(info)), not a file") }
        if info.st_size > limit { return .unreadable("it is \(info.st_size) bytes, more than the \(limit) a save file can be") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .unreadable(describe(errno)) }
            if n == 0 { break }
            count += n
        }
        if count > limit { return .unreadable("it is more than the \(limit) bytes a save file can be") }
        return .data([UInt8](bytes[0..<count]))
    }

    // MARK: - Bad files

    /// Moves a bad regular file aside (a rename: no copy, no read permission needed, nothing
    /// left behind to move again at the next start) to the first free of `NAME.bad`,
    /// `NAME.bad-2`, `NAME.bad-3`; when all are taken, the newest bad file replaces
    /// `NAME.bad-3`, so the oldest (likely the one holding real scores) stay.
    public static func moveAside(_ path: String) -> Result<String, StoreFailure> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(StoreFailure(posix: "cannot move aside", path: path)) }
        guard isRegular(info) else { return .failure(StoreFailure("\(printable(path)) is \(kindName(info)), not a file; it is left alone")) }
        let slots = [path + ".bad"] + (2...keptBadFiles).map { path + ".bad-\($0)" }
        let target = slots.first(where: { lstat($0, &info) != 0 && errno == ENOENT }) ?? slots[slots.count - 1]
        guard rename(path, target) == 0 else {
            return .failure(StoreFailure(posix: "cannot move it to", path: target))
        }
        let (dir, _) = split(path)
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
        return .success(target)
    }

    // MARK: - Folders

    /// Creates `path` and any missing parents: 0700 (only the player), or 0770 inside a shared
    /// setgid folder (the folder then inherits the group and the setgid bit). A folder that
    /// already exists is never changed.
    public static func makeDirectories(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw StoreFailure("cannot create the folder \(printable(path)): \(kindName(info)) is in the way")
        }
        let (parent, _) = split(path)
        if parent != path && !parent.isEmpty && parent != "/" && parent != "." { try makeDirectories(parent) }
        let mode: mode_t = isSharedFolder(parent) ? 0o770 : 0o700
        if mkdir(path, mode) != 0 && errno != EEXIST { throw StoreFailure(posix: "cannot create the folder", path: path) }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder with the setgid bit: a group shares it (a class's score folder).
    public static func isSharedFolder(_ dir: String) -> Bool {
        var info = stat()
        return stat(dir.isEmpty ? "." : dir, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && (info.st_mode & S_ISGID) != 0
    }

    // MARK: - Small helpers

    static func split(_ path: String) -> (dir: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
    static func isLink(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFLNK }

    static func kindName(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return "a file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    static func stickyFolderOwnedByOther(_ path: String) -> Bool {
        let (dir, _) = split(path)
        var d = stat(), f = stat()
        guard stat(dir, &d) == 0, (d.st_mode & S_ISVTX) != 0, lstat(path, &f) == 0 else { return false }
        return f.st_uid != geteuid()
    }

    /// What an errno means, in plain words (strerror), with "permission denied" lower-cased.
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// A store failure in plain words: what failed, on which path, and strerror's reason.
public struct StoreFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ text: String) { description = text }
    init(posix op: String, path: String, code: Int32 = errno) {
        description = "\(op) \(printable(path)): \(AtomicFile.describe(code))"
    }
}
