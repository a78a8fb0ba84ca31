import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import TextCatalogs

/// Each language plays every game to its end screen with nothing left in English: every
/// text drawn on the way (the game, its pause, the end screen) is checked against the
/// English catalog, placeholders and all.
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

    @Test(arguments: languages)
    func test_everyGamePlaysToItsEndScreenInTheLanguage(language: String) throws {
        let catalog = try SceneAssets.catalog(language)
        let registry = GameRegistry.standard
        // English texts whose translation differs: seeing one drawn means it escaped.
        let messages = Messages.all + registry.messages
        let english = messages.filter { catalog.translation(of: $0) != nil && catalog.text($0) != $0.english }
            .compactMap { m in Self.englishPattern(m.english).map { (m.key, $0) } }
        #expect(english.count > 30)
        for game in registry.ids {
            let context = makeContext()
            context.catalog = catalog
            let stack = SceneStack(root: HomeScene(context: context), log: context.log)
            stack.rightToLeft = context.rightToLeft
            stack.apply([.show(.game(game, .easy))])
            var seen: Set<String> = []
            func look() {
                let canvas = RecordingCanvas()
                stack.draw(on: canvas)
                seen.formUnion(canvas.texts)
            }
            step(stack, seconds: 1)
            look()
            stack.handle(.focusLost)
            look()
            stack.handle(.key(.return))
            // Play on without a tap until the game ends by itself (time or idle), then look
            // at the end screen.
            var seconds = 0.0
            while stack.top.name != "alert" && seconds < 400 {
                step(stack, seconds: 1)
                seconds += 1
            }
            #expect(stack.top.name == "alert", "\(language) \(game.rawValue): no end screen after \(seconds) s")
            step(stack, seconds: 1)
            look()
            let gameover = try #require(context.log.events("gameover").last)
            #expect(gameover["game"]?.stringValue == game.rawValue)
            let escaped = seen.filter { text in english.contains { (try? $0.1.wholeMatch(in: text)) != nil } }
            #expect(escaped.isEmpty, "\(language) \(game.rawValue) drew English: \(escaped.sorted())")
            #expect(!seen.isEmpty)
        }
    }
}
