import GameCore
import SystemIO

/// The corner's classroom choices as settings.json keeps them (nil: never set there).
public struct SavedSettings: Equatable, Sendable {
    public var sessionMinutes: Int?
    public var games: [String]?
    public var levels: [String]?
    public var gatePIN: String?
    public init() {}
}

/// How settings.json's values are written and checked: SettingsTable's rows, which Storage
/// does not see (the app's `SettingsFile`).
public protocol SettingsFormat {
    /// The version this game writes (a newer file is left untouched).
    static var version: Int { get }
    /// The file's bytes.
    static func encode(language: String?, remembered: SettingLayer) -> [UInt8]
    /// A document's values, each checked; a bad value is left out with a message.
    @MainActor
    static func decode(_ json: JSON, version: Int, file: String) -> (language: String?, remembered: SettingLayer, problems: [String])
}

/// Settings that persist beside the scores (settings.json): what the corner remembered and
/// the language chosen in the game. Saves run on the save queue, like the scores', under the
/// same folder lock. The top bar's mute is this run's only (`muted`), never saved.
@MainActor
public final class SettingsStore {
    public nonisolated static let fileName = "settings.json"
    public nonisolated static let sizeLimit = 65_536
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    /// Muted for this run (the top bar's speaker, `--mute`, `mute = true`): never saved.
    public private(set) var muted: Bool = false
    /// The language chosen in the game, if any.
    public private(set) var language: String?
    /// SettingsTable's remembered settings as the corner left them (checked values).
    public private(set) var remembered: SettingLayer = [:]
    /// The file's version when it is newer than this game's: the file is left untouched and
    /// nothing is saved over it.
    public private(set) var keptNewer: Int?
    /// How the file's values are written and checked (the app's settings table).
    private let format: any SettingsFormat.Type
    private let warn: (String) -> Void
    private var reportedSaveFailure = false
    private var reportedNotSaved = false
    private let mailbox = Mailbox()

    public init(directory: String, format: any SettingsFormat.Type, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.format = format
        self.warn = warn
        SaveQueue.shared.waitUntilIdle()
        load()
    }

    /// The corner's switches (voice, effects, relaxed, ...), when changed there.
    public var switches: [SettingKey: Bool] { remembered.compactMapValues(\.bool) }

    /// The corner's classroom choices, when set there.
    public var classroom: SavedSettings {
        var s = SavedSettings()
        s.sessionMinutes = remembered[.sessionMinutes]?.int
        s.games = remembered[.games]?.list
        s.levels = remembered[.levels]?.list
        s.gatePIN = remembered[.gatePIN]?.text
        return s
    }

    /// Mutes or unmutes this run (the top bar's speaker): not saved (issue #26: the next
    /// child never starts in a silence a tap left behind).
    public func setMuted(_ value: Bool) { muted = value }

    /// Mutes this run only (`--mute`).
    public func overrideMuted(_ value: Bool) { muted = value }

    /// Remembers the language chosen in the game.
    public func setLanguage(_ code: String) {
        deliverMessages()
        guard code != language else { return }
        language = code
        save()
    }

    /// Remembers a switch of the grown-ups' corner.
    public func remember(_ key: SettingKey, _ value: Bool) {
        deliverMessages()
        guard remembered[key] != .bool(value) else { return }
        remembered[key] = .bool(value)
        save()
    }

    public func rememberClassroom(sessionMinutes: Int?, games: [String]?, levels: [String]?, gatePIN: String?) {
        deliverMessages()
        remembered[.sessionMinutes] = sessionMinutes.map(SettingValue.int)
        remembered[.games] = games.map(SettingValue.list)
        remembered[.levels] = levels.map(SettingValue.list)
        remembered[.gatePIN] = gatePIN.map(SettingValue.text)
        save()
    }

    /// Remembers the classroom's content sets (nil: none chosen).
    public func rememberSets(_ ids: [String]?) {
        deliverMessages()
        remembered[.sets] = ids.map(SettingValue.list)
        save()
    }

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
            switch StoreJSON.read(data, current: format.version) {
            case .damaged:
                warn("settings file \(shown) is damaged; using defaults" + moveAside())
            case .newer(let version):
                keptNewer = version
                warn(StoreJSON.newerMessage("settings file", path: path, version: version, current: format.version,
                                            consequence: "the game uses its defaults and saves no setting this time"))
            case .document(let json, let version):
                let (language, remembered, problems) = format.decode(json, version: version, file: shown)
                self.language = language
                self.remembered = remembered
                problems.forEach(warn)
                if version < 2, json["muted"]?.boolValue == true {
                    warn("settings file \(shown): the remembered mute of older versions is not used any more (the speaker now mutes until the game quits); to keep the game silent, turn voice and effects off in the grown-ups' corner")
                }
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
        if keptNewer != nil {
            if !reportedNotSaved {
                reportedNotSaved = true
                warn("settings file \(printable(path)) is of a newer version: the choice lasts until the game closes and is not saved")
            }
            return
        }
        let data = format.encode(language: language, remembered: remembered)
        let path = path, directory = directory, mailbox = mailbox, version = format.version
        SaveQueue.shared.async {
            do {
                try AtomicFile.makeDirectories(directory)
                try AtomicFile.withLock(HighScoreStore.lockPath(directory)) {
                    switch AtomicFile.read(path, limit: Self.sizeLimit) {
                    case .notAFile(let why): throw StoreFailure("\(Self.fileName): \(why)")
                    case .unreadable(let why):
                        _ = try HighScoreStore.moveAsideOrRefuse(path, because: "cannot be read (\(why))", name: Self.fileName)
                    case .data(let old):
                        switch StoreJSON.read(old, current: version) {
                        case .damaged:
                            _ = try HighScoreStore.moveAsideOrRefuse(path, because: "is damaged", name: Self.fileName)
                        case .newer(let v):
                            // Another copy, newer, wrote it meanwhile: never written over.
                            throw StoreFailure("\(Self.fileName) is now of a newer version (\(v)), so it is not written over")
                        case .document: break
                        }
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
