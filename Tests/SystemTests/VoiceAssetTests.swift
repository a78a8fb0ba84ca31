import Foundation
import Testing
import TextCatalogs
@testable import SceneTests

/// The spoken lines and the translation catalogs as files: every line of every language's
/// source has a recording that is not silent and is of a sensible length for its words
/// (tools/check_voices.py, sox), the gettext template matches the game's catalog
/// (tools/make_pot.py --check), and every translation compiles with msgfmt --check.
@Suite(.enabled(if: Exec.find("python3") != nil && Exec.find("sox") != nil, "python3 and sox are needed"))
struct VoiceAssetTests {
    static let languages: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Assets/voices")) ?? [])
        .filter { $0 != "recorded" }.sorted()

    @Test func test_everyLanguageHasVoices() {
        #expect(Set(Self.languages).isSuperset(of: Languages.codes), "\(Self.languages)")
    }

    @Test(arguments: languages)
    func test_everyLineHasANonSilentRecordingOfASensibleLength(language: String) throws {
        let r = try Exec.capture(Exec.find("python3")!, ["tools/check_voices.py", "--lang", language], cwd: packageRoot,
                                 environment: ProcessInfo.processInfo.environment, timeout: 300)
        #expect(r.status == 0, "\(r.output.suffix(2000))")
        #expect(r.stdout.contains(" 0 problem"), "\(r.stdout.suffix(400))")
    }

    @Test func test_theTemplateMatchesTheCatalog() throws {
        let r = try Exec.capture(Exec.find("python3")!, ["tools/make_pot.py", "--check"], cwd: packageRoot,
                                 environment: ProcessInfo.processInfo.environment)
        #expect(r.status == 0, "\(r.output)")
    }

    /// The menu entry and the software centre's page carry every language's Name, Comment,
    /// summary and description, from the same .po files (tools/make_desktop.py).
    @Test func test_theDesktopEntryAndMetainfoAreTranslated() throws {
        let r = try Exec.capture(Exec.find("python3")!, ["tools/make_desktop.py", "--check"], cwd: packageRoot,
                                 environment: ProcessInfo.processInfo.environment)
        #expect(r.status == 0, "\(r.output)")
        let desktop = try String(contentsOfFile: packageRoot + "/packaging/io.github.kidsjoycenter.KidsJoyCenter.desktop", encoding: .utf8)
        let metainfo = try String(contentsOfFile: packageRoot + "/packaging/io.github.kidsjoycenter.KidsJoyCenter.metainfo.xml", encoding: .utf8)
        for lang in Languages.codes.filter({ $0 != "en" }).map({ $0.replacingOccurrences(of: "-", with: "_") }) {
            for key in ["Name", "GenericName", "Comment", "Keywords"] {
                #expect(desktop.contains("\n\(key)[\(lang)]="), "\(key)[\(lang)]")
            }
            #expect(metainfo.contains("<summary xml:lang=\"\(lang)\">"), "summary \(lang)")
            #expect(metainfo.components(separatedBy: "<p xml:lang=\"\(lang)\">").count - 1 == 3, "3 paragraphs in \(lang)")
            #expect(metainfo.components(separatedBy: "<li xml:lang=\"\(lang)\">").count - 1 == 3, "3 list items in \(lang)")
        }
        #expect(desktop.contains("Comment[es]=Juegos de memoria"))
    }

    @Test(.enabled(if: Exec.find("msgfmt") != nil, "gettext's msgfmt is needed"))
    func test_everyTranslationCompiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/po").filter { $0.hasSuffix(".po") }
        #expect(files.count >= 6)
        for file in files {
            let r = try Exec.capture(Exec.find("msgfmt")!, ["--check", "--statistics", "-o", "/dev/null", "po/" + file], cwd: packageRoot,
                                     environment: ProcessInfo.processInfo.environment)
            #expect(r.status == 0, "\(file): \(r.output)")
            #expect(!r.output.contains("untranslated") && !r.output.contains("fuzzy"), "\(file): \(r.output)")
        }
    }
}
