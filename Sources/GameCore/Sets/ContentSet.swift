/// Content sets (issue #44, item 6): Memory's picture cards and Sorting's things to place come
/// from sets. A set is a folder named after its id, holding `manifest.toml` (`SetManifest`)
/// and its pictures. The built-in ones ship under Assets/sets; a school's or a family's are read
/// from /usr/share, /etc and `$XDG_DATA_HOME` (`kids-joy-center/sets`). Values only: the app
/// reads the files, this target judges them.

/// One thing of a set: a Memory card's face or a thing Sorting places.
public struct SetItem: Equatable, Sendable {
    /// Its id within the set (`cat`): the card's `face`, the vehicle's `name` in logs.
    public let id: String
    /// Its picture, a file name inside the set's folder (`cat.qoi`).
    public let picture: String
    /// Its name in each language (`en` at least, for sets read from a manifest).
    public let names: [String: String]
    /// Sorting: where it belongs (`air`, `water`, `land`); nil in Memory.
    public let category: String?
    /// The manifest line where it starts (`[[item]]`), for problems about it.
    public let line: Int

    public init(id: String, picture: String, names: [String: String] = [:], category: String? = nil, line: Int = 0) {
        self.id = id; self.picture = picture; self.names = names; self.category = category; self.line = line
    }
}

/// Where a set was found (`--describe-sets`' `source`).
public enum SetSource: String, Sendable, CaseIterable {
    /// Shipped with the game (Assets/sets).
    case builtIn = "built-in"
    /// /usr/share/kids-joy-center/sets: a package's.
    case shared
    /// /etc/kids-joy-center/sets: the machine's (a school's).
    case system
    /// $XDG_DATA_HOME/kids-joy-center/sets: the user's (a family's).
    case user
}

/// A set that can be played.
public struct ContentSet: Equatable, Sendable {
    /// The folder's name.
    public let id: String
    /// The game it is for (`memory`, `sorting`).
    public let game: GameKind
    /// Its name in each language.
    public var names: [String: String]
    public var items: [SetItem]
    /// The family of the game's recorded lines that names its items (`animal`: the catalog's
    /// `voice.animal.<id>`, and in Sorting `voice.placed.<id>` once placed); nil: the set has
    /// no spoken names in the catalog (its own recordings, if any, are `voiceFiles`).
    public var voice: String?
    /// Its own recordings of the items' names: language → item id → file inside the folder.
    public var voiceFiles: [String: [String: String]]
    /// How the canvas knows its pictures: `<picturePrefix><item id>` (the standard sets keep the
    /// names they always had, `animal-cat`, `vehicle-bus`; others `set-<id>-<item>`).
    public var picturePrefix: String
    public var source: SetSource
    /// The folder (empty for a set made in code).
    public var path: String

    public init(id: String, game: GameKind, names: [String: String] = [:], items: [SetItem], voice: String? = nil,
                voiceFiles: [String: [String: String]] = [:], picturePrefix: String? = nil, source: SetSource = .builtIn,
                path: String = "") {
        self.id = id; self.game = game; self.names = names; self.items = items; self.voice = voice
        self.voiceFiles = voiceFiles; self.picturePrefix = picturePrefix ?? "set-\(id)-"; self.source = source; self.path = path
    }

    /// The picture name of an item (an asset name the canvas loaded).
    public func imageName(of itemID: String) -> String { picturePrefix + itemID }

    /// The item with this id.
    public func item(_ id: String) -> SetItem? { items.first { $0.id == id } }

    /// Its name in `language` (then its base language, then English, then its id).
    public func name(in language: String) -> String {
        names[language] ?? names[String(language.prefix { $0 != "-" })] ?? names["en"] ?? id
    }

    /// The catalog key of the line said when an item is shown (`voice.animal.cat`), if any.
    public func itemLine(_ itemID: String) -> String? { voice.map { "voice.\($0).\(itemID)" } }
    /// Sorting: the catalog key of the line said when an item is placed, if any.
    public func placedLine(_ itemID: String) -> String? { voice.map { _ in "voice.placed.\(itemID)" } }
    /// The key a set's own recording of an item is known by (`voice.set.<set>.<item>`).
    public func recordingKey(_ itemID: String) -> String { "voice.set.\(id).\(itemID)" }

    /// The fewest items a game's hardest level needs (Memory: its pairs; Sorting: its row).
    public static func minimumItems(for game: GameKind) -> Int? {
        switch game {
        case .memory: return MemoryRules.pairCount(for: .hard)
        case .sorting: return SortingRules.vehicleCount(for: .hard)
        default: return nil
        }
    }

    /// The games that take sets.
    public static let games: [GameKind] = [.memory, .sorting]

