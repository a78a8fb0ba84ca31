import Glibc
import GameCore
import Render
import Stage
import SystemIO

/// Finds and reads the content sets (issue 44): the built-in ones under Assets/sets, then
/// /usr/share/kids-joy-center/sets, /etc/kids-joy-center/sets and
/// `$XDG_DATA_HOME/kids-joy-center/sets`. Each folder in them is a set. A set that cannot be
/// used is named with its file and line, and the game goes on with the others. Nothing a set
/// holds runs, and nothing is read outside its folder: file names are plain names, a link
/// that leads out of the folder is refused, and every file has a size cap.
enum SetFolders {
    /// The folders searched, in order (an id found twice keeps the first), each once.
    static func searchFolders(assets: String, environment: [String: String] = SystemFiles.environment, root: String = "")
        -> [(path: String, source: SetSource)] {
        var folders: [(String, SetSource)] = [(assets + "/sets", .builtIn),
                                               (root + "/usr/share/kids-joy-center/sets", .shared),
                                               (root + "/etc/kids-joy-center/sets", .system)]
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folders.append((data + "/kids-joy-center/sets", .user))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append((home + "/.local/share/kids-joy-center/sets", .user))
        }
        // An installed game's Assets is /usr/share/kids-joy-center: its sets are read once, as built in.
        var seen = Set<String>()
        return folders.filter { seen.insert(realPath($0.0) ?? $0.0).inserted }
    }

    /// What reading the sets gave: the library, the decoded pictures by asset name, and
    /// each set's recordings.
    struct Found {
        var library: SetLibrary
        var pictures: [String: LoadedSetPicture]
    }

    /// At most this many sets are read from one folder (the first by name).
    static let maxSetsPerFolder = 200

    /// The built-in sets the game ships: the standard ones first, then the others by id.
    static let standardIDs = [ContentSet.standardAnimals.id, ContentSet.standardVehicles.id]

    /// Reads every set of the folders. `decodePictures`: decode each picture (a picture that
    /// cannot be decoded is a problem of its set).
    static func read(_ folders: [(path: String, source: SetSource)], decodePictures: Bool = true) -> Found {
        var entries: [SetEntry] = []
        var pictures: [String: LoadedSetPicture] = [:]
        for (folder, source) in folders {
            guard let names = SystemFiles.list(folder) else { continue }
            let ids = names.filter { !$0.hasPrefix(".") }.sorted { a, b in
                let ia = standardIDs.firstIndex(of: a) ?? Int.max, ib = standardIDs.firstIndex(of: b) ?? Int.max
                return source == .builtIn && ia != ib ? ia < ib : a < b
            }
            for id in ids.prefix(maxSetsPerFolder) {
                let path = folder + "/" + id
                guard SystemFiles.isDirectory(path) else { continue }
                let (entry, decoded) = readSet(id: id, path: path, source: source, decodePictures: decodePictures)
                entries.append(entry)
                if entry.set != nil { pictures.merge(decoded) { a, _ in a } }
            }
        }
        let library = SetLibrary(entries)
        // A set that lost its id to an earlier one (the same id) keeps no pictures.
        let usable = Set(library.usable.flatMap { set in set.items.map { set.imageName(of: $0.id) } })
        pictures = pictures.filter { usable.contains($0.key) }
        return Found(library: library, pictures: pictures)
    }

    /// Reads one set folder.
    static func readSet(id: String, path: String, source: SetSource, decodePictures: Bool) -> (SetEntry, [String: LoadedSetPicture]) {
        let manifestPath = path + "/" + SetManifest.fileName
        func failed(_ problem: SetProblem) -> (SetEntry, [String: LoadedSetPicture]) {
            (SetEntry(id: id, source: source, path: path, set: nil, game: nil, itemCount: 0, problems: [problem]), [:])
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return failed(SetProblem(path, "a set is a folder, not a link to one (copy the folder here)"))
        }
        guard let root = realPath(path) else { return failed(SetProblem(path, "the folder cannot be read")) }
        let text: String
        switch inside(root: root, file: manifestPath, limit: SetManifest.maxBytes) {
        case .failure(let why): return failed(SetProblem(manifestPath, why.description))
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        }
        let parsed = SetManifest.parse(text, id: id, file: manifestPath, source: source, path: path)
        var problems = parsed.problems
        var pictures: [String: LoadedSetPicture] = [:]
        guard var set = parsed.set else {
            return (SetEntry(id: id, source: source, path: path, set: nil, game: parsed.game, itemCount: parsed.items, problems: problems), [:])
        }
        if standardIDs.contains(id) && source == .builtIn, let standard = ContentSet.standard(for: set.game) {
            set.picturePrefix = standard.picturePrefix
        }
        for item in set.items {
            let file = path + "/" + item.picture
            switch inside(root: root, file: file, limit: SetPicture.maxBytes) {
            case .failure(let why):
                problems.append(SetProblem(manifestPath, line: item.line, "the picture \(item.picture) of '\(item.id)': \(why)"))
            case .success(let bytes):
                guard decodePictures else { continue }
                do {
                    pictures[set.imageName(of: item.id)] = try LoadedSetPicture.load(bytes, fileName: item.picture)
                } catch {
                    problems.append(SetProblem(manifestPath, line: item.line, "the picture \(item.picture) of '\(item.id)' cannot be decoded (\(error))"))
                }
            }
        }
        set.voiceFiles = recordings(root: root, path: path, items: set.items.map(\.id), problems: &problems)
        return (SetEntry(id: id, source: source, path: path, set: set, game: set.game, itemCount: set.items.count, problems: problems), pictures)
    }

    /// A set's own recordings: `voices/<language>/<item>.ogg`, each an Ogg Vorbis file of at
    /// most 2 MB and 20 seconds. A bad one is a problem; a missing one is a name not said.
    static func recordings(root: String, path: String, items: [String], problems: inout [SetProblem]) -> [String: [String: String]] {
        guard SystemFiles.isDirectory(path + "/voices") else { return [:] }
        var found: [String: [String: String]] = [:]
        for language in SetManifest.languages {
            let folder = path + "/voices/" + language
            guard SystemFiles.isDirectory(folder) else { continue }
            for item in items {
                let file = folder + "/" + item + ".ogg"
                guard SystemFiles.exists(file) || isLink(file) else { continue }
                switch inside(root: root, file: file, limit: 2 << 20) {
                case .failure(let why): problems.append(SetProblem(file, why.description))
                case .success(let bytes):
                    guard let seconds = OggDuration.seconds(bytes), seconds > 0, seconds <= 20 else {
                        problems.append(SetProblem(file, "not an Ogg Vorbis recording of at most 20 seconds"))
                        continue
                    }
                    found[language, default: [:]][item] = "voices/\(language)/\(item).ogg"
                }
            }
        }
        return found
    }

    /// The voice clips of the sets' own recordings in `language`.
    static func clips(_ library: SetLibrary, language: String) -> [VoiceClip] {
        library.usable.flatMap { set in
            (set.voiceFiles[language] ?? [:]).sorted { $0.key < $1.key }.compactMap { item, file in
                let path = set.path + "/" + file
                guard let bytes = SystemFiles.read(path, limit: 2 << 20), let seconds = OggDuration.seconds(bytes) else { return nil }
                return VoiceClip(key: set.recordingKey(item), language: language, path: path, duration: seconds)
            }
        }
    }

    struct Refusal: Error, CustomStringConvertible { let description: String }

    /// A file's bytes when it lies in the set's folder: a link leading out of it (or a name
    /// that does) is refused, as is anything but a regular file, or a file over `limit`.
    static func inside(root: String, file: String, limit: Int) -> Result<[UInt8], Refusal> {
        guard SystemFiles.exists(file) else {
            return .failure(Refusal(description: isLink(file) ? "a link to nothing" : "the file is missing"))
        }
        guard let real = realPath(file), real.hasPrefix(root + "/") else {
            return .failure(Refusal(description: "a link that leads out of the set's folder; a set may only use its own files"))
        }
        switch SystemFiles.bytes(real, limit: limit) {
        case .success(let bytes): return .success(bytes)
        case .failure(let problem): return .failure(Refusal(description: "cannot be read (\(problem.reason))"))
        }
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// `--describe-sets`: every set found as JSON.
    static func describe(_ library: SetLibrary) -> JSON {
        .object([("sets", .array(library.entries.map(\.json)))])
    }
}
