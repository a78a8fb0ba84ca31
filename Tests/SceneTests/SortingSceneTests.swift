import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The Sorting scene driven headless through a SceneStack, stepping time at 1/60 s. As in
/// the app, a frame handles input first and then runs one update; the game time of input
/// after n updates is n/60 s, and the update that follows runs the rules at that same time.
final class SortingSceneTests: XCTestCase {
    private struct Game {
        let context: GameContext
        let stack: SceneStack
        let scene: SortingScene
    }

    // Linux XCTest discovery crashes on a class whose tests are all @MainActor and not
    // throwing ("Could not cast value of type ... @MainActor () -> ()"); one nonisolated
    // throwing test makes the discovered list's type the plain throwing one.
    func test_constants_glideIsTwoAndAHalfSeconds_liftIsASlightScaleUp() throws {
        XCTAssertEqual(SortingScene.glideDuration, 2.5)
        XCTAssertTrue((2.0...3.0).contains(SortingScene.glideDuration))
        XCTAssertEqual(SortingScene.liftScale, 1.15)
        XCTAssertEqual(SortingRules.definition.title.english, "Sorting")
    }

    @MainActor
    private func startGame(_ level: Level = .hard, seed: UInt64 = 7) -> Game {
        let context = makeContext(seed: seed)
        let stack = SceneStack(root: HomeScene(context: context), log: context.log)
        let scene = SortingScene(context: context, level: level)
        stack.apply([.push(scene)])
        return Game(context: context, stack: stack, scene: scene)
    }

    @MainActor
    private func frames(_ game: Game, _ count: Int) {
        for _ in 0..<count { game.stack.update(dt: GameApp.step) }
    }

    /// Press at `from`, move there in a few steps and let go at `to`, all within one frame.
    @MainActor
    private func drag(_ game: Game, from: Point, to: Point) {
        game.stack.handle(.pointerDown(from))
        for s in 1...4 { game.stack.handle(.pointerMoved(Point.lerp(from, to, Double(s) / 4))) }
        game.stack.handle(.pointerUp(to))
    }

    private func zonePoint(_ category: VehicleCategory, _ k: Int = 0) -> Point {
        let rect = SortingLayout.zones.first { $0.category == category }!.rect
        return Point(rect.x + 90 + Double(k % 3) * 120, rect.y + 120 + Double(k / 3) * 60)
    }

    @MainActor
    private func firstVehicle(_ game: Game, _ category: VehicleCategory, other: Bool = false) -> Int {
        game.scene.rules.vehicles.indices.first { (game.scene.rules.vehicles[$0].category == category) != other }!
    }

    @MainActor
    private func wrongCategory(_ category: VehicleCategory) -> VehicleCategory {
        category == .air ? .water : .air
    }

    @MainActor
    private func deltas(_ game: Game) -> [Int] { game.context.log.events("score").compactMap { $0["delta"]?.intValue } }

    // MARK: - Scoring through the scene clock

    @MainActor
    func test_placementAtExactlyTwoSeconds_scoresFive_thenFourAtFour_thenThreeOneFrameLater() {
        let game = startGame()
        let v = game.scene.rules.vehicles
        frames(game, 120)
        drag(game, from: game.scene.home(of: 0).center, to: zonePoint(v[0].category))
        frames(game, 240)
        drag(game, from: game.scene.home(of: 1).center, to: zonePoint(v[1].category, 1))
        frames(game, 241)
        drag(game, from: game.scene.home(of: 2).center, to: zonePoint(v[2].category, 2))
        XCTAssertEqual(deltas(game), [5, 4, 3])
        XCTAssertEqual(game.scene.dumpFields().first?.1, .int(12))
    }

    @MainActor
    func test_placementOneFrameAfterTwoSeconds_scoresFour() {
        let game = startGame()
        frames(game, 121)
        drag(game, from: game.scene.home(of: 0).center, to: zonePoint(game.scene.rules.vehicles[0].category))
        XCTAssertEqual(deltas(game), [4])
    }

    @MainActor
    func test_wrongDrop_doesNotRestartTheScoringClock() {
        let game = startGame()
        let air = firstVehicle(game, .air), notAir = firstVehicle(game, .air, other: true)
        frames(game, 60)
        drag(game, from: game.scene.home(of: notAir).center, to: zonePoint(.air))
        frames(game, 90)
        drag(game, from: game.scene.home(of: air).center, to: zonePoint(.air))
        XCTAssertEqual(deltas(game), [4], "2.5 s since the start")
    }

