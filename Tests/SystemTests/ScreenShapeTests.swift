import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests

/// Every screen shape is the game's own (issue 27): the canvas takes the screen's shape, the
/// scenes place their frames for it, and a window fits its screen.
@Suite @MainActor struct ScreenShapeTests {
    // MARK: The canvas

    @Test func test_theCanvasFollowsTheScreensShape() {
        #expect(Canvas1024.size(forScreen: 1024, 768) == Size(1024, 768))
        #expect(Canvas1024.size(forScreen: 640, 480) == Size(1024, 768))
        #expect(Canvas1024.size(forScreen: 2048, 1536) == Size(1024, 768))
        #expect(Canvas1024.size(forScreen: 1920, 1080) == Size(1365, 768))
        #expect(Canvas1024.size(forScreen: 1280, 800) == Size(1229, 768))
        #expect(Canvas1024.size(forScreen: 2560, 1080) == Size(1820, 768))
        #expect(Canvas1024.size(forScreen: 800, 1280) == Size(768, 1229))
        #expect(Canvas1024.size(forScreen: 768, 1024) == Size(768, 1024))
        #expect(Canvas1024.size(forScreen: 1080, 1920) == Size(768, 1365))
    }

    // MARK: Cover and target sizes, measured from dumps

    /// Runs the real binary headless at `size` with `script` and answers its dumps.
    static func dumps(_ size: String, _ script: String) throws -> [JSON] {
        let r = try GameBinary.run(["--headless", "--seed", "5", "--size", size, "--log", "-", "--data-dir", temporaryDirectory(size),
                                    "--script", "-"], stdin: script)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }.filter { $0["event"]?.stringValue == "dump" }
    }

    static func centre(_ dump: JSON, _ id: String) -> String {
        guard let c = (dump["items"]?.arrayValue ?? []).first(where: { $0["id"]?.stringValue == id })?.frameCenter else { return "0 0" }
        return "\(Int(c.x)) \(Int(c.y))"
    }

    static func frame(_ item: JSON) -> Rect? {
        guard let f = item["frame"]?.arrayValue, f.count == 4, let x = f[0].doubleValue, let y = f[1].doubleValue,
              let w = f[2].doubleValue, let h = f[3].doubleValue else { return nil }
        return Rect(x, y, w, h)
    }

    /// The dumps of Home, of each game at each level (a second into it, Balloons two) and of
    /// an end screen (Balloons Easy run out of time). `levels` narrows the levels.
    static func screens(_ size: String, levels: [String] = ["easy", "medium", "hard"], end: Bool = true) throws -> [(name: String, dump: JSON)] {
        let home = try #require(try dumps(size, "0.2 dump\n0.3 quit\n").first)
        var out: [(String, JSON)] = [("home", home)]
        for (game, at) in [("memory", 1.5), ("sorting", 1.5), ("balloons", 3.0)] {
            for level in levels {
                let script = "0.3 tap \(centre(home, "game-" + game))\n0.6 tap \(centre(home, "level-" + level))\n0.9 tap \(centre(home, "play"))\n"
                    + "\(at) dump\n\(at + 0.1) quit\n"
                let dump = try #require(try dumps(size, script).last)
                #expect(dump["scene"]?.stringValue == game, "\(size): \(game) \(level) started by the tiles' dumped centres")
                out.append((game, dump))
            }
        }
        if end {
            let script = "0.3 tap \(centre(home, "game-balloons"))\n0.6 tap \(centre(home, "level-easy"))\n0.9 tap \(centre(home, "play"))\n"
                + "64 dump\n64.1 quit\n"
            let dump = try #require(try dumps(size, script).last)
            #expect(dump["scene"]?.stringValue == "alert", "\(size): the end screen")
            out.append(("end", dump))
        }
        return out
    }

    /// The dumps of the children's screens (issue 27), reached by taps on the centres the
    /// dumps give, from a data folder with 12 sample children (Ana's sticker book has two
    /// pages): the picker at start (two pages: the next arrow) and its animals and colours
    /// ("+" through the gate), the sticker book, the high scores with their tabs and the
    /// nickname keyboard (the corner through the gate).
    static func profileScreens(_ size: String) throws -> [(name: String, dump: JSON)] {
        let data = temporaryDirectory("profiles-" + size)
        let made = try GameBinary.run(["report", "--data-dir", data, "--make-sample", "12x30"])
        #expect(made.status == 0, "\(made.stderr)")
        func dumps(_ lines: [String]) throws -> [JSON] {
            let dir = temporaryDirectory(size)
            try FileManager.default.removeItem(atPath: dir)
            try FileManager.default.copyItem(atPath: data, toPath: dir)
            let r = try GameBinary.run(["--headless", "--seed", "5", "--size", size, "--log", "-", "--data-dir", dir, "--script", "-"],
                                       stdin: lines.joined(separator: "\n") + "\n")
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }.filter { $0["event"]?.stringValue == "dump" }
        }
        /// Taps that answer the gate of `dump` from time `t` on (its sum or product).
        func answer(_ gate: JSON, from t: Double) -> (lines: [String], end: Double) {
            let q = (gate["question"]?.stringValue ?? "").split(separator: " ").map(String.init)
            let (a, b) = (Int(q.first ?? "") ?? 0, Int(q.last ?? "") ?? 0)
            let sum = String(q.count == 3 && q[1] == "+" ? a + b : a * b)
            var lines: [String] = [], t = t
            for digit in sum { lines.append("\(t) tap \(centre(gate, "gate-key-\(digit)"))"); t += 0.4 }
            lines.append("\(t) tap \(centre(gate, "gate-ok"))")
            return (lines, t + 0.6)
        }
        var out: [(String, JSON)] = []
        func take(_ name: String, _ scene: String, _ lines: [String]) throws -> JSON {
            let dump = try #require(try dumps(lines).last)
            #expect(dump["scene"]?.stringValue == scene, "\(size): \(name) is \(dump["scene"]?.stringValue ?? "-")")
            out.append((name, dump))
            return dump
        }
        // Who's playing, Ana's (the first child's) sticker book, the high scores with the tabs.
        var script = ["0.3 dump"]
        let picker = try take("picker", "picker", script)
        script += ["0.6 tap \(centre(picker, "player-child-1"))", "1.2 dump"]
        let home = try #require(try dumps(script).last)
        script += ["1.5 tap \(centre(home, "stickers"))", "2.1 dump"]
        let book = try take("stickers", "stickers", script)
        script += ["2.4 tap \(centre(book, "back"))", "3.0 tap \(centre(home, "highscores"))", "3.6 dump"]
        let scores = try take("highscores", "highscores", script)
        #expect(Self.targets(scores).contains { $0.0 == "tab-mine" }, "\(size): the high scores' tabs")
        // The second page (its previous arrow), where "+" asks the gate; answered, the
        // animals, then the colours.
        script = ["0.3 tap \(centre(picker, "page-next"))", "0.8 dump"]
        let second = try take("picker page 2", "picker", script)
        script += ["1.1 tap \(centre(second, "add-child"))", "1.7 dump"]
        let gate = try #require(try dumps(script).last)
        let (taps, t) = answer(gate, from: 2.0)
        script += taps + ["\(t) dump"]
        let animals = try take("animals", "picker", script)
        script += ["\(t + 0.3) tap \(centre(animals, "animal-owl"))", "\(t + 0.9) dump"]
        _ = try take("colours", "picker", script)
        // The nickname keyboard: Home's logo held, the gate, the corner, "Name".
        script = ["0.3 tap \(centre(picker, "player-guest"))", "0.9 down \(centre(home, "logo"))", "4.2 up \(centre(home, "logo"))", "4.8 dump"]
        let held = try #require(try dumps(script).last)
        let (keys, t2) = answer(held, from: 5.1)
        script += keys + ["\(t2) dump"]
        let unlocked = try #require(try dumps(script).last)
        script += ["\(t2 + 0.3) tap \(centre(unlocked, "gate-corner"))", "\(t2 + 0.9) dump"]
        let corner = try take("corner", "corner", script)
        script += ["\(t2 + 1.2) tap \(centre(corner, "name-child-1"))", "\(t2 + 1.8) dump"]
        _ = try take("nickname", "nickname", script)
        return out
    }

    /// The touchable things of a screen: buttons, cards, vehicles, balloons, keys, avatars, tabs.
    static func targets(_ dump: JSON) -> [(String, Rect)] {
        (dump["items"]?.arrayValue ?? []).compactMap { item in
            guard let kind = item["kind"]?.stringValue, ["button", "card", "vehicle", "balloon", "key", "avatar", "tab"].contains(kind),
                  let f = frame(item) else { return nil }
            return (item["id"]?.stringValue ?? kind, f)
        }
    }

    @Test(arguments: [("800x1280", 64.0), ("1280x800", 48.0), ("1920x1080", 48.0), ("2560x1080", 48.0), ("1024x768", 48.0)])
    func test_thePlayFieldCoversTheScreen_andTargetsAreFingerSized(_ size: String, _ least: Double) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let (w, h) = (parts[0], parts[1])
        for (name, dump) in try Self.screens(size) + Self.profileScreens(size) {
            let c = try #require(dump["canvas"]?.arrayValue)
            let canvas = Size(c[0].doubleValue ?? 0, c[1].doubleValue ?? 0)
            #expect(canvas == Canvas1024.size(forScreen: w, h), "\(size) \(name): canvas \(canvas)")
            let viewport = Viewport(width: w, height: h, logical: canvas)
            let cover = canvas.width * viewport.scale * canvas.height * viewport.scale / Double(w * h)
            #expect(cover >= 0.85, "\(size) \(name): the play field covers \(Int(cover * 100))% of the screen")
            // The game's own items spread over the canvas's width (no 4:3 island in the middle).
            let own = Self.targets(dump).filter { !["back", "mute", "pause", "hear-again", "logo"].contains($0.0) }.map(\.1)
            if name == "memory" || name == "sorting" || name == "home" {
                // Half the width at least, unless the items already fill the height under the
                // bar (Memory Medium's 4x4 cards on 16:9 are as large as the height allows).
                let left = own.map(\.minX).min() ?? 0, right = own.map(\.maxX).max() ?? 0
                let top = own.map(\.minY).min() ?? 0, bottom = own.map(\.maxY).max() ?? 0
                #expect((right - left) / canvas.width >= 0.5 || (bottom - top) / (canvas.height - 64) >= 0.9,
                        "\(size) \(name): items span \(Int(left))..\(Int(right)) of \(Int(canvas.width)), \(Int(top))..\(Int(bottom)) of \(Int(canvas.height))")
            }
            for (id, f) in Self.targets(dump) {
                let real = min(f.width, f.height) * viewport.scale
                // A balloon still rising through the bottom edge is cut there: its body counts.
                if id.hasPrefix("balloon") && f.maxY >= canvas.height - 1 { continue }
                #expect(real >= least - 0.5, "\(size) \(name): \(id) is \(Int(real)) px on screen (\(f))")
            }
            for (_, f) in Self.targets(dump) where !(f.maxY >= canvas.height - 1) {
                #expect(f.minX >= -1 && f.maxX <= canvas.width + 1, "\(size) \(name): \(f) on the canvas")
            }
            if !["home", "memory", "sorting", "balloons", "end"].contains(name) {
                // The children's screens: wholly on the canvas, and no target over another.
                let all = Self.targets(dump)
                for (i, (id, f)) in all.enumerated() {
                    #expect(f.minY >= -1 && f.maxY <= canvas.height + 1, "\(size) \(name): \(id) \(f) on the canvas")
                    for (other, g) in all[(i + 1)...] where f.intersects(g) {
                        #expect(Bool(false), "\(size) \(name): \(id) over \(other)")
                    }
                }
            }
        }
    }

    /// 640x480 (4:3, the 1024x768 canvas at 0.625): every target is at least 48 screen pixels,
    /// the top bar's buttons and Sorting Hard's twelve vehicles included (a small screen's bar
    /// is 77 units high and the vehicles 77 units wide, `Canvas1024.fingerUnits`; 64 and 72 at
    /// 1024x768, whose frames are unchanged).
    @Test func test_at640x480_targetsAreAtLeast48Pixels() throws {
        for (name, dump) in try Self.screens("640x480", levels: ["hard"], end: false) + Self.profileScreens("640x480") {
            #expect(Self.targets(dump).count >= (name == "stickers" ? 3 : 4), "640x480 \(name): its targets are dumped")
            for (id, f) in Self.targets(dump) where !(id.hasPrefix("balloon") && f.maxY >= 767) {
                let real = min(f.width, f.height) * 0.625
                #expect(real >= 48, "640x480 \(name): \(id) is \(Int(real)) px")
            }
        }
    }

    /// Only a small screen's targets grow: 1024x768 keeps a 64-unit bar and Sorting Hard's
    /// 72-unit vehicles.
    @Test @MainActor func test_aSmallScreensFingerUnits() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (w, h, units, vehicle) in [(640, 480, 77.0, 77.0), (800, 600, 64, 72), (1024, 768, 64, 72), (2048, 1536, 64, 72),
                                       (800, 1280, 64, 100), (480, 800, 77, 100)] {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            #expect(Canvas1024.fingerUnits == units && TopBar.height == units, "\(w)x\(h)")
            #expect(SortingLayout.vehicleSize(count: 12) == vehicle, "\(w)x\(h)")
        }
        Canvas1024.use(Canvas1024.standardSize)
        #expect(TopBar.height == 64 && TopBar.backFrame == Rect(0, 0, 150, 64) && TopBar.hearAgainFrame == Rect(318, 0, 72, 64))
    }

    // MARK: Panels

    /// A panel narrower than the 1024×768 design keeps its full size where it fits (the end
    /// screen, the gate, the language panel on a portrait tablet: 0.75 before), stays wholly on
    /// the canvas with its margin, and its buttons grow with it; a screen using the whole
    /// design is made just small enough to fit, as before. At 4:3 nothing moves.
    @Test @MainActor func test_panelsKeepTheirSizeOnEveryShape() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        let panels: [(String, Rect)] = [("end screen", AlertScene.panelWithMargin), ("gate", AdultGateScene.panelWithMargin),
                                        ("language", LanguageScene.panelWithMargin), ("save report", SaveReportScene.panelWithMargin)]
        for (w, h) in [(800, 1280), (1280, 800), (1920, 1080), (2560, 1080), (1024, 768), (600, 1024)] {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            let canvas = Canvas1024.bounds
            for (name, content) in panels {
                let placed = Placement.current(showing: content)
                let frame = placed.toCanvas(content)
                #expect(frame.minX >= canvas.minX - 0.5 && frame.maxX <= canvas.maxX + 0.5 && frame.minY >= -0.5 && frame.maxY <= canvas.maxY + 0.5,
                        "\(w)x\(h) \(name): \(frame) on \(canvas)")
                // Full size wherever the panel fits; only a narrow portrait screen shrinks it,
                // and then only as much as its own width needs.
                let fits = content.width <= canvas.width && content.height <= canvas.height
                #expect(fits ? placed.scale == 1 : placed.scale > 0.75, "\(w)x\(h) \(name): scale \(placed.scale)")
                if Canvas1024.isStandard { #expect(placed.isIdentity) }
            }
            // The whole design (the corner, the picker): as large as fits, centred.
            let whole = Placement.current
            #expect(abs(whole.scale - min(1, canvas.width / 1024, canvas.height / 768)) < 1e-9)
        }
        // On the tablet the end screen's buttons are their full 1024×768 size, times the
        // screen's 800/768: no longer 0.78 of it.
        Canvas1024.use(Canvas1024.size(forScreen: 800, 1280), screen: (800, 1280))
        #expect(Placement.current(showing: AlertScene.panelWithMargin).scale == 1)
        // "Save the report in" on the tablet: full size, two tiles to a row, each row centred,
        // none over another, all inside its content.
        let save = SaveReportScene(context: makeContext())
        #expect(save.placement.scale == 1, "\(save.placement)")
        for count in 1...6 {
            let tiles = (0..<count).map { SaveReportScene.tileFrame($0, of: count) }
            for (i, t) in tiles.enumerated() {
                #expect(t.minX >= 244 && t.maxX <= 780, "\(count) tiles: \(i) at \(t)")
                let rowMates = tiles.filter { $0.minY == t.minY }
                #expect(abs((rowMates.map(\.minX).min()! + rowMates.map(\.maxX).max()!) / 2 - 512) < 0.5, "row of \(i) centred")
                for other in tiles[(i + 1)...] { #expect(!t.intersects(other)) }
            }
        }
        Canvas1024.use(Canvas1024.standardSize)
        #expect(SaveReportScene.tileFrame(0, of: 3) == Rect(112, 140, 240, 190), "4:3 unchanged")
    }

    /// The grown-ups' corner stands up on a portrait tablet: the panel at full size across the
    /// canvas, the four section tabs and the language button in two rows above it, nothing
    /// off the canvas or under the bar, no tab over another or over the panel; a column of
    /// tabs beside the panel on the other shapes.
    @Test @MainActor func test_theCornerStandsUpInPortrait() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (w, h) in [(800, 1280), (600, 1024), (1024, 768), (1920, 1080)] {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            let scene = CornerScene(context: makeContext())
            let placed = scene.placement
            let tabs = CornerScene.Section.allCases.map(CornerScene.sectionFrame) + [CornerScene.languageFrame]
            let panel = placed.toCanvas(CornerScene.panel)
            let canvas = Canvas1024.bounds
            for frame in tabs.map(placed.toCanvas) + [panel] {
                #expect(frame.minX >= 0 && frame.maxX <= canvas.maxX && frame.minY >= Canvas1024.topBarHeight && frame.maxY <= canvas.maxY,
                        "\(w)x\(h): \(frame) on \(canvas)")
            }
            for (i, a) in tabs.enumerated() {
                #expect(!a.intersects(CornerScene.panel), "\(w)x\(h): tab \(i) over the panel")
                for b in tabs[(i + 1)...] { #expect(!a.intersects(b), "\(w)x\(h): two tabs overlap") }
            }
            if Canvas1024.shape == .portrait {
                #expect(placed.scale == 1 && tabs.allSatisfy { $0.maxY <= CornerScene.panel.minY }, "\(w)x\(h): full size, tabs above the panel")
            } else {
                #expect(tabs.allSatisfy { $0.maxX <= CornerScene.panel.minX }, "\(w)x\(h): tabs beside the panel")
            }
        }
    }

    /// The children's screens stand up on a portrait screen (issue 27): the picker, the sticker
    /// book, the high scores and the nickname keyboard place their own frames at full size
    /// (no 0.75 of the 1024×768 design), every target wholly on the canvas under the bar, none
    /// over another, each at least 64 screen pixels (48 on a small 600×1024), for any number of tiles, with or without
    /// the high scores' tabs (and a fourth game), and every language's alphabet.
    @Test @MainActor func test_theChildrensScreensStandUpInPortrait() throws {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (w, h) in [(800, 1280), (768, 1024), (600, 1024), (1080, 1920)] {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            #expect(Canvas1024.shape == .portrait)
            let pixels = min(Double(w) / Canvas1024.width, Double(h) / Canvas1024.height)
            // 64 pixels on a tablet, 48 on a smaller screen (600×1024).
            let least = w >= 768 ? 64.0 : 48
            let under = Rect(0, Canvas1024.topBarHeight, Canvas1024.width, Canvas1024.height - Canvas1024.topBarHeight)
            func check(_ name: String, _ frames: [Rect]) {
                for (i, f) in frames.enumerated() {
                    #expect(under.contains(f), "\(w)x\(h) \(name) \(i): \(f) under the bar on \(Canvas1024.size)")
                    #expect(min(f.width, f.height) * pixels >= least, "\(w)x\(h) \(name) \(i): \(f) is \(Int(min(f.width, f.height) * pixels)) px")
                    for g in frames[(i + 1)...] { #expect(!f.intersects(g), "\(w)x\(h) \(name): \(f) over \(g)") }
                }
            }
            let context = makeContext()
            // The picker: any number of tiles a page, the arrows, the animals, the colours.
            #expect(PickerScene(context: context).placement.isIdentity)
            for count in 1...PickerScene.perPage {
                let tiles = (0..<count).map { PickerScene.tileFrame($0, of: count) }
                check("picker \(count)", tiles + [PickerScene.previousFrame, PickerScene.nextFrame])
                #expect(tiles.allSatisfy { $0.maxY <= PickerScene.previousFrame.minY - 48 }, "\(w)x\(h): the full line fits over the arrows")
            }
            check("animals", Avatar.animals.indices.map(PickerScene.animalFrame))
            check("colours", Avatar.colours.indices.map(PickerScene.colourFrame))
            // The sticker book: its places in the book, the arrows under it.
            #expect(StickerBookScene(context: context).placement.isIdentity)
            let book = StickerBookScene.bookFrame
            check("book", [book, StickerBookScene.previousFrame, StickerBookScene.nextFrame])
            for slot in 0..<StickerBookScene.perPage { #expect(book.contains(StickerBookScene.slotFrame(slot))) }
            // The high scores: full size, the row above the table inside the card.
            let popup = HighScoresPopup(context: context)
            #expect(popup.placement.scale == 1)
            let card = popup.placement.toCanvas(HighScoresPopup.cardFrame)
            #expect(under.contains(card.insetBy(-6, -6)), "\(w)x\(h): the high scores' card \(card)")
            for games in [4, 5] {
                for tabs in [true, false] {
                    let row = (tabs ? [HighScoresPopup.tabFrame(.everyone), HighScoresPopup.tabFrame(.mine)] : [])
                        + (0..<games).map { HighScoresPopup.gameFrame($0, of: games, besideTabs: tabs) }
                    check("high scores \(games) \(tabs)", row.map(popup.placement.toCanvas) + [popup.placement.toCanvas(HighScoresPopup.closeFrame)])
                    #expect(row.allSatisfy { HighScoresPopup.cardFrame.contains($0) && $0.maxY <= HighScoresPopup.panelFrame.minY })
                }
            }
            // The nickname keyboard, in every language's letters.
            for language in ["en", "fr", "de", "es", "pt-BR", "ar", "qps"] {
                context.catalog = try SceneAssets.catalog(language)
                let pad = NicknameScene(context: context, child: ChildProfile(number: 1, avatar: Avatar(animal: "owl", colour: "teal")))
                #expect(pad.placement.isIdentity)
                check("nickname \(language)", pad.keys.indices.map(pad.keyFrame) + [pad.nameBox, pad.avatarFrame])
            }
        }
    }

    // MARK: Backgrounds

    /// Each shape has its own picture: no mirrored copy fills a wide or tall screen (the
    /// software canvas draws a background as one piece).
    @Test @MainActor func test_backgroundsAreDrawnForTheShape_neverMirrored() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (screen, suffix) in [((1920, 1080), "-wide"), ((800, 1280), "-portrait"), ((1024, 768), "")] {
            Canvas1024.use(Canvas1024.size(forScreen: screen.0, screen.1))
            #expect(SceneBackgrounds.name("bg-balloons") == "bg-balloons" + suffix)
            let frame = SceneBackgrounds.frame("bg-balloons", anchor: .bottomRight)
            #expect(frame.minX <= 0 && frame.minY <= 0 && frame.maxX >= Canvas1024.width - 0.5 && frame.maxY >= Canvas1024.height - 0.5,
                    "\(screen): the picture covers the canvas: \(frame)")
        }
    }

    // MARK: The window

    @Test func test_aWindowedStartFitsTheUsableArea() {
        for (screen, usable) in [((800, 1280), (0, 0, 800, 1280)), ((1024, 768), (0, 0, 1024, 768)),
                                 ((1920, 1080), (0, 32, 1920, 1048)), ((2560, 1080), (0, 0, 2560, 1080))] {
            let fit = WindowFit.place(screen: screen, usable: usable, remembered: nil)
            #expect(Double(fit.width) <= 0.9 * Double(usable.2) + 0.5 && Double(fit.height) <= 0.9 * Double(usable.3) + 0.5, "\(screen): \(fit)")
            #expect(fit.x >= usable.0 && fit.y >= usable.1 && fit.x + fit.width <= usable.0 + usable.2 && fit.y + fit.height <= usable.1 + usable.3)
            // The screen's shape: the window's canvas is the screen's.
            #expect(Canvas1024.size(forScreen: fit.width, fit.height).width / Canvas1024.size(forScreen: fit.width, fit.height).height
                    - Canvas1024.size(forScreen: screen.0, screen.1).width / Canvas1024.size(forScreen: screen.0, screen.1).height < 0.01)
        }
        // A remembered size is used, cut to the usable area.
        let remembered = WindowFit.place(screen: (1920, 1080), usable: (0, 0, 1920, 1080), remembered: (3000, 700))
        #expect(remembered.width == 1920 && remembered.height == 700 && remembered.x == 0)
    }

    @Test func test_theDraggedSizeIsRememberedPerScreenSize() throws {
        let dir = temporaryDirectory()
        var sizes = WindowSizes(directory: dir)
        #expect(sizes.remembered(screen: 1920, 1080) == nil)
        sizes.remember(screen: 1920, 1080, window: (1000, 600))
        sizes.remember(screen: 800, 1280, window: (600, 900))
        try sizes.save()
        let again = WindowSizes(directory: dir)
        #expect(again.remembered(screen: 1920, 1080).map { [$0.w, $0.h] } == [1000, 600])
        #expect(again.remembered(screen: 800, 1280).map { [$0.w, $0.h] } == [600, 900])
        #expect(again.remembered(screen: 1024, 768) == nil)
        // A damaged line is skipped, not fatal.
        try "1920x1080 banana\n1024x768 800x600\n".write(toFile: dir + "/" + WindowSizes.fileName, atomically: true, encoding: .utf8)
        let damaged = WindowSizes(directory: dir)
        #expect(damaged.remembered(screen: 1920, 1080) == nil && damaged.remembered(screen: 1024, 768).map { [$0.w, $0.h] } == [800, 600])
    }
}

