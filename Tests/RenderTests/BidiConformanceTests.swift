import Foundation
import Testing
import TextCatalogs
@testable import Render

/// Unicode's own conformance cases for the bidirectional algorithm (BidiCharacterTest.txt,
/// Debian's `unicode-data`, which `make test` installs) run through `Bidi.resolve`, the function
/// the renderer's `Bidi.visualRuns` is built on. Every line is checked, all three paragraph
/// modes (left to right, right to left, found from the text), on every field the file gives:
/// the resolved paragraph level (field 2), each character's level where the file gives one
/// (field 3; "x", a character X9 removes, is not compared), and the visual order without the
/// removed characters (field 4). Each line's `visualRuns` is also checked to show the
/// characters in that visual order. The game draws each line as a paragraph of its own,
/// as the file's lines are.
@Suite struct BidiConformanceTests {
    static let file = "/usr/share/unicode/BidiCharacterTest.txt"

    @Test func test_everyLineOfBidiCharacterTest() throws {
        guard let text = try? String(contentsOfFile: Self.file, encoding: .utf8) else {
            Issue.record("\(Self.file) is missing: install Debian's unicode-data (sudo apt install unicode-data; make test does)")
            return
        }
        var checked = 0
        var failures: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let first = line.first, first != "#" else { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { failures.append("line \(number + 1): \(fields.count) fields"); continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let paragraph: TextDirection? = switch fields[1] {
            case "0": .leftToRight
            case "1": .rightToLeft
            default: nil
            }
            let expectedLevel = Int(fields[2])
            let expectedLevels = fields[3].split(separator: " ").map { Int($0) }  // nil: "x"
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            let resolved = Bidi.resolve(scalars, paragraph: paragraph)
            let order = resolved.visualOrder.filter { !resolved.removed[$0] }
            var ok = resolved.paragraphLevel == expectedLevel && expectedLevels.count == scalars.count && order == expectedOrder
            if ok {
                for (i, level) in expectedLevels.enumerated() where level != nil && level != resolved.levels[i] { ok = false }
            }
            if ok {
                // The runs the renderer draws, each shown in its direction, are the visual order.
                let string = String(String.UnicodeScalarView(scalars))
                let shown = Bidi.visualRuns(string, paragraph: paragraph).flatMap { run in
                    run.direction == .rightToLeft ? Array(run.text.unicodeScalars.reversed()) : Array(run.text.unicodeScalars)
                }
                let expectedShown = expectedOrder.map { scalars[$0] }
                // A String may join a scalar with the next (a combining mark): compare the scalars.
                ok = shown == expectedShown
                if !ok { failures.append("line \(number + 1) runs: \(shown.map { String($0.value, radix: 16) })") }
            } else {
                failures.append("line \(number + 1): \(line) → paragraph \(resolved.paragraphLevel), levels \(resolved.levels), order \(order)")
            }
            checked += 1
        }
        #expect(checked > 90_000, "the file's cases were read (\(checked))")
        #expect(failures.isEmpty, "\(failures.count) of \(checked) lines differ; first: \(failures.prefix(5))")
    }
}
