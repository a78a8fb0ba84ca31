import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
@testable import Runtime

/// Issue #46, item 2: under one-switch scanning a grown-up can still reach the adult gate.
/// Every key, pad button and mouse press is the switch, so before this the logo could not
/// be held (the press tapped what the ring showed) and a kiosk with scanning, or a rest
/// screen after a session limit, had no way out but a signal. The rules, on a stepped clock.
@Suite @MainActor struct SwitchGateTests {
    /// Home (or `root`) with scanning on, every 1.5 s.
    static func scanning(_ make: ((GameRuntime) -> any Scene)? = nil) -> (GameRuntime, SceneStack) {
        let context = makeContext()
        context.kiosk = true
        let stack = SceneStack(root: make?(context) ?? HomeScene(context: context), runtime: context)
        stack.focus.scanInterval = 1.5
        stack.focus.visible = true
        step(stack, frames: 1, log: context.log)
        return (context, stack)
    }

    @Test func test_logoHeldWithTheMouse_opensTheGate_underScanning() {
        let (context, stack) = Self.scanning()
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
        #expect(stack.names == ["home", "gate"], "\(stack.names)")
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, frames: 2, log: context.log)
        #expect(stack.names == ["home", "gate"])
    }

    @Test func test_logoHeldInArabic_opensTheGate_underScanning() {
        let (context, stack) = Self.scanning()
        stack.rightToLeft = true
        // The logo is drawn mirrored: the press lands where it is drawn.
        let p = MirroredCanvas.mirror(TopBar.logoFrame.center)
        stack.handle(.pointerDown(p))
        step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
        #expect(stack.names == ["home", "gate"], "\(stack.names)")
    }

    /// Issue #45, item 8: a press on the "Grown-ups: hold 3 s" sign is the gate's hold too
    /// (not a switch press, which needs `SwitchHold.gateSeconds`), on Home and the rest
    /// screen, where it is drawn in Arabic too.
    @Test(arguments: [false, true])
    func test_signHeldWithTheMouse_opensTheGate_underScanning(rightToLeft: Bool) {
        for rest in [false, true] {
            let (context, stack) = Self.scanning()
            stack.rightToLeft = rightToLeft
            if rest {
                context.classroom.sessionMinutes = 1
                stack.apply([.show(.rest)])
                step(stack, frames: 2, log: context.log)
            }
            let sign = HomeScene.grownUpsFrame().center
            stack.handle(.pointerDown(rightToLeft ? MirroredCanvas.mirror(sign) : sign))
            step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
            #expect(stack.names.last == "gate", "rest \(rest), right-to-left \(rightToLeft): \(stack.names)")
        }
    }

    @Test func test_logoHeldLessThanThreeSeconds_opensNothing() {
        let (context, stack) = Self.scanning()
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: 2.5, log: context.log)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, seconds: 1, log: context.log)
        #expect(stack.names == ["home"])
    }

    @Test func test_aQuickClickOnTheLogo_isStillASwitchPress() {
        let (context, stack) = Self.scanning()
        let focused = stack.focus.focusedID
        #expect(focused != nil)
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, frames: 6, log: context.log)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, frames: 2, log: context.log)
        // What the ring showed was tapped (Home's first tile is a game: it is selected).
        #expect(context.log.events("select").count == 1, "\(context.log.events("select"))")
    }

    @Test func test_switchKeyHeldFiveSeconds_opensTheGate_andTapsNothing() {
        let (context, stack) = Self.scanning()
        stack.handle(.key(.space))
        step(stack, frames: 2, log: context.log)
        // A keyboard repeats a held key: no new presses.
        for _ in 0..<20 {
            stack.handle(.key(.space))
            step(stack, frames: 3, log: context.log)
        }
        #expect(stack.names == ["home"])
        step(stack, seconds: SwitchHold.gateSeconds - 1, log: context.log)
        #expect(stack.names == ["home", "gate"], "\(stack.names)")
        #expect(context.log.events("hold").first?["what"]?.stringValue == "switch")
        stack.handle(.keyUp(.space))
        step(stack, seconds: SwitchHold.gateSeconds + 1, log: context.log)
        #expect(stack.names == ["home", "gate"], "one hold opens it once")
        // On its way to the gate the hold tapped nothing on Home (a press there is taken when let go).
        #expect(context.log.events("select").isEmpty && context.log.events("mute").isEmpty, "\(context.log.events("select"))")
    }

    @Test func test_onHome_aQuickSwitchPressTapsWhenLetGo() {
        let (context, stack) = Self.scanning()
        stack.handle(.key(.space))
        step(stack, frames: 6, log: context.log)
        #expect(context.log.events("select").isEmpty)
        stack.handle(.keyUp(.space))
        step(stack, frames: 2, log: context.log)
        #expect(context.log.events("select").count == 1, "the press tapped what the ring showed")
    }

    /// A release lost with the focus (the window minimised while the switch is down) neither
    /// opens the gate by itself nor eats the next press.
    @Test func test_aLostReleaseIsForgottenWithTheFocus() {
        let (context, stack) = Self.scanning()
        stack.handle(.pointerDown(Point(900, 700)))
        step(stack, frames: 10, log: context.log)
        stack.handle(.focusLost)
        step(stack, seconds: SwitchHold.gateSeconds + 1, log: context.log)
        #expect(stack.names == ["home"], "\(stack.names)")
        #expect(context.log.events("hold").isEmpty)
        stack.handle(.pointerDown(Point(900, 700)))
        step(stack, frames: 2, log: context.log)
        stack.handle(.pointerUp(Point(900, 700)))
        step(stack, frames: 2, log: context.log)
        #expect(context.log.events("select").count == 1, "the next press is a press")
    }

    /// The gate under scanning: a grown-up types the answer or taps the pad's keys where they
    /// are; M types, it does not mute.
    @Test func test_underScanningTheGateTakesTypedDigitsAndTaps() throws {
        let (context, stack) = Self.scanning()
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
        stack.handle(.pointerUp(TopBar.logoFrame.center))
        step(stack, frames: 30, log: context.log)
        let gate = try #require(stack.top as? AdultGateScene)
        stack.handle(.text("12"))
        step(stack, frames: 2, log: context.log)
        #expect(gate.typed == "12", "typed digits reach the pad: '\(gate.typed)'")
        let three = try #require(AdultGateScene.keyFrame(.digit(3))).center
        stack.handle(.pointerDown(three))
        step(stack, frames: 2, log: context.log)
        stack.handle(.pointerUp(three))
        step(stack, frames: 2, log: context.log)
        #expect(gate.typed == "123", "a tap on a pad key enters it: '\(gate.typed)'")
        stack.handle(.key(.m))
        stack.handle(.text("m"))
        step(stack, frames: 2, log: context.log)
        #expect(context.log.events("mute").isEmpty)
        #expect(stack.names == ["home", "gate"])
    }

    @Test func test_restScreen_theGrownUpsSwitchHoldDoesNotMute() {
        let (context, stack) = Self.scanning()
        context.classroom.sessionMinutes = 1
        stack.apply([.show(.rest)])
        step(stack, frames: 2, log: context.log)
        stack.handle(.key(.space))
        step(stack, seconds: SwitchHold.gateSeconds, log: context.log)
        #expect(stack.names == ["home", "rest", "gate"])
        #expect(context.log.events("mute").isEmpty, "\(context.log.events("mute"))")
    }

    @Test func test_switchLetGoBeforeFiveSeconds_opensNothing() {
        let (context, stack) = Self.scanning()
        stack.handle(.key(.return))
        step(stack, seconds: SwitchHold.gateSeconds - 0.2, log: context.log)
        stack.handle(.keyUp(.return))
        step(stack, seconds: 3, log: context.log)
        #expect(stack.names == ["home"])
        #expect(context.log.events("hold").isEmpty)
    }

    @Test func test_padButtonHeld_opensTheGate() {
        let (context, stack) = Self.scanning()
        stack.handle(.pad(.a))
        step(stack, seconds: SwitchHold.gateSeconds + 0.1, log: context.log)
        #expect(stack.names == ["home", "gate"], "\(stack.names)")
    }

    @Test func test_mouseButtonHeldAwayFromTheLogo_opensTheGate() {
        let (context, stack) = Self.scanning()
        stack.handle(.pointerDown(Point(900, 700)))
        step(stack, seconds: SwitchHold.gateSeconds + 0.1, log: context.log)
        #expect(stack.names.last == "gate", "\(stack.names)")
    }

    @Test func test_restScreen_logoHoldAndSwitchHold_openTheGate() {
        for how in ["logo", "switch"] {
            let (context, stack) = Self.scanning()
            context.classroom.sessionMinutes = 1
            stack.apply([.show(.rest)])
            step(stack, frames: 2, log: context.log)
            #expect(stack.names == ["home", "rest"])
            if how == "logo" {
                stack.handle(.pointerDown(TopBar.logoFrame.center))
                step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
            } else {
                stack.handle(.key(.space))
                step(stack, seconds: SwitchHold.gateSeconds, log: context.log)
            }
            #expect(stack.names == ["home", "rest", "gate"], "\(how): \(stack.names)")
        }
    }

    @Test func test_switchHeldInAGame_opensNoGate_andSaysWhy() {
        let (context, stack) = Self.scanning()
        stack.apply([.show(.game(.memory, .easy))])
        step(stack, seconds: 1, log: context.log)
        let names = stack.names
        stack.handle(.key(.space))
        step(stack, seconds: SwitchHold.gateSeconds + 0.1, log: context.log)
        #expect(!stack.names.contains("gate"), "\(stack.names) (was \(names))")
        #expect(context.log.events("ignored").contains { $0["what"]?.stringValue == "switch-hold" })
    }

    @Test func test_withoutScanning_releasesAreIgnored_andTheLogoHoldIsAsBefore() {
        let context = makeContext()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.handle(.key(.space))
        stack.handle(.keyUp(.space))
        stack.handle(.padUp(.a))
        step(stack, seconds: SwitchHold.gateSeconds + 1, log: context.log)
        #expect(stack.names == ["home"])
        stack.handle(.pointerDown(TopBar.logoFrame.center))
        step(stack, seconds: HomeScene.gateHoldSeconds, log: context.log)
        #expect(stack.names == ["home", "gate"])
    }

    // MARK: - The rule alone

    @Test func test_rule_steps() {
        var hold = SwitchHold()
        var answers: [Bool] = []
        answers.append(hold.press(.key(.space), at: 0))        // a press
        answers.append(hold.press(.key(.space), at: 0.5))      // a repeat: no press
        answers.append(hold.gateDue(at: 4.9))
        answers.append(hold.gateDue(at: 5))                    // due
        answers.append(hold.gateDue(at: 6))                    // once
        answers.append(hold.release(.key(.space), at: 7))
        // Taken on release: a tap when let go before the gate opened.
        answers.append(hold.press(.key(.return), at: 8, tapOnRelease: true))
        answers.append(hold.release(.key(.return), at: 8.2))
        #expect(answers == [true, false, false, true, false, false, true, true])
        #expect(hold.held == nil)
        // The logo: the scene counts its hold; a quick press and release is a switch press.
        answers = [hold.press(.logo, at: 10), hold.gateDue(at: 20), hold.release(.logo, at: 20),
                   hold.press(.logo, at: 30), hold.release(.logo, at: 30.3)]
        #expect(answers == [true, false, false, true, true])
        // A release of what is not held changes nothing.
        _ = hold.press(.pad(.a), at: 40)
        let released = hold.release(.key(.space), at: 41)
        #expect(!released)
        #expect(hold.held == .pad(.a))
    }
}
