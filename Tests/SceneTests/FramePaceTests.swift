import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// Which pace the windowed loop draws at (issue 31): the top scene's, smooth while the
/// fade-in or the tap guard runs. Stepped frames, no window.
@Suite @MainActor struct FramePaceTests {
    @Test func test_balloonsIsCalm_onceItsFadeInEnds() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        #expect(stack.framePace == .smooth, "Home")
        stack.apply([.show(.game(.balloons, .hard))])
        #expect(stack.names == ["home", "balloons"])
        #expect(stack.transitionLeft != nil)
        #expect(stack.framePace == .smooth, "the fade-in is drawn at every step")
        step(stack, seconds: SceneStack.transitionDuration + 0.05)
        #expect(stack.transitionLeft == nil)
        #expect(stack.needsFrames && stack.framePace == .calm)
    }

    @Test func test_memoryAndSortingAreSmooth() {
        for kind in [GameKind.memory, .sorting] {
            let context = makeContext()
            let stack = SceneStack(root: HomeScene(context: context), runtime: context)
            stack.apply([.show(.game(kind, .hard))])
            step(stack, seconds: 1)
            #expect(stack.top.name == kind.rawValue)
            #expect(stack.framePace == .smooth, "\(kind) follows a finger")
        }
    }

    /// Back over a calm game opens the leave question: smooth while it shows (and through
    /// the tap guard of the press that opened it); "No" closes it, the guard of that press
    /// is smooth too, and then Balloons is calm again.
    @Test func test_anAlertOverBalloonsIsSmooth_andBalloonsIsCalmAgainAfterIt() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.game(.balloons, .easy))])
        step(stack, seconds: 1)
        #expect(stack.framePace == .calm)
        tap(stack, TopBar.backFrame.center)
        #expect(stack.names == ["home", "balloons", "alert"])
        #expect(stack.tapGuardRunning && stack.framePace == .smooth)
        step(stack, seconds: SceneStack.tapGuard + 0.1)
        #expect(!stack.tapGuardRunning)
        #expect(stack.framePace == .smooth, "the alert is smooth")
        let no = try #require(stack.focusItems.first { $0.id.hasSuffix("no") }, "\(stack.focusItems.map(\.id))")
        stack.handle(.pointerDown(no.frame.center))
        stack.handle(.pointerUp(no.frame.center))
        #expect(stack.names == ["home", "balloons"])
        #expect(stack.tapGuardRunning && stack.framePace == .smooth, "the guard of the press that closed it")
        step(stack, seconds: SceneStack.tapGuard + 0.1)
        #expect(stack.framePace == .calm)
    }
}
