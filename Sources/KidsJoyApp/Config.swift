import Glibc
import GameCore
import Settings
import Storage
import SystemIO

/// Settings from config files (a small TOML subset: `key = value` lines, `#` comments,
/// booleans, numbers, quoted strings and lists of them). Every key is optional; later layers
/// override. The keys, their kinds and ranges are SettingsTable's.
public struct ConfigValues: Equatable, Sendable {
    /// Each key's value, as SettingsTable's kind reads it.
    public var values: SettingLayer = [:]
    /// Keys a trusted system file's `[locked]` table set: no later layer, flag, remembered
    /// choice or on-screen control changes them.
    public var locked: Set<SettingKey> = []
    /// Where each locked key was locked (for messages).
    public var lockedBy: [SettingKey: String] = [:]
    public init() {}

    public subscript(key: SettingKey) -> SettingValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// `other`'s values win where it has them, except for keys already locked.
    public func overridden(by other: ConfigValues) -> ConfigValues {
        var out = self
        for (key, value) in other.values where !locked.contains(key) { out.values[key] = value }
        return out
    }

    /// Whether `key` has a value in these values.
    func has(_ key: SettingKey) -> Bool { values[key] != nil }
}

/// One config file in the layers, and whether its `[locked]` table may lock.
public struct ConfigLayer: Equatable, Sendable {
    public let path: String
    /// A system layer (below the user's file).
    public let system: Bool
    /// Its place may lock (the system config and /etc/xdg, not `$XDG_CONFIG_DIRS` entries a
    /// user set); the file and its folders must also be root's alone (`lockRefusal`).
    public let mayLock: Bool
    /// Where the check of the folders above the file stops (included): the machine's "/",
    /// or a test's root prefix (whose own parents, /tmp, are the test machine's).
    public let systemRoot: String
    public init(path: String, system: Bool, mayLock: Bool, systemRoot: String = "/") {
        self.path = path; self.system = system; self.mayLock = mayLock; self.systemRoot = systemRoot
    }
}

/// Reads config files. A bad line is reported with its file and line and skipped; the
/// rest of the file still counts, and the game always starts.
public enum ConfigFile {
    public static let keys = SettingsTable.keys

