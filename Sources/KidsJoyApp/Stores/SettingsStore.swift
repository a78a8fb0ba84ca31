import GameCore
import Scenes

/// What settings.json keeps: `{"version":1,"muted":false}`. Files from before the version
/// field (`{"muted":…}`) still read.
public struct SavedSettings: Codable, Equatable, Sendable {
    public var version: Int = 1
    public var muted: Bool = false
    /// The language a grown-up chose in the game (nil: not chosen, the default applies).
    public var language: String?

    /// The grown-ups' corner's switches (nil: never changed there, the config applies).
    public var voice: Bool?
    public var effects: Bool?
    public var relaxed: Bool?
    public var reducedMotion: Bool?
    /// The corner's classroom choices (nil: never set there).
    public var sessionMinutes: Int?
    public var games: [String]?
    public var levels: [String]?
    public var gatePIN: String?

    public init(muted: Bool = false, language: String? = nil) { self.muted = muted; self.language = language }

    enum CodingKeys: String, CodingKey {
        case version, muted, language, voice, effects, relaxed, reducedMotion = "reduced-motion"
        case sessionMinutes = "session-minutes", games, levels, gatePIN = "gate-pin"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        muted = try c.decode(Bool.self, forKey: .muted)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        voice = try? c.decodeIfPresent(Bool.self, forKey: .voice)
        effects = try? c.decodeIfPresent(Bool.self, forKey: .effects)
        relaxed = try? c.decodeIfPresent(Bool.self, forKey: .relaxed)
        reducedMotion = try? c.decodeIfPresent(Bool.self, forKey: .reducedMotion)
        sessionMinutes = try? c.decodeIfPresent(Int.self, forKey: .sessionMinutes)
        games = try? c.decodeIfPresent([String].self, forKey: .games)
        levels = try? c.decodeIfPresent([String].self, forKey: .levels)
        gatePIN = try? c.decodeIfPresent(String.self, forKey: .gatePIN)
    }

    /// Written by the ordered JSON writer: the keys keep their order.
    var fileData: [UInt8] {
        let switches: [(String, JSON)] = [("voice", voice), ("effects", effects), ("relaxed", relaxed), ("reduced-motion", reducedMotion)].compactMap { key, value in
            value.map { (key, JSON.bool($0)) }
        }
        var classroom: [(String, JSON)] = []
        if let sessionMinutes { classroom.append(("session-minutes", .int(sessionMinutes))) }
        if let games { classroom.append(("games", .array(games.map(JSON.string)))) }
        if let levels { classroom.append(("levels", .array(levels.map(JSON.string)))) }
        if let gatePIN { classroom.append(("gate-pin", .string(gatePIN))) }
        return [UInt8]((JSON.object([("version", .int(version)), ("muted", .bool(muted))] + (language.map { [("language", JSON.string($0))] } ?? [])
                                 + switches + classroom).serialized() + "\n").utf8)
    }
}

/// Settings that persist beside the scores (settings.json): for now, mute. Saves run on the
/// save queue, like the scores', under the same folder lock.
@MainActor
public final class SettingsStore: SettingsKeeping, SwitchRemembering {
    public nonisolated static let fileName = "settings.json"
    public nonisolated static let sizeLimit = 65_536
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    public private(set) var muted: Bool = false
    /// The language chosen in the game, if any.
    public private(set) var language: String?
    /// The corner's switches (voice, effects, relaxed), when changed there.
    public private(set) var switches: [String: Bool] = [:]
    /// The corner's classroom choices, when set there.
    public private(set) var classroom = SavedSettings()
    private let warn: (String) -> Void
    private var reportedSaveFailure = false
    private let mailbox = Mailbox()

    public init(directory: String, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.warn = warn
        SaveQueue.shared.waitUntilIdle()
        load()
    }

    public func setMuted(_ value: Bool) {
        deliverMessages()
        guard value != muted else { return }
        muted = value
        save()
    }

    /// Remembers the language chosen in the game.
    public func setLanguage(_ code: String) {
        deliverMessages()
        guard code != language else { return }
        language = code
        save()
    }

