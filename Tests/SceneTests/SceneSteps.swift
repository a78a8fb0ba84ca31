import Testing
@testable import GameCore
@testable import Scenes
import Stage
import Runtime

// Steps many scene tests take (from ChildAloneTests and CornerTests, which the other targets
// now hold).

/// A tap after the tap guard's 0.3 s (TESTING decision 2): each tap here is a new press.
@MainActor
func calmTap(_ stack: SceneStack, _ p: Point) {
    step(stack, seconds: SceneStack.tapGuard + 0.05)
    tap(stack, p)
}

/// Back in a game asks first (issue 26): past the tap guard, the door (`alert-yes`) leaves.
@MainActor
func answerDoor(_ stack: SceneStack, log: EventLog? = nil) {
    step(stack, seconds: SceneStack.tapGuard + 0.05, log: log)
    tap(stack, Point(388, 498), log: log)
}
