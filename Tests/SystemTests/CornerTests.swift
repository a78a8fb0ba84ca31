import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime
@testable import KidsJoyApp
@testable import Storage
@testable import SceneTests
@testable import RenderTests

/// The grown-ups' corner: reached through the gate; deleting a child (after a question)
/// removes every row about her; switches change and are remembered unless locked; a nickname
/// is typed on the on-screen keyboard; the report is saved as CSV and pictures.
@Suite @MainActor struct CornerTests {
    static func corner(_ context: GameRuntime) -> (SceneStack, CornerScene) {
        context.profiles = context.scores as? any ProfileKeeping
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        let gate = stack.top as! AdultGateScene
        for d in gate.rules.answer { calmTap(stack, AdultGateScene.keyFrame(.digit(Int(String(d))!))!.center) }
        calmTap(stack, AdultGateScene.keyFrame(.ok)!.center)
        calmTap(stack, AdultGateScene.choiceFrame(.corner)!.center)
        return (stack, stack.top as! CornerScene)
    }

    @Test func deletingAChildAsksThenRemovesEveryRowAboutHer() throws {
        let dir = temporaryDirectory()
        let context = makeContext(dataDir: dir)
        let store = context.scores as! HighScoreStore
        let ana = try store.addChild(nickname: "Ana", avatar: Avatar(animal: "fox", colour: "red")).get()
        let ben = try store.addChild(nickname: "Ben", avatar: Avatar(animal: "owl", colour: "blue")).get()
        for (i, kid) in [ana, ben, ana].enumerated() {
            store.recordRound(RoundRecord(game: .memory, level: .easy, score: 10 + i, result: "won", reason: "all-found"), player: .child(kid))
        }
        context.player = .child(ana)
        let (stack, corner) = Self.corner(context)
        #expect(stack.names == ["home", "corner"])
        let delete = try #require(corner.dumpItems().first { $0["id"]?.stringValue == "delete-child-1" })
        let f = delete["frame"]!.arrayValue!.compactMap(\.doubleValue)
        calmTap(stack, Point(f[0] + f[2] / 2, f[1] + f[3] / 2))
        #expect(stack.names == ["home", "corner", "alert"], "a question first")
        step(stack, seconds: 0.4)
        calmTap(stack, (stack.top as! AlertScene).buttonFrame(1).center) // No
        #expect(store.children.count == 2, "No keeps her")
        calmTap(stack, Point(f[0] + f[2] / 2, f[1] + f[3] / 2))
        step(stack, seconds: 0.4)
        calmTap(stack, (stack.top as! AlertScene).buttonFrame(0).center) // Yes
        #expect(stack.names == ["home", "corner"])
        #expect(store.children.map(\.nickname) == ["Ben"])
        #expect(context.player == .guest, "the child playing was deleted: the guest plays")
        let db = try ProgressDatabase(path: dir + "/" + HighScoreStore.databaseName)
        #expect(try db.db.scalar("SELECT count(*) FROM rounds WHERE child = 1") == 0)
        #expect(try db.db.scalar("SELECT count(*) FROM stickers WHERE child = 1") == 0)
        #expect(try db.db.scalar("SELECT count(*) FROM rounds") == 1)
        #expect(context.log.events("profile").last?["action"]?.stringValue == "deleted")
        #expect(corner.dumpItems().contains { $0["id"]?.stringValue == "delete-child-2" })
    }

    /// Reduced motion is a corner switch too (the fourth), remembered like the others.
    @Test func reducedMotionIsACornerSwitch() throws {
        let dir = temporaryDirectory()
        let context = makeContext(dataDir: dir)
        let settings = context.settingsStore as! SettingsStore
        context.switchMemory = settings
        let (stack, corner) = Self.corner(context)
        calmTap(stack, CornerScene.sectionFrame(.settings).center)
        #expect(corner.dumpItems().contains { $0["id"]?.stringValue == "switch-reduced-motion" })
        #expect(!context.settings.reducedMotion)
        calmTap(stack, CornerScene.toggleFrame(3).center)
        #expect(context.settings.reducedMotion)
        #expect(context.log.events("setting").last?["key"]?.stringValue == "reduced-motion")
        settings.waitForPendingSaves()
        #expect(SettingsStore(directory: dir, warn: { _ in }).switches == [.reducedMotion: true])
    }

    @Test func switchesChangeAndAreRememberedUnlessLocked() throws {
        let dir = temporaryDirectory()
        let context = makeContext(dataDir: dir)
        let settings = context.settingsStore as! SettingsStore
        context.switchMemory = settings
        context.classroom.locked = [.relaxed]
        let (stack, corner) = Self.corner(context)
        calmTap(stack, CornerScene.sectionFrame(.settings).center)
        calmTap(stack, CornerScene.toggleFrame(1).center) // effects off
        #expect(!context.settings.effects)
        calmTap(stack, CornerScene.toggleFrame(2).center) // relaxed: locked
        #expect(!context.settings.relaxed)
        #expect(context.log.events("hint").last?["target"]?.stringValue == "switch-relaxed")
        #expect(corner.dumpItems().first { $0["id"]?.stringValue == "switch-relaxed" }?["locked"] == .bool(true))
        settings.waitForPendingSaves()
        #expect(SettingsStore(directory: dir, warn: { _ in }).switches == [.effects: false])
        #expect(context.log.events("sound").last?["muted"] == .bool(true), "effects off: the click is silent")
    }