    /// Remembers a switch of the grown-ups' corner.
    public func remember(_ key: String, _ value: Bool) {
        deliverMessages()
        guard switches[key] != value else { return }
        switches[key] = value
        save()
    }

    public func rememberClassroom(sessionMinutes: Int?, games: [String]?, levels: [String]?, gatePIN: String?) {
        deliverMessages()
        classroom.sessionMinutes = sessionMinutes
        classroom.games = games
        classroom.levels = levels
        classroom.gatePIN = gatePIN
        save()
    }

    /// Mutes this run only (`--mute`), without changing the remembered choice.
    public func overrideMuted(_ value: Bool) { muted = value }

    /// Waits for the saves asked for so far, then reports what went wrong, if anything.
    public func waitForPendingSaves() {
        SaveQueue.shared.waitUntilIdle()
        deliverMessages()
    }

    private func load() {
        let shown = printable(path)
        switch AtomicFile.read(path, limit: Self.sizeLimit) {
        case .missing: return
        case .notAFile(let why):
            warn("settings file \(shown) cannot be used (\(why)); using defaults, and it is left alone")
        case .unreadable(let why):
            warn("settings file \(shown) cannot be read (\(why)); using defaults" + moveAside())
        case .data(let data):
            guard let settings = try? JSONReader().decode(SavedSettings.self, from: data) else {
                warn("settings file \(shown) is damaged; using defaults" + moveAside())
                return
            }
            muted = settings.muted
            language = settings.language.flatMap(Language.code).flatMap { $0 == "auto" ? nil : $0 }
            classroom = settings
            for (key, value) in [("voice", settings.voice), ("effects", settings.effects), ("relaxed", settings.relaxed),
                                ("reduced-motion", settings.reducedMotion)] {
                if let value { switches[key] = value }
            }
        }
    }

    /// Moves a bad settings file aside once, under the folder lock; answers what became of it.
    private func moveAside() -> String {
        do {
            let target = try AtomicFile.withLock(HighScoreStore.lockPath(directory)) { try AtomicFile.moveAside(path).get() }
            return "; the bad file was moved to \(printable(target))"
        } catch {
            return "; the bad file could not be moved aside (\(error)), so the setting will not be saved over it"
        }
    }

    private func save() {
        var saved = SavedSettings(muted: muted, language: language)
        saved.voice = switches["voice"]
        saved.effects = switches["effects"]
        saved.relaxed = switches["relaxed"]
        saved.reducedMotion = switches["reduced-motion"]
        saved.sessionMinutes = classroom.sessionMinutes
        saved.games = classroom.games
        saved.levels = classroom.levels
        saved.gatePIN = classroom.gatePIN
        let data = saved.fileData
        let path = path, directory = directory, mailbox = mailbox
        SaveQueue.shared.async {
            do {
                try AtomicFile.makeDirectories(directory)
                try AtomicFile.withLock(HighScoreStore.lockPath(directory)) {
                    switch AtomicFile.read(path, limit: Self.sizeLimit) {
                    case .notAFile(let why): throw StoreFailure("\(Self.fileName): \(why)")
                    case .unreadable(let why):
                        _ = try HighScoreStore.moveAsideOrRefuse(path, because: "cannot be read (\(why))", name: Self.fileName)
                    case .data(let old) where (try? JSONReader().decode(SavedSettings.self, from: old)) == nil:
                        _ = try HighScoreStore.moveAsideOrRefuse(path, because: "is damaged", name: Self.fileName)
                    default: break
                    }
                    try AtomicFile.write(data, to: path)
                }
            } catch {
                mailbox.post("cannot save settings in \(printable(directory)) (\(error)); the choice lasts until the game closes", saveFailure: true)
            }
        }
    }

    private func deliverMessages() {
        for message in mailbox.take() {
            if message.isSaveFailure {
                if reportedSaveFailure { continue }
                reportedSaveFailure = true
            }
            warn(message.text)
        }
    }
}
