import FoundationEssentials
import GameCore
import Scenes

/// Settings that persist beside the scores (settings.json): for now, mute.
@MainActor
public final class SettingsStore: SettingsKeeping {
    public static let fileName = "settings.json"
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    public private(set) var muted: Bool = false
    private let warn: (String) -> Void
    private var reportedSaveFailure = false

    public init(directory: String, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.warn = warn
        load()
    }

    public func setMuted(_ value: Bool) {
        guard value != muted else { return }
        muted = value
        save()
    }

    /// Mutes this run only (`--mute`), without changing the remembered choice.
    public func overrideMuted(_ value: Bool) { muted = value }

    private func load() {
        switch AtomicFile.read(path, limit: 65_536) {
        case .missing: return
        case .unreadable(let why):
            warn("settings file \(path) cannot be read (\(why)); using defaults")
        case .data(let data):
            guard let text = String(data: data, encoding: .utf8), let doc = JSON.parse(text),
                  case .bool(let m)? = doc["muted"] else {
                let copy = AtomicFile.keepBadCopy(of: path)
                warn("settings file \(path) is damaged; using defaults" + (copy.map { "; the bad file is kept at \($0)" } ?? ""))
                return
            }
            muted = m
        }
    }

    private func save() {
        let doc = JSON.object([("muted", .bool(muted))])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(Data((doc.serialized() + "\n").utf8), to: path)
        } catch {
            if !reportedSaveFailure {
                reportedSaveFailure = true
                warn("cannot save settings in \(directory) (\(error)); the choice lasts until the game closes")
            }
        }
    }
}