    // MARK: - Correct and wrong drops

    @MainActor
    func test_correctDrop_staysWhereLetGo_keptInsideItsZone_andNoLongerReacts() {
        let game = startGame()
        let i = firstVehicle(game, .water)
        let water = SortingLayout.zones.first { $0.category == .water }!.rect
        // Grabbed at its centre and let go near the zone's corner: the frame is pulled inside.
        let release = Point(water.minX + 5, water.maxY - 5)
        drag(game, from: game.scene.home(of: i).center, to: release)
        XCTAssertEqual(game.scene.state(of: i), .placed)
        let frame = game.scene.frame(of: i)
        XCTAssertTrue(water.contains(frame))
        XCTAssertEqual(frame.minX, water.minX)
        XCTAssertEqual(frame.maxY, water.maxY)
        // Let go in the middle: it stays exactly where it was dropped.
        let j = game.scene.rules.vehicles.indices.filter { game.scene.rules.vehicles[$0].category == .water }[1]
        drag(game, from: game.scene.home(of: j).center, to: water.center)
        assertSameFrame(game.scene.frame(of: j), Rect(center: water.center, size: game.scene.home(of: j).size))
        // Placed vehicles no longer react.
        frames(game, 60)
        game.stack.handle(.pointerDown(game.scene.frame(of: j).center))
        game.stack.handle(.pointerUp(zonePoint(.air)))
        XCTAssertEqual(game.scene.state(of: j), .placed)
        XCTAssertEqual(game.context.log.events("pick").count, 2)
        let drop = game.context.log.events("drop").first!
        XCTAssertEqual(drop["correct"], .bool(true))
        XCTAssertEqual(drop["zone"], .string("zone-water-1"))
        XCTAssertEqual(drop["at"], .array([.int(Int(release.x)), .int(Int(release.y))]))
        let sounds = game.context.log.events("sound").compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(Array(sounds.prefix(3)), ["pick", "correct", "coin"])
    }

    @MainActor
    func test_wrongDrop_glidesHomeInExactlyTheGlideDuration_eased_toExactlyItsHomeFrame() {
        // Let go on the land, below the sea, and back in the row: the same glide from each.
        for target in [Point(700, 600), Point(30, 745), Point(512, 120)] {
            let game = startGame()
            let i = firstVehicle(game, .air)
            let home = game.scene.home(of: i)
            drag(game, from: home.center, to: target)
            XCTAssertEqual(game.scene.state(of: i), .returning)
            let start = Rect(center: target, size: home.size)
            assertSameFrame(game.scene.frame(of: i), start, "it starts from where it was let go")
            let drop = game.context.log.events("drop").last!
            XCTAssertEqual(drop["correct"], .bool(false))
            XCTAssertEqual(game.context.log.events("sound").last?["name"], .string("oops"))
            let total = Int((SortingScene.glideDuration * 60).rounded())
            XCTAssertEqual(total, 150)
            // The update of the drop's own frame is the glide's time 0.
            frames(game, total / 2 + 1)
            let mid = game.scene.frame(of: i)
            XCTAssertEqual(mid.x, (start.x + home.x) / 2, accuracy: 0.01, "easeInOutCubic is half way at half time")
            XCTAssertEqual(mid.y, (start.y + home.y) / 2, accuracy: 0.01)
            frames(game, total / 10)
            let later = game.scene.frame(of: i)
            let travelled = start.origin.distance(to: later.origin) / start.origin.distance(to: home.origin)
            XCTAssertEqual(travelled, Easing.easeInOutCubic(0.6), accuracy: 0.001, "eased, not linear (0.6)")
            frames(game, total - total / 2 - total / 10 - 1)
            XCTAssertEqual(game.scene.state(of: i), .returning, "one frame before the end")
            XCTAssertNotEqual(game.scene.frame(of: i), home)
            XCTAssertTrue(game.context.log.events("returned").isEmpty)
            frames(game, 1)
            XCTAssertEqual(game.scene.state(of: i), .waiting)
            XCTAssertEqual(game.scene.frame(of: i), home)
            let returned = game.context.log.events("returned")
            XCTAssertEqual(returned.count, 1)
            XCTAssertEqual(returned.first?["vehicle"], .string("vehicle-\(i)"))
            XCTAssertEqual(returned.first?["seconds"]?.doubleValue ?? 0, 2.5, accuracy: 1e-9)
        }
    }

