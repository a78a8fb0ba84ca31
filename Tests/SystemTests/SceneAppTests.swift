import Foundation
import Testing
@testable import GameCore
@testable import Storage
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests
@testable import RenderTests

// Scene tests that need the real app, the binary or another program, taken out of the scene
// files (SceneTests runs no app, no SDL and no SQLite): each suite names where it came from.

/// Memory played through the real app, scripted from Home (from MemorySceneTests).
@Suite @MainActor struct MemorySceneAppTests {
    // MARK: - The real app, scripted from Home

    /// Runs the real app headless on a script (no drawing) and answers its log.
    func play(_ script: String, seed: UInt64) -> [JSON] {
        do { return try runScript(script, seed: seed, draw: false) } catch {
            Issue.record("script failed: \(error)")
            return []
        }
    }

    @Test func test_script_fromHomeIntoMemory_logsPushFlipsAndDumpOfTwelveCards() {
        let script = """
        0.2 tap-item game-memory
        0.4 tap-item level-easy
        0.6 tap-item play
        2.0 dump
        2.5 tap 176 192
        3.0 tap 400 192
        3.2 dump
        """
        let log = play(script, seed: 7)
        #expect(log.events("scene").contains {
            $0["action"]?.stringValue == "push" && $0["scene"]?.stringValue == "memory" && $0["stack"] == .strings(["home", "memory"])
        })
        let dumps = log.events("dump")
        #expect(dumps.count == 2)
        #expect(dumps[0]["scene"]?.stringValue == "memory")
        #expect(dumps[0]["timeLeft"]?.intValue == 120)
        let cards = (dumps[0]["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" }
        #expect(cards.count == 12)
        #expect(cards.map { $0["id"]?.stringValue } == (0..<12).map { "card-\($0)" })
        #expect(cards.allSatisfy { $0["state"]?.stringValue == "hidden" && AssetManifest.animals.contains($0["face"]?.stringValue ?? "") })
        // The tapped points lie on card-0 and card-1.
        func frame(_ item: JSON) -> Rect {
            let f = item["frame"]!.arrayValue!.map { $0.doubleValue! }
            return Rect(f[0], f[1], f[2], f[3])
        }
        #expect(frame(cards[0]).contains(Point(176, 192)))
        #expect(frame(cards[1]).contains(Point(400, 192)))
        let flips = log.events("flip")
        #expect(flips.map { $0["card"]?.stringValue } == ["card-0", "card-1"])
        #expect(flips.map { $0["face"]?.stringValue } == [cards[0]["face"]?.stringValue, cards[1]["face"]?.stringValue])
        let after = (dumps[1]["items"]?.arrayValue ?? []).filter { $0["kind"]?.stringValue == "card" }
        let expected = cards[0]["face"] == cards[1]["face"] ? "matched" : "open"
        #expect(after[0]["state"]?.stringValue == expected)
        #expect(after[1]["state"]?.stringValue == expected)
        #expect(log.events(expected == "matched" ? "match" : "mismatch").count == 1)
    }

    @Test func test_script_wholeHardGame_fromTheDump_isWon() {
        // First run: learn the deck for seed 21 from a dump, once the cards are dealt.
        let start = """
        0.2 tap-item game-memory
        0.4 tap-item level-hard
        0.6 tap-item play
        2.0 dump
        """
        let first = play(start, seed: 21)
        let cards = first.lastDumpItems().filter { $0["kind"]?.stringValue == "card" }
        #expect(cards.count == 20)
        var byFace: [String: [Point]] = [:]
        for card in cards { byFace[card["face"]!.stringValue!, default: []].append(card.frameCenter!) }
        // Second run, same seed: the same deck; tap every pair.
        var lines = [start]
        var t = 2.5
        for face in byFace.keys.sorted() {
            let points = byFace[face]!
            lines.append("\(t) tap \(Int(points[0].x)) \(Int(points[0].y))")
            lines.append("\(t + 0.4) tap \(Int(points[1].x)) \(Int(points[1].y))")
            t += 1
        }
        lines.append("\(t + 2) dump")
        let log = play(lines.joined(separator: "\n"), seed: 21)
        #expect(log.events("match").count == 10)
        #expect(log.events("gameover").first?["result"]?.stringValue == "won")
        #expect(log.events("gameover").first?["score"]?.intValue == 50)
        #expect(log.events("dump").last?["scene"]?.stringValue == "alert")
    }
}

