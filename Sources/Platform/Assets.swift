import Glibc
import GameCore
import Stage
import SystemIO

/// Every asset the game needs. A missing file is reported by name at start-up.
public enum AssetManifest {
    public static let animals = GameContent.animals
    /// The pictures every screen but the games' own needs (Home, the top bar, the end screens,
    /// the children's animals and stickers, the corner, the backgrounds). A game's pictures are
    /// not here: they are loaded because its module declares them (`images(declared:in:)`).
    public static var shellImages: [String] {
        // In typed parts: one long chain of `+` is too much for Swift 6.0's type checker.
        let avatars: [String] = (animals + avatarAnimals).map { "animal-\($0)" }
        let stickers: [String] = (1...24).map { "sticker-" + ($0 < 10 ? "0\($0)" : "\($0)") }
        let fixed: [String] = ["level-easy", "level-medium", "level-hard",
               "play", "trophy", "back", "speaker-on", "speaker-off", "check", "logo", "star", "confetti",
               "sparkle", "clock", "score-star"] + SceneBackgrounds.allNames
        return avatars + fixed + pictureUI + stickers
    }

    /// The pictures to load for these games: the shell's, then the pictures their modules
    /// declare (`GameModule.pictures`, its Home tile `game-ID` among them: a name, or `prefix-*`
    /// for every picture of that prefix in `folder`), each once, in that order. A declared name
    /// with no file is reported by `missingFiles`, like the shell's.
    public static func images(declared: [String], in folder: String) -> [String] {
        images(declared: declared, present: SystemFiles.list(folder) ?? [])
    }

    /// The same from the folder's listing (`files`: its file names), reading nothing.
    public static func images(declared: [String], present files: [String]) -> [String] {
        let present = files.compactMap { name -> String? in
            let suffix = "." + imageExtension
            return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : nil
        }.sorted()
        var out: [String] = [], seen = Set<String>()
        func add(_ name: String) { if seen.insert(name).inserted { out.append(name) } }
        shellImages.forEach(add)
        for name in declared {
            if name.hasSuffix("*") {
                let prefix = String(name.dropLast())
                present.filter { $0.hasPrefix(prefix) }.forEach(add)
            } else {
                add(name)
            }
        }
        return out
    }

    /// The pictures that replace words for children who cannot read: end screens, the
    /// quit panel, the popup, the show-me hand, profiles, the grown-ups' corner and input icons.
    public static let pictureUI = [
        "mascot-happy", "mascot-sad", "replay", "home", "door", "close", "medal-1", "medal-2", "medal-3",
        "star-empty", "star-big", "hear-again", "hear-again-off", "hand", "add-child", "guest", "tab-mine", "tab-everyone",
        "sticker-book", "gear", "lock", "chart", "usb", "folder-home", "pad", "switch",
        "mascot-asleep", "reason-time", "reason-killer", "reason-idle",
    ]
    /// Animals drawn for the children's avatars beyond the Memory cards' animals.
    public static let avatarAnimals = ["bear", "pig", "chick", "penguin", "owl", "elephant", "unicorn", "hedgehog"]
    /// The full-screen backgrounds, one per shape class (SceneBackgrounds): 3-6 MB each
    /// decoded, and only one is shown at a time.
    public static let backgrounds = Set(SceneBackgrounds.allNames)
    /// The game's pictures are QOI files (see `QOI`). Their optional NAME@2x and NAME@3x
    /// versions for larger screens are WebP files, not required here: a missing or broken one
    /// is drawn from a smaller picture (`SoftwareCanvas.loadImages`, docs/screens.md, "Screens
    /// and resolutions").
    public static let imageExtension = "qoi"
    /// The sound effects are Ogg Vorbis files (tools/make_sounds.py), decoded once at start-up.
    public static let soundExtension = "ogg"
    /// The window icon, also installed as the desktop icon.
    public static let windowIcon = "app-icon.png"
}

