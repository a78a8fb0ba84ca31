import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// Issue 45, item 4, "no button that cannot work": when the voice cannot be heard (the child
/// muted the speaker, a system file locked it muted, the grown-ups turned the voice off),
/// "hear it again" shows the muted ear and a tap on it says nothing but wiggles the speaker;
/// a locked mute shows no big "unmute" speaker on Home.
@MainActor
@Suite struct SilentVoiceTests {
    /// Makes the voice silent for `why` (nil: heard).
    static func silence(_ context: GameRuntime, _ why: SilentVoice?) {
        switch why {
        case .muted?: context.settingsStore.setMuted(true)
        case .locked?:
            context.settingsStore.setMuted(true)
            context.classroom.locked = [.mute]
        case .voiceOff?: context.settings.voice = false
        case nil: break
        }
    }

    static func item(_ scene: any Scene, _ id: String) -> JSON? {
        scene.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    @Test(arguments: [SilentVoice.muted, .locked, .voiceOff])
    func test_silentVoice_hearAgainShowsTheMutedEar_aTapSaysNothingAndWigglesTheSpeaker(why: SilentVoice) throws {
        // With the voices' files, so that a spoken line would be logged (muted or not).
        let game = try VoicedGame(.memory, .easy) { context, _ in Self.silence(context, why) }
        game.seconds(3)
        #expect(game.context.silentVoice == why)
        let button = try #require(Self.item(game.game, "hear-again"))
        #expect(button["icon"]?.stringValue == "hear-again-off", "the muted ear")
        #expect(button["state"]?.stringValue == "silent" && button["why"]?.stringValue == why.rawValue, "\(button)")
        #expect(button["enabled"] == .bool(true), "a tap still answers")
        let canvas = RecordingCanvas()
        game.game.draw(on: canvas)
        #expect(canvas.images.contains("hear-again-off") && !canvas.images.contains("hear-again"))
        #expect(Self.item(game.game, "mute")?["wiggling"] == .bool(false))

        let voices = game.events("voice").count
        game.tap(TopBar.hearAgainFrame.center)
        #expect(game.events("voice").count == voices, "says nothing (not even silently)")
        #expect(game.events("hear-again").isEmpty)
        let hint = try #require(game.events("hint").last)
        #expect(hint["kind"]?.stringValue == "silent" && hint["target"]?.stringValue == "hear-again" && hint["why"]?.stringValue == why.rawValue)
        #expect(game.events("sound").last?["name"]?.stringValue == Sound.nope.rawValue, "a soft no, not the click")
        // The speaker shows why: it wiggles, drawn turned, and settles within a second.
        #expect(Self.item(game.game, "mute")?["wiggling"] == .bool(true))
        game.seconds(0.1)
        let speaker = game.context.muted ? "speaker-off" : "speaker-on"
        let turned = TurnCanvas()
        game.game.draw(on: turned)
        #expect(abs(turned.turn(of: speaker)) > 3, "\(turned.turns)")
        game.seconds(SpeakerWiggle.duration)
        #expect(Self.item(game.game, "mute")?["wiggling"] == .bool(false))
        let still = TurnCanvas()
        game.game.draw(on: still)
        #expect(still.turn(of: speaker) == 0)
    }

    /// The same tap with the voice heard: the intro again, no wiggle, the ear as it was.
    @Test func test_voiceHeard_hearAgainSpeaks_theSpeakerStaysStill() throws {
        let game = try VoicedGame(.memory, .easy)
        game.seconds(3)
        let button = try #require(Self.item(game.game, "hear-again"))
        #expect(button["icon"]?.stringValue == "hear-again" && button["state"]?.stringValue == "speaks" && button["why"] == nil)
        let voices = game.events("voice").count
        game.tap(TopBar.hearAgainFrame.center)
        #expect(game.events("voice").count == voices + 1 && game.events("voice").last?["line"]?.stringValue == "voice.intro.memory")
        #expect(Self.item(game.game, "mute")?["wiggling"] == .bool(false))
    }

    /// Voice off (effects still on): the speaker is not "on" as if all were heard: it carries
    /// the muted ear as a badge, and its dump says `voice: false`.
    @Test func test_voiceOff_theSpeakerCarriesTheMutedEar() throws {
        let game = SceneDriver { MemoryScene(context: $0, level: .easy) }
        game.context.settings.voice = false
        game.step(0.5)
        let speaker = try #require(Self.item(game.scene, "mute"))
        #expect(speaker["voice"] == .bool(false) && speaker["badge"]?.stringValue == "hear-again-off", "\(speaker)")
        let canvas = RecordingCanvas()
        game.scene.draw(on: canvas)
        #expect(canvas.calls.contains(.image("hear-again-off", TopBar.speakerBadgeFrame)))
        game.context.settings.voice = true
        let heard = try #require(Self.item(game.scene, "mute"))
        #expect(heard["voice"] == .bool(true) && heard["badge"] == nil)
    }

    /// A locked speaker tapped (or M): nothing changes, and it wiggles.
    @Test func test_lockedSpeaker_aTapWigglesIt() throws {
        let context = makeContext()
        Self.silence(context, .locked)
        let home = HomeScene(context: context)
        let stack = SceneStack(root: home, runtime: context)
        step(stack, seconds: 0.5)
        tap(stack, TopBar.muteFrame.center)
        #expect(context.muted)
        #expect(Self.item(home, "mute")?["wiggling"] == .bool(true))
        #expect(home.needsFrames, "drawn while it moves")
        step(stack, seconds: 1)
        #expect(Self.item(home, "mute")?["wiggling"] == .bool(false))
        stack.handle(.key(.m))
        #expect(Self.item(home, "mute")?["wiggling"] == .bool(true))
    }

    /// Home: the big "unmute" speaker shows for the child's own mute (a tap brings the sound
    /// back), never for a locked one (a tap could not).
    @Test func test_lockedMute_homeShowsNoUnmuteTile() throws {
        let mine = makeContext()
        Self.silence(mine, .muted)
        let home = HomeScene(context: mine)
        #expect(Self.item(home, "unmute") != nil)
        let locked = makeContext()
        Self.silence(locked, .locked)
        let lockedHome = HomeScene(context: locked)
        let stack = SceneStack(root: lockedHome, runtime: locked)
        step(stack, seconds: 0.5)
        #expect(Self.item(lockedHome, "unmute") == nil)
        let canvas = RecordingCanvas()
        lockedHome.draw(on: canvas)
        #expect(!canvas.calls.contains { if case .image("speaker-off", let r) = $0 { r.width > 60 } else { false } }, "no big muted speaker")
        let sounds = locked.log.events("sound").count
        tap(stack, HomeLayout.mutedSpeaker.center)
        #expect(locked.muted && locked.log.events("mute").isEmpty)
        #expect(locked.log.events("sound").count <= sounds + 1)
    }

    /// The wiggle is gentle: under 3 swings a second, done in `duration`, starting and ending
    /// at rest; with less motion an outline rises and falls once.
    @Test func test_speakerWiggle_isSlowAndShort() {
        let wiggle = SpeakerWiggle(start: 2)
        #expect(wiggle.angle(at: 1.9) == 0 && wiggle.angle(at: 2) == 0)
        #expect(wiggle.angle(at: 2 + SpeakerWiggle.duration) == 0 && !wiggle.isActive(at: 2 + SpeakerWiggle.duration))
        let samples = (0...Int(SpeakerWiggle.duration * 600)).map { wiggle.angle(at: 2 + Double($0) / 600) }
        var turns = 0
        for (a, b) in zip(samples, samples.dropFirst()) where (a > 0 && b < 0) || (a < 0 && b > 0) { turns += 1 }
        // A swing is two changes of direction; at most 3 a second.
        #expect(Double(turns) / 2 / SpeakerWiggle.duration <= 3, "\(turns)")
        #expect(turns >= 2, "it does wiggle")
        #expect(samples.allSatisfy { abs($0) <= SpeakerWiggle.amplitude })
        #expect(wiggle.pulse(at: 2 + SpeakerWiggle.duration / 2) > 0.99 && wiggle.pulse(at: 2) == 0)
    }
}

/// A recording canvas that also keeps each picture's rotation.
@MainActor
final class TurnCanvas: Canvas {
    var turns: [(String, Double)] = []
    func turn(of name: String) -> Double { turns.last { $0.0 == name }?.1 ?? .nan }
    func clear(_ color: Color) {}
    func fill(_ rect: Rect, _ color: Color) {}
    func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
    func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
    func fillCircle(center: Point, radius: Double, _ color: Color) {}
    func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
    func image(_ name: String, in frame: Rect, _ options: ImageOptions) { turns.append((name, options.rotation)) }
    func imageSize(_ name: String) -> Size? { Size(100, 100) }
    func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {}
    func measure(_ string: String, _ style: TextStyle) -> Size { Size(Double(string.count * style.size / 2), Double(style.size)) }
    func layer(_ id: String, _ draw: () -> Void) { draw() }
}
