import Testing
@testable import GameCore
@testable import Scenes
import Stage

/// Placed vehicles never hide each other (issue 45): a vehicle dropped in its zone settles
/// into the zone's next free place, clear of the zone's badge, in every language and shape,
/// whether it was dragged there or tapped there (tap-tap).
@Suite @MainActor struct SortingPlacesTests {
    typealias Game = SceneDriver<SortingScene>
    static let screens = [(1024, 768), (1920, 1080), (2560, 1080), (800, 1280), (1280, 800)]

    /// Sorting Hard at `screen` in `language` (Arabic: mirrored input, dumps and log).
    static func start(_ screen: (Int, Int), _ language: String) throws -> Game {
        Canvas1024.use(Canvas1024.size(forScreen: screen.0, screen.1), screen: screen)
        let game = Game(seed: 3) { SortingScene(context: $0, level: .hard) }
        game.context.catalog = try SceneAssets.catalog(language)
        game.stack.rightToLeft = game.context.rightToLeft
        return game
    }

    /// The dump's items (frames as drawn) of `kind`.
    static func items(_ game: Game, _ kind: String) -> [JSON] {
        let items = game.stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        return items.filter { $0["kind"]?.stringValue == kind }
    }

    static func frame(_ item: JSON) -> Rect { PlayFieldCoverageTests.frame(item)! }

    /// The zone of each category as drawn, and its badge (as wide as any label could make it).
    static func zones(_ game: Game) -> [String: (zone: Rect, badge: Rect)] {
        var out: [String: (Rect, Rect)] = [:]
        for zone in game.scene.rules.zones {
            var badge = SortingLayout.badgeFrame(of: SortingLayout.outlineFrame(zone), labelWidth: 300)
            var rect = zone.rect
            if game.stack.rightToLeft { badge = MirroredCanvas.mirror(badge); rect = MirroredCanvas.mirror(rect) }
            out[zone.category.rawValue] = (rect, badge)
        }
        return out
    }

    /// Every vehicle placed, none over another, each inside its zone and clear of its badge.
    static func checkPlaced(_ game: Game, _ name: String) {
        let vehicles = items(game, "vehicle")
        let zones = zones(game)
        #expect(vehicles.count == 12, "\(name)")
        for (i, v) in vehicles.enumerated() {
            let id = v["id"]?.stringValue ?? "?"
            #expect(v["state"]?.stringValue == "placed", "\(name): \(id) placed")
            let f = frame(v)
            if let zone = zones[v["category"]?.stringValue ?? ""] {
                #expect(zone.zone.contains(f), "\(name): \(id) \(f) inside its zone \(zone.zone)")
                #expect(!f.intersects(zone.badge), "\(name): \(id) \(f) clear of the badge \(zone.badge)")
            }
            for w in vehicles[(i + 1)...] where f.intersects(frame(w)) {
                #expect(Bool(false), "\(name): \(id) \(f) over \(w["id"]?.stringValue ?? "?") \(frame(w))")
            }
        }
    }

    /// The worst case: every vehicle dragged to the same point of its zone (its centre).
    @Test(arguments: ["en", "ar"])
    func test_dragged_everyVehicleToTheSamePoint_noneHidesAnother(_ language: String) throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for screen in Self.screens {
            let game = try Self.start(screen, language)
            let name = "\(screen.0)x\(screen.1) \(language) drag"
            let zones = Self.zones(game)
            for vehicle in Self.items(game, "vehicle") {
                let from = try #require(vehicle.frameCenter)
                let to = zones[vehicle["category"]?.stringValue ?? ""]!.zone.center
                game.frames(20)
                game.drag(from: from, to: to)
                // The drop's `at` is where it was let go, as drawn.
                let at = game.events("drop").last?["at"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                #expect(at == [to.x, to.y], "\(name): the drop's at \(at)")
            }
            Self.checkPlaced(game, name)
        }
    }

