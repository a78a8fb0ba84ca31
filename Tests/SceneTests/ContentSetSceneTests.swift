import Testing
@testable import GameCore
@testable import Stage
@testable import TextCatalogs
@testable import Scenes
@testable import Runtime

/// Content sets in the games (issue 44): a round plays its set's pictures, its dump says the
/// set, a set without spoken names still plays (the praise alone), and without a choice the
/// rounds take a game's sets in turn.
@Suite @MainActor struct ContentSetSceneTests {
    static func set(_ id: String, _ game: GameKind, count: Int = 12, category: (Int) -> String? = { _ in nil }) -> ContentSet {
        ContentSet(id: id, game: game, names: ["en": id.capitalized],
                   items: (0..<count).map { SetItem(id: "\(id)-\($0)", picture: "\($0).qoi", names: ["en": "thing \($0)"], category: category($0)) },
                   source: .user, path: "/sets/\(id)")
    }

    static func library(_ sets: [ContentSet]) -> SetLibrary {
        SetLibrary(([ContentSet.standardAnimals, .standardVehicles] + sets).map {
            SetEntry(id: $0.id, source: $0.source, path: $0.path, set: $0, game: $0.game, itemCount: $0.items.count, problems: [])
        })
    }

    @Test func test_aChosenSet_dealsItsPictures_andTheDumpSaysTheSet() throws {
        let h = SceneDriver(seed: 3) { context -> MemoryScene in
            context.sets = Self.library([Self.set("shapes", .memory)])
            context.classroom.sets = ["shapes"]
            return MemoryScene(context: context, level: .easy)
        }
        #expect(h.scene.contentSet.id == "shapes")
        #expect(h.scene.rules.cards.allSatisfy { $0.face.hasPrefix("shapes-") })
        let items = h.scene.dumpItems().filter { $0["kind"]?.stringValue == "card" }
        #expect(items.count == 12 && items.allSatisfy { $0["set"]?.stringValue == "shapes" })
        // Its pictures are the set's, by their asset names.
        let face = h.scene.rules.cards[0].face
        h.tap(h.scene.cardFrames[0].center)
        h.frames(30)
        let canvas = RecordingCanvas()
        h.scene.draw(on: canvas)
        #expect(canvas.images.contains("set-shapes-\(face)"))
    }

    /// A set without spoken names: a found pair says only the praise.
    @Test func test_aSetWithoutSpokenNames_stillPlays_withThePraise() throws {
        let h = SceneDriver(seed: 5) { context -> MemoryScene in
            context.voice.library = SceneAssets.voices("en")
            context.sets = Self.library([Self.set("shapes", .memory)])
            context.classroom.sets = ["shapes"]
            return MemoryScene(context: context, level: .easy)
        }
        let cards = h.scene.rules.cards
        let a = 0, b = try #require(cards.indices.first { $0 != a && cards[$0].face == cards[a].face })
        h.tap(h.scene.cardFrames[a].center)
        h.frames(2)
        h.tap(h.scene.cardFrames[b].center)
        h.step(6) // the intro ends, the praise waits its turn
        #expect(h.events("match").count == 1)
        let voices = h.events("voice").compactMap { $0["line"]?.stringValue }
        #expect(!voices.contains { $0.hasPrefix("voice.animal.") })
        #expect(voices.contains { $0.hasPrefix("voice.praise.") }, "\(voices)")
    }

    /// The standard set: today's deck, the animals' lines, `set` in the dump.
    @Test func test_withoutAChoice_aScriptedRunPlaysTheStandardSet() {
        let plain = SceneDriver(seed: 11) { MemoryScene(context: $0, level: .hard) }
        let withSets = SceneDriver(seed: 11) { context -> MemoryScene in
            context.sets = Self.library([Self.set("shapes", .memory)])
            return MemoryScene(context: context, level: .hard)
        }
        #expect(plain.scene.rules.cards == withSets.scene.rules.cards)
        #expect(withSets.scene.contentSet == .standardAnimals)
        #expect(plain.scene.dumpItems().first?["set"]?.stringValue == "animals")
    }

