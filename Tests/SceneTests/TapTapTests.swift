import Testing
@testable import GameCore
@testable import Scenes

/// Sorting without dragging (tap a vehicle, then a zone) and several fingers at once
/// (issue 18, items 1 and 4).
@Suite @MainActor struct TapTapTests {
    typealias Game = SceneDriver<SortingScene>

    private func startGame(_ level: Level = .hard, seed: UInt64 = 7) -> Game {
        Game(seed: seed) { SortingScene(context: $0, level: level) }
    }

    private func zone(_ category: VehicleCategory) -> SortingZone {
        SortingLayout.zones.first { $0.category == category }!
    }

    private func vehicle(_ game: Game, _ category: VehicleCategory, other: Bool = false, skip: Int = 0) -> Int {
        game.scene.rules.vehicles.indices.filter { (game.scene.rules.vehicles[$0].category == category) != other }[skip]
    }

    private func state(_ game: Game, _ index: Int) -> String? {
        game.scene.dumpItems().first { $0["id"]?.stringValue == SortingPlay.id(index) }?["state"]?.stringValue
    }

    // MARK: - Tap a vehicle, then a zone

    @Test func test_tapLifts_thenTapOnItsZone_placesIt_dropAtIsTheZoneCentre() throws {
        let game = startGame()
        let i = vehicle(game, .water)
        game.frames(30)
        game.tap(game.scene.home(of: i).center)
        game.frames(5)
        #expect(game.scene.state(of: i) == .lifted)
        #expect(state(game, i) == "lifted")
        #expect(game.events("pick").map { $0["vehicle"]?.stringValue } == [SortingPlay.id(i)])
        #expect(game.events("lift").map { $0["vehicle"]?.stringValue } == [SortingPlay.id(i)])
        #expect(game.events("sound").contains { $0["name"]?.stringValue == "pick" })
        #expect(game.events("drop").isEmpty, "a tap is no drop")
        sameFrame(game.scene.frame(of: i), game.scene.home(of: i), "lifted in its slot")
        // A tap anywhere on the water (not its centre) sends it there.
        let water = zone(.water).rect
        game.tap(Point(water.minX + 60, water.maxY - 60))
        game.frames(1)
        #expect(game.scene.state(of: i) == .placed)
        let drop = try #require(game.events("drop").first)
        #expect(drop["correct"]?.boolValue == true)
        #expect(drop["zone"]?.stringValue == zone(.water).id)
        #expect(drop["at"]?.arrayValue?.compactMap(\.doubleValue) == [water.midX, water.midY])
        #expect(game.events("score").map { $0["delta"]?.intValue } == [5])
        #expect(water.contains(game.scene.frame(of: i)), "placed inside the water")
        #expect(game.scene.frame(of: i) == SortingLayout.places(in: zone(.water), size: game.scene.home(of: i).width)[0],
                "settled in the water's first place")
    }

    @Test func test_tapTapToTheWrongZone_glidesBackInTheUsualTime() throws {
        let game = startGame()
        let i = vehicle(game, .air)
        game.tap(game.scene.home(of: i).center)
        game.frames(3)
        game.tap(zone(.land).rect.center)
        let drop = try #require(game.events("drop").first)
        #expect(drop["correct"]?.boolValue == false)
        #expect(drop["zone"]?.stringValue == zone(.land).id)
        #expect(drop["at"]?.arrayValue?.compactMap(\.doubleValue) == [zone(.land).rect.midX, zone(.land).rect.midY])
        #expect(game.scene.state(of: i) == .returning)
        game.frames(1)
        #expect(!game.stack.focusItems.contains { $0.id == SortingPlay.id(i) }, "the ring skips a vehicle gliding home")
        game.step(3)
        #expect(game.scene.state(of: i) == .waiting)
        let returned = try #require(game.events("returned").first)
        #expect(abs((returned["seconds"]?.doubleValue ?? 0) - SortingPlay.glideDuration) < 1e-6)
        #expect(game.events("score").isEmpty)
    }

    @Test func test_tappingTheLiftedVehicleAgain_putsItDown_andAnotherTapSwitches() {
        let game = startGame()
        game.tap(game.scene.home(of: 0).center)
        game.frames(2)
        #expect(game.scene.state(of: 0) == .lifted)
        game.tap(game.scene.home(of: 0).center)
        game.frames(20)
        #expect(game.scene.state(of: 0) == .waiting)
        #expect(game.events("putdown").map { $0["vehicle"]?.stringValue } == ["vehicle-0"])
        #expect(game.events("drop").isEmpty)
        // Lift one, then tap another: the first goes down, the second is lifted.
        game.tap(game.scene.home(of: 1).center)
        game.frames(2)
        game.tap(game.scene.home(of: 2).center)
        game.frames(2)
        #expect(game.scene.state(of: 1) == .waiting)
        #expect(game.scene.state(of: 2) == .lifted)
        // A tap on the picture outside every zone (the row band) keeps it lifted and is answered.
        game.tap(Point(game.scene.home(of: 2).maxX + 3, 100))
        game.frames(2)
        #expect(game.scene.state(of: 2) == .lifted)
        #expect(game.events("hint").contains { $0["kind"]?.stringValue == "nothing-here" })
    }

    @Test func test_aLiftedVehicleCanStillBeDragged_andADragIsUnchanged() throws {
        let game = startGame()
        let i = vehicle(game, .land)
        game.tap(game.scene.home(of: i).center)
        game.frames(2)
        let to = Point(zone(.land).rect.midX + 40, zone(.land).rect.midY + 30)
        game.drag(from: game.scene.home(of: i).center, to: to)
        #expect(game.scene.state(of: i) == .placed)
        let drop = try #require(game.events("drop").first)
        #expect(drop["at"]?.arrayValue?.compactMap(\.doubleValue) == [to.x, to.y], "a drag's drop is where it was let go")
        #expect(game.events("pick").count == 1, "picked once, by the tap")
        // A plain drag never lifts.
        let j = vehicle(game, .water)
        game.drag(from: game.scene.home(of: j).center, to: zone(.water).rect.center)
        #expect(game.scene.state(of: j) == .placed)
        #expect(game.events("lift").count == 1)
    }

    /// Keys: the ring goes to a vehicle, Return lifts it, the ring goes down to its zone,
    /// Return places it (the drop at the zone frame's centre).
    @Test func test_keysLiftAndPlace() throws {
        let game = startGame(.easy)
        let i = vehicle(game, .water)
        game.frames(20)
        game.stack.handle(.key(.tab))
        for _ in 0..<40 where game.stack.focus.focusedID != SortingPlay.id(i) { game.stack.handle(.key(.tab)) }
        #expect(game.stack.focus.focusedID == SortingPlay.id(i))
        game.stack.handle(.key(.return))
        game.frames(2)
        #expect(game.scene.state(of: i) == .lifted)
        // While a vehicle is lifted, Tab walks the zones first.
        game.stack.handle(.key(.tab))
        let order = FocusNavigation.scanOrder(game.stack.focusItems)
        #expect(order.prefix(3).allSatisfy { $0.kind == "zone" })
        for _ in 0..<40 where game.stack.focus.focusedID != zone(.water).id { game.stack.handle(.key(.tab)) }
        game.stack.handle(.key(.return))
        game.frames(2)
        #expect(game.scene.state(of: i) == .placed)
        let drop = try #require(game.events("drop").first)
        #expect(drop["at"]?.arrayValue?.compactMap(\.doubleValue) == [zone(.water).rect.midX, zone(.water).rect.midY])
    }

    /// Scanning: once a vehicle is lifted the ring goes to the zones first, at once.
    @Test func test_scanningGoesToTheZonesOnceAVehicleIsLifted() {
        let game = startGame(.easy)
        game.stack.focus.scanInterval = 1
        game.stack.focus.visible = true
        game.frames(2)
        #expect(game.stack.focus.focusedID == "vehicle-0")
        game.stack.handle(.key(.space))
        game.frames(2)
        #expect(game.scene.state(of: 0) == .lifted)
        #expect(game.stack.focus.focusedID?.hasPrefix("zone-") == true)
        let scans = game.events("focus").compactMap { $0["item"]?.stringValue }
        #expect(scans.last?.hasPrefix("zone-") == true)
    }

    // MARK: - Several fingers

    /// Two fingers drag two vehicles at once: each follows its own finger, and both land.
    @Test func test_twoFingersDragTwoVehicles() {
        let game = startGame()
        let a = vehicle(game, .water), b = vehicle(game, .land)
        let fromA = game.scene.home(of: a).center, fromB = game.scene.home(of: b).center
        let toA = zone(.water).rect.center, toB = zone(.land).rect.center
        game.stack.handle(.pointerDown(fromA))
        game.stack.handle(.finger(.down, id: 1, fromB))
        game.frames(1)
        #expect(game.scene.state(of: a) == .dragging)
        #expect(game.scene.state(of: b) == .dragging)
        // The pointer's pick is as ever; another finger's says which finger.
        #expect(game.events("pick").map { $0["finger"]?.intValue } == [nil, 1])
        for s in 1...10 {
            let t = Double(s) / 10
            game.stack.handle(.pointerMoved(Point.lerp(fromA, toA, t)))
            game.stack.handle(.finger(.move, id: 1, Point.lerp(fromB, toB, t)))
            game.frames(1)
            sameFrame(game.scene.frame(of: a), Rect(center: Point.lerp(fromA, toA, t), size: game.scene.home(of: a).size), "A follows the pointer")
            sameFrame(game.scene.frame(of: b), Rect(center: Point.lerp(fromB, toB, t), size: game.scene.home(of: b).size), "B follows finger 1")
        }
        game.stack.handle(.finger(.up, id: 1, toB))
        game.stack.handle(.pointerUp(toA))
        game.frames(1)
        #expect(game.scene.state(of: a) == .placed)
        #expect(game.scene.state(of: b) == .placed)
        #expect(game.events("drop").compactMap { $0["vehicle"]?.stringValue } == [SortingPlay.id(b), SortingPlay.id(a)])
        #expect(game.events("drop").allSatisfy { $0["correct"]?.boolValue == true })
    }

    /// A second finger cannot take the vehicle the first holds.
    @Test func test_aHeldVehicleIsNotTakenByAnotherFinger() {
        let game = startGame()
        let p = game.scene.home(of: 0).center
        game.stack.handle(.pointerDown(p))
        game.stack.handle(.finger(.down, id: 3, p))
        game.frames(1)
        #expect(game.events("pick").count == 1)
    }

    /// A lifted vehicle held by a second finger is not sent away by a tap on a zone (the
    /// monkey's soak found it: the hand's release then "put down" a vehicle already gliding
    /// home). The hand that holds it decides.
    @Test func test_aLiftedVehicleHeldByAFingerStaysWhenAZoneIsTapped() {
        let game = startGame()
        let home = game.scene.home(of: 0).center
        game.tap(home)
        game.frames(2)
        #expect(game.scene.state(of: 0) == .lifted)
        game.stack.handle(.finger(.down, id: 1, home))
        game.frames(1)
        game.tap(zone(.air).rect.center)
        game.frames(2)
        #expect(game.events("drop").isEmpty, "the held vehicle was not sent")
        game.stack.handle(.finger(.up, id: 1, home))
        game.frames(20)
        #expect(game.events("putdown").map { $0["vehicle"]?.stringValue } == ["vehicle-0"])
        #expect(game.scene.state(of: 0) == .waiting)
    }

    /// Balloons: two balloons popped by two fingers in the same frame both score.
    @Test func test_twoFingersPopTwoBalloonsInOneFrame() throws {
        let game = SceneDriver<BalloonScene>(seed: 3) { BalloonScene(context: $0, level: .easy) }
        var pair: [JSON] = []
        for _ in 0..<1200 {
            pair = game.scene.dumpItems().filter {
                $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue == "regular" && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) > 60
            }
            if pair.count >= 2 { break }
            game.frames(1)
        }
        try #require(pair.count >= 2)
        let p0 = try #require(pair[0].frameCenter), p1 = try #require(pair[1].frameCenter)
        game.runFrame([.pointerDown(p0), .finger(.down, id: 1, p1)])
        game.frames(180) // the numbers fly to the score
        let pops = game.events("pop")
        #expect(pops.compactMap { $0["balloon"]?.stringValue }.sorted() == [pair[0]["id"]!.stringValue!, pair[1]["id"]!.stringValue!].sorted())
        #expect(Set(pops.compactMap { $0["t"]?.doubleValue }).count == 1, "the same frame")
        #expect(game.events("score").count == 2)
    }

    /// Alerts take one tap from one finger: a second finger on "No" changes nothing.
    @Test func test_anAlertTakesOneFinger() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let game = (stack: stack, frames: { (n: Int) in step(stack, frames: n, log: context.log) })
        game.stack.handle(.key(.escape))
        game.frames(10)
        #expect(game.stack.top.name == "alert")
        let items = game.stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        let no = try #require(items.first { $0["id"]?.stringValue == "alert-no" }?.frameCenter)
        game.stack.handle(.finger(.down, id: 1, no))
        game.stack.handle(.finger(.up, id: 1, no))
        game.frames(10)
        #expect(game.stack.top.name == "alert", "a second finger alone does not answer")
    }
}

/// Frames computed along different arithmetic paths agree to far below a pixel.
private func sameFrame(_ a: Rect, _ b: Rect, _ message: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    for (u, v) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
        #expect(abs(u - v) <= 1e-6, "\(a) vs \(b) \(message)", sourceLocation: sourceLocation)
    }
}