/// Balloons played through the real app, scripted from Home (from BalloonSceneTests).
@Suite @MainActor struct BalloonSceneAppTests {
    // MARK: - Scripted, from Home

    @Test func test_script_fromHome_balloonsSpawn_andAnIdleGameEndsAfterTenSeconds() throws {
        let lines = try runScript("""
            0.2 tap-item game-balloons
            0.4 tap-item level-medium
            0.6 tap-item play
            3.0 dump
            12.0 dump
            """, seed: 3)
        #expect(lines.events("scene").last { $0["action"]?.stringValue == "push" && $0["scene"]?.stringValue == "balloons" }?["scene"]?.stringValue == "balloons")
        let start = try #require(lines.events("scene").first { $0["scene"]?.stringValue == "balloons" }?["t"]?.doubleValue)
        let spawns = lines.events("spawn")
        #expect(spawns.count >= 10)
        for s in spawns {
            #expect(s["type"]?.stringValue == "regular")
            #expect((1...7).contains(s["number"]?.intValue ?? 0))
            #expect((0...9).contains(s["spot"]?.intValue ?? -1))
            #expect(s["speed"]?.doubleValue == 150)
        }
        let firstDump = try #require(lines.events("dump").first)
        #expect(firstDump["scene"]?.stringValue == "balloons")
        #expect((firstDump["items"]?.arrayValue ?? []).contains { $0["kind"]?.stringValue == "balloon" })
        let over = try #require(lines.events("gameover").first)
        #expect(over["reason"]?.stringValue == "idle")
        #expect(over["result"]?.stringValue == "lost")
        #expect(over["recorded"] == .bool(false))
        #expect(abs(((over["t"]?.doubleValue ?? 0) - start) - 10) <= 0.05)
        #expect(lines.lastDumpItems().first { $0["id"]?.stringValue == "alert-yes" }?["kind"]?.stringValue == "button")
    }
}

/// Sorting played through the real app, scripted from Home (from SortingSceneTests).
@Suite @MainActor struct SortingSceneAppTests {
    // MARK: - Scripted play through the real app

    @Test func test_script_fromHome_dragVerb_logsPickAndDrop() {
        let slot = SortingLayout.slots(count: 12)[0].center
        guard let lines = try? runScript("""
            0.2 tap-item game-sorting
            0.4 tap-item level-hard
            0.6 tap-item play
            1.0 dump
            1.2 drag \(Int(slot.x)) \(Int(slot.y)) 240 600 0.3
            2.0 dump
            """, seed: 3) else { Issue.record("the script did not run"); return }
        let category = lines.events("dump").first?["items"]?.arrayValue?
            .first { $0["id"]?.stringValue == "vehicle-0" }?["category"]?.stringValue
        #expect(category != nil)
        #expect(lines.events("pick").first?["vehicle"] == .string("vehicle-0"))
        let drop = lines.events("drop").first
        #expect(drop?["vehicle"] == .string("vehicle-0"))
        #expect(drop?["at"] == .array([.int(240), .int(600)]))
        #expect(drop?["correct"] == .bool(category == "water"))
        #expect(drop?["zone"] == .string("zone-water-1"))
        let state = lines.lastDumpItems().first { $0["id"]?.stringValue == "vehicle-0" }?["state"]
        #expect(state == .string(category == "water" ? "placed" : "returning"))
    }
}

/// Two fingers through a script and the real SDL translation (from TapTapTests).
@Suite @MainActor struct TapTapAppTests {
    /// The same through a script and the real SDL translation: two `finger-down`s at one
    /// time pop two balloons, and both score.
    @Test func test_aScriptPopsTwoBalloonsWithTwoFingers() throws {
        let open = "0.2 tap-item game-balloons\n0.4 tap-item level-easy\n0.6 tap-item play\n"
        // Where Balloons' Easy opens (Home: Balloons, Easy, Play); a first run looks.
        let look = try runScript(open + "5 dump\n", seed: 5)
        #expect(look.events("dump").last?["scene"]?.stringValue == "balloons")
        let balloons = look.lastDumpItems().filter { $0["kind"]?.stringValue == "balloon" && $0["type"]?.stringValue == "regular" && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) > 60 }
        try #require(balloons.count >= 2, "two balloons to pop")
        let a = try #require(balloons[0].frameCenter), b = try #require(balloons[1].frameCenter)
        let lines = try runScript(open + "5 finger-down 0 \(a.x) \(a.y)\n5 finger-down 1 \(b.x) \(b.y)\n5.1 finger-up 0 \(a.x) \(a.y)\n5.1 finger-up 1 \(b.x) \(b.y)\n9 dump\n", seed: 5)
        let pops = lines.events("pop")
        #expect(pops.count == 2)
        #expect(Set(pops.compactMap { $0["t"]?.doubleValue }).count == 1, "in one frame")
        #expect(lines.events("score").count == 2)
    }
}

