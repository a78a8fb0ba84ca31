import Testing
@testable import GameCore
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp

/// One-switch scanning speaks: the voice names the item the ring steps to, and keeps out
/// of the way of the game's own lines.
@Suite @MainActor struct ScanningVoiceTests {
    /// The real app headless with `--switch SECONDS` on a script.
    static func runScanning(_ script: String, seconds: Double = 1.5, seed: UInt64 = 1) throws -> [JSON] {
        try runApp(script, seed: seed) { $0.switchSeconds = seconds }.lines
    }

    @Test func test_itemsHaveTheirLines_cardsNone() {
        func line(_ fields: [(String, JSON)]) -> String? { FocusNavigation.voiceLine(for: .object(fields))?.key }
        #expect(line([("id", "game-memory"), ("kind", "button"), ("key", "game.memory")]) == "voice.game.memory")
        #expect(line([("id", "level-hard"), ("kind", "button"), ("key", "level.hard")]) == "voice.level.hard")
        #expect(line([("id", "play"), ("kind", "button"), ("key", "home.play")]) == "voice.button.play")
        #expect(line([("id", "back"), ("kind", "button")]) == "voice.button.back")
        #expect(line([("id", "alert-yes"), ("kind", "button"), ("key", "button.play-again")]) == "voice.button.again")
        #expect(line([("id", "alert-no"), ("kind", "button"), ("key", "button.stay")]) == "voice.button.stay")
        #expect(line([("id", "vehicle-0"), ("kind", "vehicle"), ("name", "canoe")]) == "voice.vehicle.canoe")
        #expect(line([("id", "zone-water-1"), ("kind", "zone"), ("category", "water")]) == "voice.hint.water")
        #expect(line([("id", "balloon-3"), ("kind", "balloon"), ("type", "regular"), ("number", .int(7))]) == "voice.number.7")
        #expect(line([("id", "balloon-4"), ("kind", "balloon"), ("type", "killer"), ("number", .null)]) == "voice.balloon.skull")
        #expect(line([("id", "card-0"), ("kind", "card"), ("face", "cat")]) == nil)
    }

    /// Home under scanning: the ring walks the tiles and the voice names them in turn.
    @Test func test_scanningNamesHomesTiles() throws {
        let lines = try Self.runScanning("12 quit\n", seconds: 1)
        let steps = lines.events("focus").compactMap { $0["item"]?.stringValue }
        #expect(steps.prefix(3) == ["game-memory", "game-sorting", "game-balloons"])
        let said = lines.events("voice").compactMap { $0["line"]?.stringValue }
        for name in ["voice.game.sorting", "voice.game.balloons", "voice.level.easy", "voice.button.play"] {
            #expect(said.contains(name), "\(name) in \(said)")
        }
    }

    /// In a game, the game's lines are never cut by a name: names wait for a quiet channel
    /// (or cut only the previous name).
    @Test func test_namesKeepOutOfTheGamesWay() throws {
        // Scanning at 0.8 s from Home: Sorting (the ring is on it at 0.8), Easy (2.4), Play (4.8).
        let lines = try Self.runScanning("1.0 key space\n2.6 key space\n5.0 key space\n20 quit\n", seconds: 0.8)
        #expect(lines.events("scene").contains { $0["scene"]?.stringValue == "sorting" })
        let library = VoiceLibraryLoader.load(assets: try AssetLocator.locate(), language: "en", warn: { _ in })
        let focusAt = Dictionary(lines.events("focus").compactMap { e in e["t"]?.doubleValue.map { ($0, e["item"]?.stringValue ?? "") } },
                                 uniquingKeysWith: { _, b in b })
        let voices = lines.events("voice")
        var names = 0
        for (i, v) in voices.enumerated() {
            guard let t = v["t"]?.doubleValue, focusAt[t] != nil, i > 0,
                  let key = v["line"]?.stringValue, !key.hasPrefix("voice.intro.") else { continue }
            // A name said at a scanning step: whatever spoke before it had ended, or was a name.
            let before = voices[i - 1]
            guard let k0 = before["line"]?.stringValue, let t0 = before["t"]?.doubleValue, let clip = library.clip(k0) else { continue }
            let previousWasName = focusAt[t0] != nil && !k0.hasPrefix("voice.intro.")
            #expect(previousWasName || t >= t0 + clip.duration - 1e-6, "\(k0) at \(t0) cut by \(key) at \(t)")
            names += 1
        }
        #expect(names >= 3, "names were said")
        #expect(voices.contains { ($0["line"]?.stringValue ?? "").hasPrefix("voice.vehicle.") || ($0["line"]?.stringValue ?? "").hasPrefix("voice.hint.") },
                "vehicles or zones are named in the game")
    }
}
