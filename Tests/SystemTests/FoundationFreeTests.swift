import Foundation
import Testing
import GameCore
@testable import KidsJoyApp
@testable import Platform
@testable import Scenes
@testable import Storage
import SystemIO
@testable import SceneTests

/// What replaced FoundationEssentials and swift-argument-parser in the binary (issue #17:
/// 7.5 MB of the static binary): the stores' JSON decoder, the command line, and the C
/// library's files and environment. Each is checked against what it replaced.

// MARK: - The one JSON module: its reader against Foundation's

@Suite struct JSONModuleTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Ours and JSONSerialization agree on what is JSON (JSONSerialization refuses the one
    /// leniency the stores keep: a comma before a closing bracket).
    @Test func acceptsAndRefusesAsFoundationDoes() {
        let good = [
            #"{"name":"a","count":3}"#,
            #"  {"name":"a","count":3.0,"ratio":1e2,"tags":["x","y"],"flag":true}  "#,
            #"{"name":"\u00e9\ud83d\ude00\n\"q\"","count":-0}"#,
            #"{"name":"a","count":3,"extra":{"deep":[1,2,{"k":null}]}}"#,
            #"{"name":"a","count":99999999999999999999}"#,
            #"["name","count"]"#,
        ]
        let bad = [
            #"{"name":"a","count":1,,}"#, #"{"name":"a","count":1,"tags":[,]}"#, #"{,}"#,
            #"{"name":"a","count":01}"#, #"{"name":"a","count":1} x"#, #"{"name":'a',"count":1}"#,
            #"{"name":"a","count":1"#, "{\"name\":\"tab\there\",\"count\":1}", "", "nul", #""\ud800""#,
        ]
        for text in good {
            let ours = (try? JSON.parse(bytes: Self.bytes(text))) != nil
            let theirs = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            #expect(ours && theirs, "\(text)")
        }
        for text in bad {
            #expect((try? JSON.parse(bytes: Self.bytes(text))) == nil, "\(text)")
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil, "\(text)")
        }
        // The stores' one leniency, and a byte-order mark.
        #expect(JSON.parse(#"{"a":[1,],}"#) == .object([("a", .array([.int(1)]))]))
        #expect((try? JSON.parse(bytes: [0xEF, 0xBB, 0xBF] + Self.bytes(#"{"a":1}"#))) == .object([("a", 1)]))
    }

    /// Numbers, strings and key order read as written; a key written twice stays visible.
    @Test func valuesKeepTheirOrderAndDuplicatesShow() throws {
        let v = try JSON.parse(bytes: Self.bytes(#"{"b":1,"a":3.0,"b":2,"big":18446744073709551615,"s":"\u00e9\ud83d\ude00","x":3.5}"#))
        #expect(v.objectFields.map(\.0) == ["b", "a", "b", "big", "s", "x"])
        #expect(v["b"] == .int(1), "the first of a key written twice")
        #expect(v.repeatedKeys.map(\.key) == ["b"] && v.repeatedKeys.first?.count == 2)
        #expect(v["a"]?.exactIntValue == 3 && v["x"]?.exactIntValue == nil && v["x"]?.doubleValue == 3.5)
        #expect(v["big"] == .uint(UInt64.max))
        #expect(v["s"]?.stringValue == "é😀")
        // What the writer writes, the reader reads back the same.
        let written = JSON.object([("k", .strings(["a\"b", "\u{1}"])), ("n", .int(-4)), ("d", .double(0.5)), ("z", .null)])
        #expect(JSON.parse(written.serialized()) == written)
        // Too deep is refused, not a crash.
        #expect(JSON.parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) == nil)
    }

    /// The stores read their files through it.
    @Test func settingsAndScoresReadAsBefore() throws {
        let scores = #"{"version":1,"reset":2,"scores":[{"id":"a","game":"memory","level":"easy","score":40,"recorded":1.5},{"game":"x"},7,{"id":"b","game":"sorting","level":"hard","score":12.0}]}"#
        let (entries, problem) = HighScoreStore.decode(Self.bytes(scores))
        #expect(entries.map(\.id) == ["a", "b"] && entries.map(\.score) == [40, 12])
        #expect(problem == "2 unusable entries", "\(problem ?? "nil")")
        #expect(HighScoreStore.decode(Self.bytes("{not json")).1 == "it is not valid JSON")
        #expect(HighScoreStore.decode(Self.bytes(#"{"scores":4}"#)).1 == #"it has no "scores" list"#)
        #expect(DemoStore.parse(Self.bytes(#"{"version":1,"seen":["memory"]}"#)) == ["memory"])
        #expect(DemoStore.parse(Self.bytes(#"{"version":1,"seen":[1]}"#)) == nil)
    }
}

// MARK: - The command line

@Suite struct CommandLineParserTests {
    static let spec = KidsJoyCenter.spec

    func parse(_ args: [String]) -> Result<KidsJoyCenter, CommandLineError> {
        Result { () throws(CommandLineError) in try KidsJoyCenter.parse(args) }
    }

    func usage(_ args: [String]) -> String? {
        if case .failure(.usage(let message)) = parse(args) { return message }
        return nil
    }

    @Test func valuesFlagsAndTheirSpellings() throws {
        let c = try parse(["--headless", "--seed", "7", "--log=-", "--data-dir", "/tmp/d", "--bench-frames", "12",
                           "--mute", "--mute", "--size", "640x480", "--size", "800x600"]).get()
        #expect(c.headless && c[.mute] == .bool(true) && c.seed == "7" && c.log == "-" && c[.dataDir] == .text("/tmp/d") && c.benchmark.frames == 12)
        #expect(c.size == "800x600", "the last of a repeated option counts")
        #expect(!c[flag: "fullscreen"] && c.script == nil && c.benchmark.frames == 12)
        #expect(try parse(["--script", "-", "--headless"]).get().script == "-", "'-' is a value (stdin)")
        // --seed takes the next word even with a dash, so its own check speaks (and refuses it).
        #expect(usage(["--headless", "--seed", "-1"])?.contains("--seed takes a whole number") == true)
    }

    @Test func badCommandLinesSayWhatIsWrong() {
        #expect(usage(["--speed", "9"])?.hasPrefix("Unknown option '--speed'") == true)
        #expect(usage(["--bogus"]) == "Unknown option '--bogus'")
        #expect(usage(["--headles"]) == "Unknown option '--headles'. Did you mean '--headless'?")
        #expect(usage(["--script"]) == "Missing value for '--script <FILE>'")
        #expect(usage(["--script", "--headless"]) == "Missing value for '--script <FILE>'")
        #expect(usage(["--headless", "--bench-frames", "x"]) == "The value 'x' is invalid for '--bench-frames'")
        #expect(usage(["extra"]) == "Unexpected argument 'extra'")
        #expect(usage(["-x"]) == "Unknown option '-x'")
        #expect(usage(["--mute=yes"]) == "The flag '--mute' does not take a value")
        #expect(usage(["--fullscreen", "--windowed"]) == "--fullscreen and --windowed cannot be used together")
        #expect(usage(["--bench", "home"]) == "--bench needs --headless")
    }

    @Test func helpVersionAndCompletionsEndTheParse() {
        guard case .failure(.help(let help)) = parse(["--seed", "banana", "-h"]) else { Issue.record("no help"); return }
        for option in Self.spec.options {
            let shown = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains { $0 == "--" + option.name }
            #expect(shown == !option.hidden, "--\(option.name) is \(option.hidden ? "hidden" : "shown")")
        }
        #expect(help.contains("--version") && help.contains("-h, --help") && help.contains("EXIT STATUS"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines fit a terminal")
        guard case .failure(.version(let version)) = parse(["--version"]) else { Issue.record("no version"); return }
        #expect(version == "kids-joy-center \(AppInfo.version)")
        guard case .failure(.usage(let bad)) = parse(["--generate-completion-script", "tcsh"]) else { Issue.record("tcsh"); return }
        #expect(bad.contains("bash, zsh, fish"))
    }

    /// The completions know every shown option, `report` and its options; bash and zsh (when
    /// installed) parse them.
    @Test func completionsListEveryShownOptionAndParse() throws {
        let dir = NSTemporaryDirectory() + "kjc-completions-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for shell in ["bash", "zsh", "fish"] {
            guard case .failure(.completion(let script)) = parse(["--generate-completion-script", shell]) else {
                Issue.record("no \(shell) script"); continue
            }
            for option in Self.spec.options + ReportCommand.spec.options {
                let named = shell == "fish" ? script.contains("-l \(option.name) ") : script.contains("--\(option.name)")
                #expect(named == !option.hidden, "\(shell): --\(option.name)")
            }
            #expect(script.contains("report"), "\(shell) knows the report command")
            let file = dir + "/completion." + shell
            try script.write(toFile: file, atomically: true, encoding: .utf8)
            if let path = Exec.find(shell), shell != "fish" {
                let r = try Exec.capture(path, ["-n", file], environment: ProcessInfo.processInfo.environment)
                #expect(r.status == 0, "\(shell) -n: \(r.stderr)")
            }
        }
        // bash offers what a user would expect.
        if let bash = Exec.find("bash") {
            guard case .failure(.completion(let script)) = parse(["--generate-completion-script", "bash"]) else { return }
            try script.write(toFile: dir + "/c.bash", atomically: true, encoding: .utf8)
            let probe = """
                source "$1"
                ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _kids_joy_center; echo "${COMPREPLY[*]}"; }
                ask kids-joy-center --hea
                ask kids-joy-center --language p
                ask kids-joy-center rep
                ask kids-joy-center report --c
                """
            let r = try Exec.capture(bash, ["-c", probe, "probe", dir + "/c.bash"], environment: ProcessInfo.processInfo.environment)
            #expect(r.stdout == "--headless\npt-BR\nreport\n--csv\n", "\(r.stdout) \(r.stderr)")
        }
    }

    @Test func reportTakesItsOwnOptions() throws {
        let r = try ReportCommand.parse(["--data-dir", "/d", "--csv", "-"])
        #expect(r.dataDir == "/d" && r.csv == "-")
        #expect(throws: CommandLineError.self) { try ReportCommand.parse(["--headless"]) }
        #expect(throws: CommandLineError.self) { try ReportCommand.parse(["--make-sample", "4"]) }
    }
}