    /// Tap a vehicle, then its zone: it settles into the zone's places as a drag does.
    @Test(arguments: ["en", "ar"])
    func test_tapTap_settlesIntoThePlacesADragFills(_ language: String) throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for screen in Self.screens {
            let dragged = try Self.start(screen, language), tapped = try Self.start(screen, language)
            let name = "\(screen.0)x\(screen.1) \(language) tap-tap"
            let zones = Self.zones(tapped)
            for vehicle in Self.items(tapped, "vehicle") {
                let from = try #require(vehicle.frameCenter)
                let zone = zones[vehicle["category"]?.stringValue ?? ""]!.zone
                tapped.frames(20)
                tapped.tap(from)
                tapped.frames(20)
                tapped.tap(Point(zone.minX + 40, zone.maxY - 40))
                dragged.frames(20)
                dragged.drag(from: from, to: zone.center)
            }
            Self.checkPlaced(tapped, name)
            #expect(Self.items(tapped, "vehicle").map(Self.frame) == Self.items(dragged, "vehicle").map(Self.frame),
                    "\(name): the same places as dragged there")
        }
    }

    /// The dump shows the place at once; the drawing glides there from where it was let go in
    /// 0.2 s (reduced motion: it fades there).
    @Test func test_aPlacedVehicleGlidesToItsPlaceInAFifthOfASecond() throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let game = try Self.start((1024, 768), "en")
        let v = game.scene.rules.vehicles.indices.first { game.scene.rules.vehicles[$0].category == .land }!
        let release = Point(700, 600)
        game.frames(20)
        game.drag(from: game.scene.home(of: v).center, to: release)
        let place = game.scene.frame(of: v), letGo = Rect(center: release, size: place.size)
        func near(_ a: Rect?, _ b: Rect) -> Bool { a.map { abs($0.x - b.x) < 0.01 && abs($0.y - b.y) < 0.01 } ?? false }
        #expect(!near(place, letGo), "the dump shows its place at once")
        func drawn() -> [Rect] {
            let canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            return canvas.calls.compactMap { if case .image(let name, let r) = $0, name == game.scene.rules.vehicles[v].imageName { return r }; return nil }
        }
        #expect(near(drawn().last, letGo), "drawn where it was let go: \(drawn())")
        game.frames(6)
        let mid = try #require(drawn().last)
        #expect(!near(mid, place) && !near(mid, letGo), "on its way: \(mid)")
        game.frames(6)
        #expect(near(drawn().last, place), "at its place after 0.2 s: \(drawn())")
    }

    /// Reduced motion: no glide; the vehicle fades out where it was let go and in at its place
    /// over the same 0.2 s.
    @Test func test_reducedMotion_aPlacedVehicleFadesToItsPlace() throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let game = try Self.start((1024, 768), "en")
        game.context.settings.reducedMotion = true
        let v = game.scene.rules.vehicles.indices.first { game.scene.rules.vehicles[$0].category == .air }!
        let release = Point(600, 300)
        game.frames(20)
        game.drag(from: game.scene.home(of: v).center, to: release)
        let place = game.scene.frame(of: v), letGo = Rect(center: release, size: place.size)
        func drawn() -> [Rect] {
            let canvas = RecordingCanvas()
            game.stack.draw(on: canvas)
            return canvas.calls.compactMap { if case .image(let name, let r) = $0, name == game.scene.rules.vehicles[v].imageName { return r }; return nil }
        }
        func near(_ a: Rect, _ b: Rect) -> Bool { abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01 }
        #expect(!near(place, letGo), "placed in the sky's first place, not where let go")
        // The drop shadow (still going in, 0.6 s) lies down and right of the vehicle: not counted.
        func isShadow(_ r: Rect, of f: Rect) -> Bool {
            let dx = r.x - f.x, dy = r.y - f.y
            return dx > 0.01 && abs(dy - 2 * dx) < 0.01
        }
        func vehicles() -> [Rect] { drawn().filter { !isShadow($0, of: place) && !isShadow($0, of: letGo) } }
        game.frames(6)
        let mid = vehicles()
        #expect(mid.contains { near($0, letGo) } && mid.contains { near($0, place) }, "both, fading: \(mid)")
        #expect(!mid.contains { !near($0, letGo) && !near($0, place) }, "nothing in between: \(mid)")
        game.frames(6)
        #expect(vehicles().map { near($0, place) } == [true], "only at its place after 0.2 s: \(drawn())")
    }
}
