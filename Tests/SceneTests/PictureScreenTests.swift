import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue 14, "Play without reading": the high-score popup, the end screens, the quit panel
/// and the pause screen say everything with pictures; words are small captions.
@MainActor
@Suite struct PictureScreenTests {
    // MARK: - The high-score popup

    /// The popup over Home with four recorded scores (ranks 1 to 4), fully scaled in.
    static func popup() -> (GameRuntime, SceneStack) {
        let context = makeContext()
        _ = context.scores.record(game: .balloons, level: .hard, score: 132)
        _ = context.scores.record(game: .memory, level: .medium, score: 40)
        _ = context.scores.record(game: .sorting, level: .easy, score: 34)
        _ = context.scores.record(game: .memory, level: .easy, score: 25)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.highScores)])
        step(stack, seconds: 0.5)
        return (context, stack)
    }

    @Test func test_popupRowsShowMedalsGamePicturesAndLevelStarsBesideTheirFourLabels() throws {
        let (_, stack) = Self.popup()
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        let images = canvas.calls.compactMap { call -> (String, Rect)? in if case .image(let n, let r) = call { return (n, r) } else { return nil } }
        // A medal for each of ranks 1 to 3, on the row of that rank; none for rank 4.
        for rank in 1...3 {
            let medal = try #require(images.first { $0.0 == "medal-\(rank)" })
            #expect(HighScoresPopup.rowFrame(rank - 1).contains(medal.1.center))
        }
        #expect(!images.contains { $0.0.hasPrefix("medal-") && HighScoresPopup.rowFrame(3).contains($0.1.center) })
        // Each recorded row: its game's picture and its level's stars.
        let expected: [(String, String)] = [("game-balloons", "level-hard"), ("game-memory", "level-medium"),
                                            ("game-sorting", "level-easy"), ("game-memory", "level-easy")]
        for (row, (game, level)) in expected.enumerated() {
            let frame = HighScoresPopup.rowFrame(row)
            #expect(images.contains { $0.0 == game && frame.contains($0.1.center) }, "row \(row + 1) shows \(game)")
            #expect(images.contains { $0.0 == level && frame.contains($0.1.center) }, "row \(row + 1) shows \(level)")
        }
        // The four labels of every row stay (SPEC 7): rank, game, level, score; dashes for row 5.
        for label in ["1", "Balloons", "Hard", "132", "2", "Medium", "40", "3", "Sorting", "34", "4", "25", "5", "-"] {
            #expect(canvas.texts.contains(label), "\(label) is drawn")
        }
        #expect(canvas.texts.filter { $0 == "-" }.count == 3)
    }

    @Test func test_popupClosesWithABigCrossWhoseIdAndCentreAreKept() throws {
        let (context, stack) = Self.popup()
        let canvas = RecordingCanvas()
        stack.top.draw(on: canvas)
        let cross = try #require(canvas.calls.compactMap { call -> Rect? in
            if case .image("close", let r) = call { return r } else { return nil }
        }.first)
        #expect(cross.width >= 64 && cross.height >= 64)
        #expect(HighScoresPopup.closeFrame.contains(cross.center))
        // The dump's `close` keeps its frame centre (Decision 6) and names its picture and words.
        let close = try #require(dumpItems(of: stack.top).first { $0["id"]?.stringValue == "close" })
        #expect(close["icon"]?.stringValue == "close")
        #expect(close["key"]?.stringValue == Messages.close.key)
        #expect(frameOf(close).center == Point(512, 606))
        tap(stack, Point(512, 606))
        #expect(stack.names == ["home"])
        _ = context
    }

    @Test func test_popupDumpRowsNameTheirPictures() throws {
        let (_, stack) = Self.popup()
        let items = dumpItems(of: stack.top)
        let rows = try #require(items.first { $0["id"]?.stringValue == "rows" }?["rows"]?.arrayValue)
        #expect(rows.map { $0["medal"]?.stringValue } == ["medal-1", "medal-2", "medal-3", nil, nil])
        #expect(rows.map { $0["gameIcon"]?.stringValue } == ["game-balloons", "game-memory", "game-sorting", "game-memory", nil])
        #expect(rows.map { $0["levelIcon"]?.stringValue } == ["level-hard", "level-medium", "level-easy", "level-easy", nil])
    }
}


// MARK: - End screens, the quit panel and pause