// MARK: - replacing without _StringProcessing

@Suite struct StringReplacingTests {
    @Test func replacesAsTheStandardMethodDoes() {
        let cases: [(String, String, String)] = [
            ("a-b-c", "-", "_"), ("say \"hi\"", "\"", "\"\""), ("aaaa", "aa", "b"), ("aaa", "aa", "b"),
            ("", "x", "y"), ("abc", "", "y"), ("e\u{301}e", "e", "x"), ("caf\u{e9}", "e\u{301}", "E"), ("x\\\\y", "\\\\", "\u{0}"),
        ]
        for (text, target, replacement) in cases {
            #expect(text.replacingEvery(target, with: replacement) == text.replacing(target, with: replacement), "\(text.debugDescription)")
        }
        #expect("a_b=c".dropFirst().replacingEvery("_", with: "-") == "-b=c")
    }
}

// MARK: - Files and the environment from the C library

@Suite struct SystemFilesTests {
    @Test func filesFoldersAndLinksAsFileManagerSawThem() throws {
        let fm = FileManager.default
        let dir = NSTemporaryDirectory() + "kjc-files-\(UUID().uuidString.prefix(8))"
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/f.bin"))
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "f.bin")
        try fm.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "nowhere")
        #expect(SystemFiles.read(dir + "/f.bin") == bytes, "a file bigger than one read")
        #expect(SystemFiles.read(dir + "/link") == bytes)
        #expect(SystemFiles.read(dir + "/sub") == nil && SystemFiles.read(dir + "/none") == nil)
        #expect(SystemFiles.readText(dir + "/none") == nil)
        for name in ["f.bin", "link", "sub", "dangling", "none"] {
            #expect(SystemFiles.exists(dir + "/" + name) == fm.fileExists(atPath: dir + "/" + name), "\(name)")
        }
        #expect(SystemFiles.isDirectory(dir + "/sub") && !SystemFiles.isDirectory(dir + "/f.bin"))
        #expect(SystemFiles.isReadable(dir + "/f.bin") && !SystemFiles.isReadable(dir + "/none"))
        let listed = try fm.contentsOfDirectory(atPath: dir)
        #expect(SystemFiles.list(dir)?.sorted() == listed.sorted())
        #expect(SystemFiles.list(dir + "/none") == nil)
        #expect(SystemFiles.linkTarget(dir + "/link") == "f.bin" && SystemFiles.linkTarget(dir + "/f.bin") == nil)
        #expect(SystemFiles.currentDirectory() == fm.currentDirectoryPath)
    }

    @Test func environmentClockAndProcessors() {
        #expect(SystemFiles.environment == ProcessInfo.processInfo.environment)
        // The processors this process may use (its affinity): at least one, at most the machine's.
        #expect((1...ProcessInfo.processInfo.processorCount).contains(SystemFiles.activeProcessorCount))
        #expect(abs(SystemFiles.now() - Date().timeIntervalSince1970) < 5)
        let id = HighScoreStore.randomID()
        #expect(UUID(uuidString: id)?.uuidString == id, "a UUID as Foundation writes it: \(id)")
        #expect(HighScoreStore.randomID() != id)
    }

    /// The Assets folder is found from the binary's folder as before: `../share/...` by the
    /// letters, then `Assets` in the folder and each one above.
    @Test func pathsByTheLetters() {
        #expect(AssetLocator.standardized("/usr/games/../share/kids-joy-center") == "/usr/share/kids-joy-center")
        #expect(AssetLocator.standardized("/a/./b//c/../d") == "/a/b/d")
        #expect(AssetLocator.parent("/usr/games/kids-joy-center") == "/usr/games")
        #expect(AssetLocator.parent("/kids-joy-center") == "/" && AssetLocator.parent("/") == "/")
    }
}