    /// Reads a file's text. In a file that may lock (`system`), keys under `[locked]` are
    /// set and locked; in another file its `[locked]` keys are read as plain settings, with
    /// a message.
    public static func parse(_ text: String, file: String, system: Bool = false, whyNoLock: String? = nil) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        var inLocked = false
        // The line that set each key, and whether that line locked it.
        var setOn: [SettingKey: (line: Int, locked: Bool)] = [:]
        for (index, raw) in TextFile.lines(text).enumerated() {
            let where_ = "\(file):\(index + 1)"
            let line: String
            switch stripComment(String(raw)) {
            case .success(let l): line = l.trimmingWhitespace()
            case .failure(let why):
                problems.append("\(where_): \(why); the line is not used")
                continue
            }
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                if line == "[locked]" {
                    inLocked = true
                    if !system { problems.append("\(where_): \(whyNoLock ?? "only a system file (/etc) may lock settings"); the keys under [locked] count as plain settings here") }
                } else if line == "[kids-joy-center]" {
                    inLocked = false
                } else {
                    problems.append("\(where_): unknown section \(line) (only [kids-joy-center], [locked] or none)")
                }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                problems.append("\(where_): expected 'key = value', got '\(line)'")
                continue
            }
            let name = line[..<eq].trimmingWhitespace().replacingEvery("_", with: "-")
            let value = line[line.index(after: eq)...].trimmingWhitespace()
            guard let spec = SettingsTable.spec(named: name) else {
                problems.append("\(where_): unknown key '\(name)' (known: \(keys.map(\.name).joined(separator: ", ")))")
                continue
            }
            let key = spec.key
            let locks = inLocked && system && spec.lockable
            // A key set twice in one file is named. Once a line locked it, a later line does
            // not change it (as a later file cannot); otherwise the later line wins, and a
            // `[locked]` line after a plain one (the shipped file's layout) says nothing.
            if let first = setOn[key], first.locked || !locks {
                if first.locked {
                    problems.append("\(where_): \(key) is already locked on line \(first.line) of this file; this line is not used")
                    continue
                }
                problems.append("\(where_): \(key) is already set on line \(first.line) of this file; this later line is used")
            }
            let before = values.has(key)
            switch SettingReader.config(spec, value) {
            case .success(let v):
                values[key] = v
                setOn[key] = (index + 1, locks)
            case .failure(let why): problems.append("\(where_): \(why)")
            }
            if locks && (values.has(key) || before) {
                values.locked.insert(key)
                values.lockedBy[key] = file
                setOn[key] = (index + 1, true)
            }
        }
        // The lines are the user's: a NUL or CR in them is shown escaped.
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// Loads one file if it exists: nil when missing.
    public static func load(_ path: String, system: Bool = false, whyNoLock: String? = nil) -> (ConfigValues, [String])? {
        guard SystemFiles.exists(path) else { return nil }
        // A config file is text a person writes: at most 4 MB (SystemFiles.Limit.text).
        let data: [UInt8]
        switch SystemFiles.bytes(path, limit: SystemFiles.Limit.text) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return (ConfigValues(), ["\(path): cannot be read (\(problem.reason)); its settings are not used"])
        }
        // CRLF and bytes that are not UTF-8 never void the file: the bad bytes are read as
        // U+FFFD, their lines reported, and every line still counts.
        let (text, badLines) = TextFile.decode(Array(data), file: path)
        let (values, problems) = parse(text, file: path, system: system, whyNoLock: whyNoLock)
        return (values, badLines + problems)
    }

    /// The layers: built-in defaults, the system file, then the user's file (or `--config`).
    public static func layered(systemPath: String = "/etc/kids-joy-center/config.toml", userPath: String?,
                               explicitPath: String?) -> (ConfigValues, [String]) {
        layered(systemPaths: [systemPath], userPath: userPath, explicitPath: explicitPath)
    }

    /// The layers with `systemPaths` as places that may lock (each file and its folders up to
    /// `systemRoot` still must be root's alone).
    public static func layered(systemPaths: [String], systemRoot: String = "/", userPath: String?, explicitPath: String?) -> (ConfigValues, [String]) {
        layered(layers: systemPaths.map { ConfigLayer(path: $0, system: true, mayLock: true, systemRoot: systemRoot) },
                userPath: userPath, explicitPath: explicitPath)
    }

    /// The layers (TESTING decision 5), later wins: the system layers in order (see
    /// `systemLayers`), then the user's file or `--config`. A trusted system file's
    /// `[locked]` keys win over every later layer: once locked, a key keeps its value.
    public static func layered(layers systemLayers: [ConfigLayer], userPath: String?, explicitPath: String?) -> (ConfigValues, [String]) {
        var values = ConfigValues()
        var problems: [String] = []
        if let explicitPath, !SystemFiles.exists(explicitPath) {
            problems.append("--config: \(explicitPath) does not exist; using defaults")
        }
        var layers = systemLayers
        if let user = explicitPath ?? userPath { layers.append(ConfigLayer(path: user, system: false, mayLock: false)) }
        for layer in layers {
            let why = layer.system ? lockRefusal(layer) : nil
            guard let (v, p) = load(layer.path, system: layer.system && why == nil, whyNoLock: why) else { continue }
            let lockedBefore = values.locked
            values = values.overridden(by: v)
            problems += p
            for key in v.locked where !lockedBefore.contains(key) {
                values.locked.insert(key)
                values.lockedBy[key] = layer.path
            }
            for key in keys where lockedBefore.contains(key) && v.has(key) {
                problems.append("\(layer.path): \(key) is locked by \(values.lockedBy[key] ?? "a system file"); this file's value is not used")
            }
        }
        return (values, problems.map { TextEscaping.escaped($0) })
    }

    /// Why a system layer's `[locked]` table does not lock (nil: it does). Issue #28: a lock
    /// counts only in a file a user cannot replace: the system config or /etc/xdg's, owned
    /// by root, not writable by group or others. Issue #46: nor may a user move it away, so
    /// every folder above it, up to and including the system root ("/"), must be root's and
    /// not writable by group or others either (a sticky, /tmp-like folder included: it is
    /// writable by others). Both the path as named and the real path (links resolved) are checked.
    static func lockRefusal(_ layer: ConfigLayer) -> String? {
        guard layer.mayLock else {
            return "a [locked] table counts only in /etc/kids-joy-center/config.toml and /etc/xdg/kids-joy-center/config.toml, not in a $XDG_CONFIG_DIRS folder"
        }
        var info = stat()
        guard stat(layer.path, &info) == 0 else { return "the file cannot be checked" }
        guard info.st_uid == 0 else { return "a [locked] table counts only in a file owned by root" }
        guard info.st_mode & 0o022 == 0 else { return "a [locked] table counts only in a file that only root may write (this one is writable by others)" }
        let top = trimmedFolder(layer.systemRoot)
        var chains = [layer.path]
        if let real = realPath(layer.path), real != layer.path { chains.append(real) }
        // Every link met on the way is a place too: a link in a folder a user may write can
        // be pointed elsewhere by that user, whatever the folders it points into.
        chains += linksOnTheWay(layer.path)
        for path in chains {
            // A real path outside a test's root is checked up to "/".
            let stop = path.hasPrefix(top == "/" ? "/" : top + "/") ? top : "/"
            var folder = parentFolder(path)
            while true {
                if let why = folderRefusal(folder) { return why }
                let up = parentFolder(folder)
                if folder == stop || up == folder { break } // at the top ("/", or "." for a relative path)
                folder = up
            }
        }
        return nil
    }

    /// Why `folder` cannot hold a lock (a user could move the file away), or nil.
    static func folderRefusal(_ folder: String) -> String? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return "a [locked] table counts only in root's folders, and \(folder) cannot be checked" }
        if info.st_uid != 0 {
            return "a [locked] table counts only in folders only root may change, and \(folder) is owned by user \(info.st_uid)"
        }
        if info.st_mode & 0o022 != 0 {
            return "a [locked] table counts only in folders only root may change, and \(folder) is writable by \(info.st_mode & 0o002 != 0 ? "others" : "its group") (mode 0\(String(info.st_mode & 0o7777, radix: 8)))"
        }
        return nil
    }

    static func trimmedFolder(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p.isEmpty ? "/" : p
    }

    /// The folder holding `path` ("/" at the top; "." for a bare name).
    static func parentFolder(_ path: String) -> String {
        let p = trimmedFolder(path)
        guard let slash = p.lastIndex(of: "/") else { return "." }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    /// Every symbolic link met while `path` is resolved (its own components, then each link's
    /// target in turn; at most 40), as the path of the link itself.
    static func linksOnTheWay(_ path: String) -> [String] {
        var links: [String] = []
        var pending = path.split(separator: "/").map(String.init)
        var current = path.hasPrefix("/") ? "" : "."
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                let up = parentFolder(current.isEmpty ? "/" : current)
                current = up == "/" ? "" : up
                continue
            }
            let candidate = current + "/" + part
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return links }
            guard info.st_mode & S_IFMT == S_IFLNK else { current = candidate; continue }
            links.append(candidate)
            guard links.count <= 40 else { return links }
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(candidate, &buffer, 4096)
            guard n > 0 else { return links }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            pending = target.split(separator: "/").map(String.init) + pending
            if target.hasPrefix("/") { current = "" }
        }
        return links
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// The system files, in layer order (later wins): /etc/kids-joy-center/config.toml and
    /// /etc/xdg/kids-joy-center/config.toml (both always read; they may lock), then each
    /// other `$XDG_CONFIG_DIRS/kids-joy-center/config.toml`, the last listed first, so that
    /// the first directory listed wins among them (they add settings, never lock). `root`
    /// prefixes the /etc paths (tests never touch the real /etc).
    public static func systemLayers(environment: [String: String] = SystemFiles.environment, root: String = "") -> [ConfigLayer] {
        let xdg = "/etc/xdg"
        var dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        var seen: Set<String> = [xdg]
        dirs = dirs.filter { seen.insert($0).inserted }
        let top = root.isEmpty ? "/" : root
        return [ConfigLayer(path: root + "/etc/kids-joy-center/config.toml", system: true, mayLock: true, systemRoot: top),
                ConfigLayer(path: root + xdg + "/kids-joy-center/config.toml", system: true, mayLock: true, systemRoot: top)]
            + dirs.reversed().map { ConfigLayer(path: $0 + "/kids-joy-center/config.toml", system: true, mayLock: false) }
    }

    /// The system files' paths, in layer order (see `systemLayers`).
    public static func systemPaths(environment: [String: String] = SystemFiles.environment, root: String = "") -> [String] {
        systemLayers(environment: environment, root: root).map(\.path)
    }

    public static func userConfigPath(environment: [String: String] = SystemFiles.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center/config.toml" }
        return DataDirectory.home(environment) + "/.config/kids-joy-center/config.toml"
    }

    /// The line without its comment: a `#` inside a quoted string (with its escapes) is text.
    static func stripComment(_ line: String) -> Result<String, SettingProblem> {
        var inString: Character? = nil
        var escaped = false
        for (i, c) in line.enumerated() {
            if let q = inString {
                if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { inString = nil }
            } else if c == "\"" || c == "'" {
                inString = c
            } else if c == "#" {
                return .success(String(line.prefix(i)))
            }
        }
        if inString != nil { return .failure("a quoted string is not closed") }
        return .success(line)
    }

    /// A TOML list of quoted strings: `["memory", "sorting"]`.
    static func stringList(_ s: String) -> [String]? {
        if case .success(.list(let items)) = TOMLScalar.read(s) { return items }
        return nil
    }
}