    /// The standard sets: today's ten animals and fifteen vehicles, in their order, with the
    /// picture names they always had. Assets/sets/animals and Assets/sets/vehicles hold the
    /// same (a test checks); runs without the files (the scene tests) use these.
    public static let standardAnimals = ContentSet(
        id: "animals", game: .memory, names: ["en": "Animals"],
        items: GameContent.animals.map { SetItem(id: $0, picture: "\($0).qoi") }, voice: "animal", picturePrefix: "animal-")
    public static let standardVehicles = ContentSet(
        id: "vehicles", game: .sorting, names: ["en": "Vehicles"],
        items: GameContent.vehicles.map { SetItem(id: $0.name, picture: "\($0.name).qoi", category: $0.category) },
        voice: "vehicle", picturePrefix: "vehicle-")

    /// The standard set of a game.
    public static func standard(for game: GameKind) -> ContentSet? {
        switch game {
        case .memory: return standardAnimals
        case .sorting: return standardVehicles
        default: return nil
        }
    }

    /// Sorting's things to place: the items as vehicles.
    public var sortingPool: [SortingVehicle] {
        items.compactMap { item in
            item.category.flatMap(VehicleCategory.init(rawValue:)).map {
                SortingVehicle(name: item.id, category: $0, imageName: imageName(of: item.id))
            }
        }
    }
}

/// Why a set (or a part of it) cannot be used: its file, the line when there is one.
public struct SetProblem: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String
    public init(_ file: String, line: Int? = nil, _ message: String) { self.file = file; self.line = line; self.message = message }
    /// `file:line: message`, as compilers and the config files say it.
    public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
}

/// One set found on disk, usable or not (`--describe-sets` prints these).
public struct SetEntry: Equatable, Sendable {
    public let id: String
    public let source: SetSource
    public let path: String
    /// The set when it can be played (no problem); nil otherwise.
    public var set: ContentSet?
    /// The game its manifest names, when it could be read.
    public var game: GameKind?
    public var itemCount: Int
    public var problems: [SetProblem]
    public init(id: String, source: SetSource, path: String, set: ContentSet?, game: GameKind?, itemCount: Int, problems: [SetProblem]) {
        self.id = id; self.source = source; self.path = path; self.set = problems.isEmpty ? set : nil; self.game = game
        self.itemCount = itemCount; self.problems = problems
    }

    public var json: JSON {
        .object([("id", .string(id)), ("game", game.map { JSON.string($0.rawValue) } ?? .null), ("source", .string(source.rawValue)),
                 ("path", .string(path)), ("items", .int(itemCount)), ("usable", .bool(set != nil)),
                 ("names", .object((set?.names ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, JSON.string($0.value)) })),
                 ("voice", set?.voice.map { JSON.string($0) } ?? .null),
                 ("recordings", .strings((set?.voiceFiles.keys).map { Array($0).sorted() } ?? [])),
                 ("problems", .array(problems.map { .string($0.description) }))])
    }
}

/// Every set found, in the order they were searched (built-in first), and the ones to play.
public struct SetLibrary: Equatable, Sendable {
    public private(set) var entries: [SetEntry]

    /// Takes the sets in search order; a set whose id an earlier one has is a problem of its
    /// own (the first keeps the id).
    public init(_ found: [SetEntry]) {
        var seen: [String: String] = [:]
        entries = found.map { entry in
            var entry = entry
            if let first = seen[entry.id] {
                entry.problems.append(SetProblem(entry.path, "the id '\(entry.id)' is already used by the set in \(first); this one is not used (rename its folder)"))
                entry.set = nil
            } else {
                seen[entry.id] = entry.path
            }
            return entry
        }
    }

    /// The standard sets only (runs and tests without set folders).
    public static let standard = SetLibrary([ContentSet.standardAnimals, .standardVehicles].map {
        SetEntry(id: $0.id, source: .builtIn, path: $0.path, set: $0, game: $0.game, itemCount: $0.items.count, problems: [])
    })

    /// The sets that can be played.
    public var usable: [ContentSet] { entries.compactMap(\.set) }
    /// The sets of a game that can be played, in search order.
    public func sets(for game: GameKind) -> [ContentSet] { usable.filter { $0.game == game } }
    /// Every problem, in search order.
    public var problems: [SetProblem] { entries.flatMap(\.problems) }
    public func set(_ id: String) -> ContentSet? { usable.first { $0.id == id } }

    /// The set a game plays in its `round`-th round (0 first): among the chosen sets of that
    /// game (`chosen`: the classroom's `sets`, nil or none of this game's: all of them), in
    /// turn. Falls back to the standard set.
    public func pick(_ game: GameKind, chosen: [String]?, round: Int) -> ContentSet? {
        let all = sets(for: game)
        let picked = all.filter { chosen?.contains($0.id) ?? false }
        let pool = picked.isEmpty ? all : picked
        guard !pool.isEmpty else { return ContentSet.standard(for: game) }
        return pool[((round % pool.count) + pool.count) % pool.count]
    }
}
