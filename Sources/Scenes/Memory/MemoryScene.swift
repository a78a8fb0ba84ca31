/// The Memory game scene (being built).
@MainActor
public final class MemoryScene: GameScene {
    public init(context: GameContext, level: Level) {
        super.init(context: context, kind: .memory, level: level)
    }
}
