import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// Issue 45, item 7: "Who's playing?" with one to three children stands its tiles in the
/// middle (not in the top-left corner), left to right and right to left, on a 4:3 and a
/// portrait screen; no tile is checked before a tap; pages with full rows keep their frames.
@MainActor
@Suite struct PickerCentreTests {
    static let shapes: [(Int, Int)] = [(1024, 768), (800, 1280)]

    /// The picker at start with `children` children, in `language`'s direction.
    static func picker(children: Int, rightToLeft: Bool) throws -> (GameRuntime, SceneStack) {
        let context = makeContext()
        context.profiles = try #require(context.scores as? any ProfileKeeping)
        for i in 0..<children { _ = context.profiles!.addChild(nickname: nil, avatar: Avatar.deterministic(for: "kid\(i)")) }
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = rightToLeft
        stack.apply([.show(.picker)])
        step(stack, seconds: 0.5)
        return (context, stack)
    }

    static func tileItems(_ stack: SceneStack) -> [JSON] {
        let items = stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        return items.filter { ($0["id"]?.stringValue ?? "").hasPrefix("player-") || $0["id"]?.stringValue == "add-child" }
    }

    @Test(arguments: [1, 2, 3], [false, true])
    func test_oneToThreeChildrenStandInTheMiddle(children: Int, rightToLeft: Bool) throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (w, h) in Self.shapes {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            let (_, stack) = try Self.picker(children: children, rightToLeft: rightToLeft)
            let frames = Self.tileItems(stack).map(frameOf)
            #expect(frames.count == children + 2)
            // Each row's tiles, as a block, are centred across the screen.
            for y in Set(frames.map(\.y)) {
                let row = frames.filter { $0.y == y }
                let middle = (row.map(\.minX).min()! + row.map(\.maxX).max()!) / 2
                #expect(abs(middle - Canvas1024.width / 2) <= 1, "\(w)x\(h) \(children) children, row at \(y): middle \(middle)")
            }
            // The block stands in the middle of the room under the bar too.
            let top = frames.map(\.minY).min()!, bottom = frames.map(\.maxY).max()!
            if w > h {
                #expect(abs((top + bottom) / 2 - PickerScene.tileFrame(0).minY - (PickerScene.tileFrame(5).maxY - PickerScene.tileFrame(0).minY) / 2) <= 1,
                        "\(w)x\(h): one row stands where two would be centred")
            }
            // In reading order: the guest first (left, or right in Arabic), "+" last.
            let guest = frameOf(try #require(Self.tileItems(stack).first { $0["id"]?.stringValue == "player-guest" }))
            let add = frameOf(try #require(Self.tileItems(stack).first { $0["id"]?.stringValue == "add-child" }))
            if guest.y == add.y { #expect(rightToLeft ? guest.x > add.x : guest.x < add.x) }
        }
    }

    @Test(arguments: [0, 1, 3], [false, true])
    func test_noTileIsCheckedBeforeATap(children: Int, rightToLeft: Bool) throws {
        let (context, stack) = try Self.picker(children: children, rightToLeft: rightToLeft)
        #expect(context.player == .guest)
        let items = stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        for item in items {
            #expect(item["selected"]?.boolValue != true && item["checked"]?.boolValue != true, "\(item)")
        }
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        #expect(!canvas.images.contains("check"), "no check mark on the guest at start")
    }

    @Test func test_aChildPlayingSeesNoCheckOnHerTileEither() throws {
        let (context, _) = try Self.picker(children: 2, rightToLeft: false)
        context.player = .child(context.children[1])
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.picker)])
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        #expect(!canvas.images.contains("check"))
    }

    @Test func test_pagesWithFullRowsKeepTheirFrames() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        // 4:3: five to a row from x 48, rows at 150 and 372.
        for slot in 0..<10 {
            #expect(PickerScene.tileFrame(slot, of: 10) == Rect(48 + Double(slot % 5) * 190, 150 + Double(slot / 5) * 222, 168, 200))
        }
        // A full first row above a shorter one keeps its places.
        for slot in 0..<5 { #expect(PickerScene.tileFrame(slot, of: 7) == PickerScene.tileFrame(slot, of: 10)) }
        Canvas1024.use(Canvas1024.size(forScreen: 800, 1280), screen: (800, 1280))
        for slot in 0..<12 { #expect(PickerScene.tileFrame(slot, of: 12) == PickerScene.tileFrame(slot)) }
        for slot in 0..<3 { #expect(PickerScene.tileFrame(slot, of: 5).x == PickerScene.tileFrame(slot, of: 6).x) }
    }
}
