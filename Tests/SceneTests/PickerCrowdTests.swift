import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime

/// Issue #46, item 11: a database holding thousands of children (5,040 took 0.26 s a frame:
/// every frame made the whole tile list once per page dot, and drew a dot for each of the
/// 505 pages). A frame lays out and draws only the page's tiles, and its work is the same
/// for 50 children as for 5,000.
@Suite @MainActor struct PickerCrowdTests {
    static func picker(children: Int) throws -> (SceneStack, PickerScene) {
        let context = makeContext()
        context.profiles = context.scores as? any ProfileKeeping
        let scores = try #require(context.scores as? InMemoryScores)
        scores.addCrowd(children)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.picker)])
        return (stack, try #require(stack.top as? PickerScene))
    }

    /// One frame as the app makes it (a step, then a draw), on a canvas that counts calls.
    static func frame(_ stack: SceneStack) -> [RecordingCanvas.Call] {
        let canvas = RecordingCanvas()
        stack.step()
        stack.draw(on: canvas)
        return canvas.calls
    }

    static func circles(_ calls: [RecordingCanvas.Call]) -> Int {
        calls.filter { if case .circle = $0 { return true } else { return false } }.count
    }

    @Test func aFrameOfFiveThousandChildrenDrawsOnlyItsPage() throws {
        let (stack, picker) = try Self.picker(children: 5_000)
        #expect(picker.pages == 501)
        for turn in 0..<3 {
            let calls = Self.frame(stack)
            let tiles = picker.dumpItems().filter { $0["kind"]?.stringValue == "avatar" }.count
            #expect(tiles == PickerScene.perPage, "page \(picker.page + 1): \(tiles) tiles laid out")
            // The page's tiles (a card, a picture, a name each), the bar, the arrows and the
            // page dots: a few screens' worth, not one dot per page.
            #expect(calls.count < 12 * PickerScene.perPage, "page \(picker.page + 1): \(calls.count) drawing calls")
            #expect(Self.circles(calls) <= 9, "page \(picker.page + 1): \(Self.circles(calls)) page dots")
            if turn < 2 { calmTap(stack, PickerScene.nextFrame.center) }
        }
        #expect(picker.page == 2)
    }

    @Test func aFrameCostsTheSameForFiftyAndFiveThousandChildren() throws {
        var drawn: [Int: [Int]] = [:], looked: [Int: [Int]] = [:]
        for count in [50, 500, 5_000] {
            let (stack, picker) = try Self.picker(children: count)
            for turn in 0..<4 {
                let before = picker.tileLookups
                drawn[count, default: []].append(Self.frame(stack).count)
                looked[count, default: []].append(picker.tileLookups - before)
                if turn < 3 { calmTap(stack, PickerScene.nextFrame.center) }
            }
        }
        // Only the page's tiles looked at, page by page (the old frame made the whole list of
        // tiles once per page dot: 2.5 million tiles a frame at 5,000 children), and the same
        // drawing calls (50 children are 6 pages, 6 dots; from 9 pages on, 9 dots).
        #expect(looked[50] == looked[5_000] && looked[500] == looked[5_000], "\(looked)")
        #expect(drawn[500] == drawn[5_000], "\(drawn)")
        #expect(looked[5_000]!.allSatisfy { $0 <= PickerScene.perPage }, "\(looked)")
    }

    /// Fifty children: every page has its dot, as a class of 40 always had.
    @Test func aClassKeepsADotForEveryPage() throws {
        let (stack, picker) = try Self.picker(children: 50)
        #expect(picker.pages == 6 && Self.circles(Self.frame(stack)) == 6)
        #expect(PickerScene.dots(page: 0, of: 501) == 0..<9 && PickerScene.dots(page: 250, of: 501) == 246..<255
                && PickerScene.dots(page: 500, of: 501) == 492..<501)
    }
}