    @MainActor
    func test_glidingVehicle_canBeCaughtAgain_fromItsCurrentPosition() {
        let game = startGame()
        let i = firstVehicle(game, .air)
        drag(game, from: game.scene.home(of: i).center, to: zonePoint(.land))
        frames(game, 60)
        let caught = game.scene.frame(of: i)
        XCTAssertNotEqual(caught, game.scene.home(of: i))
        game.stack.handle(.pointerDown(caught.center))
        XCTAssertEqual(game.scene.state(of: i), .dragging)
        XCTAssertEqual(game.context.log.events("pick").count, 2)
        // The glide is cancelled: the vehicle stays with the pointer however long it is held.
        frames(game, 180)
        assertSameFrame(game.scene.frame(of: i), caught)
        game.stack.handle(.pointerMoved(zonePoint(.air)))
        assertSameFrame(game.scene.frame(of: i), Rect(center: zonePoint(.air), size: caught.size))
        game.stack.handle(.pointerUp(zonePoint(.air)))
        XCTAssertEqual(game.scene.state(of: i), .placed)
        frames(game, 200)
        XCTAssertTrue(game.context.log.events("returned").isEmpty)
        assertSameFrame(game.scene.frame(of: i), Rect(center: zonePoint(.air), size: caught.size))
    }

    @MainActor
    func test_focusLostMidDrag_sendsTheVehicleHome_afterThePause() {
        let game = startGame()
        let home = game.scene.home(of: 2)
        game.stack.handle(.pointerDown(home.center))
        game.stack.handle(.pointerMoved(Point(600, 600)))
        game.stack.handle(.focusLost)
        XCTAssertEqual(game.scene.state(of: 2), .returning)
        XCTAssertTrue(game.scene.isPaused)
        frames(game, 300)
        XCTAssertEqual(game.scene.state(of: 2), .returning, "a paused game holds the glide")
        game.stack.handle(.pointerUp(Point(600, 600)))
        XCTAssertFalse(game.scene.isPaused)
        XCTAssertTrue(game.context.log.events("drop").isEmpty, "no drop: the release never came")
        frames(game, 151)
        XCTAssertEqual(game.scene.state(of: 2), .waiting)
        XCTAssertEqual(game.scene.frame(of: 2), home)
    }

    @MainActor
    func test_dropIsJudgedByTheReleasePoint_notByTheVehicleFrame() {
        let game = startGame()
        let air = SortingLayout.zones.first { $0.category == .air }!.rect
        let airIDs = game.scene.rules.vehicles.indices.filter { game.scene.rules.vehicles[$0].category == .air }
        XCTAssertGreaterThanOrEqual(airIDs.count, 2)
        // Grabbed by its top-left corner and let go just inside the zone's bottom edge: the
        // frame hangs below the zone, yet the drop counts.
        let a = airIDs[0], homeA = game.scene.home(of: a)
        drag(game, from: homeA.origin.offset(1, 1), to: Point(air.midX, air.maxY - 0.5))
        XCTAssertEqual(game.scene.state(of: a), .placed)
        // Grabbed by its top-left corner and let go just outside the zone's left edge: the
        // frame is almost all inside, yet the drop is wrong. Caught again and let go exactly
        // on the edge, it counts.
        let b = airIDs[1], homeB = game.scene.home(of: b)
        drag(game, from: homeB.origin.offset(1, 1), to: Point(air.minX - 0.5, air.midY))
        XCTAssertGreaterThan(game.scene.frame(of: b).maxX, air.minX + 60)
        XCTAssertEqual(game.scene.state(of: b), .returning)
        XCTAssertEqual(game.context.log.events("drop").last?["zone"], .null)
        frames(game, 30)
        game.stack.handle(.pointerDown(game.scene.frame(of: b).center))
        game.stack.handle(.pointerUp(Point(air.minX, air.midY)))
        XCTAssertEqual(game.scene.state(of: b), .placed)
    }

    // MARK: - Whole games

