import Foundation
import Testing

/// Classes split by what they own (issue #49, item 4): no class, struct or actor under
/// Sources has more than 15 stored properties, and no source file more than 500 lines.
/// The counter is `StoredPropertyCounter` (beside this file), checked here on samples.
@Suite struct TypeSizeTests {
    static let propertyLimit = 15
    static let lineLimit = 500

    static let sourcesRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Every .swift file under Sources, by its path under Sources, with its text.
    static func sources() -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for case let file as String in FileManager.default.enumerator(atPath: sourcesRoot) ?? NSEnumerator() where file.hasSuffix(".swift") {
            files.append((file, (try? String(contentsOfFile: sourcesRoot + "/" + file, encoding: .utf8)) ?? ""))
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func test_noTypeHasMoreThanFifteenStoredProperties() {
        let files = Self.sources()
        #expect(files.count > 100, "the sources were found and read (\(files.count) files)")
        var types = 0
        var over: [String] = []
        for (path, text) in files {
            for found in StoredPropertyCounter.count(text) {
                types += 1
                guard found.count > Self.propertyLimit else { continue }
                over.append("Sources/\(path):\(found.line) \(found.type) \(found.count)")
            }
        }
        #expect(types > 150, "the types were found (\(types))")
        #expect(over.isEmpty, "more than \(Self.propertyLimit) stored properties (split by what they own):\n\(over.joined(separator: "\n"))")
    }

    @Test func test_noSourceFileHasMoreThanFiveHundredLines() {
        let files = Self.sources()
        #expect(files.count > 100, "the sources were found and read (\(files.count) files)")
        let over = files.compactMap { file -> String? in
            let lines = file.text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            return lines > Self.lineLimit ? "Sources/\(file.path): \(lines) lines" : nil
        }
        #expect(over.isEmpty, "more than \(Self.lineLimit) lines:\n\(over.joined(separator: "\n"))")
    }

    /// The counter counts what it should on a sample with each case, and on known types of
    /// the sources (so the tests above cannot pass by reading nothing).
    @Test func test_theCounterCountsStoredPropertiesOnly() throws {
        let sample = #"""
            import GameCore

            /// var notAProperty = 0 (a comment)
            @MainActor
            public final class Sample: Base, @unchecked Sendable {
                public private(set) var a = 0, b = 0
                let c: Dictionary<String, Int>
                lazy var d: [Int] = {
                    let inClosure = 1
                    return [inClosure, 2]
                }()
                weak var e: AnyObject?
                var f: Int = 0 {
                    didSet { let notStored = 1 }
                }
                var g: Int { a + b }
                var h: Int {
                    get { a }
                    set { a = newValue }
                }
                static var i = 0
                class var j: Int { 0 }
                nonisolated static let k = 1
                var l = "var m = 1, n = 2"  // a string with declarations in it
                /* var o = 0 */
                var p: (Int) -> Void = { _ in var q = 0; q += 1 }
                var r = Set<String>(), s = [1, 2].map { $0 + 1 }
                func t() { var u = 0; let v = 1; _ = (u, v) }
                init() {
                    var w = 0
                    c = [:]
                }
                struct Inner { var x = 0; let y: Int }
                enum Kind { case one; static let z = 0; var computed: Int { 1 } }
                actor Worker { var count = 0 }
            }
            extension Sample { var more: Int { a } }
            struct Empty {}
            """#
        let found = StoredPropertyCounter.count(sample)
        #expect(found.map(\.type) == ["Sample", "Sample.Inner", "Sample.Worker", "Empty"], "\(found)")
        // a, b, c, d, e, f, l, p, r, s
        #expect(found.first { $0.type == "Sample" }?.count == 10, "\(found)")
        #expect(found.first { $0.type == "Sample" }?.line == 5, "\(found)")
        #expect(found.first { $0.type == "Sample.Inner" }?.count == 2, "\(found)")
        #expect(found.first { $0.type == "Sample.Worker" }?.count == 1, "\(found)")
        #expect(found.first { $0.type == "Empty" }?.count == 0, "\(found)")

        // Known types of the sources.
        let sync = try #require(Self.sources().first { $0.path == "Storage/ProgressDatabase+Sync.swift" })
        let counts = Dictionary(StoredPropertyCounter.count(sync.text).map { ($0.type, $0.count) }, uniquingKeysWith: { a, _ in a })
        #expect(counts["ProgressDatabase.SyncChild"] == 5, "uid, nickname, animal, colour, created: \(counts)")
        #expect(counts["ProgressDatabase.OutboxItem"] == 3, "seq, kind, ref: \(counts)")
        let canvas = try #require(Self.sources().first { $0.path == "Render/SoftwareCanvas+Layers.swift" })
        let layers = StoredPropertyCounter.count(canvas.text)
        #expect(layers.map(\.type) == ["SoftwareCanvas.Layer"] && layers.map(\.count) == [3], "buffer, calls, lastUsed: \(layers)")
    }
}