    /// Windowed play: each new round takes the game's next set. A scene made but never shown
    /// takes no turn; the round that starts (enters) moves it on.
    @Test func test_rounds_takeAGamesSetsInTurn() {
        let context = makeContext(seed: 1)
        context.sets = Self.library([Self.set("shapes", .memory), Self.set("things", .sorting, category: { ["air", "water", "land"][$0 % 3] })])
        context.rotatesSets = true
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        func play(_ game: GameKind) -> String {
            let made = context.makeGame(game, .easy)
            stack.apply([.push(made), .popToRoot])
            return (made as? MemoryScene)?.contentSet.id ?? (made as? SortingScene)?.contentSet.id ?? "?"
        }
        #expect(MemoryScene(context: context, level: .easy).contentSet.id == "animals")
        #expect((0..<3).map { _ in play(.memory) } == ["animals", "shapes", "animals"])
        #expect((0..<2).map { _ in play(.sorting) } == ["vehicles", "things"])
    }

    /// Sorting with a set of other things: they come from the set, keep their categories,
    /// and the dump says the set and the line that names each (null: none).
    @Test func test_sortingPlaysASetsThings() {
        let h = SceneDriver(seed: 2) { context -> SortingScene in
            context.sets = Self.library([Self.set("things", .sorting, count: 15, category: { ["air", "water", "land"][$0 % 3] })])
            context.classroom.sets = ["things"]
            return SortingScene(context: context, level: .hard)
        }
        #expect(h.scene.rules.vehicles.count == 12 && h.scene.rules.vehicles.allSatisfy { $0.imageName.hasPrefix("set-things-things-") })
        // Its intro says "each one", not "each vehicle"; the standard set keeps its own.
        #expect(h.scene.introLine.key == "voice.intro.sorting-set" && !h.scene.introLine.english.isEmpty)
        #expect(SceneDriver { SortingScene(context: $0, level: .easy) }.scene.introLine == VoiceLines.intro(.sorting))
        let vehicles = h.scene.dumpItems().filter { $0["kind"]?.stringValue == "vehicle" }
        #expect(vehicles.allSatisfy { $0["set"]?.stringValue == "things" && $0["line"] == .null })
        // Picking one up says nothing of its own (no spoken names), and nothing breaks.
        h.drag(from: h.scene.home(of: 0).center, to: Point(512, 120))
        h.frames(10)
        #expect(!h.events("voice").contains { $0["line"]?.stringValue?.hasPrefix("voice.vehicle.") == true })
    }

    /// The corner's classroom lists the sets on its next pages; a tap turns one off and
    /// remembers the choice; a game keeps one set at least.
    @Test func test_cornerTogglesSets() throws {
        let context = makeContext(seed: 1)
        context.sets = Self.library([Self.set("shapes", .memory)])
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.push(corner)])
        tap(stack, CornerScene.sectionFrame(.classroom).center)
        #expect(corner.pages == 2)
        tap(stack, CornerScene.nextFrame.center)
        let ids = corner.dumpItems().compactMap { $0["id"]?.stringValue }.filter { $0.hasPrefix("set-") }
        #expect(ids == ["set-animals", "set-vehicles", "set-shapes"])
        tap(stack, CornerScene.setFrame(0).center) // animals off: shapes only
        #expect(context.classroom.sets == ["shapes"])
        tap(stack, CornerScene.setFrame(2).center) // shapes off too: refused, one set at least
        #expect(context.classroom.sets == ["shapes"])
        tap(stack, CornerScene.setFrame(0).center) // animals back on: both, no choice
        #expect(context.classroom.sets == nil)
        tap(stack, CornerScene.setFrame(1).center) // vehicles alone: refused (Sorting's only set)
        #expect(context.classroom.sets == nil)
    }
}
