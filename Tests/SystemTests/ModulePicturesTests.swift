import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp
import Stage
import SystemIO
@testable import SceneTests

/// Issue #44 item 3: a game's pictures are loaded because its module declares them
/// (`GameModule.pictures`), not from a list of the app's; the shell loads only what every
/// screen but the games' needs.
@MainActor
@Suite(.serialized) struct ModulePicturesTests {
    static func folder() throws -> String { try AssetLocator.locate() + "/images" }

    /// Every picture in Assets/images is the shell's or a standard game's declaration: a
    /// picture nothing declares is never loaded (and would be dead weight in the package).
    @Test func everyPictureIsTheShellsOrAGamesDeclaration() throws {
        let folder = try Self.folder()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".qoi") }.map { String($0.dropLast(4)) }
        let loaded = Set(AssetManifest.images(declared: GameRegistry.standard.declaredPictures, in: folder))
        #expect(Set(files).subtracting(loaded).sorted() == [], "pictures no screen and no game declares")
        #expect(AssetLocator.missingFiles(in: String(folder.dropLast(7)), images: Array(loaded)).isEmpty, "every declared picture is there")
        for game in GameRegistry.standard.games {
            #expect(game.pictures.contains("game-\(game.id.rawValue)"), "\(game.id.rawValue) declares its Home tile")
        }
    }

    /// The shell's list holds no game's picture: without Sorting and Balloons, no vehicle,
    /// zone or balloon is loaded; Memory's cards and animals are, because Memory declares them.
    @Test func aGameNotShownBringsNoPictures() throws {
        let folder = try Self.folder()
        let memoryOnly = GameRegistry(GameRegistry.standard.games.filter { $0.id == .memory })
        let images = AssetManifest.images(declared: memoryOnly.declaredPictures, in: folder)
        #expect(!images.contains { $0.hasPrefix("vehicle-") || $0.hasPrefix("zone-") || $0.hasPrefix("balloon-") || $0 == "burst" })
        #expect(images.contains("card-back") && images.contains("animal-cat") && images.contains("game-memory"))
        #expect(!images.contains("game-sorting") && !images.contains("game-balloons"))
        #expect(!AssetManifest.shellImages.contains { $0.hasPrefix("vehicle-") || $0.hasPrefix("card-") || $0.hasPrefix("game-") })
    }

    /// A module's declaration is what the app loads: a game that declares the zones' pictures
    /// (and is the only one registered with Memory) has them on the canvas; without it they
    /// are not there. A declared picture with no file stops the start with its name.
    @Test func theAppLoadsWhatAModuleDeclares() throws {
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 quit\n"
        options.noDraw = true
        options.settings.dataDir = temporaryDirectory()
        let memory = GameRegistry.standard.games.filter { $0.id == .memory }
        let plain = try GameApp(options: options, keepLogInMemory: true, games: GameRegistry(memory))
        try plain.start()
        #expect(plain.canvas.hasImage("card-back") && !plain.canvas.hasImage("zone-air") && !plain.canvas.hasImage("balloon-red") && !plain.canvas.hasImage("burst"))
        plain.shutdown()
        let withZones = try GameApp(options: options, keepLogInMemory: true,
                                    games: GameRegistry(memory + [GameEntry(ZonesCountingGame.self)]))
        try withZones.start()
        #expect(withZones.canvas.hasImage("zone-air") && withZones.canvas.hasImage("zone-land"), "declared, so loaded")
        withZones.shutdown()
        let missing = try GameApp(options: options, keepLogInMemory: true,
                                  games: GameRegistry(memory + [GameEntry(MissingPictureGame.self)]))
        #expect(throws: AppError.self) { try missing.start() }
    }
}

/// Counting with other pictures declared: everything else is Counting's.
protocol CountingWithPictures: GameModule where Play == CountingPlay {}
extension CountingWithPictures {
    static var definition: GameDefinition { CountingGame.definition }
    static var voice: GameVoice { CountingGame.voice }
    static var endings: [GameEnding] { CountingGame.endings }
    static func endsBy(_ level: Level) -> GameEndsBy { CountingGame.endsBy(level) }
    static var scoring: String { CountingGame.scoring }
    static var items: [GameItem] { CountingGame.items }
    static var motion: FramePace { CountingGame.motion }
}

/// Counting with the zones' pictures declared.
enum ZonesCountingGame: CountingWithPictures {
    static var pictures: [String] { ["zone-*"] }
}

/// Counting declaring a picture that is not installed.
enum MissingPictureGame: CountingWithPictures {
    static var pictures: [String] { ["no-such-picture"] }
}
