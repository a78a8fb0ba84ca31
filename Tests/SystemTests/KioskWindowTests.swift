import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Platform
@testable import KidsJoyApp
import Stage
@testable import SceneTests
@testable import RenderTests

extension HeavyTests {
    /// Issue #46, items 1 and 2, in a real window: a kiosk keeps the keyboard and the front
    /// (under openbox with its stock keys, and with no window manager), and under one-switch
    /// scanning the adult gate opens by holding the logo or the switch. Each test starts its
    /// own Xvfb (and openbox), the real binary, and drives it with xdotool (XTEST: the same
    /// path through the X server, its grabs included, as a real keyboard).
    @Suite struct KioskWindowTests {
        static var hasTools: Bool {
            FullscreenEndToEndTests.hasOpenbox && Exec.find("xmessage") != nil && GameBinary.isBuilt
        }

        /// openbox's stock key bindings (/etc/xdg/openbox/rc.xml) that would take a kiosk's
        /// screen away: show the desktop, switch windows or desktops, close, lower, the window
        /// menu, run a file manager.
        static let windowManagerKeys = ["super+d", "alt+Tab", "alt+shift+Tab", "ctrl+alt+Right", "super+F2", "alt+Escape",
                                        "alt+space", "super+e", "alt+F4"]

        @Test(.enabled(if: hasTools, "Xvfb, xdotool, openbox and xmessage are needed: `make test-deps`"))
        func test_openbox_kioskKeepsTheKeyboardAndTheFront() throws {
            let session = try WindowSession(xvfb: try #require(Exec.find("Xvfb")), xdotool: try #require(Exec.find("xdotool")),
                                            directory: temporaryDirectory(), screen: (1280, 800),
                                            windowManager: Exec.find("openbox"))
            defer { session.stop() }
            // Another program's window, for Alt+Tab to go to.
            let other = try session.startOther()
            defer { Exec.stop(other.process) }
            let ui = try session.launchGame(mode: ["--kiosk"])
            let log = ui.log
            _ = try log.waitForDump(scene: "home", after: 0)
            try ui.waitUntilInFront("at start")
            let desktop = try ui.xdo("get_desktop").trimmingCharacters(in: .whitespacesAndNewlines)

            for keys in Self.windowManagerKeys {
                let before = log.count
                try ui.xdo("key", keys)
                // M after it: once the game has it, the window manager has had the keys before it.
                try ui.xdo("key", "m")
                try log.wait("M after \(keys)", after: before) { $0.is("mute") }
                try log.wait("a dump after \(keys)", after: log.count) { $0.is("dump") }
                #expect(try ui.isViewable(), "\(keys) took the kiosk's window away")
                #expect(try ui.focusedWindow() == ui.window, "\(keys) took the focus")
                #expect(try ui.xdo("get_desktop").trimmingCharacters(in: .whitespacesAndNewlines) == desktop, "\(keys) changed the desktop")
                #expect(!log.lines[before...].contains { $0.is("kiosk") }, "\(keys) reached the window manager: \(log.lines[before...].filter { $0.is("kiosk") }.map { $0.serialized() })")
                #expect(!log.lines[before...].contains { $0.is("quit") }, "\(keys) closed the game")
            }

            // A right click anywhere lands on the game (it covers the screen): no desktop menu.
            let shown = try ui.visibleWindows()
            for (x, y) in [(1, 798), (1278, 798), (1278, 400), (1, 400)] {
                try ui.xdo("mousemove", "--sync", "\(x)", "\(y)")
                try ui.xdo("click", "3")
                try log.wait("a dump after a right click at \(x),\(y)", after: log.count) { $0.is("dump") }
                let new = try ui.visibleWindows().subtracting(shown)
                #expect(new.isEmpty, "a right click at \(x),\(y) showed a window (the desktop's menu?): \(new)")
            }

            // openbox's stock mouse bindings: Alt (or Ctrl+Alt) and the wheel switch desktops.
            // The kiosk is on every desktop, so it stays in front (it froze waiting for a map
            // that never came when it was left on the desktop it had been on).
            for (keys, button) in [("alt", "5"), ("alt", "4"), ("ctrl+alt", "5")] {
                let before = log.count
                try ui.xdo("mousemove", "--sync", "600", "400")
                try ui.xdo("keydown", keys)
                try ui.xdo("click", button)
                try ui.xdo("keyup", keys)
                try ui.xdo("key", "m")
                try log.wait("M after \(keys) and the wheel", after: before) { $0.is("mute") }
                try ui.waitUntilInFront("after \(keys) and the wheel \(button)")
            }

            // Minimised through the window manager: it comes back by itself.
            try ui.xdo("windowminimize", ui.window)
            let lapse = try log.wait("the kiosk coming back after being minimised") { $0.is("kiosk", "action", "front") }
            #expect(["hidden", "minimized", "focus"].contains(log.lines[lapse]["why"]?.stringValue ?? ""), "\(log.lines[lapse].serialized())")
            try ui.waitUntilInFront("after being minimised")

            // Another window activated: the kiosk takes the focus back.
            try ui.xdo("windowactivate", other.window)
            try log.wait("the kiosk taking the focus back", after: lapse + 1) { $0.is("kiosk", "action", "front") }
            try ui.waitUntilInFront("after another window was activated")
            ui.send(SIGTERM)
            #expect(try ui.waitForExit() == 0)
        }