    @MainActor
    func test_wholeGame_wonByDraggingFromADump_isRecorded() {
        let game = startGame(.hard, seed: 11)
        let items = game.scene.dump().first { $0.0 == "items" }!.1.arrayValue!
        let vehicles = items.filter { $0["kind"]?.stringValue == "vehicle" }
        let zones = items.filter { $0["kind"]?.stringValue == "zone" }
        XCTAssertEqual(vehicles.count, 12)
        XCTAssertEqual(zones.map { $0["id"]?.stringValue }, ["zone-air-1", "zone-water-1", "zone-land-1"])
        var used: [String: Int] = [:]
        for vehicle in vehicles {
            XCTAssertEqual(vehicle["state"], .string("waiting"))
            XCTAssertEqual(vehicle["home"], vehicle["frame"])
            let category = vehicle["category"]!.stringValue!
            let zone = zones.first { $0["category"]?.stringValue == category }!
            let k = used[category, default: 0]
            used[category] = k + 1
            let target = zone.frameCenter!.offset(Double(k % 3 - 1) * 110, Double(k / 3) * 40 - 20)
            drag(game, from: vehicle.frameCenter!, to: target)
            frames(game, 12)
        }
        XCTAssertTrue(game.context.log.events("gameover").isEmpty, "the win waits for the last bounce")
        frames(game, 60)
        let over = game.context.log.events("gameover")
        XCTAssertEqual(over.count, 1)
        XCTAssertEqual(over.first?["result"], .string("won"))
        XCTAssertEqual(over.first?["reason"], .string("all-placed"))
        XCTAssertEqual(over.first?["score"], .int(60))
        XCTAssertEqual(over.first?["recorded"], .bool(true))
        XCTAssertEqual(game.context.scores.table.entries.count, 1)
        XCTAssertEqual(game.stack.names, ["home", "sorting", "alert"])
        XCTAssertTrue(game.context.log.events("drop").allSatisfy { $0["correct"] == .bool(true) })
    }

    @MainActor
    func test_timeRunsOut_lost_notRecorded() {
        let game = startGame(.hard)
        drag(game, from: game.scene.home(of: 0).center, to: zonePoint(game.scene.rules.vehicles[0].category))
        // Hold another one when the time runs out.
        game.stack.handle(.pointerDown(game.scene.home(of: 1).center))
        frames(game, 30 * 60)
        XCTAssertTrue(game.context.log.events("gameover").isEmpty)
        XCTAssertEqual(game.scene.dumpFields().last?.1, .int(1))
        frames(game, 1)
        let over = game.context.log.events("gameover")
        XCTAssertEqual(over.count, 1)
        XCTAssertEqual(over.first?["result"], .string("lost"))
        XCTAssertEqual(over.first?["reason"], .string("time"))
        XCTAssertEqual(over.first?["score"], .int(5))
        XCTAssertEqual(over.first?["recorded"], .bool(false))
        XCTAssertTrue(game.context.scores.table.entries.isEmpty)
        XCTAssertEqual(game.scene.state(of: 1), .waiting)
        XCTAssertEqual(game.stack.names, ["home", "sorting", "alert"])
        let timers = game.context.log.events("timer").compactMap { $0["left"]?.intValue }
        XCTAssertEqual(timers, Array((0...30).reversed()))
        let ticks = game.context.log.events("sound").filter { $0["name"] == .string("tick") }
        XCTAssertEqual(ticks.count, 10)
    }

    @MainActor
    func test_back_leavesAtOnce_nothingRecorded() {
        let game = startGame(.easy)
        drag(game, from: game.scene.home(of: 0).center, to: zonePoint(game.scene.rules.vehicles[0].category))
        tap(game.stack, TopBar.backFrame.center)
        XCTAssertEqual(game.stack.names, ["home"])
        XCTAssertTrue(game.context.scores.table.entries.isEmpty)
        XCTAssertTrue(game.context.log.events("gameover").isEmpty)
    }

    @MainActor
    func test_sameSeed_sameRow_andTheLevelSetsTheCount() {
        let a = startGame(.medium, seed: 5), b = startGame(.medium, seed: 5)
        XCTAssertEqual(a.scene.rules.vehicles, b.scene.rules.vehicles)
        XCTAssertEqual(a.scene.vehicleCount, 10)
        XCTAssertEqual(startGame(.easy).scene.vehicleCount, 8)
    }

