import GameCore
import Runtime
import Scenes

/// The corner's classroom choices as settings.json keeps them (nil: never set there).
public struct SavedSettings: Equatable, Sendable {
    public var sessionMinutes: Int?
    public var games: [String]?
    public var levels: [String]?
    public var gatePIN: String?
    public init() {}
}

/// What settings.json keeps: `{"version":2,"language":"fr","voice":false,...}`: the
/// language a grown-up chose in the game and SettingsTable's remembered settings the corner
/// changed. Version 1 files (and files from before the version field) still read; their
/// `muted` (a child's tap on the speaker, saved) is no longer used: the speaker mutes until
/// the game quits (issue #26).
public enum SettingsFile {
    public static let version = 2

    /// The file's bytes; the keys in SettingsTable's order.
    static func encode(language: String?, remembered: [String: SettingValue]) -> [UInt8] {
        var fields: [(String, JSON)] = [("version", .int(version))]
        if let language { fields.append(("language", .string(language))) }
        for key in SettingsTable.rememberedKeys where key != "language" {
            guard let value = remembered[key] else { continue }
            let json: JSON
            switch value {
            case .bool(let b): json = .bool(b)
            case .int(let i): json = .int(i)
            case .number(let d): json = .double(d)
            case .text(let s): json = .string(s)
            case .list(let l): json = .strings(l)
            }
            fields.append((key, json))
        }
        return [UInt8]((JSON.object(fields).serialized() + "\n").utf8)
    }

    /// A document's values, each checked as SettingsTable's kind says: a bad value is left
    /// out with a message (a PIN of letters never makes the gate impossible).
    @MainActor
    static func decode(_ json: JSON, version: Int, file: String) -> (language: String?, remembered: [String: SettingValue], problems: [String]) {
        var problems: [String] = []
        var remembered: [String: SettingValue] = [:]
        for (key, count) in json.repeatedKeys {
            problems.append("settings file \(file): \"\(printable(key))\" appears \(count) times (only the first is used)")
        }
        var language: String?
        if let l = json["language"], l != .null {
            if let s = l.stringValue, let code = Language.code(s) { language = code == "auto" ? nil : code }
            else { problems.append("settings file \(file): language: \(Language.unknown(printable(l.serialized()))); it is not used") }
        }
        for spec in SettingsTable.all where spec.remembered && spec.key != "language" {
            guard let raw = json[spec.key], raw != .null else { continue }
            let value: SettingValue?
            switch spec.kind {
            case .bool: value = raw.boolValue.map(SettingValue.bool)
            case .minutes: value = raw.exactIntValue.map(SettingValue.int)
            case .pin, .path, .language: value = raw.stringValue.map(SettingValue.text)
            case .games, .levels: value = raw.stringArrayValue.map(SettingValue.list)
            case .volume, .seconds: value = raw.doubleValue.map(SettingValue.number)
            }
            var checked: Result<SettingValue, SettingProblem> = value.map { SettingReader.check(spec, $0) }
                ?? .failure(SettingProblem("\(spec.key) has a value of the wrong kind (\(printable(raw.serialized())))"))
            if case .success(.list(let ids)) = checked, spec.kind == .games {
                let known = GameRegistry.standard.ids.map(\.rawValue)
                let unknown = ids.filter { !known.contains($0) }
                if !unknown.isEmpty {
                    checked = .failure("games: unknown game \(unknown.map { "'\(printable($0))'" }.joined(separator: ", ")) (known: \(known.joined(separator: ", ")))")
                }
            }
            switch checked {
            case .success(let v): remembered[spec.key] = v
            case .failure(let why): problems.append("settings file \(file): \(why); that setting is not used")
            }
        }
        return (language, remembered, problems)
    }
}

/// Settings that persist beside the scores (settings.json): what the corner remembered and
/// the language chosen in the game. Saves run on the save queue, like the scores', under the
/// same folder lock. The top bar's mute is this run's only (`muted`), never saved.
@MainActor
public final class SettingsStore: SettingsKeeping, SwitchRemembering {
    public nonisolated static let fileName = "settings.json"
    public nonisolated static let sizeLimit = 65_536
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    /// Muted for this run (the top bar's speaker, `--mute`, `mute = true`): never saved.
    public private(set) var muted: Bool = false
    /// The language chosen in the game, if any.
    public private(set) var language: String?
    /// SettingsTable's remembered settings as the corner left them (checked values).
    public private(set) var remembered: [String: SettingValue] = [:]
    /// The file's version when it is newer than this game's: the file is left untouched and
    /// nothing is saved over it.
    public private(set) var keptNewer: Int?
    private let warn: (String) -> Void
    private var reportedSaveFailure = false
    private var reportedNotSaved = false
    private let mailbox = Mailbox()

    public init(directory: String, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.warn = warn
        SaveQueue.shared.waitUntilIdle()
        load()
    }

    /// The corner's switches (voice, effects, relaxed, ...), when changed there.
    public var switches: [String: Bool] { remembered.compactMapValues(\.bool) }

    /// The corner's classroom choices, when set there.
    public var classroom: SavedSettings {
        var s = SavedSettings()
        s.sessionMinutes = remembered["session-minutes"]?.int
        s.games = remembered["games"]?.list
        s.levels = remembered["levels"]?.list
        s.gatePIN = remembered["gate-pin"]?.text
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
    public func remember(_ key: String, _ value: Bool) {
        deliverMessages()
        guard remembered[key] != .bool(value) else { return }
        remembered[key] = .bool(value)
        save()
    }

    public func rememberClassroom(sessionMinutes: Int?, games: [String]?, levels: [String]?, gatePIN: String?) {
        deliverMessages()
        remembered["session-minutes"] = sessionMinutes.map(SettingValue.int)
        remembered["games"] = games.map(SettingValue.list)
        remembered["levels"] = levels.map(SettingValue.list)
        remembered["gate-pin"] = gatePIN.map(SettingValue.text)
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
            switch StoreJSON.read(data, current: SettingsFile.version) {
            case .damaged:
                warn("settings file \(shown) is damaged; using defaults" + moveAside())
            case .newer(let version):
                keptNewer = version
                warn(StoreJSON.newerMessage("settings file", path: path, version: version, current: SettingsFile.version,
                                            consequence: "the game uses its defaults and saves no setting this time"))
            case .document(let json, let version):
                let (language, remembered, problems) = SettingsFile.decode(json, version: version, file: shown)
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
        let data = SettingsFile.encode(language: language, remembered: remembered)
        let path = path, directory = directory, mailbox = mailbox
        SaveQueue.shared.async {
            do {
                try AtomicFile.makeDirectories(directory)
                try AtomicFile.withLock(HighScoreStore.lockPath(directory)) {
                    switch AtomicFile.read(path, limit: Self.sizeLimit) {
                    case .notAFile(let why): throw StoreFailure("\(Self.fileName): \(why)")
                    case .unreadable(let why):
                        _ = try HighScoreStore.moveAsideOrRefuse(path, because: "cannot be read (\(why))", name: Self.fileName)
                    case .data(let old):
                        switch StoreJSON.read(old, current: SettingsFile.version) {
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