/// Finds the Assets folder: `$KIDS_JOY_CENTER_ASSETS`, the installed share folder next to
/// the binary (`../share/kids-joy-center`), a source tree above the binary, or the
/// current directory.
public enum AssetLocator {
    public static func locate(override: String? = nil) throws -> String {
        // A folder the user named (--assets, then KIDS_JOY_CENTER_ASSETS) is used or refused,
        // never skipped for the build's own Assets: the user would play other pictures than
        // the ones they asked for, without a word.
        let logo = "/images/logo.\(AssetManifest.imageExtension)"
        let env = SystemFiles.environment["KIDS_JOY_CENTER_ASSETS"].flatMap { $0.isEmpty ? nil : $0 }
        for (named, source) in [(override, "--assets"), (env, "KIDS_JOY_CENTER_ASSETS")] {
            guard let named else { continue }
            var info = stat()
            guard stat(named, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw AppError.fatal("\(source): the assets folder \(named) does not exist")
            }
            guard SystemFiles.exists(named + logo) else {
                throw AppError.fatal("\(source): \(named) is not the game's assets folder (it has no images/logo.\(AssetManifest.imageExtension))")
            }
            return named
        }
        var candidates: [String] = []
        let exe = SystemFiles.linkTarget("/proc/self/exe") ?? resolved(CommandLine.arguments.first ?? ".")
        var dir = parent(exe)
        candidates.append(standardized(dir + "/../share/kids-joy-center"))
        for _ in 0..<6 {
            candidates.append((dir == "/" ? "" : dir) + "/Assets")
            dir = parent(dir)
        }
        let here = SystemFiles.currentDirectory()
        candidates.append((here == "/" ? "" : here) + "/Assets")
        // Each folder once, in order (a shallow binary reaches / early: /Assets was said 4 times).
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert($0).inserted }
        for candidate in candidates where SystemFiles.exists(candidate + "/images/logo.\(AssetManifest.imageExtension)") {
            return candidate
        }
        throw AppError.fatal("cannot find the game's Assets folder (looked in: \(candidates.joined(separator: ", "))); set KIDS_JOY_CENTER_ASSETS to it")
    }

    /// An absolute path with its symbolic links resolved (realpath), or as given.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The folder holding `path` ("/" for "/" and the top level).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` without "." and ".." parts and doubled slashes (by the letters: no link is followed).
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Names every required file that is missing, so a broken install says what to fix: the
    /// shell's pictures and `images`, the games' (`AssetManifest.images(declared:in:)`).
    public static func missingFiles(in root: String, images: [String] = AssetManifest.shellImages) -> [String] {
        var missing: [String] = []
        for name in images where !SystemFiles.exists("\(root)/images/\(name).\(AssetManifest.imageExtension)") {
            missing.append("\(root)/images/\(name).\(AssetManifest.imageExtension)")
        }
        for sound in Sound.allCases where !SystemFiles.exists("\(root)/sounds/\(sound.rawValue).\(AssetManifest.soundExtension)") {
            missing.append("\(root)/sounds/\(sound.rawValue).\(AssetManifest.soundExtension)")
        }
        return missing
    }
}

/// Finds the game's fonts. Assets/fonts is the override folder (a file placed there wins);
/// otherwise Debian's fonts-sil-andika, where Debian puts it (or any fonts folder of the
/// system or the user). A missing font is a clear error naming the package.
public enum FontLocator {
    public static let package = "fonts-sil-andika"
    /// Where Debian and the XDG font folders keep fonts, in the order they are searched.
    public static func searchFolders(assets: String, environment: [String: String] = SystemFiles.environment) -> [String] {
        var folders = [assets + "/fonts", "/usr/share/fonts/truetype/andika", "/usr/share/fonts/truetype/scheherazade",
                       "/usr/local/share/fonts", "/usr/share/fonts/truetype"]
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { folders.append(data + "/fonts") }
        if let home = environment["HOME"], home.hasPrefix("/") { folders += [home + "/.local/share/fonts", home + "/.fonts"] }
        return folders
    }

    /// The regular and bold Andika files.
    public static func andika(assets: String) throws -> (regular: String, bold: String) {
        let folders = searchFolders(assets: assets)
        func find(_ name: String) throws -> String {
            for folder in folders where SystemFiles.isReadable(folder + "/" + name) {
                return folder + "/" + name
            }
            throw AppError.fatal("cannot find the font \(name) (looked in \(folders.joined(separator: ", "))); "
                                 + "install Debian's \(package) (sudo apt install \(package)) or put the file in \(assets)/fonts")
        }
        return (try find("Andika-Regular.ttf"), try find("Andika-Bold.ttf"))
    }

    /// Debian's package of the Arabic font: Scheherazade, by SIL like Andika, a plain Naskh
    /// (the style children's books and schools print) drawn for legibility at small sizes.
    public static let arabicPackage = "fonts-sil-scheherazade"

    /// The regular and bold Scheherazade files, for Arabic letters.
    public static func arabic(assets: String, folders: [String]? = nil) throws -> (regular: String, bold: String) {
        let folders = folders ?? searchFolders(assets: assets)
        func find(_ name: String) throws -> String {
            for folder in folders where SystemFiles.isReadable(folder + "/" + name) {
                return folder + "/" + name
            }
            throw AppError.fatal("cannot find the Arabic font \(name) (looked in \(folders.joined(separator: ", "))); "
                                 + "install Debian's \(arabicPackage) (sudo apt install \(arabicPackage)) or put the file in \(assets)/fonts")
        }
        return (try find("Scheherazade-Regular.ttf"), try find("Scheherazade-Bold.ttf"))
    }
}
