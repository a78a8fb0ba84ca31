import Testing
@testable import GameCore
@testable import KidsJoyApp

/// Memory's deal seen from outside (issue 45, item 9): a headless script enters Memory and
/// dumps during the deal; the dumps show every card moving from the deck to its place, the
/// log marks the deal's start and end, and the clock's first tick comes a second after it.
@Suite @MainActor struct CardDealScriptTests {
    static func cards(_ dump: JSON) -> [[Double]] {
        (dump["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" }
            .map { $0["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? [] }
    }

    @Test func test_aScriptDumpsDuringTheDeal_theCardsMoveToTheirPlaces_thenTheClockStarts() throws {
        var script = "0.2 tap-item game-memory\n0.4 tap-item level-medium\n0.6 tap-item play\n"
        for k in 0...14 { script += String(format: "%.2f dump\n", 0.65 + Double(k) * 0.1) }
        script += "3.0 tap-item card-5\n"
        let log = try runScript(script)
        let dumps = log.filter { $0["event"]?.stringValue == "dump" && $0["scene"]?.stringValue == "memory" }
        #expect(dumps.count == 15)
        let frames = dumps.map(Self.cards)
        let placed = try #require(frames.last)
        #expect(placed.count == 16)
        // Every card moves: at least three different positions over the deal, the last its place.
        for card in 0..<16 {
            let path = frames.map { $0[card] }
            #expect(Set(path.map { "\($0)" }).count >= 3, "card-\(card): \(path)")
        }
        #expect(frames[0] != placed && frames[8] != placed && frames[10] == placed, "dealt in the second after the game appears")
        let deal = log.filter { $0["event"]?.stringValue == "cards" }
        #expect(deal.map { $0["action"]?.stringValue } == ["start", "end"])
        let entered = try #require(log.first { $0["event"]?.stringValue == "scene" && $0["scene"]?.stringValue == "memory" }?["t"]?.doubleValue)
        let dealt = try #require(deal.last?["t"]?.doubleValue)
        #expect(abs(dealt - entered - 59.0 / 60) < 1e-3, "the deal takes the game's first second")
        // The clock's first change (1:45 to 1:44) comes one second after the deal.
        let ticks = log.filter { $0["event"]?.stringValue == "timer" }.compactMap { $0["t"]?.doubleValue }
        #expect(ticks.count >= 2 && abs(ticks[1] - dealt - 1 - 1.0 / 60) < 1e-3, "\(ticks) after \(dealt)")
        #expect(log.contains { $0["event"]?.stringValue == "flip" && $0["card"]?.stringValue == "card-5" })
    }
}
