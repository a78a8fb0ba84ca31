import GameCore

/// Which show-me demos a run shows, and which games' demos were seen. Windowed play shows
/// each game's demo the first time it opens and remembers that in the data folder (the
/// app's demo store saves through `save`); headless runs show demos only with `--demo`,
/// and a scripted run never marks a demo as seen (TESTING.md, decision 3): its `save` is nil
/// and what it saw lasts only for the run.
@MainActor
public final class DemoMemory {
    public enum Mode: Sendable { case off, firstTime }
    public var mode: Mode
    public private(set) var seen: Set<String>
    /// Keeps the seen games (nil: nothing is remembered past this run).
    public var save: ((Set<String>) -> Void)?

    public init(mode: Mode, seen: Set<String> = [], save: ((Set<String>) -> Void)? = nil) {
        self.mode = mode
        self.seen = seen
        self.save = save
    }

    /// True when `game` should open with its demo.
    public func shouldShow(_ game: GameKind) -> Bool { mode == .firstTime && !seen.contains(game.rawValue) }

    public func markSeen(_ game: GameKind) {
        guard seen.insert(game.rawValue).inserted else { return }
        save?(seen)
    }
}
