import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Every registered game passes the conformance kit (`GameConformance`), and so does Counting,
/// the test-only fourth game, registered beside the standard three: what was an obligation
/// only some test knew (three ids, Home's Tab order, "every button has a picture and words",
/// "every game ends by itself") is the kit's, asked of any registry.
@MainActor
@Suite(.serialized) struct GameConformanceTests {
    static let withCounting = GameRegistry(GameRegistry.standard.games.filter { $0.id.rawValue != "counting" }
                                           + [GameEntry(CountingGame.self)])
    nonisolated static let standardIds = ["memory", "sorting", "balloons"]

    /// Each standard game: described, on Home at every shape, played to its end screen in every
    /// language at 4:3 and in English and Arabic at the other shapes, its items as declared,
    /// pause and Back.
    @Test(arguments: GameConformanceTests.standardIds)
    func test_aStandardGameConforms(id: String) throws {
        let kit = GameConformance(GameRegistry.standard)
        let game = GameKind(rawValue: id)
        var problems = kit.describesItself(game) + kit.pauseAndBackBehave(game)
        let catalogs = try Languages.codes.map { try SceneAssets.catalog($0) }
        for shape in GameConformance.shapes {
            problems += kit.withShape(shape) {
                kit.homeOffers(game, shape: shape)
                    + catalogs.filter { shape == (1024, 768) || ["en", "ar"].contains($0.language) }
                        .flatMap { kit.playsToItsEndScreen(game, catalog: $0, shape: shape) }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Counting beside the standard three: the whole kit, in English and Arabic at every shape;
    /// Home, the corner's game filter and `--describe-games` have it (the app's own test of
    /// `--describe-games` with Counting is CountingGameTests).
    @Test func test_countingConformsBesideTheStandardGames() throws {
        let kit = GameConformance(Self.withCounting)
        let counting = GameKind(rawValue: "counting")
        let problems = kit.problems(of: counting, catalogs: [EnglishCatalog(), try SceneAssets.catalog("ar")])
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The standard three still conform with a fourth tile on Home.
        for game in GameRegistry.standard.ids {
            for shape in GameConformance.shapes {
                let more = kit.withShape(shape) { kit.homeOffers(game, shape: shape) }
                #expect(more.isEmpty, "\(more)")
            }
        }
        #expect(Self.withCounting.json["games"]?.arrayValue?.last?["endsBy"]?["easy"]?["by"]?.stringValue == "playing")
    }

    /// The kit finds what it is there to find: a game that does not end by itself and says it
    /// does, a button without its words, a dump item it never declared.
    @Test func test_theKitCatchesABrokenGame() {
        let kit = GameConformance(GameRegistry([GameEntry(LiarGame.self)]))
        let problems = kit.problems(of: GameKind(rawValue: "counting"), shapes: [(1024, 768)])
        #expect(problems.contains { $0.contains("no end screen") }, "\(problems)")
        #expect(problems.contains { $0.contains("no words key") }, "\(problems)")
        #expect(problems.contains { $0.contains("none of its declared items") }, "\(problems)")
    }

    /// The declaration is a type: a button is declared with its picture and words.
    @Test func test_aButtonIsDeclaredWithItsPictureAndWords() {
        let star = CountingGame.starItem
        #expect(star.kind == "button" && star.icon == "star" && star.words?.key == "counting.star")
        #expect(star.matches("star") && !star.matches("star-2"))
        let card = MemoryGame.items[0]
        #expect(card.icon == nil && card.matches("card-12") && !card.matches("card-"))
    }
}

/// Counting's scene claiming a clock it lacks and dumping what it never declared: the kit's
/// own test subject.
@MainActor
enum LiarGame: GameModule {
    typealias Play = LiarPlay
    static var definition: GameDefinition { CountingGame.definition }
    static var voice: GameVoice { CountingGame.voice }
    static var endings: [GameEnding] { CountingGame.endings }
    static func endsBy(_ level: Level) -> GameEndsBy { .itself(within: 5) }
    static let scoring = "none"
    static let items = [GameItem("star", kind: "picture", tappable: false, "a star")]
    static let pictures = ["star"]
    static let motion = FramePace.smooth
}

@MainActor
struct LiarPlay: GamePlay {
    init(_ start: GameStart, random: inout SeededGenerator) {}
    var roundProgress: Int { 0 }
    var roundMistakes: Int { 0 }
    mutating func input(_ event: InputEvent, _ now: GameNow) -> GameOutput { [] }
    mutating func step(_ now: GameNow, random: inout SeededGenerator) -> GameOutput { [] }
    func draw(on canvas: any Canvas, _ now: GameNow) {}
    func dumpItems(_ now: GameNow) -> [JSON] {
        [dumpItem("star", kind: "picture", frame: CountingPlay.star), dumpItem("ghost", kind: "button", frame: Rect(0, 100, 64, 64), [("icon", .string("star"))])]
    }
}
