import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
@testable import Storage
import SystemIO
@testable import SceneTests

/// Issue #28: nicknames bounded (16 letters, 64 bytes) and clean at every entry; `--profile`
/// matches whole names and never makes a child named like an id; a focused text field owns
/// the letter and digit keys (issue #26, item 6).
@Suite @MainActor struct NicknameHardeningTests {
    /// Defect 5: one letter with 10,000 combining marks was "one character" of 16.
    @Test func nicknamesAreBoundedInLettersAndBytes() {
        let zalgo = "A" + String(repeating: "\u{0301}", count: 10_000)
        let kept = Profiles.cleanNickname(zalgo)!
        #expect(kept.utf8.count <= Profiles.nicknameByteLimit && kept.unicodeScalars.count <= 3)
        let long = String(repeating: "é\u{0323}\u{0301}\u{0300}", count: 40)
        #expect(Profiles.cleanNickname(long)!.utf8.count <= 64)
        #expect(Profiles.cleanNickname(String(repeating: "🐻", count: 30))!.count == 16)
        #expect(Profiles.cleanNickname("Ana")! == "Ana")
    }

    /// 11: control, bidi-override and invisible characters are dropped.
    @Test func controlBidiAndInvisibleCharactersAreDropped() {
        #expect(Profiles.cleanNickname("A\u{202E}na\u{200B}\u{2066}\u{FEFF}\u{00AD}\r\n") == "Ana")
        #expect(Profiles.cleanNickname("\u{200B}\u{200D}\u{2060}") == nil)
        #expect(Profiles.cleanNickname("Zoë 2") == "Zoë 2")
        // At a database read too (a file edited by hand).
        let dir = temporaryDirectory()
        let db = try! ProgressDatabase(path: dir + "/progress.db")
        try! db.db.execute("INSERT INTO children (nickname, animal, colour, created) VALUES (?, 'fox', 'red', 0)", [.text("Mi\u{202E}a\u{0007}")])
        #expect(try! db.children().first?.nickname == "Mia")
    }

    /// 11: `--profile` matched a name cut to 16 letters (two children merged) and made a child
    /// nicknamed "child-9".
    @Test func profileMatchesWholeNamesAndNeverMakesAnID() throws {
        let store = HighScoreStore(directory: temporaryDirectory(), warn: { _ in })
        let first = try ProfileChoice.resolve("Alexandra-Maria1", in: store)
        #expect(first.action == "created")
        #expect(throws: AppError.self) { _ = try ProfileChoice.resolve("Alexandra-Maria1X", in: store) }
        #expect(store.children.count == 1)
        #expect(throws: AppError.self) { _ = try ProfileChoice.resolve("child-9", in: store) }
        #expect(throws: AppError.self) { _ = try ProfileChoice.resolve("CHILD-12", in: store) }
        #expect(store.children.count == 1)
        #expect(try ProfileChoice.resolve("child-1", in: store).action == "chosen")
        #expect(try ProfileChoice.resolve("Alexandra-Maria1", in: store).action == "chosen")
    }

    /// #26 item 6: typing "Mia" into the nickname field never mutes; the letters are typed.
    @Test func typedLettersGoToTheNicknameNotToMute() throws {
        let context = makeContext(dataDir: temporaryDirectory())
        let store = context.scores as! HighScoreStore
        _ = try store.addChild(nickname: nil, avatar: Avatar(animal: "pig", colour: "pink")).get()
        let (stack, corner) = CornerTests.corner(context)
        let name = try #require(corner.dumpItems().first { $0["id"]?.stringValue == "name-child-1" })
        let f = name["frame"]!.arrayValue!.compactMap(\.doubleValue)
        calmTap(stack, Point(f[0] + f[2] / 2, f[1] + f[3] / 2))
        let keyboard = try #require(stack.top as? NicknameScene)
        let muted = context.muted
        for ch in ["m", "i", "a"] {
            if ch == "m" { stack.handle(.key(.m)) }
            stack.handle(.text(ch))
        }
        #expect(context.muted == muted, "M typed in a name does not mute")
        #expect(keyboard.typed == "Mia")
    }

    /// #26 item 6: the gate takes digits typed on a keyboard.
    @Test func theGateTakesTypedDigits() {
        let (_, stack) = AdultGateTests.openGate()
        let gate = stack.top as! AdultGateScene
        stack.handle(.key(.m))
        stack.handle(.text(gate.rules.answer))
        tap(stack, AdultGateScene.keyFrame(.ok)!.center)
        #expect(gate.stage == .unlocked)
    }
}
