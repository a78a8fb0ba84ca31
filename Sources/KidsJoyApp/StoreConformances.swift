import GameCore
import Settings
import Scenes
import Storage
import SystemIO
import Runtime

// The stores are Storage's, which never sees Scenes: the protocols the scenes reach them
// through (docs/developers.md, "Architecture": stores behind protocols) are declared met here.
extension HighScoreStore: ScoreKeeping, ProfileKeeping, ProgressReading {}
extension SettingsStore: SettingsKeeping, SwitchRemembering {}

extension HighScoreStore {
    /// A store of the app's games' scores (AppGames).
    public convenience init(directory: String, warn: @escaping (String) -> Void,
                            clock: @escaping () -> Double = { SystemFiles.now() },
                            makeID: @escaping () -> String = { HighScoreStore.randomID() }) {
        self.init(directory: directory, knownGames: AppGames.registry.ids, warn: warn, clock: clock, makeID: makeID)
    }
}

extension SettingsStore {
    /// settings.json as SettingsTable says (SettingsFile).
    public convenience init(directory: String, warn: @escaping (String) -> Void) {
        self.init(directory: directory, format: SettingsFile.self, warn: warn)
    }
}
