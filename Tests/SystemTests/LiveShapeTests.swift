import Foundation
import Testing
@testable import GameCore
@testable import SceneTests

/// Issue 45, item 9's last part: the canvas follows the screen's shape while the game runs
/// (a window resized, a tablet turned; a script's `resize W H` headless). Memory's cards glide
/// to their new places; Sorting and Balloons keep the shape they started in until they leave,
/// then Home takes the new one.
@Suite struct LiveShapeTests {
    static func run(_ script: String, _ extra: [String] = []) throws -> (status: Int32, log: [JSON], stderr: String) {
        let args = ["--headless", "--seed", "7", "--log", "-", "--data-dir", temporaryDirectory("live-shape"), "--script", "-", "--no-draw"] + extra
        let r = try GameBinary.run(args, stdin: script)
        return (r.status, r.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }, r.stderr)
    }

    static func events(_ log: [JSON], _ name: String) -> [JSON] { log.filter { $0["event"]?.stringValue == name } }
    static func cards(_ dump: JSON) -> [JSON] { (dump["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" } }
    static func canvas(_ dump: JSON) -> [Double] { dump["canvas"]?.arrayValue?.compactMap(\.doubleValue) ?? [] }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_aTurnedTabletGlidesMemorysCardsToTheirNewPlaces() throws {
        let r = try Self.run("""
            0.2 tap-item game-memory
            0.4 tap-item level-easy
            0.6 tap-item play
            3 dump
            3.1 resize 800 1280
            3.15 dump
            3.25 dump
            3.6 dump
            3.7 tap-item card-0
            3.9 dump
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let shape = try #require(Self.events(r.log, "shape").first, "the canvas takes the new shape")
        #expect(shape["width"]?.intValue == 768 && shape["height"]?.intValue == 1229)
        let glides = Self.events(r.log, "cards").filter { $0["motion"]?.stringValue == "glide" }
        #expect(glides.map { $0["action"]?.stringValue } == ["start", "end"], "\(glides)")
        if let start = glides.first?["t"]?.doubleValue, let end = glides.last?["t"]?.doubleValue {
            #expect(end - start > 0.2 && end - start < 0.5, "about 0.3 s")
        }
        let dumps = Self.events(r.log, "dump")
        try #require(dumps.count == 5)
        #expect(Self.canvas(dumps[0]) == [1024, 768] && Self.canvas(dumps[1]) == [768, 1229])
        let before = Self.cards(dumps[0]).map(frameOf), during = Self.cards(dumps[1]).map(frameOf)
        let later = Self.cards(dumps[2]).map(frameOf), after = Self.cards(dumps[3]).map(frameOf)
        #expect(before.count == 12 && during.count == 12 && after.count == 12)
        #expect(during != before && during != after && later != during, "the cards move over those frames, no jump")
        let screen = Rect(0, 0, 768, 1229)
        for f in after { #expect(screen.contains(Point(f.minX, f.minY)) && screen.contains(Point(f.maxX, f.maxY)), "\(f) on the portrait canvas") }
        // And the game goes on at the new places: a tap turns the card it names.
        #expect(Self.cards(dumps[4]).first { $0["id"]?.stringValue == "card-0" }?["state"]?.stringValue == "open")
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_sortingKeepsItsShapeUntilItLeaves_thenHomeTakesTheNewOne() throws {
        let r = try Self.run("""
            0.2 tap-item game-sorting
            0.4 tap-item level-easy
            0.6 tap-item play
            2 resize 1920 1080
            2.5 dump
            3 tap-item back
            3.5 tap-item alert-yes
            4.2 dump
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let dumps = Self.events(r.log, "dump")
        try #require(dumps.count == 2)
        #expect(dumps[0]["scene"]?.stringValue == "sorting" && Self.canvas(dumps[0]) == [1024, 768], "Sorting keeps its shape")
        let shape = try #require(Self.events(r.log, "shape").first)
        let left = try #require(Self.events(r.log, "scene").last { $0["scene"]?.stringValue == "sorting" && $0["action"]?.stringValue == "pop" })
        #expect((shape["t"]?.doubleValue ?? 0) >= (left["t"]?.doubleValue ?? 99), "the new shape comes when the game has left")
        #expect(dumps[1]["scene"]?.stringValue == "home" && Self.canvas(dumps[1]) == [1365, 768])
        for item in dumps[1]["items"]?.arrayValue ?? [] {
            let f = frameOf(item)
            #expect(f.minX >= -1 && f.maxX <= 1366 && f.minY >= -1 && f.maxY <= 769, "\(item["id"]?.stringValue ?? "?") on the wide canvas")
        }
    }

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_aBadResizeIsAScriptErrorNamingItsLine() throws {
        let r = try Self.run("0.5 resize 10 10\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains(":1:") && r.stderr.contains("resize"), "\(r.stderr)")
    }
}