/// The gate's kiosk in the real binary (from AdultGateTests).
@Suite @MainActor struct AdultGateAppTests {

    @Test(.enabled(if: GameBinary.isBuilt, "build the app first")) func test_kioskIgnoresQuitPathsInScriptedPlay() throws {
        let dir = temporaryDirectory()
        try "kiosk = true\n".write(toFile: dir + "/kiosk.toml", atomically: true, encoding: .utf8)
        let r = try GameBinary.run(["--headless", "--config", dir + "/kiosk.toml", "--data-dir", dir, "--script", "-", "--log", "-"],
                                         stdin: "0.1 key escape\n0.3 dump\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"event\":\"ignored\""), "\(r.stdout)")
        #expect(r.stdout.contains("\"stack\":[\"home\"]"))
    }
}

/// The picker at the start of the real app (from PickerTests).
@Suite @MainActor struct PickerAppTests {

    /// With a fresh data dir the game starts on Home as the guest; once children exist the
    /// picker shows at start (pushed over Home), unless profiles are off or --profile chose.
    @Test func pickerAtStartOnlyWhenChildrenExist() throws {
        let dir = temporaryDirectory()
        let fresh = try runScript("0.2 dump\n", dataDir: dir)
        #expect(fresh.events("dump").last?.stack == ["home"])
        _ = HighScoreStore(directory: dir, warn: { _ in }).addChild(nickname: "Mo", avatar: Avatar(animal: "cat", colour: "pink"))
        let again = try runScript("0.2 dump\n", dataDir: dir)
        #expect(again.events("dump").last?.stack == ["home", "picker"])
        let off = try runApp("0.2 dump\n", dataDir: dir) { $0.settings.profiles = false }.lines
        #expect(off.events("dump").last?.stack == ["home"], "profiles off: no picker")
    }
}

/// The config's `games` and `levels` decide what Home offers.
@Suite @MainActor struct HomeChoiceTests {
    @Test func homeShowsTheConfiguredGamesAndLevels() throws {
        let ids = try runApp("0.2 dump\n") { $0.settings.games = ["balloons", "memory", "chess"]; $0.settings.levels = [.hard, .easy] }
            .lines.lastDumpItems().compactMap { $0["id"]?.stringValue }
        #expect(ids.filter { $0.hasPrefix("game-") } == ["game-balloons", "game-memory"])
        #expect(ids.filter { $0.hasPrefix("level-") } == ["level-easy", "level-hard"], "in their usual order")
    }
}

/// The monkey's checker knows the picture screens (from PictureScreenTests).
@Suite struct PictureScreenCheckerTests {
    /// The monkey's checker knows the picture screens: it fails a dump whose button names no
    /// picture, and a quit panel without its door and ▶.
    @Test(.enabled(if: Exec.find("python3") != nil, "python3 is needed"))
    func test_theMonkeysCheckerFailsButtonsWithoutPictures() throws {
        let lines = [
            #"{"t":0.000,"event":"start","seed":1,"version":"1.0.0","headless":true}"#,
            #"{"t":0.000,"event":"scene","action":"push","scene":"home","stack":["home"]}"#,
            #"{"t":0.500,"event":"alert","title":"Quit Kids Joy Center?","message":"See you soon!","buttons":["yes","no"],"kind":"quit"}"#,
            #"{"t":0.500,"event":"scene","action":"push","scene":"alert","stack":["home","alert"]}"#,
            #"{"t":1.000,"event":"dump","scene":"alert","stack":["home","alert"],"kind":"quit","items":[{"id":"alert-yes","kind":"button","frame":[288,410,200,176],"icon":"play"},{"id":"alert-no","kind":"button","frame":[536,410,200,176]}]}"#,
            #"{"t":1.100,"event":"quit"}"#,
        ]
        let path = temporaryDirectory() + "/log.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Exec.capture(Exec.find("python3")!, [packageRoot + "/tools/monkey/monkey.py", "check", path],
                                 environment: ProcessInfo.processInfo.environment)
        #expect(r.status == 1)
        #expect(r.stdout.contains("button alert-no names no picture"), "\(r.output)")
        #expect(r.stdout.contains("a quit alert shows ('play', None), not ('door', 'play')"), "\(r.output)")
    }
}

