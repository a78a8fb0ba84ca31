import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue #49 item 1: the session's rules are a value the runtime owns and its frame steps.
/// These step the value itself (rule time, no scene, no sleep); the scenes' side is in
/// SessionTests and AdultGateTests.
@Suite @MainActor struct SessionValueTests {
    static func session(minutes: Int?) -> Session {
        Session(classroom: ClassroomSettings(sessionMinutes: minutes), games: .standard)
    }

    /// Steps the value `seconds` of frames, gathering what it brought.
    static func run(_ session: inout Session, seconds: Double, gateShowing: Bool = false) -> [Session.Event] {
        var events: [Session.Event] = []
        for _ in 0..<Int((seconds / GameClock.step).rounded()) {
            events += session.step(GameClock.step, gateShowing: gateShowing)
        }
        return events
    }

    @Test func theLimitWarnsTwoMinutesBeforeThenRests_andItsClockStandsStillWhileResting() {
        var session = Self.session(minutes: 5)
        #expect(Self.run(&session, seconds: 179).isEmpty)
        #expect(Self.run(&session, seconds: 2) == [.warning(secondsLeft: 120)])
        #expect(session.warned && !session.resting)
        #expect(Self.run(&session, seconds: 118).isEmpty)
        #expect(Self.run(&session, seconds: 2) == [.rest(minutes: 5)], "once, at five minutes")
        #expect(session.resting)
        let atRest = session.elapsed
        #expect(Self.run(&session, seconds: 600).isEmpty, "no second rest, no second warning")
        #expect(session.elapsed == atRest, "the clock stands still while the child rests")
        session.restEnded()
        #expect(!session.resting && !session.warned && session.elapsed == 0)
        #expect(Self.run(&session, seconds: 181) == [.warning(secondsLeft: 120)], "a new session counts again")
    }

    @Test func noLimitNoClock_andChangingTheLimitStartsItsClockAgain() {
        var session = Self.session(minutes: nil)
        #expect(Self.run(&session, seconds: 3 * 3600).isEmpty)
        #expect(session.elapsed == 0)
        session = Self.session(minutes: 5)
        _ = Self.run(&session, seconds: 200)
        #expect(session.warned)
        session.choose(.sessionMinutes(10), among: .standard)
        #expect(session.classroom.sessionMinutes == 10 && session.elapsed == 0 && !session.warned)
        session.choose(.sessionMinutes(0), among: .standard)
        #expect(session.classroom.sessionMinutes == nil, "0 is no limit")
        #expect(Self.run(&session, seconds: 900).isEmpty)
    }

    @Test func theGatesWaitRunsOnlyWhileTheGateShows_andEndsWithOneTry() {
        var session = Self.session(minutes: nil)
        var random = SeededGenerator(seed: 7)
        session.openGate(using: &random)
        let first = session.gate
        #expect(first != nil && first?.triesLeft == GateRules.tries)
        for _ in 0..<GateRules.tries { session.answerGate("1", using: &random) }
        #expect(session.gateOutcome == .waiting(seconds: 30))
        #expect(session.gate?.isWaiting == true)
        #expect(Self.run(&session, seconds: 60, gateShowing: false).isEmpty, "closed, the wait does not run")
        #expect(session.gate?.waitSeconds == 30)
        // Reopening keeps the tries and the wait, and forgets the outcome shown.
        session.openGate(using: &random)
        #expect(session.gate?.isWaiting == true && session.gateOutcome == nil)
        session.answerGate(session.gate!.answer, using: &random)
        #expect(session.gateOutcome == .ignored, "no answer counts during the wait")
        let events = Self.run(&session, seconds: 31, gateShowing: true)
        #expect(events.count == 1)
        guard case .gateReady(let question)? = events.first else { Issue.record("\(events)"); return }
        #expect(question == session.gate?.question.text && session.gate?.triesLeft == 1 && session.gateOutcome == nil)
        session.answerGate(session.gate!.answer, using: &random)
        #expect(session.gateOutcome == .right && session.gate?.triesLeft == GateRules.tries)
    }

    @Test func aNewPinMakesTheGateAskAnew() {
        var session = Self.session(minutes: nil)
        var random = SeededGenerator(seed: 3)
        session.openGate(using: &random)
        session.answerGate("5", using: &random)
        #expect(session.gate?.triesLeft == GateRules.tries - 1)
        session.choose(.pin("2468"), among: .standard)
        #expect(session.gate == nil && session.classroom.gatePIN == "2468")
        session.openGate(using: &random)
        #expect(session.gate?.question == .pin && session.gate?.triesLeft == GateRules.tries)
        session.choose(.pin(nil), among: .standard)
        session.openGate(using: &random)
        #expect(session.gate?.question != .pin && session.classroom.gatePIN == nil)
    }

    @Test func theClassroomsChoices_andWhoPlaysFollowsHerProfile() {
        var session = Self.session(minutes: nil)
        session.choose(.games([.balloons, .memory]), among: .standard)
        #expect(session.games.ids == [.memory, .balloons], "the app's order, not the tap order")
        session.choose(.levels([.hard, .easy]), among: .standard)
        #expect(session.classroom.levels == [.easy, .hard] && session.classroom.shownLevels == [.easy, .hard])
        session.choose(.sets(["farm"]), among: .standard)
        #expect(session.classroom.sets == ["farm"])
        let mia = ChildProfile(number: 1, nickname: "Mia", avatar: Avatar(animal: "cat", colour: "red"))
        session.player = .child(mia)
        var renamed = mia
        renamed.nickname = "Mimi"
        session.childChanged(renamed)
        #expect(session.player == .child(renamed))
        let other = ChildProfile(number: 2, nickname: nil, avatar: Avatar(animal: "dog", colour: "blue"))
        session.childDeleted(other)
        #expect(session.player == .child(renamed), "another child's deletion changes nothing")
        session.childDeleted(renamed)
        #expect(session.player == .guest)
    }

    /// No scene steps a session or voice clock: the `Effect` enum has no setter left, and no
    /// scene file sums the session's time (issue #49's "done when").
    @Test func effectsAreIntents_andNoSceneStepsTheSession() throws {
        let root = sourcesRoot()
        let effect = try String(contentsOfFile: root + "/Stage/Scenes/Effect.swift", encoding: .utf8)
        for setter in ["toggleMute", "setSwitch", "rememberSwitch", "setClassroom", "showGames", "rememberClassroom",
                       "setGateRules", "session(", "choosePlayer", "demoSeen", "chooseLanguage", "advanceVoice", "rememberSets"] {
            #expect(!effect.contains("case \(setter)"), "Effect still has the setter \(setter)")
        }
        #expect(effect.contains("case gateAnswered") && effect.contains("case restEnded"), "the file was read")
        for file in swiftFiles(under: root + "/Scenes") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for bad in ["sessionElapsed +", "sessionStep(", ".advanceVoice", "voice.update"] {
                #expect(!text.contains(bad), "\(file) steps a session or voice clock: \(bad)")
            }
        }
    }
}

private func sourcesRoot() -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources").path
}

private func swiftFiles(under root: String) -> [String] {
    var files: [String] = []
    for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix(".swift") {
        files.append(root + "/" + file)
    }
    return files
}