extension PictureScreenTests {
    /// The alert on top of a driver's stack, after it scaled in and its stars popped.
    static func endScreen<S: Scene>(_ game: SceneDriver<S>) throws -> AlertScene {
        // The alert follows the win's celebration or the skull's boom.
        for _ in 0..<120 where !(game.stack.top is AlertScene) { game.runFrame() }
        game.step(1.5)
        return try #require(game.stack.top as? AlertScene)
    }

    /// Checks an end screen: its kind, mascot, stars from the game's thresholds, the score
    /// beside a star, and the ↻ and house buttons where Yes and No were.
    static func checkEndScreen(_ alert: AlertScene, log: EventLog, game: GameKind, level: Level, won: Bool) throws {
        let over = try #require(log.events("gameover").last)
        let score = try #require(over["score"]?.intValue)
        let definition = try #require(GameRegistry.standard.entry(game)?.definition)
        // Stars are for wins (and finished Balloons rounds); a loss shows why (issue 26).
        let stars = won ? definition.starCount(score: score, level: level) : 0
        // The log: `alert` keeps its fields and adds `kind` and `stars`.
        let event = try #require(log.events("alert").last)
        #expect(event["kind"]?.stringValue == (won ? "won" : "lost"))
        #expect(event["stars"]?.intValue == stars)
        #expect(event["buttons"]?.arrayValue?.compactMap(\.stringValue) == ["yes", "no"])
        #expect(event["title"]?.stringValue == (won ? "You won!" : "You lost the game"))
        // The dump: mascot, stars, score, and the two picture buttons with their old centres.
        let items = dumpItems(of: alert)
        func item(_ id: String) throws -> JSON { try #require(items.first { $0["id"]?.stringValue == id }, "\(id)") }
        #expect(try item("alert-mascot")["icon"]?.stringValue == (won ? "mascot-happy" : "mascot-sad"))
        if won {
            #expect(try item("alert-stars")["stars"]?.intValue == stars)
            #expect(try item("alert-score")["score"]?.intValue == score)
            #expect(try item("alert-score")["icon"]?.stringValue == "score-star")
        } else {
            let reason = GameHosting.reasonPicture(over["reason"]?.stringValue ?? "")
            let reasonItem = try item("alert-reason")
            #expect(reasonItem["icon"]?.stringValue == reason)
            #expect(!items.contains { $0["id"]?.stringValue == "alert-stars" || $0["id"]?.stringValue == "alert-score" })
        }
        let yes = try item("alert-yes"), no = try item("alert-no")
        #expect(yes["icon"]?.stringValue == "replay")
        #expect(yes["key"]?.stringValue == Messages.playAgainButton.key)
        #expect(no["icon"]?.stringValue == "home")
        #expect(no["key"]?.stringValue == Messages.homeButton.key)
        #expect(frameOf(yes).center == Point(388, 498))
        #expect(frameOf(no).center == Point(636, 498))
        // What is drawn: the mascot, as many filled stars as earned over three empty ones,
        // the score beside a star, and the two round pictures at least 96 px big.
        let canvas = RecordingCanvas()
        alert.draw(on: canvas)
        let images = canvas.calls.compactMap { call -> (String, Rect)? in if case .image(let n, let r) = call { return (n, r) } else { return nil } }
        #expect(images.contains { $0.0 == (won ? "mascot-happy" : "mascot-sad") })
        if won {
            #expect(images.filter { $0.0 == "star-empty" }.count == 3)
            #expect(images.filter { $0.0 == "star-big" }.count == stars)
            #expect(images.contains { $0.0 == "score-star" })
            #expect(canvas.texts.contains(String(score)))
        } else {
            #expect(images.contains { $0.0 == GameHosting.reasonPicture(over["reason"]?.stringValue ?? "") })
            #expect(!images.contains { $0.0 == "star-empty" || $0.0 == "star-big" })
        }
        for (icon, frame) in [("replay", frameOf(yes)), ("home", frameOf(no))] {
            let drawn = try #require(images.first { $0.0 == icon }, "\(icon) drawn")
            #expect(drawn.1.width >= 96 && frame.contains(drawn.1.center))
        }
        // Words are captions, not the buttons' meaning: no "Yes" or "No" is drawn.
        #expect(!canvas.texts.contains("Yes") && !canvas.texts.contains("No"))
        #expect(canvas.texts.contains("Play again") && canvas.texts.contains("Home"))
    }

    /// The two ids of every Memory pair, from the rules' deck.
    static func pairs(_ scene: MemoryScene) -> [(Int, Int)] {
        Dictionary(grouping: scene.rules.cards, by: \.face).values.map { ($0[0].id, $0[1].id) }.sorted { $0.0 < $1.0 }
    }

    static func tapCard(_ game: SceneDriver<MemoryScene>, _ card: Int) {
        let p = game.scene.cardFrames[card].center
        game.runFrame([.pointerDown(p), .pointerUp(p)])
    }

    @Test func test_aMemoryWin_showsTheHappyMascotItsStarsAndScore_andReplayPlaysTheSameLevelAgain() throws {
        let game = SceneDriver(seed: 3) { MemoryScene(context: $0, level: .medium) }
        for (a, b) in Self.pairs(game.scene) { Self.tapCard(game, a); Self.tapCard(game, b) }
        let alert = try Self.endScreen(game)
        try Self.checkEndScreen(alert, log: game.log, game: .memory, level: .medium, won: true)
        #expect(alert.content.celebrate, "the confetti stays for wins")
        #expect(alert.content.result?.rank == 1)
        // A new high score of rank 1 to 3 shows its medal beside the score.
        #expect(dumpItems(of: alert).first { $0["id"]?.stringValue == "alert-score" }?["medal"]?.stringValue == "medal-1")
        // ↻ plays the same game at the same level again: a new deal.
        game.tap(AlertScene.panelFrame.center)
        #expect(game.stack.names == ["home", "memory", "alert"], "a tap beside the buttons does nothing")
        game.tap(alert.buttonFrame(0).center)
        #expect(game.stack.names == ["home", "memory"])
        // The old cards are gathered first (issue 45), then the new game deals.
        game.step(CardMotion.gatherDuration)
        let next = try #require(game.stack.top as? MemoryScene)
        #expect(next !== game.scene)
        #expect(next.level == .medium)
        #expect(game.log.events("answer").last?["button"]?.stringValue == "yes")
    }

    /// (Issue 26: a loss shows why, the clock, and no stars, whatever its score.)
    @Test func test_aMemoryLossByTime_showsTheSadMascotAndTheClock_andHomeGoesHome() throws {
        let game = SceneDriver { MemoryScene(context: $0, level: .hard) }
        let (a, b) = Self.pairs(game.scene)[0]
        Self.tapCard(game, a)
        Self.tapCard(game, b)
        game.wait(until: 91)
        let alert = try Self.endScreen(game)
        #expect(game.log.events("gameover").last?["reason"]?.stringValue == "time")
        try Self.checkEndScreen(alert, log: game.log, game: .memory, level: .hard, won: false)
        #expect(alert.content.result?.stars == 0, "5 points would reach the first of Hard's thresholds [1, 30, 43]: no star for a loss")
        #expect(alert.content.result?.reason == "reason-time")
        #expect(!alert.content.celebrate)
        game.tap(alert.buttonFrame(1).center)
        #expect(game.stack.names == ["home"])
        #expect(game.log.events("answer").last?["button"]?.stringValue == "no")
    }

    /// Balloons at a level, played by tapping regular balloons every 0.3 s (and the skull
    /// when `skull`), or not at all (`idle`), until the game ends.
    static func playBalloons(_ level: Level, skull: Bool = false, idle: Bool = false) -> SceneDriver<BalloonScene> {
        let game = SceneDriver(seed: 2) { BalloonScene(context: $0, level: level) }
        var frames = 0
        while game.log.events("gameover").isEmpty && frames < 80 * 60 {
            let balloons = game.scene.dumpItems().filter { $0["kind"]?.stringValue == "balloon" && ($0["frame"]?.arrayValue?[3].doubleValue ?? 0) >= 40 }
            let killer = balloons.first { $0["type"]?.stringValue == "killer" }
            let regular = balloons.first { $0["type"]?.stringValue == "regular" }
            if !idle, frames % 18 == 0, let target = skull ? (killer ?? regular) : regular, let p = target.frameCenter {
                game.tap(p)
            } else {
                game.runFrame()
            }
            frames += 1
        }
        return game
    }

    @Test func test_aBalloonsFinish_isAWinScreenWithStarsFromItsThresholds() throws {
        let game = Self.playBalloons(.easy)
        let over = try #require(game.log.events("gameover").last)
        #expect(over["reason"]?.stringValue == "time")
        #expect(over["result"]?.stringValue == "won")
        let alert = try Self.endScreen(game)
        try Self.checkEndScreen(alert, log: game.log, game: .balloons, level: .easy, won: true)
        #expect((alert.content.result?.stars ?? 0) >= 1)
    }

    @Test func test_aBalloonsLossByIdle_andBySkull_showTheSadMascot() throws {
        let idle = Self.playBalloons(.easy, idle: true)
        #expect(idle.log.events("gameover").last?["reason"]?.stringValue == "idle")
        try Self.checkEndScreen(try Self.endScreen(idle), log: idle.log, game: .balloons, level: .easy, won: false)
        #expect((idle.stack.top as? AlertScene)?.content.result?.stars == 0, "a loss: no stars")

        let skull = Self.playBalloons(.hard, skull: true)
        #expect(skull.log.events("gameover").last?["reason"]?.stringValue == "killer")
        try Self.checkEndScreen(try Self.endScreen(skull), log: skull.log, game: .balloons, level: .hard, won: false)
    }

    @Test func test_quitFromHome_isADoorToLeaveAndAPlayPictureToStay() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.handle(.key(.escape, shift: false))
        step(stack, seconds: 0.5)
        let alert = try #require(stack.top as? AlertScene)
        #expect(context.log.events("alert").last?["kind"]?.stringValue == "quit")
        #expect(context.log.events("alert").last?["stars"] == nil)
        let items = dumpItems(of: alert)
        let yes = try #require(items.first { $0["id"]?.stringValue == "alert-yes" })
        let no = try #require(items.first { $0["id"]?.stringValue == "alert-no" })
        #expect(yes["icon"]?.stringValue == "door")
        #expect(yes["key"]?.stringValue == Messages.leaveButton.key)
        #expect(no["icon"]?.stringValue == "play")
        #expect(no["key"]?.stringValue == Messages.stayButton.key)
        #expect(frameOf(yes).center == Point(388, 498))
        #expect(frameOf(no).center == Point(636, 498))
        #expect(!items.contains { $0["id"]?.stringValue == "alert-stars" })
        // The door and the ▶ are drawn big in their buttons; no green "Yes" quits.
        let canvas = RecordingCanvas()
        alert.draw(on: canvas)
        for (icon, item) in [("door", yes), ("play", no)] {
            #expect(canvas.calls.contains { call in
                if case .image(icon, let r) = call { return frameOf(item).contains(r.center) && r.width >= 64 } else { return false }
            }, "\(icon)")
        }
        #expect(!canvas.texts.contains("Yes"))
        // ▶ stays; the door leaves.
        tap(stack, frameOf(no).center)
        #expect(stack.names == ["home"])
        #expect(!stack.quitRequested)
        stack.handle(.key(.escape, shift: false))
        step(stack, seconds: 0.5)
        tap(stack, frameOf(yes).center)
        #expect(stack.quitRequested)
    }

    @Test func test_pauseShowsABigPlayPicture_tappingItOrAnywhereContinues() throws {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let game = try #require(context.makeGame(.memory, .easy) as? GameScene)
        stack.apply([.push(game)])
        step(stack, seconds: 0.5)
        tap(stack, TopBar.pauseFrame.center)
        #expect(game.isPaused)
        let canvas = RecordingCanvas()
        game.draw(on: canvas)
        let play = try #require(canvas.calls.compactMap { call -> Rect? in
            if case .image("play", let r) = call, r.width >= 150 { return r } else { return nil }
        }.first)
        #expect(GameHosting.playArea.contains(play.center))
        let resume = try #require(dumpItems(of: game).first { $0["id"]?.stringValue == "resume" })
        #expect(resume["icon"]?.stringValue == "play")
        #expect(resume["key"]?.stringValue == Messages.paused.key)
        #expect(frameOf(resume).contains(play.center))
        tap(stack, frameOf(resume).center)
        #expect(!game.isPaused)
        #expect(!dumpItems(of: game).contains { $0["id"]?.stringValue == "resume" })
        // A tap anywhere else continues too.
        tap(stack, TopBar.pauseFrame.center)
        tap(stack, Point(60, 700))
        #expect(!game.isPaused)
    }
}

