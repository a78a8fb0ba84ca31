import Foundation
import Testing
@testable import SceneTests

/// Issue #46: tests cannot quietly skip. `tools/test-summary.sh` reads a run's output, names
/// every skipped test and suite, and under KJC_STRICT_SKIPS=1 (`make test`) fails a skip that
/// the "Tests that may skip" table of docs/developers.md does not allow on this machine. Fed
/// made-up runs.
@Suite struct TestSummaryTests {
    static let readme = """
        # Title

        ### Tests that may skip

        | test | may skip | why |
        |---|---|---|
        | `rootOnly()` | not as root | needs root |
        | `notAsRoot()` | as root | root reads every file |
        | `offOnPurpose()` | always | kept for the record |
        | `withArguments(_:)` | always | a test with arguments |

        ### After
        | `notInTheTable()` | always | a table elsewhere does not count |
        """

    /// A Swift Testing run of `passed` passing tests and these skip lines.
    static func run(passed: Int, skips: [String]) -> String {
        let total = passed + skips.filter { $0.contains(" Test ") }.count
        return (["◇ Test run started."] + skips + ["✔ Test run with \(total) tests in 3 suites passed after 1.0 seconds."])
            .joined(separator: "\n") + "\n"
    }

    static func summarize(_ log: String, strict: Bool) throws -> ProcessResult {
        let dir = temporaryDirectory()
        try log.write(toFile: dir + "/log.txt", atomically: true, encoding: .utf8)
        try readme.write(toFile: dir + "/developers.md", atomically: true, encoding: .utf8)
        var env = ["KJC_SKIPS_DOC": dir + "/developers.md"]
        env["KJC_STRICT_SKIPS"] = strict ? "1" : "0"
        return try Exec.capture("/bin/bash", [packageRoot + "/tools/test-summary.sh", dir + "/log.txt", "0"],
                                environment: ProcessInfo.processInfo.environment.merging(env) { $1 })
    }

    static let isRoot = getuid() == 0

    @Test func test_aSkipTheTableAllowsHere_passes_andIsNamed() throws {
        let skip = Self.isRoot ? "➜ Test notAsRoot() skipped: \"root reads every file\"" : "➜ Test rootOnly() skipped: \"needs root\""
        let r = try Self.summarize(Self.run(passed: 3, skips: [skip, "➜ Test offOnPurpose() skipped: \"off\""]), strict: true)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.hasSuffix("3 passed, 0 failed, 2 skipped\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Skipped: Test \(Self.isRoot ? "notAsRoot()" : "rootOnly()")"), "\(r.stdout)")
        #expect(r.stdout.contains("Skipped: Test offOnPurpose()"), "\(r.stdout)")
    }

    @Test func test_aSkipTheTableAllowsOnlyOnAnotherMachine_fails() throws {
        let skip = Self.isRoot ? "➜ Test rootOnly() skipped: \"needs root\"" : "➜ Test notAsRoot() skipped: \"root reads every file\""
        let r = try Self.summarize(Self.run(passed: 3, skips: [skip]), strict: true)
        #expect(r.status != 0)
        #expect(r.stdout.contains("Skipped and not allowed: Test \(Self.isRoot ? "rootOnly()" : "notAsRoot()")"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("3 passed, 1 failed, 1 skipped\n"), "\(r.stdout)")
    }

    @Test func test_unlistedTestsAndSuites_failUnderStrict_areNamedWithoutIt() throws {
        let log = Self.run(passed: 5, skips: ["➜ Test needsXvfb() skipped: \"Xvfb is needed\"",
                                              "➜ Suite WindowTests skipped: \"build the app first\"",
                                              "➜ Test notInTheTable() skipped: \"why\""])
        let strict = try Self.summarize(log, strict: true)
        #expect(strict.status != 0)
        for name in ["Test needsXvfb()", "Suite WindowTests", "Test notInTheTable()"] {
            #expect(strict.stdout.contains("Skipped and not allowed: \(name)"), "\(name): \(strict.stdout)")
        }
        #expect(strict.stdout.hasSuffix("5 passed, 3 failed, 2 skipped\n"), "\(strict.stdout)")
        let plain = try Self.summarize(log, strict: false)
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.contains("Skipped: Suite WindowTests (build the app first)"), "\(plain.stdout)")
        #expect(plain.stdout.hasSuffix("5 passed, 0 failed, 2 skipped\n"), "\(plain.stdout)")
    }

    /// A test with arguments is named as Swift Testing prints it.
    @Test func test_aTestWithArgumentsIsListedByItsPrintedName() throws {
        let r = try Self.summarize(Self.run(passed: 1, skips: ["➜ Test withArguments(_:) skipped: \"why\""]), strict: true)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("Skipped: Test withArguments(_:)"), "\(r.stdout)")
    }

    @Test func test_noSkips_noNames() throws {
        let r = try Self.summarize(Self.run(passed: 4, skips: []), strict: true)
        #expect(r.status == 0)
        #expect(r.stdout == "4 passed, 0 failed, 0 skipped\n", "\(r.stdout)")
    }

    /// The real table (docs/developers.md) names tests that exist.
    @Test func test_everyTestTheGuideAllowsToSkipExists() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/developers.md", encoding: .utf8)
        guard let start = text.range(of: "### Tests that may skip") else { Issue.record("no table"); return }
        let names = text[start.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("#") }
            .compactMap { line -> String? in
                guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            }
        #expect(names.count >= 5)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: packageRoot + "/Tests").filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: packageRoot + "/Tests/" + $0, encoding: .utf8) }.joined()
        for name in names {
            // (`name(_:)` is declared `func name(_ x: ...)`.)
            let declared = name.firstIndex(of: "(").map { String(name[..<$0]) + "(" } ?? name
            #expect(sources.contains("func " + declared) || sources.contains("struct " + name + " "),
                    "docs/developers.md allows \(name) to skip, but no test or suite has that name")
        }
    }
}
