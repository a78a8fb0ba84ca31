import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Runtime
@testable import Platform
@testable import KidsJoyApp
import TextCatalogs
@testable import SceneTests

/// The languages issue (#15): compiled catalogs, the `.mo` reader, choosing the language
/// and a run in it. Arabic shaping and fonts are not covered yet.
@Suite @MainActor struct LanguageTests {
    nonisolated static var hasMsgfmt: Bool { Exec.find("msgfmt") != nil }

    // MARK: - The .mo reader

    /// Compiles `po` with msgfmt (extra options, e.g. the byte order) and answers the bytes.
    func compile(_ po: String, _ options: [String] = []) throws -> [UInt8] {
        let dir = temporaryDirectory()
        try po.write(toFile: dir + "/t.po", atomically: true, encoding: .utf8)
        let r = try Exec.capture(Exec.find("msgfmt")!, options + ["-o", dir + "/t.mo", dir + "/t.po"],
                                 environment: ProcessInfo.processInfo.environment)
        #expect(r.status == 0, "\(r.output)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/t.mo")))
    }

    static let tinyPO = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgctxt "quit.title"
        msgid "Leave Kids Joy Center?"
        msgstr "¿Salir de Kids Joy Center?"

        msgctxt "score"
        msgid "Score: {score}"
        msgstr "Puntos: {score}"

        msgid "no context"
        msgstr "sin contexto"

        msgctxt "untranslated"
        msgid "Left alone"
        msgstr ""