// MARK: - Every button names its picture

/// Walks every screen a child or a grown-up can reach: Home (empty and chosen), each game
/// at each level playing and paused, the end screens of a win, a loss and a finish, the
/// quit panel, the high scores with rows, both stages of the gate and the reset question.
/// `look` sees each screen's stack and a name for it.
@MainActor
func visitEveryPictureScreen(_ look: (SceneStack, String) throws -> Void) throws {
    let context = makeContext()
    _ = context.scores.record(game: .sorting, level: .hard, score: 40)
    _ = context.scores.record(game: .memory, level: .easy, score: 12)
    let home = HomeScene(context: context)
    let stack = SceneStack(root: home, runtime: context)
    try look(stack, "home")
    tap(stack, home.frame(of: .game(.balloons)).center)
    tap(stack, home.frame(of: .level(.medium)).center)
    try look(stack, "home, chosen")
    for game in GameRegistry.standard.ids {
        for level in Level.allCases {
            stack.apply([.show(.game(game, level))])
            step(stack, seconds: 1)
            try look(stack, "\(game) \(level)")
            stack.handle(.focusLost)
            try look(stack, "\(game) \(level) paused")
            stack.apply([.popToRoot])
        }
    }
    let ends: [(String, AlertContent)] = [
        ("won", AlertContent(kind: .won, title: Messages.won, lines: [.init(Messages.yourScore, ["score": "30"]),
                                                                     .init(Messages.newHighScore, ["rank": "1"]), .init(Messages.playAgain)],
                             buttons: [.yes, .no], celebrate: true, result: .init(score: 30, stars: 2, rank: 1))),
        ("lost", AlertContent(kind: .lost, title: Messages.lost, lines: [.init(Messages.skull), .init(Messages.playAgain)],
                              buttons: [.yes, .no], result: .init(score: 7, stars: 1))),
    ]
    for (name, content) in ends {
        stack.apply([.show(.game(.memory, .easy))])
        stack.apply([.show(.alert(content))])
        step(stack, seconds: 1.5)
        try look(stack, "end screen, \(name)")
        stack.apply([.popToRoot])
    }
    stack.handle(.key(.escape, shift: false))
    step(stack, seconds: 0.5)
    try look(stack, "quit panel")
    stack.apply([.pop, .show(.highScores)])
    step(stack, seconds: 0.5)
    try look(stack, "high scores")
    stack.apply([.pop, .show(.gate)])
    step(stack, seconds: 0.5)
    try look(stack, "gate, question")
    let gate = try #require(stack.top as? AdultGateScene)
    for digit in String(gate.a + gate.b) { tap(stack, AdultGateScene.keyFrame(.digit(Int(String(digit))!))!.center) }
    tap(stack, AdultGateScene.keyFrame(.ok)!.center)
    try look(stack, "gate, unlocked")
    tap(stack, AdultGateScene.choiceFrame(.reset)!.center)
    step(stack, seconds: 0.5)
    try look(stack, "reset question")
}