/// Contrast measured on headless renders of the real app (from ContrastTests).
@Suite @MainActor struct ContrastPixelTests {
    // MARK: - Pixels of a headless render

    /// Runs the app headless with drawing on; answers the log and the screenshot taken at the
    /// script's `screenshot` line.
    static func render(_ script: String, dataDir: String? = nil) throws -> ([JSON], PixelImage) {
        let path = temporaryDirectory() + "/shot.png"
        let lines = try runScript(script.replacingOccurrences(of: "SHOT", with: path), dataDir: dataDir, draw: true)
        return (lines, try PixelImage(path: path))
    }

    static func colour(_ image: PixelImage, _ x: Int, _ y: Int) -> Color {
        let p = image[x, y]
        return Color(UInt8(p[0]), UInt8(p[1]), UInt8(p[2]))
    }

    /// Pixels in a band `from`...`to` px outside (positive) or inside (negative) a frame's
    /// straight edges, 30 px away from its corners.
    static func band(_ image: PixelImage, around f: Rect, from: Int, to: Int) -> [Color] {
        var out: [Color] = []
        let x0 = Int(f.minX) + 30, x1 = Int(f.maxX) - 30, y0 = Int(f.minY) + 30, y1 = Int(f.maxY) - 30
        for d in from...to {
            for x in stride(from: x0, to: x1, by: 3) {
                for y in [Int(f.minY) - d, Int(f.maxY) + d] where y >= 0 && y < image.height { out.append(colour(image, x, y)) }
            }
            for y in stride(from: y0, to: y1, by: 3) {
                for x in [Int(f.minX) - d, Int(f.maxX) + d] where x >= 0 && x < image.width { out.append(colour(image, x, y)) }
            }
        }
        return out
    }

    @Test func test_sortingsDashedOutlinesShowOnThePaintingBesideThem() throws {
        let (lines, image) = try Self.render("0.2 tap-item game-sorting\n0.4 tap-item level-easy\n0.6 tap-item play\n1.5 screenshot SHOT\n1.6 dump\n")
        let zones = lines.lastDumpItems().filter { $0["kind"]?.stringValue == "zone" }
        #expect(zones.count == 3)
        for zone in zones {
            let id = zone["id"]?.stringValue ?? "?"
            // The painting just beside the outline, inside and outside the zone.
            let beside = Self.band(image, around: frameOf(zone), from: 9, to: 14) + Self.band(image, around: frameOf(zone), from: -14, to: -9)
            var readable = 0, whiteAlone = 0
            for p in beside {
                let edge = Contrast.blend(Theme.zoneDashEdge, over: p)
                let dash = Contrast.blend(Theme.zoneDash, over: edge)
                if max(Contrast.ratio(edge, p), Contrast.ratio(dash, p)) >= 3 { readable += 1 }
                if Contrast.ratio(Contrast.blend(Color(255, 255, 255, 220), over: p), p) >= 3 { whiteAlone += 1 }
            }
            #expect(Double(readable) / Double(beside.count) >= 0.99, "\(id): \(readable) of \(beside.count) pixels beside the dashes")
            if id.hasPrefix("zone-air") {
                // The pale sky is why: a white dash alone (the old outline) did not show on it.
                #expect(Double(whiteAlone) / Double(beside.count) < 0.2, "\(id): white dashes alone show on \(whiteAlone) of \(beside.count)")
            }
        }
    }

    /// The round pictures of buttons stand out from what is around them at 4.5:1 (as words
    /// must; stricter than WCAG's 3:1 for graphics): the ring drawn
    /// round each disc (sampled at `ring` px from its centre) against the background just
    /// outside it (`ring + 12` px, upper half: the soft shadow lies below), median of all pairs.
    static func ringContrast(_ image: PixelImage, centre: Point, ring: Double) -> Double {
        func samples(_ r: Double, upperHalfOnly: Bool) -> [Color] {
            (0..<72).compactMap { k -> Color? in
                let angle = Double(k) * 5 * Double.pi / 180
                if upperHalfOnly && sin(angle) > -0.2 { return nil }
                return colour(image, Int((centre.x + r * cos(angle)).rounded()), Int((centre.y + r * sin(angle)).rounded()))
            }
        }
        let inside = samples(ring, upperHalfOnly: false), outside = samples(ring + 12, upperHalfOnly: true)
        var ratios: [Double] = []
        for a in inside { for b in outside { ratios.append(Contrast.ratio(a, b)) } }
        ratios.sort()
        return ratios[ratios.count / 2]
    }

