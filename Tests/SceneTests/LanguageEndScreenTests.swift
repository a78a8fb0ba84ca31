import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import TextCatalogs

/// Each language plays every game to its end screen with nothing left in English: every
/// text drawn on the way (the game, its pause, the end screen) is the language's catalog text,
/// placeholders and all (the conformance kit's `playsToItsEndScreen`).
@Suite(.serialized) @MainActor struct LanguageEndScreenTests {
    nonisolated static let languages = Languages.codes.filter { $0 != "en" }

    /// An English text as a pattern: its placeholders match any value.
    static func englishPattern(_ english: String) -> Regex<AnyRegexOutput>? {
        var pattern = "^"
        var rest = Substring(english)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + ".+"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return try? Regex(pattern)
    }

    /// Every registered game, from Home to its end screen at 4:3, through the conformance
    /// kit: it waits when the game ends by itself and plays it when it does not, and every
    /// text drawn on the way must be the language's catalog text (an English text that has a
    /// translation is an escape).
    @Test(arguments: languages)
    func test_everyGamePlaysToItsEndScreenInTheLanguage(language: String) throws {
        let catalog = try SceneAssets.catalog(language)
        let kit = GameConformance(GameRegistry.standard)
        for game in kit.registry.ids {
            let problems = kit.withShape((1024, 768)) { kit.playsToItsEndScreen(game, catalog: catalog, shape: (1024, 768)) }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