extension HeavyTests {
    /// A windowed start under Xvfb with openbox fits the screen (X's own window geometry),
    /// keeps the screen's shape, and a size dragged to is remembered for the next start.
    @Suite struct WindowFitEndToEndTests {
        static var hasOpenbox: Bool { Exec.find("Xvfb") != nil && Exec.find("xdotool") != nil && Exec.find("openbox") != nil }

        @Test(.enabled(if: hasOpenbox, "Xvfb, xdotool and openbox are needed: `make test-deps`"), .enabled(if: GameBinary.isBuilt, "build the app first"),
              arguments: [(800, 1280), (1024, 768)])
        func test_windowedStart_openbox_fitsTheScreen(_ w: Int, _ h: Int) throws {
            let session = try WindowSession(xvfb: try #require(Exec.find("Xvfb")), xdotool: try #require(Exec.find("xdotool")),
                                            directory: temporaryDirectory("fit-\(w)x\(h)"), screen: (w, h), windowManager: Exec.find("openbox"))
            defer { session.stop() }
            let ui = try session.launchGame()
            let home = try ui.log.waitForDump(scene: "home", after: 0)
            try ui.readGeometry()
            let g = ui.geometry
            #expect(g.x >= 0 && g.y >= 0 && g.x + g.width <= w && g.y + g.height <= h, "\(w)x\(h): the window is at \(g)")
            #expect(Double(g.width) <= 0.9 * Double(w) + 1 && Double(g.height) <= 0.9 * Double(h) + 1, "\(w)x\(h): at most 90%: \(g)")
            let screenShape = Canvas1024.size(forScreen: w, h)
            #expect(abs(ui.canvas.width / ui.canvas.height - screenShape.width / screenShape.height) < 0.01, "the screen's shape: canvas \(ui.canvas)")
            // Mute and Back are on the screen and answer.
            try ui.click(try home.center("mute"))
            try ui.log.wait("mute clicked") { $0.is("mute") }
        }
    }
}
