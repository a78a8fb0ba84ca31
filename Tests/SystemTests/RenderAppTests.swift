import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests
@testable import RenderTests

// Render tests that run the real app, taken out of RenderTests (which runs no app): each
// suite names where it came from.

/// The renderer's kept pictures in the real app: Sorting's slot tiles after Back and another
/// level (from RenderCacheTests).
@Suite @MainActor struct RenderCacheAppTests {
    /// Every order, each in a fresh game: the first level's picture is the one that could stay.
    @Test(arguments: [("easy", "hard"), ("hard", "easy"), ("easy", "medium"), ("medium", "easy"),
                      ("medium", "hard"), ("hard", "medium")])
    func sortingSlotTiles_matchTheVehicles_afterBackAndAnotherLevel(first: String, then second: String) throws {
        let dir = temporaryDirectory()
        let order = [first, second]
        var script = "0.2 tap \(RenderCacheTests.sortingTile.0) \(RenderCacheTests.sortingTile.1)\n"
        var t = 0.4
        for (i, name) in order.enumerated() {
            if i > 0 {
                script += "\(t) tap \(RenderCacheTests.backButton.0) \(RenderCacheTests.backButton.1)\n"
                t += 0.35 // past the tap guard (issue 14): Back asks (issue 26), the door leaves
                script += "\(t) tap 388 498\n"
                t += 0.35
            }
            let tap = try #require(RenderCacheTests.levels[name]).tap
            script += "\(t) tap \(tap.0) \(tap.1)\n"
            script += "\(t + 0.2) tap \(RenderCacheTests.playButton.0) \(RenderCacheTests.playButton.1)\n"
            t += 1.0
            script += "\(t) screenshot \(dir)/\(i).png\n\(t) dump\n"
            t += 0.1
        }
        let log = try runScript(script, seed: 5, dataDir: dir, draw: true)
        let dumps = log.events("dump")
        try #require(dumps.count == order.count, "one dump per game: \(dumps.count)")
        let background = try QOI.load(path: try AssetLocator.locate() + "/images/bg-sorting.qoi")

        for (i, dump) in dumps.enumerated() {
            let level = try #require(RenderCacheTests.levels[order[i]])
            let game = i > 0 ? "\(order[i]) after \(order[i - 1])" : "\(order[i]) first"
            #expect(dump["scene"]?.stringValue == "sorting", "\(game)")
            let slots = dump["items"]?.arrayValue?.filter { $0["kind"]?.stringValue == "vehicle" }
                .compactMap { RenderCacheTests.rect($0["home"]) }.sorted { $0.x < $1.x } ?? []
            try #require(slots.count == level.vehicles, "\(game): \(slots.count) vehicles")
            let shot = try PixelImage(path: "\(dir)/\(i).png")
            func sky(_ x: Int, _ y: Int) -> [Int] { RenderCacheTests.over(background[x, y], RenderCacheTests.sky) }

            var wrong: [String] = []
            for (k, slot) in slots.enumerated() {
                // Just outside the vehicle's frame, inside its tile, at the middle of each side.
                let x0 = Int(slot.x), y0 = Int(slot.y), x1 = Int(slot.maxX), y1 = Int(slot.maxY)
                let midX = Int(slot.midX), midY = Int(slot.midY)
                for (x, y) in [(x0 - 1, midY), (x1, midY), (midX, y0 - 1), (midX, y1)] {
                    let expected = sky(x, y).map { $0 + (255 - $0) * RenderCacheTests.tileAlpha / 255 }
                    if !RenderCacheTests.close(shot[x, y], expected, 3) { wrong.append("no tile at \(x),\(y) by slot \(k): \(shot[x, y])") }
                }
                // Between this slot's tile and the next one's: plain sky, from the top of the
                // tallest tile row (Easy's) to its bottom.
                guard k + 1 < slots.count else { continue }
                let gapX = Int(((slot.maxX + slots[k + 1].x) / 2).rounded(.down))
                for y in stride(from: 82, through: 180, by: 7) where !RenderCacheTests.close(shot[gapX, y], sky(gapX, y), 2) {
                    wrong.append("stray tile at \(gapX),\(y) between slots \(k) and \(k + 1): \(shot[gapX, y])")
                }
            }
            #expect(wrong.isEmpty, "\(game): \(wrong.prefix(6).joined(separator: "; "))")
        }
    }
}

/// Arabic screens of the real app mirrored, dumps and taps included (from RightToLeftTests).
@Suite @MainActor struct RightToLeftAppTests {
    func run(_ script: String, language: String, kiosk: Bool = false) throws -> [JSON] {
        try runApp(script) { $0.settings.language = language; $0.settings.kiosk = kiosk }.lines
    }

    static func frames(_ items: [JSON]) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for item in items {
            guard let id = item["id"]?.stringValue, let f = item["frame"]?.arrayValue?.compactMap(\.intValue), f.count == 4 else { continue }
            out[id] = f
        }
        return out
    }

    /// Every frame of Home and of a game in Arabic is the English one mirrored across the
    /// centre line: Back on the right, score and time swapped, cards from the right.
    @Test func test_arabicDumpsShowMirroredFrames() throws {
        let script = "0.5 dump\n0.6 tap 248 225\n0.8 tap 248 440\n1.0 tap 512 640\n1.5 dump\n"
        let en = try run(script, language: "en").events("dump").map { Self.frames($0["items"]?.arrayValue ?? []) }
        let arScript = "0.5 dump\n0.6 tap 776 225\n0.8 tap 776 440\n1.0 tap 512 640\n1.5 dump\n"
        let arLog = try run(arScript, language: "ar")
        let ar = arLog.events("dump").map { Self.frames($0["items"]?.arrayValue ?? []) }
        #expect(arLog.events("dump").last?["scene"]?.stringValue == "memory", "the mirrored taps chose Memory and played")
        #expect(en.count == 2 && ar.count == 2)
        for (e, a) in zip(en, ar) {
            #expect(Set(e.keys) == Set(a.keys))
            for (id, f) in e {
                #expect(a[id] == [1024 - f[0] - f[2], f[1], f[2], f[3]], "\(id)")
            }
        }
        let game = try #require(ar.last)
        #expect(game["back"]![0] > 512, "Back is on the right")
        #expect(en.last!["back"]![0] < 512)
    }

    /// The gate's number pad keeps its left-to-right order.
    @Test func test_theGateIsNotMirrored() throws {
        let script = "0.5 down 512 32\n4 up 512 32\n4.5 dump\n"
        let enLog = try run(script, language: "en", kiosk: true), arLog = try run(script, language: "ar", kiosk: true)
        #expect(arLog.events("dump").last?["scene"]?.stringValue == "gate")
        let en = enLog.events("dump").last.map { Self.frames($0["items"]?.arrayValue ?? []) }
        let ar = arLog.events("dump").last.map { Self.frames($0["items"]?.arrayValue ?? []) }
        #expect(en != nil && en == ar)
    }
}
