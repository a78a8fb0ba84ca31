import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
import TextCatalogs
@testable import SceneTests

/// The grown-ups' language choice: behind the gate, each language by its own name and
/// voice, switched at once (words, voice, mirrored screens) and remembered for the next
/// windowed start.
@Suite @MainActor struct LanguageChoiceTests {
    func run(_ script: String, dataDir: String, language: String? = nil) throws -> (lines: [JSON], app: GameApp) {
        try runApp(script, dataDir: dataDir) { $0.settings.language = language; $0.languageFixed = language != nil }
    }

    /// Hold the logo 3 s, answer the sum, open Language.
    static func openLanguages(at t: Double = 0.5) -> String {
        "\(t) down 512 32\n\(t + 3.5) up 512 32\n\(t + 4) dump\n"
    }

    func gateAnswerScript(_ lines: [JSON]) -> String? {
        guard let q = lines.events("gate").first?["question"]?.stringValue else { return nil }
        let parts = q.split(separator: "+").map { Int($0.trimmingCharacters(in: .whitespaces))! }
        return String(parts[0] + parts[1])
    }

    /// A script that reaches the language panel, whatever the gate asks (seed 1 is fixed,
    /// so the question is read from a first run).
    func scriptToLanguages(dataDir: String) throws -> String {
        let first = try run(Self.openLanguages() + "5 quit\n", dataDir: temporaryDirectory())
        let found = gateAnswerScript(first.lines)
        let answer = try #require(found)
        var s = Self.openLanguages()
        var t = 5.0
        for digit in answer {
            let f = AdultGateScene.keyFrame(.digit(Int(String(digit))!))!
            s += "\(t) tap \(Int(f.midX)) \(Int(f.midY))\n"; t += 0.5
        }
        let ok = AdultGateScene.keyFrame(.ok)!
        s += "\(t) tap \(Int(ok.midX)) \(Int(ok.midY))\n"; t += 0.5
        let lang = AdultGateScene.choiceFrame(.language)!
        s += "\(t) tap \(Int(lang.midX)) \(Int(lang.midY))\n\(t + 0.6) dump\n"
        return s
    }

    @Test func test_theGateLeadsToSixLanguagesEachInItsOwnName() throws {
        let dir = temporaryDirectory()
        let (lines, _) = try run(try scriptToLanguages(dataDir: dir) + "20 quit\n", dataDir: dir)
        let dump = try #require(lines.events("dump").last)
        #expect(dump["scene"]?.stringValue == "language")
        let items = lines.lastDumpItems()
        let ids = items.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["language-en", "language-es", "language-fr", "language-de", "language-pt-BR", "language-ar", "close"])
        #expect(items.allSatisfy { $0["icon"]?.stringValue != nil }, "every button shows a picture")
        #expect(items.first { $0["id"]?.stringValue == "language-en" }?["selected"]?.boolValue == true)
        // Each tile's words are the language's own name, the same in every catalog.
        for choice in LanguageNames.choices where choice.code != "en" {
            let path = packageRoot + "/Assets/locale/\(choice.code)/kids-joy-center.mo"
            let catalog = try MOCatalog(language: choice.code, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            for other in LanguageNames.choices {
                #expect(catalog.text(other.name) == other.name.english, "\(choice.code) names \(other.code) \(catalog.text(other.name))")
            }
        }
    }

    @Test func test_choosingSpanishSwitchesWordsAndVoiceAndIsRemembered() throws {
        let dir = temporaryDirectory()
        let es = LanguageScene.tileFrame(1)
        let script = try scriptToLanguages(dataDir: dir)
        let t = 14.0
        let (lines, app) = try run(script + "\(t) tap \(Int(es.midX)) \(Int(es.midY))\n\(t + 3) key escape\n\(t + 3.5) key escape\n\(t + 4) key escape\n\(t + 5) dump\n\(t + 6) quit\n", dataDir: dir)
        let chosen = lines.events("language").filter { $0["action"]?.stringValue == "chosen" }
        #expect(chosen.map { $0["language"]?.stringValue } == ["es"])
        let spokenLine = lines.events("voice").last(where: { $0["line"]?.stringValue == "voice.language.self" })
        let spoken = try #require(spokenLine)
        #expect(spoken["text"]?.stringValue == "Español")
        #expect(spoken["language"]?.stringValue == "es")
        #expect(app.context.catalog.language == "es")
        #expect(app.context.voice.library.language == "es")
        // The quit panel opened by the last Escape asks in Spanish.
        let alert = try #require(lines.events("alert").last)
        #expect(alert["key"]?.stringValue == "quit.title")
        #expect(alert["title"]?.stringValue != Messages.quitTitle.english)
        // Remembered for the next windowed start; headless runs keep English (decision 4).
        let saved = try String(contentsOfFile: dir + "/settings.json", encoding: .utf8)
        #expect(saved.contains("\"language\":\"es\""))
        var windowed = AppOptions()
        windowed.headless = false
        #expect(Language.atStart(windowed, chosenInGame: "es", environment: ["LANG": "de_DE.UTF-8"]) == "es")
        windowed.settings.language = "fr"
        #expect(Language.atStart(windowed, chosenInGame: "es", environment: [:]) == "es", "the in-game choice wins over the config file")
        windowed.languageFixed = true
        #expect(Language.atStart(windowed, chosenInGame: "es", environment: [:]) == "fr", "--language wins over the in-game choice")
        var headless = AppOptions()
        headless.headless = true
        #expect(Language.atStart(headless, chosenInGame: "es", environment: [:]) == "en")
    }

    @Test func test_choosingArabicMirrorsTheScreens() throws {
        let dir = temporaryDirectory()
        let ar = LanguageScene.tileFrame(5)
        let t = 14.0
        let (lines, app) = try run(try scriptToLanguages(dataDir: dir) + "\(t) tap \(Int(ar.midX)) \(Int(ar.midY))\n\(t + 1) dump\n\(t + 2) quit\n", dataDir: dir)
        #expect(app.stack.rightToLeft)
        // The panel is now drawn from the right: Arabic's own tile is where English's was
        // mirrored, and the close button moved to the left.
        let items = lines.lastDumpItems()
        let closeFrame = items.first(where: { $0["id"]?.stringValue == "close" })?["frame"]?.arrayValue?.compactMap(\.intValue)
        let close = try #require(closeFrame)
        #expect(close[0] < 512)
        #expect(items.first { $0["id"]?.stringValue == "language-ar" }?["selected"]?.boolValue == true)
    }

    @Test func test_aFixedLanguageIsShownButNotChanged() throws {
        let dir = temporaryDirectory()
        let fr = LanguageScene.tileFrame(2)
        let t = 14.0
        let base = try scriptToLanguages(dataDir: dir)
        let (lines, app) = try run(base + "\(t) tap \(Int(fr.midX)) \(Int(fr.midY))\n\(t + 1) quit\n", dataDir: dir, language: "de")
        #expect(app.context.catalog.language == "de")
        #expect(lines.events("language").allSatisfy { $0["action"]?.stringValue != "chosen" })
        #expect(lines.events("hint").contains { $0["kind"]?.stringValue == "locked" && $0["target"]?.stringValue == "language-fr" })
        let saved = (try? String(contentsOfFile: dir + "/settings.json", encoding: .utf8)) ?? ""
        #expect(!saved.contains("language"))
    }
}