        @Test(.enabled(if: hasTools, "Xvfb and xdotool are needed: `make test-deps`"))
        func test_noWindowManager_unmappedKioskMapsItselfAgain() throws {
            let session = try WindowSession(xvfb: try #require(Exec.find("Xvfb")), xdotool: try #require(Exec.find("xdotool")),
                                            directory: temporaryDirectory(), screen: (1280, 800))
            defer { session.stop() }
            let ui = try session.launchGame(mode: ["--kiosk"])
            let log = ui.log
            _ = try log.waitForDump(scene: "home", after: 0)
            try ui.waitUntilInFront("at start")
            try ui.xdo("windowunmap", "--sync", ui.window)
            let lapse = try log.wait("the kiosk coming back after being unmapped") { $0.is("kiosk", "action", "front") }
            #expect(log.lines[lapse]["why"]?.stringValue == "hidden", "\(log.lines[lapse].serialized())")
            try ui.waitUntilInFront("after being unmapped")
            // It still plays: Memory chosen with real clicks.
            try ui.readGeometry()
            let home = try log.waitForDump(scene: "home", after: log.count)
            _ = try ui.play("memory", level: "easy", from: home)
        }

        /// One-switch scanning in a kiosk: the logo held with the mouse opens the gate, and so
        /// does the switch (Space) held down 5 s; a quick Space still taps what the ring shows.
        @Test(.enabled(if: hasTools, "Xvfb and xdotool are needed: `make test-deps`"), arguments: [false, true])
        func test_switchScanning_gateOpensByLogoOrByAHeldSwitch(_ openbox: Bool) throws {
            let session = try WindowSession(xvfb: try #require(Exec.find("Xvfb")), xdotool: try #require(Exec.find("xdotool")),
                                            directory: temporaryDirectory(), screen: (1280, 800),
                                            windowManager: openbox ? Exec.find("openbox") : nil)
            defer { session.stop() }
            let ui = try session.launchGame(mode: ["--kiosk", "--switch", "2"])
            let log = ui.log
            let home = try log.waitForDump(scene: "home", after: 0)
            try ui.waitUntilInFront("at start")
            try ui.readGeometry()

            // The logo, held with the mouse.
            try ui.move(to: try home.center("logo"))
            var mark = log.count
            try ui.xdo("mousedown", "1")
            try log.wait("the gate after holding the logo", after: mark) { $0.is("scene", "scene", "gate") }
            try ui.xdo("mouseup", "1")
            #expect(!log.lines[mark...].contains { $0.is("select") }, "the press on the logo tapped what the ring showed")
            try ui.xdo("key", "Escape")
            try log.wait("back Home", after: mark) { $0.is("scene", "action", "pop") && $0.stack == ["home"] }

            // A quick switch press taps what the ring shows (the first tile is a game: it is selected).
            mark = log.count
            try ui.xdo("key", "space")
            try log.wait("a switch press answered", after: mark) { $0.is("select") || $0.is("hint") || $0.is("scene") }

            // The switch held down 5 s: the gate opens 5 s after the press, not before (the
            // press comes after a dump line, so at least 5 s after that line's time).
            let dump = try log.wait("a dump", after: log.count) { $0.is("dump") }
            let before = log.lines[dump]["t"]?.doubleValue ?? 0
            mark = log.count
            try ui.xdo("keydown", "space")
            let hold = try log.wait("the switch's hold", after: mark) { $0.is("hold", "what", "switch") }
            try log.wait("the gate after holding the switch", after: hold) { $0.is("scene", "scene", "gate") }
            try ui.xdo("keyup", "space")
            let heldAt = log.lines[hold]["t"]?.doubleValue ?? 0
            #expect(heldAt - before >= SwitchHold.gateSeconds - 0.05, "the gate opened \(heldAt - before) s after the line before the press")
        }
    }
}