    @Test func test_pictureButtonsStandOutFromTheirBackground() throws {
        var checked = 0
        func check(_ script: String, _ ids: [String], dataDir: String? = nil) throws {
            let (lines, image) = try Self.render(script, dataDir: dataDir)
            let items = lines.lastDumpItems()
            for id in ids {
                let item = try #require(items.first { $0["id"]?.stringValue == id }, "\(id)")
                let f = frameOf(item)
                let size = AlertScene.buttonIconSize, disc = PictureButton.discRatio
                let (centre, ring): (Point, Double)
                switch id {
                case "close": (centre, ring) = (HighScoresPopup.closeIconFrame.center, HighScoresPopup.closeIconSize * disc + 1.5)
                case "resume": (centre, ring) = (f.center, f.width * disc + 3)
                default: (centre, ring) = (Point(f.midX, f.y + 4 + size / 2), size * disc + PictureButton.ringWidth / 2)
                }
                // The ▶ of the pause screen breathes (±4%): look for its ring near where it is.
                let spread = id == "resume" ? 6.0 : 0
                let ratio = stride(from: ring - spread, through: ring + spread, by: 1).map { Self.ringContrast(image, centre: centre, ring: $0) }.max() ?? 0
                #expect(ratio >= 4.5, "\(id): \(String(format: "%.2f", ratio)):1")
                checked += 1
            }
        }
        // An end screen (Balloons lost by idle), the quit panel, the pause screen.
        try check("0.2 tap-item game-balloons\n0.4 tap-item level-easy\n0.6 tap-item play\n14 screenshot SHOT\n14.1 dump\n", ["alert-yes", "alert-no"])
        try check("0.5 key escape\n1.5 screenshot SHOT\n1.6 dump\n", ["alert-yes", "alert-no"])
        try check("0.2 tap-item game-balloons\n0.4 tap-item level-easy\n0.6 tap-item play\n2 tap-item pause\n2.5 screenshot SHOT\n2.6 dump\n", ["resume"])
        try check("0.5 tap-item highscores\n1.5 screenshot SHOT\n1.6 dump\n", ["close"])
        #expect(checked == 6)
    }
}

/// The voice index as Platform reads it (from VoiceChannelTests).
@Suite struct VoiceIndexTests {

    @Test func test_theVoiceIndexIsRead() {
        let clips = VoiceLibrary.clips(inIndex: "key\tseconds\ttext\nvoice.a\t1.250\tHello\nvoice.b\tx\tbad\n", folder: "/v/en", language: "en")
        #expect(clips == [VoiceClip(key: "voice.a", language: "en", path: "/v/en/voice.a.ogg", duration: 1.25)])
    }
}

/// The real app headless on a script, with `--demo` when asked.
@MainActor
func runVoiceScript(_ script: String, demo: Bool = false, language: String? = nil, dataDir: String? = nil) throws -> [JSON] {
    try runApp(script, dataDir: dataDir) { $0.demo = demo; $0.settings.language = language }.lines
}

/// Spoken lines, demos and the tap guard in the real app (from ScenesSpeakTests, ShowMeDemoTests,
/// HintTests and FairnessTests).
@Suite @MainActor struct PlayWithoutReadingAppTests {

    @Test func test_homeGreetsAndNamesTilesAndPlay() throws {
        let log = try runVoiceScript("0.2 tap-item game-memory\n0.4 tap-item level-hard\n0.6 tap-item play\n1.8 quit\n")
        let lines = log.events("voice").compactMap { $0["line"]?.stringValue }
        #expect(Array(lines.prefix(4)) == ["voice.home.greeting", "voice.game.memory", "voice.level.hard", "voice.home.play"])
        let push = try #require(log.events("scene").first { $0["scene"]?.stringValue == "memory" })
        let intro = try #require(log.events("voice").first { $0["line"]?.stringValue == "voice.intro.memory" })
        #expect(intro["t"]!.doubleValue! - push["t"]!.doubleValue! <= 1.0)
        #expect(intro["text"]?.stringValue == "Find the pairs!")
    }