        """

    func expectTiny(_ catalog: MOCatalog) {
        #expect(catalog.translation(of: Message("quit.title", "Leave Kids Joy Center?")) == "¿Salir de Kids Joy Center?")
        #expect(catalog.text(Message("score", "Score: {score}"), ["score": "7"]) == "Puntos: 7")
        #expect(catalog.entries["no context"] == "sin contexto")
        // Untranslated, another key, or a changed English text: no translation, English shows.
        #expect(catalog.translation(of: Message("untranslated", "Left alone")) == nil)
        #expect(catalog.text(Message("untranslated", "Left alone")) == "Left alone")
        #expect(catalog.translation(of: Message("quit.other", "Leave Kids Joy Center?")) == nil)
        #expect(catalog.translation(of: Message("quit.title", "Leave?")) == nil)
        #expect(catalog.entries.count == 3, "the header is skipped: \(catalog.entries)")
    }

    @Test(.enabled(if: hasMsgfmt, "gettext's msgfmt is needed"))
    func test_readsWhatMsgfmtWritesInBothByteOrders() throws {
        let little = try compile(Self.tinyPO, ["--endianness=little"])
        let big = try compile(Self.tinyPO, ["--endianness=big"])
        #expect(little[0] == 0xde && big[0] == 0x95)
        expectTiny(try MOCatalog(language: "es", bytes: little))
        expectTiny(try MOCatalog(language: "es", bytes: big))
        expectTiny(try MOCatalog(language: "es", bytes: try compile(Self.tinyPO, ["--no-hash"])))
    }

    /// A file built by hand, big-endian, for machines without msgfmt.
    static func handMade(_ pairs: [(String, String)], bigEndian: Bool) -> [UInt8] {
        func word(_ v: Int) -> [UInt8] {
            let b = [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)]
            return bigEndian ? b.reversed() : b
        }
        let n = pairs.count
        let originals = 28, translations = 28 + 8 * n
        var strings: [UInt8] = []
        var oTable: [UInt8] = [], tTable: [UInt8] = []
        let base = 28 + 16 * n
        for (o, _) in pairs { oTable += word(o.utf8.count) + word(base + strings.count); strings += Array(o.utf8) + [0] }
        for (_, t) in pairs { tTable += word(t.utf8.count) + word(base + strings.count); strings += Array(t.utf8) + [0] }
        return word(0x950412de) + word(0) + word(n) + word(originals) + word(translations) + word(0) + word(0)
            + oTable + tTable + strings
    }

    @Test func test_readsAHandMadeFileInBothByteOrders() throws {
        let pairs = [("", "Content-Type: text/plain; charset=UTF-8\n"), ("home.choose-game\u{4}Choose a game", "Elige un juego")]
        for big in [false, true] {
            let catalog = try MOCatalog(language: "es", bytes: Self.handMade(pairs, bigEndian: big))
            #expect(catalog.text(Message("home.choose-game", "Choose a game")) == "Elige un juego")
            #expect(catalog.entries.count == 1)
        }
    }

    @Test func test_badFilesAreClearErrorsNeverACrash() throws {
        let good = Self.handMade([("a\u{4}b", "c")], bigEndian: false)
        func error(_ bytes: [UInt8]) -> MOError? {
            do { _ = try MOCatalog.parse(bytes); return nil } catch { return error }
        }
        #expect(error([]) == .tooShort(0))
        #expect(error(Array(good.prefix(12))) == .tooShort(12))
        #expect(error([0, 1, 2, 3] + Array(good.dropFirst(4))) == .badMagic)
        #expect("\(MOError.badMagic)".contains("not a .mo file"))
        // A table offset past the end.
        var bad = good
        bad[12] = 0xff; bad[13] = 0xff
        guard case .pastEnd = error(bad) else { Issue.record("table past the end: \(String(describing: error(bad)))"); return }
        // A string whose length runs past the end.
        bad = good
        bad[28] = 0xf0; bad[29] = 0xff
        guard case .pastEnd = error(bad) else { Issue.record("string past the end"); return }
        // A huge count.
        bad = good
        bad[8] = 0xff; bad[9] = 0xff; bad[10] = 0xff; bad[11] = 0x7f
        guard case .pastEnd = error(bad) else { Issue.record("huge count"); return }
        // A file cut anywhere never crashes.
        for n in 0..<good.count { _ = error(Array(good.prefix(n))) }
        // Invalid UTF-8.
        let notUTF8 = Self.handMade([("a", "\u{FF}")], bigEndian: false).map { $0 == 0xc3 ? 0xff : $0 }
        #expect(error(notUTF8) != nil)
        #expect(error(Self.handMade([("a\u{4}b", "c")], bigEndian: false).map { $0 }) == nil)
    }

    /// The committed catalogs are what msgfmt makes of po/ now, and each reads.
    @Test func test_everyCommittedCatalogReads() throws {
        for language in Language.supported where language != "en" {
            let path = packageRoot + "/Assets/locale/\(language)/kids-joy-center.mo"
            let catalog = try MOCatalog(language: language, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(catalog.entries.count >= 140, "\(language): \(catalog.entries.count)")
            let missing = (Messages.all + GameRegistry.standard.messages).filter { catalog.translation(of: $0) == nil }
            #expect(missing.isEmpty, "\(language) lacks \(missing.map(\.key))")
        }
        if Self.hasMsgfmt {
            let r = try Exec.capture("/bin/sh", ["tools/make_mo.sh", "--check"], cwd: packageRoot,
                                     environment: ProcessInfo.processInfo.environment)
            #expect(r.status == 0, "run tools/make_mo.sh: \(r.output)")
        }
    }

    // MARK: - Choosing the language

    @Test func test_codesAndLocaleNames() {
        #expect(Language.code("es") == "es")
        #expect(Language.code("pt_BR") == "pt-BR")
        #expect(Language.code("pt-br") == "pt-BR")
        #expect(Language.code("AUTO") == "auto")
        #expect(Language.code("qps") == "qps")
        #expect(Language.code("xx") == nil)
        #expect(Language.code("C") == nil)
        #expect(Language.code("") == nil)
        #expect(Language.fromLocale("es_ES.UTF-8") == "es")
        #expect(Language.fromLocale("pt_BR") == "pt-BR")
        #expect(Language.fromLocale("pt") == "pt-BR")
        #expect(Language.fromLocale("fr_CA@euro") == "fr")
        #expect(Language.fromLocale("de_DE.ISO-8859-1") == "de")
        #expect(Language.fromLocale("ar_EG.UTF-8") == "ar")
        #expect(Language.fromLocale("C") == "en")
        #expect(Language.fromLocale("C.UTF-8") == "en")
        #expect(Language.fromLocale("POSIX") == "en")
        #expect(Language.fromLocale("it_IT.UTF-8") == nil)
    }

    @Test func test_autoFollowsLanguageThenLcAllThenLcMessagesThenLang() {
        #expect(Language.auto(environment: [:]) == "en")
        #expect(Language.auto(environment: ["LANG": "es_ES.UTF-8"]) == "es")
        #expect(Language.auto(environment: ["LANG": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr")
        #expect(Language.auto(environment: ["LANG": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "de_DE"]) == "de")
        #expect(Language.auto(environment: ["LANG": "es_ES.UTF-8", "LC_ALL": ""]) == "es")
        #expect(Language.auto(environment: ["LANGUAGE": "it:pt_BR:es", "LANG": "de_DE"]) == "pt-BR")
        #expect(Language.auto(environment: ["LANGUAGE": "it", "LANG": "fr_FR"]) == "fr")
        #expect(Language.auto(environment: ["LANG": "C.UTF-8"]) == "en")
        #expect(Language.auto(environment: ["LANG": "POSIX"]) == "en")
        #expect(Language.auto(environment: ["LANG": "it_IT.UTF-8"]) == "en")
    }

    @Test func test_headlessDefaultsToEnglishAndWindowedToAuto() {
        let env = ["LANG": "es_ES.UTF-8"]
        #expect(Language.resolve(nil, headless: true, environment: env) == "en")
        #expect(Language.resolve(nil, headless: false, environment: env) == "es")
        #expect(Language.resolve("auto", headless: true, environment: env) == "es")
        #expect(Language.resolve("fr", headless: false, environment: env) == "fr")
    }

    @Test func test_theConfigKeyAndTheFlag() {
        let (values, problems) = ConfigFile.parse("language = \"es\"\n", file: "c.toml")
        #expect(problems.isEmpty && values[.language]?.text == "es")
        #expect(ConfigFile.parse("language = pt_BR\n", file: "c.toml").0[.language]?.text == "pt-BR")
        let (bad, badProblems) = ConfigFile.parse("language = \"klingon\"\nmute = true\n", file: "c.toml")
        #expect(bad[.language]?.text == nil && bad[.mute]?.bool == true)
        #expect(badProblems.count == 1 && badProblems[0].contains("c.toml:1") && badProblems[0].contains("pt-BR"))
        var o = AppOptions()
        var cli = CommandLineChoices()
        o.apply(config: values, commandLine: cli)
        #expect(o.settings.language == "es")
        cli.set(.language, .text("fr"))
        o.apply(config: values, commandLine: cli)
        #expect(o.settings.language == "fr")
    }

    @Test(.enabled(if: GameBinary.isBuilt, "the binary is built by swift build"))
    func test_anUnknownLanguageIsExit2WithTheList() throws {
        let r = try GameBinary.run(["--headless", "--language", "xx"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("xx") && r.stderr.contains("pt-BR") && r.stderr.contains("auto"))
    }

    // MARK: - A run in a language

    /// The translation of `key` in po/<file>.po.
    static func poTranslation(_ file: String, _ key: String) throws -> String {
        let text = try String(contentsOfFile: packageRoot + "/po/\(file).po", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex(of: "msgctxt \"\(key)\""))
        let msgstr = try #require(lines[at...].first { $0.hasPrefix("msgstr \"") })
        return String(msgstr.dropFirst(8).dropLast())
    }

    func run(_ script: String, language: String?, assets: String? = nil) throws -> (lines: [JSON], app: GameApp, warnings: [String]) {
        let (lines, app) = try runApp(script) { $0.settings.language = language; $0.assetsDir = assets }
        return (lines, app, [])
    }

    @Test func test_aSpanishRunShowsSpanishAndKeepsEnglishKeys() throws {
        let (lines, app, _) = try run("0.5 key escape\n1 dump\n1.5 quit\n", language: "es")
        #expect(lines.events("start").first?["language"]?.stringValue == "es")
        let alert = try #require(lines.events("alert").first)
        let quitTitle = try Self.poTranslation("es", "quit.title")
        #expect(alert["title"]?.stringValue == quitTitle)
        #expect(alert["title"]?.stringValue != Messages.quitTitle.english)
        #expect(alert["key"]?.stringValue == "quit.title")
        #expect(alert["messageKey"]?.stringValue == "quit.message")
        // The quit panel's buttons (its mascot is a picture item, not a button).
        #expect(lines.lastDumpItems().filter { $0["kind"]?.stringValue == "button" }.map { $0["id"]?.stringValue } == ["alert-yes", "alert-no"])
        #expect(app.context.catalog.language == "es")
        #expect(app.context.voice.library.language == "es")
        // Home's words are drawn in Spanish.
        let canvas = RecordingCanvas()
        SceneStack(root: HomeScene(context: app.context), runtime: app.context).draw(on: canvas)
        #expect(canvas.texts.contains(try Self.poTranslation("es", "home.choose-game")))
    }

    @Test func test_headlessRunsAreEnglishUnlessAsked() throws {
        let (lines, app, _) = try run("0.5 key escape\n1 quit\n", language: nil)
        #expect(lines.events("start").first?["language"]?.stringValue == "en")
        #expect(lines.events("alert").first?["title"]?.stringValue == Messages.quitTitle.english)
        #expect(app.context.catalog is EnglishCatalog)
    }

    /// A missing or damaged catalog: one warning, English.
    @Test func test_aMissingOrDamagedCatalogFallsBackToEnglish() throws {
        let assets = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: assets + "/locale/fr", withIntermediateDirectories: true)
        try Data([0x95, 0x04, 0x12, 0xde, 0, 0]).write(to: URL(fileURLWithPath: assets + "/locale/fr/kids-joy-center.mo"))
        var warnings: [String] = []
        let damaged = Language.catalog(assets: assets, language: "fr", warn: { warnings.append($0) })
        #expect(damaged is EnglishCatalog)
        let missing = Language.catalog(assets: assets, language: "de", warn: { warnings.append($0) })
        #expect(missing is EnglishCatalog)
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("kids-joy-center.mo") && warnings[0].contains("English"))
        // No voices for a language: English's.
        let voices = Language.voices(assets: packageRoot + "/Assets", language: "qps", warn: { _ in })
        #expect(voices.language == "en" && voices.count > 0)
        #expect(Language.voices(assets: packageRoot + "/Assets", language: "es", warn: { _ in }).language == "es")
    }

    /// `auto` reads LANG by name: this works on a machine whose only locale is C.UTF-8.
    @Test(.enabled(if: GameBinary.isBuilt, "the binary is built by swift build"))
    func test_autoPicksSpanishFromLANGWithoutASystemLocale() throws {
        let dir = temporaryDirectory()
        try "0.5 key escape\n1 quit\n".write(toFile: dir + "/s.txt", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--language", "auto", "--script", dir + "/s.txt", "--log", "-", "--data-dir", dir],
                                   environment: ["LANG": "es_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }
        #expect(lines.events("start").first?["language"]?.stringValue == "es")
        let quitTitle = try Self.poTranslation("es", "quit.title")
        #expect(lines.events("alert").first?["title"]?.stringValue == quitTitle)
        // And it speaks Spanish: Home's greeting, in the Spanish voice.
        let greeting = lines.events("voice").first
        #expect(greeting?["language"]?.stringValue == "es")
        let spanishGreeting = try Self.poTranslation("es", "voice.home.greeting")
        #expect(greeting?["text"]?.stringValue == spanishGreeting)
    }

    // MARK: - The pseudo-language

    /// Every text drawn on every screen, with the qps catalog, is marked: an untranslated
    /// string fails here.
    @Test func test_everyDrawnTextIsTranslatedInThePseudoLanguage() throws {
        let path = packageRoot + "/Assets/locale/qps/kids-joy-center.mo"
        let qps = try MOCatalog(language: "qps", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        // The nickname keyboard's keys are single letters of the (translated) alphabet.
        let alphabet = qps.translation(of: Messages.cornerLetters) ?? ""
        func isMarked(_ text: String) -> Bool {
            text.contains("[") || text.contains("]") || text.contains("~") || !text.contains(where: \.isLetter)
                || (text.count == 1 && alphabet.contains(text) && !Messages.cornerLetters.english.contains(text))
        }
        let seen = try drawnTextsOfEveryScreen(catalog: qps)
        let unmarked = seen.filter { !isMarked($0) }
        #expect(unmarked.isEmpty, "drawn untranslated with --language qps: \(unmarked.sorted())")
        #expect(seen.count > 30, "the tour saw \(seen.count) texts")
        // Every message of the catalog has its qps translation.
        let missing = (Messages.all + GameRegistry.standard.messages).filter { qps.translation(of: $0) == nil }
        #expect(missing.isEmpty, "qps lacks \(missing.map(\.key))")
    }
}
