/// The Balloons game scene (being built).
@MainActor
public final class BalloonScene: GameScene {
    public init(context: GameContext, level: Level) {
        super.init(context: context, kind: .balloons, level: level)
    }
}
