import GameCore
import SystemIO

/// Which games' show-me demos a child has seen: demos.json beside settings.json,
/// `{"version":1,"seen":["memory"]}`. Written atomically on the save queue under the data
/// folder's lock, like the settings; a damaged or unreadable file only means the demos show
/// again (said once on stderr), never a crash.
@MainActor
public final class DemoStore {
    public nonisolated static let fileName = "demos.json"
    public nonisolated static let sizeLimit = 65_536
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    public private(set) var seen: Set<String> = []
    /// The file's version when it is newer than this game's: left untouched, never saved over.
    public private(set) var keptNewer: Int?
    private let warn: (String) -> Void
    private let mailbox = Mailbox()
    private var reportedSaveFailure = false

    public init(directory: String, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.warn = warn
        SaveQueue.shared.waitUntilIdle()
        load()
    }

    /// The file's text for a set of games (sorted: the same set gives the same bytes).
    nonisolated static func fileData(_ seen: Set<String>) -> [UInt8] {
        [UInt8]((JSON.object([("version", .int(version)), ("seen", .strings(seen.sorted()))]).serialized() + "\n").utf8)
    }

    nonisolated static let version = 1

    /// The games a file names; nil when it is not such a file.
    nonisolated static func parse(_ data: [UInt8]) -> Set<String>? {
        guard case .document(let json, _) = StoreJSON.read(data, current: version) else { return nil }
        return json["seen"]?.stringArrayValue.map(Set.init)
    }

    private func load() {
        switch AtomicFile.read(path, limit: Self.sizeLimit) {
        case .missing: return
        case .notAFile(let why), .unreadable(let why):
            warn("demo file \(printable(path)) cannot be read (\(why)); the show-me demos will show again")
        case .data(let data):
            if case .newer(let v) = StoreJSON.read(data, current: Self.version) {
                keptNewer = v
                warn(StoreJSON.newerMessage("demo file", path: path, version: v, current: Self.version,
                                            consequence: "the show-me demos will show again this time"))
                return
            }
            guard let games = Self.parse(data) else {
                warn("demo file \(printable(path)) is damaged; the show-me demos will show again, and it will be written anew")
                return
            }
            seen = games
        }
    }

    /// Remembers `games` as seen (in the background; a failure is said once).
    public func save(_ games: Set<String>) {
        deliverMessages()
        seen = games
        guard keptNewer == nil else { return }
        let data = Self.fileData(games)
        let path = path, directory = directory, mailbox = mailbox
        SaveQueue.shared.async {
            do {
                try AtomicFile.makeDirectories(directory)
                try AtomicFile.withLock(HighScoreStore.lockPath(directory)) { try AtomicFile.write(data, to: path) }
            } catch {
                mailbox.post("cannot save which demos were seen in \(printable(directory)) (\(error)); they may show again", saveFailure: true)
            }
        }
    }

    /// Waits for the saves asked for so far (tests), then reports what went wrong.
    public func waitForPendingSaves() {
        SaveQueue.shared.waitUntilIdle()
        deliverMessages()
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