    @Test func test_headlessRunsShowDemosOnlyWithTheDemoFlag_andNeverMarkThemSeen() throws {
        // (Memory's demo starts once the cards are dealt, a second after Play.)
        let script = "0.2 tap-item game-memory\n0.4 tap-item level-easy\n0.6 tap-item play\n6 quit\n"
        let dir = temporaryDirectory()
        let plain = try runVoiceScript(script, dataDir: dir)
        #expect(plain.events("demo").isEmpty)
        let shown = try runVoiceScript(script, demo: true, dataDir: dir)
        #expect(shown.events("demo").map { $0["action"]?.stringValue } == ["start", "end"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + DemoStore.fileName), "a scripted run marks nothing seen")
        // The same script with --demo: the guest's first game opens with its demo and is
        // relaxed, as a child's first game is (issue 45): no clock. Without it, the level's rules.
        let timers = plain.events("timer").map { $0["t"]!.doubleValue! }
        #expect(!timers.isEmpty && shown.events("timer").isEmpty)
    }

    @Test func test_windowedPlayRemembersSeenDemos_inTheDataFolder() throws {
        let dir = temporaryDirectory()
        var options = AppOptions()
        options.headless = false
        let memory = GameApp.demoMemory(options: options, directory: dir, warn: { _ in })
        #expect(memory.mode == .firstTime)
        #expect(memory.shouldShow(.memory))
        memory.markSeen(.memory)
        SaveQueue.shared.waitUntilIdle()
        let again = GameApp.demoMemory(options: options, directory: dir, warn: { _ in })
        #expect(!again.shouldShow(.memory))
        #expect(again.shouldShow(.sorting))
        let text = try String(contentsOfFile: dir + "/" + DemoStore.fileName, encoding: .utf8)
        #expect(text == "{\"version\":1,\"seen\":[\"memory\"]}\n")
        // A damaged file: the demos show again, said once, nothing crashes.
        try "{not json".write(toFile: dir + "/" + DemoStore.fileName, atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let damaged = GameApp.demoMemory(options: options, directory: dir, warn: { warnings.append($0) })
        #expect(damaged.shouldShow(.memory))
        #expect(warnings.count == 1)
        // Scripted windowed runs and headless runs: off unless --demo, and never saved.
        options.scriptText = "1 quit"
        #expect(GameApp.demoMemory(options: options, directory: dir, warn: { _ in }).mode == .off)
        options.demo = true
        let scripted = GameApp.demoMemory(options: options, directory: dir, warn: { _ in })
        #expect(scripted.mode == .firstTime && scripted.save == nil && scripted.shouldShow(.memory))
    }

    @Test func test_homesGreyedPlay_answersTheTap() throws {
        let log = try runVoiceScript("0.2 tap-item play\n0.5 quit\n")
        let hint = try #require(log.events("hint").first)
        #expect(hint["target"]?.stringValue == "play")
    }

    @Test func test_tapGuard_aDoubleTapOnPlayFlipsNoCard_aLaterTapDoes() throws {
        let card = MemoryLayout.frames(for: .easy, in: GameHosting.playArea)[9].center
        let script = "0.2 tap-item game-memory\n0.4 tap-item level-easy\n0.6 tap-item play\n0.75 tap \(Int(card.x)) \(Int(card.y))\n"
            + "1.0 tap \(Int(card.x)) \(Int(card.y))\n1.2 quit\n"
        let log = try runVoiceScript(script)
        #expect(log.events("ignored").filter { $0["why"]?.stringValue == "tap-guard" }.count == 1)
        #expect(log.events("flip").count == 1)
        let flipTime: Double = log.events("flip").first?["t"]?.doubleValue ?? 0
        #expect(abs(flipTime - (1.0 + 1.0 / 60)) < 0.002, "on the release a frame later")
    }
}

/// The speaker's mute is this run's only: the app's settings store saves none of it (the scene
/// side is HomeSceneTests' test_muteButtonAndKeyToggleForThisRunOnly).
@Suite @MainActor struct SettingsStoreMuteTests {
    @Test func test_theSpeakersMuteIsNeverSaved() {
        let dir = temporaryDirectory()
        let context = makeContext(dataDir: dir)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        tap(stack, TopBar.muteFrame.center)
        #expect(context.muted)
        (context.settingsStore as! SettingsStore).waitForPendingSaves()
        #expect(!SettingsStore(directory: dir, warn: { _ in }).muted, "the next start is not silent")
        #expect(!FileManager.default.fileExists(atPath: dir + "/settings.json"), "nothing is saved")
        stack.handle(.key(.m))
        #expect(!context.muted)
    }
}
