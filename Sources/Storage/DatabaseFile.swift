import CSystemCalls
import Glibc
import SystemIO

/// The progress database's file on disk: made with the right mode before SQLite opens it
/// (group-writable in a shared setgid folder: SQLite gives its WAL and shared-memory files
/// the database's own mode), and set aside under a new name when it cannot be used.
public enum DatabaseFile {
    enum Preparation: Equatable {
        case ready
        /// Something that is not a regular file (a folder, a FIFO): left alone.
        case notAFile(String)
        /// A regular file this user cannot read: set it aside.
        case unreadable(String)
        /// A file this user may read but not write (another account's, a read-only disk):
        /// left alone, never set aside.
        case readOnly(String)
        /// It could not be created (a full disk, a folder without write permission).
        case failed(String)
    }

    /// Checks the file, or creates it empty (0644, or 0664 in a shared folder). A `-wal` or
    /// `-shm` beside it that is not a regular file (a link, a folder, a FIFO: SQLite would
    /// follow or trip on it) is set aside first; `notes` gets a line for each.
    static func prepare(_ path: String, notes: inout [String]) -> Preparation {
        for suffix in ["-wal", "-shm", "-journal"] {
            var side = stat()
            let sidePath = path + suffix
            if lstat(sidePath, &side) == 0, !AtomicFile.isRegular(side) {
                let kind = AtomicFile.kindName(side)
                switch setAsideAnything(sidePath) {
                case .success(let target):
                    notes.append("\(printable(sidePath)) was \(kind), not SQLite's own file; it was set aside as \(printable(target))")
                case .failure(let failure):
                    return .notAFile("\(printable(sidePath)) is \(kind) and could not be set aside (\(failure))")
                }
            }
        }
        return prepare(path)
    }

    /// Renames whatever is at `path` (a link itself, never what it points to; a folder; a
    /// FIFO) to the first free `NAME.damaged-YYYYMMDD-N`.
    static func setAsideAnything(_ path: String, now: Double = SystemFiles.now()) -> Result<String, StoreFailure> {
        let day = Self.day(now)
        var info = stat()
        for n in 1...1000 {
            let target = "\(path).damaged-\(day)-\(n)"
            if lstat(target, &info) == 0 { continue }
            if rename(path, target) == 0 { return .success(target) }
            return .failure(StoreFailure(posix: "cannot set it aside as", path: target))
        }
        return .failure(StoreFailure("every name to set \(printable(path)) aside is taken"))
    }

    /// File systems where SQLite's WAL must not be used (its shared memory needs one
    /// machine): NFS, SMB/CIFS, and the rest of the network file systems Linux names.
    static let networkFileSystems: [Int: String] = [
        0x6969: "NFS", 0x517B: "SMB", 0xFF53_4D42: "CIFS", 0xFE53_4D42: "SMB2", 0x5346_414F: "AFS",
        0x0BD0_0BD0: "Lustre", 0x0102_1997: "9P", 0x00C3_6400: "Ceph",
    ]

    /// The journal for a data folder: the rollback journal on a network file system (its
    /// name given), WAL elsewhere. `fileSystemType` answers statfs's f_type (tests give one).
    static func journal(for directory: String, fileSystemType: (String) -> Int? = DatabaseFile.fileSystemType)
        -> (ProgressDatabase.Journal, String?) {
        guard let type = fileSystemType(directory), let name = networkFileSystems[type] else { return (.wal, nil) }
        return (.rollback, name)
    }

    static func fileSystemType(_ directory: String) -> Int? {
        var type: UInt = 0
        guard kjc_file_system_type(directory, &type) == 0 else { return nil }
        return Int(UInt32(truncatingIfNeeded: type))
    }

    static func prepare(_ path: String) -> Preparation {
        var info = stat()
        if lstat(path, &info) == 0 {
            guard AtomicFile.isRegular(info) else {
                if AtomicFile.isLink(info) { return .notAFile("it is a symbolic link, which the game never follows") }
                return .notAFile("it is \(AtomicFile.kindName(info)), not a file")
            }
            let fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                let why = AtomicFile.describe(errno)
                let readable = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                if readable >= 0 {
                    close(readable)
                    return .readOnly(why)
                }
                return .unreadable(why)
            }
            close(fd)
            return .ready
        }
        let (dir, _) = AtomicFile.split(path)
        let shared = AtomicFile.isSharedFolder(dir)
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, shared ? 0o664 : 0o644)
        if fd < 0 {
            // Another copy made it a moment ago: use theirs.
            if errno == EEXIST { return prepare(path) }
            return .failed(AtomicFile.describe(errno))
        }
        // The umask may have taken the group's write bit.
        if shared { fchmod(fd, 0o664) }
        close(fd)
        return .ready
    }

    /// Renames the database (and its write-ahead log) to the first free
    /// `NAME.damaged-YYYYMMDD-N`: never over an existing file (link, then unlink: a link
    /// fails when the name is taken). The shared-memory index is rebuilt by SQLite: removed.
    static func setAside(_ path: String, now: Double = SystemFiles.now()) -> Result<String, StoreFailure> {
        var info = stat()
        guard lstat(path, &info) == 0, AtomicFile.isRegular(info) else {
            return .failure(StoreFailure("\(printable(path)) is no file that can be set aside"))
        }
        let day = Self.day(now)
        for n in 1...1000 {
            let target = "\(path).damaged-\(day)-\(n)"
            if link(path, target) == 0 {
                guard unlink(path) == 0 else {
                    let failure = StoreFailure(posix: "cannot remove the old name", path: path)
                    unlink(target)
                    return .failure(failure)
                }
                if lstat(path + "-wal", &info) == 0 && AtomicFile.isRegular(info) {
                    if link(path + "-wal", target + "-wal") == 0 { unlink(path + "-wal") }
                }
                unlink(path + "-shm")
                let (dir, _) = AtomicFile.split(path)
                let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                if dfd >= 0 { fsync(dfd); close(dfd) }
                return .success(target)
            }
            if errno == EEXIST { continue }
            if errno == EPERM || errno == EOPNOTSUPP || errno == EXDEV {
                // A file system without hard links: rename only to a name seen free.
                if lstat(target, &info) == 0 { continue }
                if rename(path, target) == 0 {
                    if rename(path + "-wal", target + "-wal") != 0 {}
                    unlink(path + "-shm")
                    return .success(target)
                }
            }
            return .failure(StoreFailure(posix: "cannot set it aside as", path: target))
        }
        return .failure(StoreFailure("every name to set \(printable(path)) aside is taken"))
    }

    /// YYYYMMDD of a time (UTC), for the set-aside name.
    public static func day(_ seconds: Double) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        let y = Int(parts.tm_year) + 1900, m = Int(parts.tm_mon) + 1, d = Int(parts.tm_mday)
        return String(y) + (m < 10 ? "0" : "") + String(m) + (d < 10 ? "0" : "") + String(d)
    }
}
