import Foundation
import Testing
import TextCatalogs
@testable import KidsJoyApp
@testable import SceneTests

/// The one languages table (issue #49, item 3): the Swift code reads it, the tools read its
/// export, and no tool keeps a list of its own.
@Suite(.enabled(if: GameBinary.isBuilt, "build the app first"))
struct LanguagesTableTests {
    /// `--describe-languages` prints the table; tools/languages.json, which the tools read, is
    /// that output byte for byte (after a change to the table: `kids-joy-center
    /// --describe-languages > tools/languages.json`).
    @Test func test_theToolsReadTheTablesExport() throws {
        let r = try GameBinary.run(["--describe-languages"])
        #expect(r.status == 0, "\(r.stderr)")
        let committed = try String(contentsOfFile: packageRoot + "/tools/languages.json", encoding: .utf8)
        #expect(r.stdout == committed, "tools/languages.json is stale: run kids-joy-center --describe-languages > tools/languages.json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["code"] as? String } == Languages.codes)
        #expect(rows.first { $0["code"] as? String == "ar" }?["direction"] as? String == "rightToLeft")
    }

    /// Every tool's per-language tuning (voices, the machine ear's number words) is keyed by the
    /// table's codes: none misses a language and none names one the table lacks.
    @Test func test_everyToolsTuningMatchesTheTable() throws {
        let r = try Exec.capture(Exec.find("python3")!, ["tools/languages.py", "--check"], cwd: packageRoot,
                                 environment: ProcessInfo.processInfo.environment)
        #expect(r.status == 0, "\(r.output)")
        let codes = try Exec.capture(Exec.find("python3")!, ["tools/languages.py", "codes"], cwd: packageRoot,
                                     environment: ProcessInfo.processInfo.environment)
        #expect(codes.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } == Languages.codes)
    }

    /// No tool, script or source file outside the table spells the list of languages again
    /// (the way it was in six places).
    @Test func test_noOtherListOfLanguages() throws {
        let fm = FileManager.default
        var offenders: [String] = []
        let lists = [#""es", "fr", "de""#, "es fr de pt-BR", #"'es', 'fr'"#]
        for folder in ["tools", "Sources", "Makefile"] {
            let root = packageRoot + "/" + folder
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root, isDirectory: &isDir) else { continue }
            let files = isDir.boolValue ? (fm.enumerator(atPath: root)?.compactMap { $0 as? String }.map { root + "/" + $0 } ?? []) : [root]
            for file in files where [".swift", ".py", ".sh", ".mk", "Makefile"].contains(where: { file.hasSuffix($0) }) {
                guard !file.hasSuffix("TextCatalogs/Languages.swift"),
                      let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                if lists.contains(where: { text.contains($0) }) { offenders.append(String(file.dropFirst(packageRoot.count + 1))) }
            }
        }
        #expect(offenders.isEmpty, "a list of languages outside the table: \(offenders)")
    }

    /// Each row's language has what it needs: a translation (but English, built in), voices,
    /// its name in the catalog, and a locale name that finds it.
    @Test(arguments: Languages.table)
    func test_aRowIsALanguageWithItsFiles(row: LanguageRow) throws {
        let fm = FileManager.default
        if row.code != "en" {
            #expect(fm.fileExists(atPath: "\(packageRoot)/po/\(row.code.replacingOccurrences(of: "-", with: "_")).po"), "po for \(row.code)")
            #expect(fm.fileExists(atPath: "\(packageRoot)/Assets/locale/\(row.code)/kids-joy-center.mo"), "mo for \(row.code)")
        }
        let voices = (try? fm.contentsOfDirectory(atPath: "\(packageRoot)/Assets/voices/\(row.code)")) ?? []
        #expect(voices.count > 100, "voices of \(row.code)")
        #expect(Language.fromLocale("\(row.locale)_XX.UTF-8") == row.code)
        #expect(Language.supported.contains(row.code))
        #expect(LanguageNames.all.contains(row.name))
        #expect(TextDirection.of(language: row.code) == row.direction)
    }
}
