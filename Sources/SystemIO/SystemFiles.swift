import CSystemCalls
import Glibc

/// The few things the game asks of the system (files, folders, the environment, processors),
/// straight from the C library. The binary links no Foundation at all: FoundationEssentials
/// alone (with its collections, regex and concurrency pieces) was 7.5 MB of the static
/// binary for these dozen calls (issue #17, BENCHMARKS "Package").
public enum SystemFiles {
    /// The size caps of what the game reads (issue #28: a 200 MB config aborted, a 300 MB
    /// script comment took 605 MB, a FIFO as a catalog hung the start).
    public enum Limit {
        /// Config files, scripts' neighbours, indexes: text a person writes.
        public static let text = 4 << 20
        /// A scripted-play file (a long soak's script is a few MB).
        public static let script = 64 << 20
        /// A translation catalog (.mo).
        public static let catalog = 8 << 20
        /// A voice clip or a sound.
        public static let sound = 16 << 20
        /// A font file.
        public static let font = 32 << 20
        /// A picture (a 4K background as QOI is 33 MB at most).
        public static let image = 128 << 20
        /// Anything else read with `read(_:)`.
        public static let standard = 16 << 20
    }

    /// What a careful read found.
    public enum Loaded {
        case data([UInt8])
        /// Why not, in plain words naming the file (and the cap, for a file too big).
        case failed(String)
    }

    /// Why a file cannot be read, in plain words without its path: "it is not a regular
    /// file", "it is larger than 4 MB, …", or the system's words ("permission denied").
    public struct ReadProblem: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// A cap in plain words: "4 MB" (every cap is whole megabytes), else "N bytes".
    public static func sizeText(_ bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    static func tooBig(_ size: Int?, limit: Int) -> String {
        "it is larger than \(sizeText(limit))" + (size.map { " (\($0) bytes)" } ?? "") + ", the most such a file may be"
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)).lowercased() }

    /// Reads a regular file of at most `limit` bytes: opened without blocking (a FIFO or a
    /// device is refused at once, never waited on), checked with fstat before anything is read.
    public static func load(_ path: String, limit: Int = Limit.standard) -> Loaded {
        switch bytes(path, limit: limit) {
        case .success(let data): return .data(data)
        case .failure(let problem): return .failed("cannot read \(path): \(problem.reason)")
        }
    }

    /// `load`, answering why not without the path (for messages that name the file first).
    public static func bytes(_ path: String, limit: Int = Limit.standard) -> Result<[UInt8], ReadProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadProblem(reason: errnoText())) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ReadProblem(reason: errnoText())) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(ReadProblem(reason: "it is not a regular file")) }
        if info.st_size > limit { return .failure(ReadProblem(reason: tooBig(Int(info.st_size), limit: limit))) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(ReadProblem(reason: errnoText())) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            // A file that grows while read (or /proc's size-0 files) still stops at the cap.
            if bytes.count > limit { return .failure(ReadProblem(reason: tooBig(nil, limit: limit))) }
        }
        return .success(bytes)
    }

    /// Why `path` cannot be handed to a library that opens it itself (SDL_ttf, SDL_mixer):
    /// not a regular file, or bigger than `limit`; nil when it may be.
    public static func problem(_ path: String, limit: Int) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "cannot read \(path): \(errnoText())" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "cannot read \(path): it is not a regular file" }
        if info.st_size > limit { return "cannot read \(path): \(tooBig(Int(info.st_size), limit: limit))" }
        return nil
    }

    /// A file's bytes; nil when it cannot be read, is no regular file (a FIFO is never
    /// waited on) or is bigger than `limit`.
    public static func read(_ path: String, limit: Int = Limit.standard) -> [UInt8]? {
        if case .data(let bytes) = load(path, limit: limit) { return bytes }
        return nil
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
        let ok = mask.withUnsafeMutableBytes { kjc_sched_getaffinity(0, $0.count, $0.baseAddress!) } == 0
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
