import Testing
@testable import GameCore
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp
@testable import SceneTests

/// One-switch scanning speaks: the voice names the item the ring steps to, and keeps out
/// of the way of the game's own lines.
@Suite @MainActor struct ScanningVoiceTests {
    /// The real app headless with `--switch SECONDS` on a script.
    static func runScanning(_ script: String, seconds: Double = 1.5, seed: UInt64 = 1) throws -> [JSON] {
        try runApp(script, seed: seed) { $0.settings.switchSeconds = seconds }.lines
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
    /// A step is named at once unless one of the game's own lines is still being said (here
    /// the greeting, whose length depends on the language's voice and speaking rate): the
    /// lengths come from the voice files (VoiceLibrary), never assumed, so a slower or
    /// another voice (docs/voices.md) changes which steps are named, not the rule checked.
    @Test func test_scanningNamesHomesTiles() throws {
        let lines = try Self.runScanning("12 quit\n", seconds: 1)
        let steps = lines.events("focus").compactMap { e in e["t"]?.doubleValue.map { ($0, e["item"]?.stringValue ?? "") } }
        #expect(steps.prefix(3).map(\.1) == ["game-memory", "game-sorting", "game-balloons"])
        let library = VoiceLibraryLoader.load(assets: try AssetLocator.locate(), language: "en", warn: { _ in })
        // The name a Home tile's step says (FocusNavigation.voiceLine: game, level, Play).
        func name(_ item: String) -> String? {
            if item.hasPrefix("game-") || item.hasPrefix("level-") {
                return "voice." + String(item.map { $0 == "-" ? "." : $0 })
            }
            return item == "play" ? "voice.button.play" : nil
        }
        let voices = lines.events("voice").compactMap { e in
            e["t"]?.doubleValue.flatMap { t in e["line"]?.stringValue.map { (t, $0) } }
        }
        let stepAt = Dictionary(steps, uniquingKeysWith: { _, b in b })
        // The game's own lines (not a step's name) and when each ends.
        let busy = voices.filter { t, key in stepAt[t].flatMap(name) != key }
            .compactMap { t, key in library.clip(key).map { (t, t + $0.duration) } }
        #expect(!busy.isEmpty, "the greeting is said")
        var named = 0
        for (t, item) in steps {
            guard let line = name(item), !busy.contains(where: { $0.0 <= t && t < $0.1 - 1e-6 }) else { continue }
            #expect(voices.contains { $0.0 == t && $0.1 == line }, "\(item) at \(t): \(line) in \(voices)")
            named += 1
        }
        let said = voices.map(\.1)
        #expect(named >= 4, "steps named: \(named) in \(voices)")
        // Every row of Home is named at some step: a game, a level, Play.
        for row in ["voice.game.", "voice.level.", "voice.button.play"] {
            #expect(said.contains { $0.hasPrefix(row) }, "\(row) in \(said)")
        }
    }

    /// In a game, the game's lines are never cut by a name: names wait for a quiet channel
    /// (or cut only the previous name).
    @Test func test_namesKeepOutOfTheGamesWay() throws {
        // Scanning at 0.8 s from Home: Sorting (the ring is on it at 0.8), Easy (2.4), Play (4.8).
        let lines = try Self.runScanning("1.0 key space\n2.6 key space\n5.0 key space\n20 quit\n", seconds: 0.8)
        #expect(lines.events("scene").contains { $0["scene"]?.stringValue == "sorting" })
        let library = VoiceLibraryLoader.load(assets: try AssetLocator.locate(), language: "en", warn: { _ in })
        // A name is the line said right after a scanning step in the same frame; a line said
        // in the frame of a step but before it (Play's "Let's play!" when the press opens the
        // game, whose first step comes next) is the game's own. Names are told apart by the
        // log's order, not by the lines' lengths (which change with the voice).
        var focusAt: [Double: String] = [:]
        var voices: [(t: Double, key: String, isName: Bool)] = []
        for e in lines {
            guard let t = e["t"]?.doubleValue else { continue }
            if e.is("focus") { focusAt[t] = e["item"]?.stringValue ?? "" }
            if e.is("voice"), let key = e["line"]?.stringValue {
                voices.append((t, key, focusAt[t] != nil && !key.hasPrefix("voice.intro.")))
            }
        }
        var names = 0
        for (i, v) in voices.enumerated() where v.isName && i > 0 {
            // A name said at a scanning step: whatever spoke before it had ended, or was a name.
            let before = voices[i - 1]
            guard let clip = library.clip(before.key) else { continue }
            #expect(before.isName || v.t >= before.t + clip.duration - 1e-6,
                    "\(before.key) at \(before.t) cut by \(v.key) at \(v.t)")
            names += 1
        }
        #expect(names >= 3, "names were said")
        #expect(voices.contains { $0.key.hasPrefix("voice.vehicle.") || $0.key.hasPrefix("voice.hint.") },
                "vehicles or zones are named in the game")
    }
}
