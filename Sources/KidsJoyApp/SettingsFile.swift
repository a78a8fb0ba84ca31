import GameCore
import Scenes
import Settings
import Storage
import SystemIO

/// What settings.json keeps: `{"version":2,"language":"fr","voice":false,...}`: the
/// language a grown-up chose in the game and SettingsTable's remembered settings the corner
/// changed. Version 1 files (and files from before the version field) still read; their
/// `muted` (a child's tap on the speaker, saved) is no longer used: the speaker mutes until
/// the game quits (issue #26).
public enum SettingsFile: SettingsFormat {
    public static let version = 2

    /// The file's bytes; the keys in SettingsTable's order.
    public static func encode(language: String?, remembered: SettingLayer) -> [UInt8] {
        var fields: [(String, JSON)] = [("version", .int(version))]
        if let language { fields.append(("language", .string(language))) }
        for key in SettingsTable.rememberedKeys where key != .language {
            guard let value = remembered[key] else { continue }
            let json: JSON
            switch value {
            case .bool(let b): json = .bool(b)
            case .int(let i): json = .int(i)
            case .number(let d): json = .double(d)
            case .text(let s): json = .string(s)
            case .list(let l): json = .strings(l)
            }
            fields.append((key.name, json))
        }
        return [UInt8]((JSON.object(fields).serialized() + "\n").utf8)
    }

    /// A document's values, each checked as SettingsTable's kind says: a bad value is left
    /// out with a message (a PIN of letters never makes the gate impossible).
    @MainActor
    public static func decode(_ json: JSON, version: Int, file: String) -> (language: String?, remembered: SettingLayer, problems: [String]) {
        var problems: [String] = []
        var remembered: SettingLayer = [:]
        for (key, count) in json.repeatedKeys {
            problems.append("settings file \(file): \"\(printable(key))\" appears \(count) times (only the first is used)")
        }
        var language: String?
        if let l = json["language"], l != .null {
            if let s = l.stringValue, let code = Language.code(s) { language = code == "auto" ? nil : code }
            else { problems.append("settings file \(file): language: \(Language.unknown(printable(l.serialized()))); it is not used") }
        }
        for spec in SettingsTable.all where spec.remembered && spec.key != .language {
            guard let raw = json[spec.key.name], raw != .null else { continue }
            let value: SettingValue?
            switch spec.kind {
            case .bool: value = raw.boolValue.map(SettingValue.bool)
            case .minutes: value = raw.exactIntValue.map(SettingValue.int)
            case .pin, .path, .language, .connection: value = raw.stringValue.map(SettingValue.text)
            case .games, .levels, .sets: value = raw.stringArrayValue.map(SettingValue.list)
            case .volume, .seconds: value = raw.doubleValue.map(SettingValue.number)
            }
            var checked: Result<SettingValue, SettingProblem> = value.map { SettingReader.check(spec, $0) }
                ?? .failure(SettingProblem("\(spec.key) has a value of the wrong kind (\(printable(raw.serialized())))"))
            if case .success(.list(let ids)) = checked, spec.kind == .games {
                let known = AppGames.registry.ids.map(\.rawValue)
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
