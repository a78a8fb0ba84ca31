import Glibc

/// The few things the game asks of the system (files, folders, the environment, processors),
/// straight from the C library. The binary links no Foundation at all: FoundationEssentials
/// alone (with its collections, regex and concurrency pieces) was 7.5 MB of the static
/// binary for these dozen calls (issue #17, BENCHMARKS "Package").
public enum SystemFiles {
    /// A file's bytes; nil when it cannot be opened or read (or is a folder).
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// A file's text (UTF-8; bad bytes become U+FFFD); nil when it cannot be read.
    public static func readText(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Something (a file, a folder, …) is at `path` (symbolic links followed).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// A folder is at `path` (symbolic links followed).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// This process may read `path`.
    public static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The names in a folder, without "." and ".." (in the order the system gives them);
    /// nil when it cannot be listed.
    public static func list(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where a symbolic link points; nil when `path` is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// The working folder ("." when it cannot be named).
    public static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The environment, as `ProcessInfo.environment` gave it (the first of a name set twice).
    public static var environment: [String: String] {
        var out: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                let name = String(text[..<eq])
                if out[name] == nil { out[name] = String(text[text.index(after: eq)...]) }
            }
            p += 1
        }
        return out
    }

    /// Processors this process may run on (its CPU affinity), at least 1.
    public static var activeProcessorCount: Int {
        var mask = [UInt64](repeating: 0, count: 16)  // 1024 processors, as glibc's cpu_set_t
        let ok = mask.withUnsafeMutableBytes { systemGetAffinity(0, $0.count, $0.baseAddress!) } == 0
        let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        if ok && count > 0 { return count }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Seconds since 1970 (the wall clock), as `Date().timeIntervalSince1970`.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// glibc's sched_getaffinity(2), which Glibc's module shows only with _GNU_SOURCE.
@_silgen_name("sched_getaffinity")
private func systemGetAffinity(_ pid: pid_t, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
