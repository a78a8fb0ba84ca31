import Foundation
import Testing
import TextCatalogs
@testable import GameCore
@testable import SceneTests

/// Where features meet: a whole session as a child plays it (Home, a game, Easy, Play, the
/// game to its end, the end screen, Home again), for every language × game × screen shape,
/// through the real binary (each run its own process: the canvas size is per process).
/// Memory and Sorting are played to a win by what the dump shows (the faces; each vehicle
/// dropped in the middle of its category's zone, wherever the shape and the language put
/// it); Balloons is left alone to its "nobody playing" loss, the other end screen.
@Suite struct WholeSessionMatrixTests {
    nonisolated static let languages = Languages.codes
    nonisolated static let shapes = ["1024x768", "800x1280", "1920x1080"]
    nonisolated static let games = ["memory", "sorting", "balloons"]

    struct Run {
        let log: [JSON]
        var dumps: [JSON] { log.filter { $0["event"]?.stringValue == "dump" } }
    }

    /// Runs the binary with `script`; a child (with her avatar in the top bar) plays in
    /// every other language, the guest in the rest.
    static func run(_ language: String, _ shape: String, _ script: String) throws -> Run {
        var args = ["--headless", "--seed", "3", "--size", shape, "--language", language, "--log", "-",
                    "--data-dir", temporaryDirectory("matrix-\(language)-\(shape)"), "--script", "-", "--no-draw"]
        if ["ar", "fr", "pt-BR"].contains(language) { args += ["--profile", "Lina"] }
        let r = try GameBinary.run(args, stdin: script)
        #expect(r.status == 0, "\(language) \(shape): exit \(r.status): \(r.stderr)")
        #expect(!r.stderr.contains("warning"), "\(language) \(shape): \(r.stderr)")
        return Run(log: r.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) })
    }

    static func items(_ dump: JSON?) -> [JSON] { dump?["items"]?.arrayValue ?? [] }
    static func item(_ dump: JSON?, _ id: String) -> JSON? { items(dump).first { $0["id"]?.stringValue == id } }
    static func at(_ p: Point) -> String { "\(Int(p.x.rounded())) \(Int(p.y.rounded()))" }

    static func canvas(_ dump: JSON) -> Rect {
        let c = dump["canvas"]?.arrayValue?.compactMap(\.doubleValue) ?? [1024, 768]
        return Rect(0, 0, c[0], c[1])
    }

    /// Every item a dump lists lies on the canvas (nothing placed off a portrait or wide screen).
    static func expectOnCanvas(_ dump: JSON, _ what: String) {
        let canvas = canvas(dump).insetBy(-1, -1)
        for item in items(dump) {
            guard let f = item["frame"]?.arrayValue?.compactMap(\.doubleValue), f.count == 4 else { continue }
            let r = Rect(f[0], f[1], f[2], f[3])
            #expect(canvas.contains(Point(r.minX, r.minY)) && canvas.contains(Point(r.maxX, r.maxY)),
                    "\(what): \(item["id"]?.stringValue ?? "?") at \(f) leaves the canvas \(canvas)")
        }
    }

    @Test(arguments: languages, shapes)
    func test_aWholeSessionOfEveryGame(language: String, shape: String) throws {
        for game in Self.games {
            let what = "\(language) \(shape) \(game)"
            // Home's tiles where this shape and language put them.
            let homeRun = try Self.run(language, shape, "0.2 dump\n")
            let home = try #require(homeRun.dumps.last, "\(what)")
            Self.expectOnCanvas(home, "\(what) Home")
            let tile = try #require(Self.item(home, "game-\(game)")?.frameCenter, "\(what)")
            let easy = try #require(Self.item(home, "level-easy")?.frameCenter, "\(what)")
            let play = try #require(Self.item(home, "play")?.frameCenter, "\(what)")
            var script = "0.3 tap \(Self.at(tile))\n0.8 tap \(Self.at(easy))\n1.3 tap \(Self.at(play))\n"
            let startRun = try Self.run(language, shape, script + "2.5 dump\n")
            let started = try #require(startRun.dumps.last, "\(what)")
            #expect(started["scene"]?.stringValue == game, "\(what): Play starts the game")
            Self.expectOnCanvas(started, "\(what) start")
            var t = 2.6
            switch game {
            case "memory":
                let cards = Self.items(started).filter { $0["kind"]?.stringValue == "card" }
                #expect(cards.count == 12, "\(what)")
                for (_, pair) in Dictionary(grouping: cards, by: { $0["face"]?.stringValue ?? "" }).sorted(by: { $0.key < $1.key }) {
                    for card in pair {
                        let centre = try #require(card.frameCenter)
                        script += "\(t) tap \(Self.at(centre))\n"
                        t += 0.5
                    }
                    t += 0.6
                }
            case "sorting":
                let vehicles = Self.items(started).filter { $0["kind"]?.stringValue == "vehicle" }
                let zones = Self.items(started).filter { $0["kind"]?.stringValue == "zone" }
                #expect(vehicles.count == 8 && zones.count >= 3, "\(what)")
                for vehicle in vehicles {
                    let zone = try #require(zones.first { $0["category"] == vehicle["category"] }, "\(what)")
                    let area = zone["area"]?.arrayValue?.first?.arrayValue?.compactMap { $0.doubleValue } ?? []
                    try #require(area.count == 4, "\(what)")
                    let to = Point(area[0] + area[2] / 2, area[1] + area[3] / 2)
                    let from = try #require(vehicle.frameCenter)
                    script += "\(t) drag \(Self.at(from)) \(Self.at(to)) 0.4\n"
                    t += 0.9
                }
            default:
                t += 14   // nobody pops: lost after 10 quiet seconds
            }
            t += 3
            script += "\(t) dump\n"
            let ended = try Self.run(language, shape, script)
            let over = try #require(ended.log.last { $0["event"]?.stringValue == "gameover" }, "\(what): the game ends")
            let end = try #require(ended.dumps.last, "\(what)")
            #expect(end["scene"]?.stringValue == "alert", "\(what): the end screen shows")
            Self.expectOnCanvas(end, "\(what) end screen")
            if game == "balloons" {
                #expect(over["result"]?.stringValue == "lost" && over["reason"]?.stringValue == "idle", "\(what): \(over)")
                #expect(Self.item(end, "alert-reason")?["icon"]?.stringValue == "reason-idle", "\(what): the loss says why in a picture")
                #expect(Self.item(end, "alert-stars") == nil, "\(what): no stars for a loss")
            } else {
                #expect(over["result"]?.stringValue == "won", "\(what): \(over)")
                #expect(ended.log.filter { $0["event"]?.stringValue == "drop" }.allSatisfy { $0["correct"] == .bool(true) },
                        "\(what): every vehicle in the middle of its zone is right")
                #expect(Self.item(end, "alert-stars") != nil, "\(what): a win shows its stars")
            }
            // Home again from the end screen's house.
            let house = try #require(Self.items(end).first { $0["icon"]?.stringValue == "home" }?.frameCenter, "\(what): the end screen has a way home")
            script += "\(t + 0.5) tap \(Self.at(house))\n\(t + 1.5) dump\n"
            let backRun = try Self.run(language, shape, script)
            let back = try #require(backRun.dumps.last, "\(what)")
            #expect(back["scene"]?.stringValue == "home" && back["stack"]?.arrayValue?.count == 1, "\(what): back at Home")
        }
    }
}
