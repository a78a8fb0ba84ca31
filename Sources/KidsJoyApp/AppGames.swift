import Scenes

/// The games the app is put together with: the one place the program reads
/// `GameRegistry.standard` (issue #44). The scenes and the runtime are handed a registry
/// (GameApp's `games`: Home's shown games and every game, which the corner's filter lists); the
/// app's own commands (`--describe-games`, `report`, `--stress-record`), the score store's
/// known games and the settings' checks read this one. A test that registers a game of its own
/// hands GameApp another registry.
@MainActor
public enum AppGames {
    public static var registry: GameRegistry { .standard }
}
