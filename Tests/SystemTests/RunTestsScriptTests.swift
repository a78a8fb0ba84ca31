import Foundation
import Testing
@testable import SceneTests

/// tools/run-tests.sh's summary line ("N passed, N failed, N skipped"), read from the output
/// of a stand-in `swift` (SWIFT=...) that prints what XCTest and Swift Testing print.
@Suite struct RunTestsScriptTests {
    /// XCTest on Linux: one test with three failed assertions, one skipped, three passed.
    static let xctest = """
        Test Suite 'All tests' started at 2026-11-27 00:00:00.000
        Test Case 'A.test_a' passed (0.1 seconds)
        /x/A.swift:1: error: A.test_b : XCTAssertEqual failed
        /x/A.swift:2: error: A.test_b : XCTAssertEqual failed
        /x/A.swift:3: error: A.test_b : XCTAssertEqual failed
        Test Case 'A.test_b' failed (0.1 seconds)
        Test Case 'A.test_c' skipped (0.0 seconds)
        \t Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.3 (0.3) seconds
        Test Suite 'All tests' failed at 2026-11-27 00:00:01.000
        \t Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.3 (0.3) seconds

        """

    /// Swift Testing: ten tests, one failed (with two issues), one skipped; `suites` is
    /// " in 3 suites" from 6.1 on, nothing in 6.0 (Debian 13's swiftlang).
    static func swiftTesting(suites: String) -> String {
        """
        ✔ Test x() passed after 0.1 seconds.
        ✘ Test y() failed after 0.1 seconds with 2 issues.
        ➜ Test z() skipped.
        ✘ Test run with 10 tests\(suites) failed after 1.2 seconds with 2 issues.

        """
    }

    static func summary(of output: String, status: Int32) throws -> ProcessResult {
        let dir = NSTemporaryDirectory() + "kjc-runtests-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try output.write(toFile: dir + "/out.txt", atomically: true, encoding: .utf8)
        let fake = dir + "/swift"
        try "#!/bin/sh\ncat '\(dir)/out.txt'\nexit \(status)\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        var env = ProcessInfo.processInfo.environment
        env["SWIFT"] = fake
        // The stand-in needs no PostgreSQL: no throw-away cluster for it.
        env["KJC_NO_PG_VIRTUALENV"] = "1"
        // Counting only: whether docs/developers.md allows a skip is TestSummaryTests' (`make test` sets it).
        env["KJC_STRICT_SKIPS"] = "0"
        return try Exec.capture(packageRoot + "/tools/run-tests.sh", [], cwd: packageRoot, environment: env, timeout: 60)
    }

    static func lastLine(_ r: ProcessResult) -> String {
        String(r.stdout.split(separator: "\n").last ?? "")
    }

    @Test(arguments: [" in 3 suites", ""])
    func countsFailedTestsNotAssertions(suites: String) throws {
        let r = try Self.summary(of: Self.xctest + Self.swiftTesting(suites: suites), status: 1)
        #expect(Self.lastLine(r) == "11 passed, 2 failed, 2 skipped", "\(r.output)")
        #expect(r.status == 1)
    }

    @Test func swiftTesting60PassingRunIsCounted() throws {
        let passing = "✔ Test run with 7 tests passed after 0.5 seconds.\n"
        let r = try Self.summary(of: passing, status: 0)
        #expect(Self.lastLine(r) == "7 passed, 0 failed, 0 skipped", "\(r.output)")
        #expect(r.status == 0)
    }
}