extension WindowSession {
    /// Another program's window on the display (xmessage), for a window manager to switch to.
    func startOther() throws -> (process: Process, window: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(Exec.find("xmessage")))
        p.arguments = ["-name", "kjc-other", "-geometry", "300x100+10+10", "another program"]
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let found = try Exec.run(xdotoolPath, ["search", "--sync", "--onlyvisible", "--classname", "kjc-other"], environment: environment)
        guard let first = found.split(separator: "\n").first else { throw Exec.Failure(description: "no xmessage window") }
        return (p, String(first))
    }

    /// Whether the game's window is mapped and viewable.
    func isViewable() throws -> Bool {
        let found = (try? Exec.run(xdotoolPath, ["search", "--onlyvisible", "--class", AppInfo.desktopID], environment: environment)) ?? ""
        return found.split(separator: "\n").map(String.init).contains(window)
    }

    /// The window that has the keyboard focus.
    func focusedWindow() throws -> String {
        try Exec.run(xdotoolPath, ["getwindowfocus"], environment: environment).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The viewable windows on the display.
    func visibleWindows() throws -> Set<String> {
        let found = (try? Exec.run(xdotoolPath, ["search", "--onlyvisible", "--name", ".*"], environment: environment)) ?? ""
        return Set(found.split(separator: "\n").map(String.init))
    }

    /// Polls until the game's window is viewable and has the focus (a time limit, no fixed wait).
    func waitUntilInFront(_ what: String) throws {
        let deadline = Date().addingTimeInterval(LiveLog.timeout)
        while true {
            if try isViewable(), try focusedWindow() == window { return }
            if Date() > deadline {
                throw Exec.Failure(description: "\(what): the kiosk's window is not in front (viewable: \(try isViewable()), focus: \(try focusedWindow()), window \(window))")
            }
            usleep(50_000)
        }
    }
}

/// KioskWatch's rule on a stepped clock: nothing before the window was first in front, then
/// at once, then at most every `interval` seconds while it stays away.
@Suite struct KioskWatchTests {
    @Test func test_bringsBackAtMostTwiceASecond_onlyAfterTheWindowWasInFront() {
        var watch = KioskWatch()
        var answers: [Bool] = []
        answers.append(watch.shouldBringBack("hidden", now: 0))     // still being mapped at start
        answers.append(watch.shouldBringBack(nil, now: 0.1))         // in front
        answers.append(watch.shouldBringBack("hidden", now: 1))      // away: at once
        answers.append(watch.shouldBringBack("hidden", now: 1.2))    // too soon
        answers.append(watch.shouldBringBack("focus", now: 1.5))     // again
        answers.append(watch.shouldBringBack(nil, now: 1.6))
        answers.append(watch.shouldBringBack("minimized", now: 1.7)) // a new lapse: at once
        #expect(answers == [false, false, true, false, true, false, true])
    }
}

extension HeavyTests {
    /// Issue #45, item 8, with real key events (xdotool through X): the gate's answer typed on
    /// the keyboard, a wrong digit erased with BackSpace, and Return as OK.
    @Suite struct TypingInAWindowTests {
        @Test(.enabled(if: FullscreenEndToEndTests.hasXTools && GameBinary.isBuilt, "Xvfb and xdotool are needed: `make test-deps`"))
        func test_gateTakesDigitsBackspaceAndReturnFromARealKeyboard() throws {
            let session = try WindowSession(xvfb: try #require(Exec.find("Xvfb")), xdotool: try #require(Exec.find("xdotool")),
                                            directory: temporaryDirectory(), screen: (1280, 800))
            defer { session.stop() }
            let ui = try session.launchGame()
            let log = ui.log
            let home = try log.waitForDump(scene: "home", after: 0)
            try ui.move(to: try home.center("logo"))
            try ui.xdo("mousedown", "1")
            let open = try log.wait("the gate after holding the logo") { $0.is("gate", "action", "open") }
            try ui.xdo("mouseup", "1")
            let question = try #require(log.lines[open]["question"]?.stringValue)
            let parts = question.split(separator: " ")
            let answer = String(parts[1] == "×" ? Int(parts[0])! * Int(parts[2])! : Int(parts[0])! + Int(parts[2])!)
            let wrong = answer.last == "0" ? "1" : "0"
            // The pointer away from the pad (with no window manager the keyboard follows it).
            try ui.move(to: Point(60, 700))
            try ui.xdo("type", "--delay", "80", String(answer.dropLast()) + wrong)
            try ui.xdo("key", "BackSpace")
            try ui.xdo("type", String(answer.last!))
            try ui.xdo("key", "Return")
            try log.wait("the right answer", after: open) { $0.is("gate", "action", "right") }
        }
    }
}
