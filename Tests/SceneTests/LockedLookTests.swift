import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue 45, item 8, "one look for locked everywhere": the corner's Settings switches, its
/// Classroom controls and the language tiles, when locked, each say so in the dump (`locked`,
/// `badge: "lock"`) and are drawn the same way: the grey body, the padlock badge at the same
/// place and size for its control, and the "Locked" caption in its pill.
@MainActor
@Suite struct LockedLookTests {
    /// A language choice fixed for the run (as `--language` makes it).
    final class FixedLanguage: LanguageSwitching {
        var current = "en"
        var canChoose = false
        func choose(_ code: String) {}
    }

    static func items(_ scene: any Scene) -> [JSON] {
        scene.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
    }

    static func frame(_ item: JSON) -> Rect {
        let v = item["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        return Rect(v[0], v[1], v[2], v[3])
    }

    /// Checks every locked item (and only those) of `scene` has the one look, as drawn.
    static func expectOneLook(_ scene: any Scene, locked expected: Set<String>, caption: String) {
        let items = items(scene)
        let locked = Set(items.filter { $0["locked"] == .bool(true) }.compactMap { $0["id"]?.stringValue })
        #expect(locked == expected)
        let canvas = RecordingCanvas()
        scene.draw(on: canvas)
        for item in items {
            let id = item["id"]?.stringValue ?? ""
            let badge = LockedLook.badgeFrame(for: frame(item))
            let padlock = badge.insetBy(badge.width * 0.14, badge.width * 0.14)
            let drawn = canvas.calls.contains(.image("lock", padlock)) && canvas.calls.contains(.circle(badge.center))
            if expected.contains(id) {
                #expect(item["badge"]?.stringValue == "lock", "\(id)")
                #expect(drawn, "\(id): the padlock badge on its top trailing corner")
                #expect(badge.width == LockedLook.badgeSize, "one size of badge")
                #expect(canvas.calls.contains(.rounded(frame(item))), "\(id): its grey body")
            } else {
                #expect(item["badge"] == nil && !drawn, "\(id)")
            }
        }
        let captions = canvas.calls.filter { if case .text(caption, _) = $0 { true } else { false } }
        #expect(captions.count == expected.count, "one caption a locked control")
    }

    @Test func test_settings_lockedSwitchesHaveTheOneLook() throws {
        let context = makeContext()
        context.classroom.locked = [.voice, .relaxed]
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.push(corner)])
        step(stack, seconds: 0.5)
        tap(stack, CornerScene.sectionFrame(.settings).center)
        step(stack, seconds: 0.5)
        Self.expectOneLook(corner, locked: ["switch-voice", "switch-relaxed"], caption: context.text(Messages.cornerLocked))
        // Still showing what it is set to: voice on (its check), relaxed off (its cross).
        let voice = try #require(Self.items(corner).first { $0["id"]?.stringValue == "switch-voice" })
        #expect(voice["icon"]?.stringValue == "check" && voice["on"] == .bool(true))
    }

    @Test func test_classroom_lockedControlsHaveTheOneLook() throws {
        let context = makeContext()
        context.classroom.locked = [.sessionMinutes, .games, .levels, .gatePIN]
        let corner = CornerScene(context: context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.push(corner)])
        step(stack, seconds: 0.5)
        tap(stack, CornerScene.sectionFrame(.classroom).center)
        step(stack, seconds: 0.5)
        let games = Set(context.allGames.ids.map { "show-" + $0.rawValue })
        Self.expectOneLook(corner, locked: games.union(["session-down", "session-up", "show-easy", "show-medium", "show-hard", "pin-set"]),
                           caption: context.text(Messages.cornerLocked))
        // Unlocked, the same screen shows no padlock at all.
        let open = makeContext()
        let plain = CornerScene(context: open)
        let openStack = SceneStack(root: HomeScene(context: open), runtime: open)
        openStack.apply([.push(plain)])
        step(openStack, seconds: 0.5)
        tap(openStack, CornerScene.sectionFrame(.classroom).center)
        step(openStack, seconds: 0.5)
        Self.expectOneLook(plain, locked: [], caption: open.text(Messages.cornerLocked))
    }

    @Test func test_languageTiles_fixedForTheRun_haveTheOneLook() throws {
        let context = makeContext()
        let fixed = FixedLanguage()
        context.languages = fixed
        let scene = LanguageScene(context: context)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.push(scene)])
        step(stack, seconds: 0.5)
        let others = Set(LanguageNames.choices.map(\.code).filter { $0 != "en" }.map { "language-" + $0 })
        Self.expectOneLook(scene, locked: others, caption: context.text(Messages.cornerLocked))
        // A choice that may change: nothing locked.
        fixed.canChoose = true
        Self.expectOneLook(scene, locked: [], caption: context.text(Messages.cornerLocked))
    }
}