    @Test func aNicknameIsTypedOnTheKeyboard() throws {
        let context = makeContext(dataDir: temporaryDirectory())
        let store = context.scores as! HighScoreStore
        let kid = try store.addChild(nickname: nil, avatar: Avatar(animal: "pig", colour: "pink")).get()
        let (stack, corner) = Self.corner(context)
        let name = try #require(corner.dumpItems().first { $0["id"]?.stringValue == "name-child-1" })
        let f = name["frame"]!.arrayValue!.compactMap(\.doubleValue)
        calmTap(stack, Point(f[0] + f[2] / 2, f[1] + f[3] / 2))
        let keyboard = try #require(stack.top as? NicknameScene)
        for letter in ["M", "I", "A"] { calmTap(stack, keyboard.keyFrame(keyboard.letters.firstIndex(of: letter)!).center) }
        calmTap(stack, keyboard.keyFrame(keyboard.letters.count + 2).center) // OK
        #expect(stack.names == ["home", "corner"])
        #expect(store.children.first?.nickname == "Mia")
        #expect(store.children.first?.number == kid.number)
    }

    @Test func saveReportWritesCSVAndPicturesToTheChosenFolder() throws {
        let dir = temporaryDirectory(), home = temporaryDirectory()
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.1 dump\n"
        options.settings.dataDir = dir
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        defer { app.shutdown() }
        let store = try #require(app.context.scores as? HighScoreStore)
        let kid = try store.addChild(nickname: "Ana", avatar: Avatar(animal: "fox", colour: "red")).get()
        for i in 0..<4 {
            store.recordRound(RoundRecord(game: .sorting, level: .easy, score: 10 * i, result: "won", reason: "all-placed", duration: 20), player: .child(kid))
        }
        let saver = ReportSaver(app: app, store: store, home: home, media: home + "/no-media")
        #expect(saver.destinations() == [ReportDestination(label: nil, path: home, isUSB: false)])
        let folder = try saver.save(to: saver.destinations()[0]).get()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["chart-child-1.png", "games.csv", "summary.csv"])
        let games = try String(contentsOfFile: folder + "/games.csv", encoding: .utf8).split(separator: "\n")
        #expect(games.count == 5 && games[1].hasPrefix("child-1,Ana,sorting,easy,0,won,all-placed,20,"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/chart-child-1.png"))
        #expect(pngSize(png).map { [$0.width, $0.height] } == [1024, 768])
        // A second save never writes over the first.
        let second = try saver.save(to: saver.destinations()[0]).get()
        #expect(second != folder && second.hasSuffix("-2"))
    }
}

/// The corner's classroom settings: session limit, games and levels, the gate's PIN;
/// remembered for the next start; locked keys do not change.
@Suite @MainActor struct CornerClassroomTests {
    @Test func classroomChoicesApplyNowAndAtTheNextStart() throws {
        let dir = temporaryDirectory()
        let context = makeContext(dataDir: dir)
        let settings = context.settingsStore as! SettingsStore
        context.switchMemory = settings
        context.classroom.locked = [.levels]
        let (stack, corner) = CornerTests.corner(context)
        calmTap(stack, CornerScene.sectionFrame(.classroom).center)
        for _ in 0..<5 { calmTap(stack, CornerScene.classroomFrame(.sessionUp, games: GameRegistry.standard.ids)!.center) }   // 0 → 30
        calmTap(stack, CornerScene.classroomFrame(.sessionDown, games: GameRegistry.standard.ids)!.center)                   // 30 → 20
        #expect(context.classroom.sessionMinutes == 20)
        calmTap(stack, CornerScene.classroomFrame(.game(.sorting), games: GameRegistry.standard.ids)!.center)
        #expect(context.registry.ids == [.memory, .balloons], "Home now offers two games")
        calmTap(stack, CornerScene.classroomFrame(.level(.hard), games: GameRegistry.standard.ids)!.center)
        #expect(context.classroom.levels == nil, "levels are locked")
        #expect(context.log.events("hint").last?["target"]?.stringValue == "levels")
        // A new PIN on the keypad; too short is refused.
        calmTap(stack, CornerScene.classroomFrame(.pinSet, games: GameRegistry.standard.ids)!.center)
        #expect(stack.names == ["home", "corner", "pin"])
        for d in [1, 2, 3] { calmTap(stack, AdultGateScene.keyFrame(.digit(d))!.center) }
        calmTap(stack, AdultGateScene.keyFrame(.ok)!.center)
        #expect(stack.names.last == "pin")
        calmTap(stack, AdultGateScene.keyFrame(.digit(4))!.center)
        calmTap(stack, AdultGateScene.keyFrame(.ok)!.center)
        #expect(stack.names == ["home", "corner"] && context.classroom.gatePIN == "1234")
        #expect(corner.dumpItems().contains { $0["id"]?.stringValue == "pin-clear" })
        settings.waitForPendingSaves()
        let saved = SettingsStore(directory: dir, warn: { _ in }).classroom
        #expect(saved.sessionMinutes == 20 && saved.games == ["memory", "balloons"] && saved.gatePIN == "1234")
        // The next start takes them.
        var options = AppOptions()
        options.headless = true
        options.scriptText = "0.2 dump\n"
        options.settings.dataDir = dir
        options.noDraw = true
        let app = try GameApp(options: options, keepLogInMemory: true)
        try app.start()
        #expect(app.context.classroom.sessionMinutes == 20 && app.context.classroom.gatePIN == "1234")
        #expect(app.context.registry.ids == [.memory, .balloons])
        app.shutdown()
        // The gate now asks for the PIN.
        stack.apply([.popToRoot, .show(.gate)])
        #expect((stack.top as? AdultGateScene)?.rules.question == .pin)
    }
}
