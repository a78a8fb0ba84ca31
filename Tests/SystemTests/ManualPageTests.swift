import Foundation
import Testing
import GameCore
@testable import SceneTests

/// Issue #50: the manual page, packaging/kids-joy-center.6, covers every command-line option
/// (the game's, its commands', and the hidden developer options in DEVELOPER OPTIONS), every
/// config key of SettingsTable (in CONFIGURATION, with its default where it is a boolean or a
/// number) and every exit status (EXIT STATUS), and names none the binary does not have. The
/// binary says what there is: `kids-joy-center --describe-manual` (ManualDescription.swift).
@Suite struct ManualPageTests {
    struct Manual {
        let options: [(name: String, hidden: Bool, command: String)]
        let keys: [(key: String, defaultValue: JSON)]
        let statuses: [Int]
    }

    static func described() throws -> Manual {
        let r = try GameBinary.run(["--describe-manual"])
        #expect(r.status == 0, "\(r.output)")
        let json = try #require(JSON.parse(r.stdout), "\(r.output)")
        func options(_ list: JSON?, _ command: String) -> [(name: String, hidden: Bool, command: String)] {
            (list?.arrayValue ?? []).map { ($0["name"]?.stringValue ?? "", $0["hidden"]?.boolValue ?? false, command) }
        }
        var all = options(json["options"], "kids-joy-center")
        for command in json["commands"]?.arrayValue ?? [] {
            all += options(command["options"], command["command"]?.stringValue ?? "")
        }
        let keys = (json["settings"]?.arrayValue ?? []).map { ($0["key"]?.stringValue ?? "", $0["default"] ?? .null) }
        let statuses = (json["exitStatuses"]?.arrayValue ?? []).compactMap { $0["status"]?.intValue }
        return Manual(options: all, keys: keys, statuses: statuses)
    }

    /// The page's text, and its sections by title (`.SH TITLE` to the next `.SH`).
    static func page() throws -> (text: String, sections: [String: [String]]) {
        let text = try String(contentsOfFile: packageRoot + "/packaging/kids-joy-center.6", encoding: .utf8)
        var sections: [String: [String]] = [:]
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(".SH ") {
                current = String(line.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                sections[current] = []
            } else {
                sections[current, default: []].append(line)
            }
        }
        return (text, sections)
    }

    /// The tag lines of a section's `.TP` entries (the line after each `.TP`).
    static func tags(_ lines: [String]) -> [String] {
        zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map { $0.1 }
    }

    /// Every `--option` a piece of roff names (hyphens written `\-`).
    static func optionNames(_ roff: String) -> Set<String> {
        let plain = roff.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fB", with: " ")
            .replacingOccurrences(of: "\\fR", with: " ").replacingOccurrences(of: "\\fI", with: " ")
        var names: Set<String> = []
        let scanner = plain.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") })
        for word in scanner where word.hasPrefix("--") && word.count > 2 { names.insert(String(word)) }
        return names
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_everyOptionIsInTheManual_andNoneThatIsNot() throws {
        let manual = try Self.described()
        let (text, sections) = try Self.page()
        #expect(manual.options.count >= 30, "\(manual.options)")
        let known = Set(manual.options.map(\.name))
        // Each option is the tag of an entry (or, for the commands' own, in their entry's tag).
        let visibleTags = (sections["OPTIONS"].map(Self.tags) ?? []) + (sections["COMMANDS"].map(Self.tags) ?? [])
            + (sections["SYNOPSIS"] ?? [])
        let developerTags = sections["DEVELOPER OPTIONS"].map(Self.tags) ?? []
        #expect(!developerTags.isEmpty, "the manual has a DEVELOPER OPTIONS section")
        let documented = Self.optionNames(visibleTags.joined(separator: "\n"))
        let documentedHidden = Self.optionNames(developerTags.joined(separator: "\n"))
        for option in manual.options where option.name != "-h" {
            if option.hidden {
                #expect(documentedHidden.contains(option.name),
                        "\(option.command) \(option.name) (a developer option) is not in the manual's DEVELOPER OPTIONS")
            } else {
                #expect(documented.contains(option.name), "\(option.command) \(option.name) is not an entry of the manual's OPTIONS or COMMANDS")
            }
        }
        // Nothing stale: every option the page names anywhere is one the binary has.
        let roff = text.split(separator: "\n").filter { !$0.hasPrefix(".\\\"") }.joined(separator: "\n")  // not its comments
        for name in Self.optionNames(roff).subtracting(known) {
            Issue.record("the manual names \(name), which kids-joy-center does not have")
        }
        #expect(text.contains("\\-h"), "-h")
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_everyConfigKeyIsInTheManual_withItsDefault_andNoneThatIsNot() throws {
        let manual = try Self.described()
        let (_, sections) = try Self.page()
        let tags = Self.tags(try #require(sections["CONFIGURATION"]))
        // `.BR key " = default ..."`
        var documented: [String: String] = [:]
        for tag in tags where tag.hasPrefix(".BR ") {
            let rest = tag.dropFirst(4)
            guard let space = rest.firstIndex(of: " ") else { continue }
            let key = rest[..<space].replacingOccurrences(of: "\\-", with: "-")
            documented[key] = String(rest[space...]).replacingOccurrences(of: "\\-", with: "-")
        }
        let keys = manual.keys.map(\.key)
        #expect(keys.count >= 19, "\(keys)")
        for (key, value) in manual.keys {
            guard let line = documented[key] else {
                Issue.record("config key \(key) is not an entry of the manual's CONFIGURATION")
                continue
            }
            switch value {
            case .bool(let b):
                #expect(line.contains("= \(b)"), "\(key): the manual says \(line), the default is \(b)")
            case .int(let n):
                #expect(line.contains("= \(n)"), "\(key): the manual says \(line), the default is \(n)")
            default: break
            }
        }
        for key in Set(documented.keys).subtracting(keys) {
            Issue.record("the manual's CONFIGURATION has \(key), which is no config key")
        }
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_everyExitStatusIsInTheManual_andNoneThatIsNot() throws {
        let manual = try Self.described()
        let (_, sections) = try Self.page()
        let documented = Self.tags(try #require(sections["EXIT STATUS"])).compactMap { tag -> Int? in
            tag.hasPrefix(".B ") ? Int(tag.dropFirst(3).trimmingCharacters(in: .whitespaces)) : nil
        }
        #expect(manual.statuses == [0, 1, 2], "\(manual.statuses)")
        #expect(documented == manual.statuses, "the manual's EXIT STATUS lists \(documented), the binary ends with \(manual.statuses)")
    }
}