extension PictureScreenTests {
    @Test func test_everyButtonInEveryDumpNamesItsPicture_andItsWordsKey() throws {
        let keys = Set((Messages.all + GameRegistry.standard.messages).map(\.key))
        var screens = 0, buttons = 0, overlays = 0
        try visitEveryPictureScreen { stack, name in
            screens += 1
            let items = dumpItems(of: stack.top)
            if stack.top.isOverlay { overlays += 1 }
            for item in items where item["kind"]?.stringValue == "button" {
                buttons += 1
                let id = item["id"]?.stringValue ?? "?"
                let icon = item["icon"]?.stringValue ?? ""
                #expect(!icon.isEmpty, "\(name): button \(id) has no icon")
                if let key = item["key"]?.stringValue {
                    #expect(keys.contains(key), "\(name): \(id)'s key \(key) is in the catalog")
                }
            }
        }
        #expect(screens >= 26 && overlays >= 6 && buttons > 100)
    }

    @Test func test_buttonsThatShowWordsNameTheirKeys() throws {
        try visitEveryPictureScreen { stack, name in
            for item in dumpItems(of: stack.top) where item["kind"]?.stringValue == "button" {
                let id = item["id"]?.stringValue ?? ""
                // Only the mute and pause pictures and the gate's digits show no words.
                let wordless = ["mute", "pause"].contains(id) || id.hasPrefix("gate-key-")
                #expect(wordless || item["key"]?.stringValue != nil, "\(name): \(id) shows words: it names their key")
            }
        }
    }
}

/// An item's `frame` [x, y, w, h] from a dump.
func frameOf(_ item: JSON) -> Rect {
    let v = (item["frame"]?.arrayValue ?? []).compactMap(\.doubleValue)
    return v.count == 4 ? Rect(v[0], v[1], v[2], v[3]) : Rect(0, 0, 0, 0)
}

/// The `items` of a scene's dump.
@MainActor
func dumpItems(of scene: any Scene) -> [JSON] {
    scene.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
}
