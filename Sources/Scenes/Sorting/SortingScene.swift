/// The Sorting game scene (being built).
@MainActor
public final class SortingScene: GameScene {
    public init(context: GameContext, level: Level) {
        super.init(context: context, kind: .sorting, level: level)
    }
}