    // MARK: - Dump and drawing

    @MainActor
    func test_dump_showsStatesThroughADrag() {
        let game = startGame(.easy)
        func item(_ id: String) -> JSON {
            game.scene.dump().first { $0.0 == "items" }!.1.arrayValue!.first { $0["id"]?.stringValue == id }!
        }
        let home = game.scene.home(of: 0)
        XCTAssertEqual(item("vehicle-0")["kind"], .string("vehicle"))
        XCTAssertEqual(item("vehicle-0")["category"], .string(game.scene.rules.vehicles[0].category.rawValue))
        game.stack.handle(.pointerDown(home.center))
        XCTAssertEqual(item("vehicle-0")["state"], .string("dragging"))
        game.stack.handle(.pointerMoved(Point(512, 410)))
        XCTAssertEqual(item("vehicle-0")["frame"], Rect(center: Point(512, 410), size: home.size).json)
        XCTAssertEqual(item("vehicle-0")["home"], home.json)
        game.stack.handle(.pointerUp(Point(512, 410)))
        XCTAssertEqual(item("vehicle-0")["state"], .string("returning"))
        XCTAssertEqual(item("zone-land-1")["category"], .string("land"))
        XCTAssertEqual(item("zone-land-1")["kind"], .string("zone"))
        XCTAssertEqual(item("back")["kind"], .string("button"))
    }

    @MainActor
    func test_drawing_zonesHaveIconAndLabel_andTheDraggedVehicleIsDrawnLast() {
        let game = startGame(.hard)
        let canvas = RecordingCanvas()
        game.stack.draw(on: canvas)
        XCTAssertEqual(canvas.images.first, "bg-sorting")
        for category in VehicleCategory.allCases {
            XCTAssertTrue(canvas.images.contains(category.iconName))
            XCTAssertTrue(canvas.texts.contains(SortingScene.zoneName(category).english))
        }
        game.stack.handle(.pointerDown(game.scene.home(of: 4).center))
        game.stack.handle(.pointerMoved(Point(500, 40)))
        frames(game, 10)
        let lifted = RecordingCanvas()
        game.stack.draw(on: lifted)
        guard case .image(let name, let frame)? = lifted.calls.last else { return XCTFail("no image last") }
        XCTAssertEqual(name, game.scene.rules.vehicles[4].imageName)
        assertSameFrame(frame, Rect(center: Point(500, 40), size: game.scene.home(of: 4).size), "over the top bar, following the pointer")
    }

    // MARK: - Scripted play through the real app

    @MainActor
    func test_script_fromHome_dragVerb_logsPickAndDrop() {
        let slot = SortingLayout.slots(count: 12)[0].center
        guard let lines = try? runScript("""
            0.2 tap 512 224
            0.4 tap 776 440
            0.6 tap 512 646
            1.0 dump
            1.2 drag \(Int(slot.x)) \(Int(slot.y)) 240 600 0.3
            2.0 dump
            """, seed: 3) else { return XCTFail("the script did not run") }
        let category = lines.events("dump").first?["items"]?.arrayValue?
            .first { $0["id"]?.stringValue == "vehicle-0" }?["category"]?.stringValue
        XCTAssertNotNil(category)
        XCTAssertEqual(lines.events("pick").first?["vehicle"], .string("vehicle-0"))
        let drop = lines.events("drop").first
        XCTAssertEqual(drop?["vehicle"], .string("vehicle-0"))
        XCTAssertEqual(drop?["at"], .array([.int(240), .int(600)]))
        XCTAssertEqual(drop?["correct"], .bool(category == "water"))
        XCTAssertEqual(drop?["zone"], .string("zone-water-1"))
        let state = lines.lastDumpItems().first { $0["id"]?.stringValue == "vehicle-0" }?["state"]
        XCTAssertEqual(state, .string(category == "water" ? "placed" : "returning"))
    }
}

extension Point {
    fileprivate func offset(_ dx: Double, _ dy: Double) -> Point { Point(x + dx, y + dy) }
}

/// Frames computed along different arithmetic paths agree to far below a pixel.
private func assertSameFrame(_ a: Rect, _ b: Rect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    for (u, v) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
        XCTAssertEqual(u, v, accuracy: 1e-6, "\(a) vs \(b) \(message)", file: file, line: line)
    }
}
