import GameCore
import SystemIO

/// What every JSON store (settings.json, demos.json, the old highscores.json) shares: the
/// file is read by GameCore's JSON module and its `version` is checked. A file of a newer
/// version is left untouched (the game runs on its defaults and never writes over it); an
/// older one (no `version` is version 1) is read and written back in the current version.
enum StoreJSON {
    enum Reading: Equatable {
        /// The document, and the version it was written in (≤ the current one).
        case document(JSON, version: Int)
        /// Written by a newer game: its version.
        case newer(Int)
        /// Not such a file: why.
        case damaged(String)
    }

    static func read(_ data: [UInt8], current: Int) -> Reading {
        let json: JSON
        do {
            json = try JSON.parse(bytes: data)
        } catch {
            return .damaged("it is not valid JSON (\(error.reason) at byte \(error.offset))")
        }
        guard case .object = json else { return .damaged("it is not a JSON object") }
        var version = 1
        if let v = json["version"] {
            guard let n = v.exactIntValue, n >= 0 else { return .damaged("its \"version\" is not a whole number") }
            version = n
        }
        return version > current ? .newer(version) : .document(json, version: version)
    }

    /// The message for a newer file, said on stderr and in the log.
    static func newerMessage(_ what: String, path: String, version: Int, current: Int, consequence: String) -> String {
        "\(what) \(printable(path)) was written by a newer version of the game (version \(version); this one reads up to \(current)): it is left untouched, and \(consequence)"
    }
}
