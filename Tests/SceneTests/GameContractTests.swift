import Settings
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

// The game contract (the game-contract issue): a fourth game plugs in through the registry
// alone; every word on screen comes from the catalog; the scene timeline stops while a
// game is paused; the voice channel queues, replaces, ducks and reports.

// The fourth game, Counting, is a module of its own: Tests/SceneTests/CountingGame.

@MainActor
@Suite struct GameContractTests {
    static func fourGames() -> (GameRuntime, SceneStack) {
        let registry = GameRegistry(GameRegistry.standard.games + [GameEntry(CountingGame.self)])
        let context = GameRuntime(log: EventLog(writer: nil, keepInMemory: true), random: RandomSource(seed: 3),
                                  scores: InMemoryScores(),
                                  settingsStore: InMemorySettings(), soundPlayer: SilentSoundPlayer(),
                                  registry: registry)
        return (context, SceneStack(root: HomeScene(context: context), runtime: context))
    }

    static func item(_ stack: SceneStack, _ id: String) -> JSON? {
        stack.top.dump().first { $0.0 == "items" }?.1.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    @Test func test_aFourthGamePlaysThroughHomeGameoverAlertAndHighScores() throws {
        let (context, stack) = Self.fourGames()
        // Home lays out four tiles, the fourth one the new game, inside the canvas.
        let tile = try #require(Self.item(stack, "game-counting")?.frameCenter)
        tap(stack, tile)
        tap(stack, try #require(Self.item(stack, "level-easy")?.frameCenter))
        tap(stack, HomeLayout.play.center)
        #expect(stack.names == ["home", "counting"])
        step(stack, seconds: 0.5)
        for _ in 0..<3 { tap(stack, CountingPlay.star.center) }
        // Decided: Back waits for the end screen, which comes 0.5 s later.
        tap(stack, TopBar.backFrame.center)
        #expect(stack.names == ["home", "counting"])
        step(stack, seconds: 0.6)
        #expect(stack.names == ["home", "counting", "alert"])
        let over = try #require(context.log.events("gameover").last)
        #expect(over["game"]?.stringValue == "counting")
        #expect(over["result"]?.stringValue == "won")
        #expect(over["score"]?.intValue == 3)
        #expect(over["rank"]?.intValue == 1)
        #expect(over["key"]?.stringValue == Messages.won.key)
        let alert = try #require(context.log.events("alert").last)
        #expect(alert["kind"]?.stringValue == "won")
        #expect(alert["message"]?.stringValue?.contains("Your score: 3") == true)
        // Play again: a new game of the same kind and level replaces it.
        step(stack, seconds: 0.4)
        tap(stack, try #require(Self.item(stack, "alert-yes")?.frameCenter))
        #expect(stack.names == ["home", "counting"])
        #expect((stack.top as? GameScene)?.level == .easy)
        // Back home (past the tap guard of issue 14) and the table shows the new game by its title.
        step(stack, seconds: SceneStack.tapGuard)
        tap(stack, TopBar.backFrame.center)
        answerDoor(stack)
        #expect(stack.names == ["home"])
        step(stack, seconds: SceneStack.tapGuard)
        tap(stack, HomeLayout.highScores.center)
        let rows = try #require(context.log.events("highscores").last?["entries"]?.arrayValue)
        #expect(rows.first?["game"]?.stringValue == "Counting")
        #expect(rows.first?["score"]?.intValue == 3)
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        #expect(canvas.texts.contains("Counting"))
    }

    @Test func test_fourTilesFitTheCanvasWithEvenGaps() {
        for count in 1...4 {
            let tiles = (0..<count).map { HomeLayout.gameTile($0, of: count) }
            let gaps = zip(tiles, tiles.dropFirst()).map { $1.x - $0.maxX }
            #expect(Set(gaps.map { Int($0.rounded()) }).count <= 1, "even gaps for \(count)")
            #expect(tiles.first!.x >= HomeLayout.minRowMargin - 1 && tiles.last!.maxX <= 1024 - HomeLayout.minRowMargin + 1)
            #expect(abs(tiles.first!.x - (1024 - tiles.last!.maxX)) < 1, "centred")
            #expect(tiles.allSatisfy { $0.width >= 96 }, "still a main button")
        }
        // Three games keep today's frames (every script and guide taps them).
        #expect(HomeLayout.gameTile(0, of: 3) == Rect(138, 136, 220, 176))
        #expect(HomeLayout.gameTile(2, of: 3) == Rect(666, 136, 220, 176))
    }

    @Test func test_theRegistryDescribesEveryGameAndLevel() {
        let json = GameRegistry.standard.json
        let list = json["games"]?.arrayValue ?? []
        // Every registered game, in the registry's order; the three of the brief by their ids.
        #expect(list.compactMap { $0["id"]?.stringValue } == GameRegistry.standard.ids.map(\.rawValue))
        let games = Dictionary(list.compactMap { game in game["id"]?.stringValue.map { ($0, game) } }, uniquingKeysWith: { a, _ in a })
        #expect(games["memory"]?["levels"]?["hard"]?["columns"]?.intValue == 5)
        #expect(games["memory"]?["levels"]?["hard"]?["cards"]?.arrayValue?.count == 20)
        #expect(games["sorting"]?["levels"]?["medium"]?["vehicles"]?.intValue == 10)
        #expect(games["sorting"]?["levels"]?["easy"]?["zones"]?.arrayValue?.count == 3)
        #expect(games["balloons"]?["levels"]?["easy"]?["speed"]?.doubleValue == 110)
        #expect(games["balloons"]?["levels"]?["hard"]?["numbers"] == .array([.int(1), .int(5)]))
        #expect(json["levels"]?.arrayValue?.count == 3)
    }

    // MARK: - Every word on screen comes from the catalog

    /// Every text drawn on every screen is a catalog entry (with its values filled in), a
    /// game's title, or a number, a time or "+N": no English string literal is drawn.
    @Test func test_everyDrawnTextComesFromTheCatalog() throws {
        let messages = Messages.all + GameRegistry.standard.messages
        func isCatalogText(_ text: String) -> Bool {
            if text.allSatisfy({ $0.isNumber || $0 == ":" || $0 == "+" || $0 == "-" || $0 == " " }) { return true }
            // The nickname keyboard's keys: single letters of the catalog's alphabet.
            if text.count == 1 && Messages.cornerLetters.english.contains(text) { return true }
            return messages.contains { message in
                let pattern = "^" + NSRegularExpression.escapedPattern(for: message.english)
                    .replacingOccurrences(of: "\\{", with: "{").replacingOccurrences(of: "\\}", with: "}")
                    .replacingOccurrences(of: "\\{[a-z]+\\}", with: ".+", options: .regularExpression) + "$"
                // A long language name goes on two lines, its parenthesis under it.
                if let open = message.english.firstIndex(of: "("), open > message.english.startIndex,
                   [String(message.english[..<open]).trimmingCharacters(in: .whitespaces), String(message.english[open...])].contains(text) {
                    return true
                }
                return message.english.split(separator: "\n").contains { $0 == text }
                    || text.range(of: pattern, options: .regularExpression) != nil
            }
        }
        let seen = try drawnTextsOfEveryScreen()
        let strays = seen.filter { !isCatalogText($0) }
        #expect(strays.isEmpty, "drawn outside the catalog: \(strays.sorted())")
        #expect(seen.count > 30, "the tour saw \(seen.count) texts")
    }

    /// Domain values carry ids, never words: a catalog with other words changes what is
    /// drawn, and the log's keys stay the same.
    @Test func test_aDifferentCatalogChangesEveryWordButNoKey() throws {
        struct Shouting: MessageCatalog {
            var language: String { "qps" }
            func translation(of message: Message) -> String? { "[" + message.english.uppercased() + "]" }
        }
        let context = makeContext()
        context.catalog = Shouting()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        #expect(canvas.texts.contains("[CHOOSE A GAME]"))
        #expect(canvas.texts.contains("[MEMORY]"))
        #expect(canvas.texts.allSatisfy { $0.hasPrefix("[") })
        stack.apply([.show(.game(.memory, .easy))])
        stack.apply([.show(.alert(AlertContent(kind: .lost, title: Messages.lost, lines: [.init(Messages.timeUp)], buttons: [.yes, .no])))])
        let alert = try #require(context.log.events("alert").last)
        #expect(alert["key"]?.stringValue == "gameover.lost")
        #expect(alert["title"]?.stringValue == "[YOU LOST THE GAME]")
    }

    // MARK: - Time

    /// The scene timeline stops while a game is paused: a win celebration does not run out
    /// behind the pause overlay.
    @Test func test_pausedGameHoldsItsTimeline() throws {
        let (context, stack) = Self.fourGames()
        stack.apply([.show(.game("counting", .easy))])
        for _ in 0..<3 { tap(stack, CountingPlay.star.center) }
        stack.handle(.focusLost)
        step(stack, seconds: 3)
        #expect(stack.names == ["home", "counting"], "no end screen while paused")
        stack.handle(.pointerDown(Point(512, 400)))
        stack.handle(.pointerUp(Point(512, 400)))
        step(stack, seconds: 0.6)
        #expect(stack.names == ["home", "counting", "alert"])
        #expect(context.log.events("gameover").count == 1)
    }

    /// Input and the update of one frame see one time in every game: a timeline delay of
    /// exactly 0.5 s started by a tap ends exactly 30 frames later.
    @Test func test_aDelayStartedByATapEndsExactlyOnTime() {
        let (context, stack) = Self.fourGames()
        stack.apply([.show(.game("counting", .easy))])
        step(stack, frames: 10, log: context.log)
        for _ in 0..<3 { tap(stack, CountingPlay.star.center, log: context.log) }
        let decidedAt = context.log.time
        step(stack, frames: 29, log: context.log)
        #expect(stack.names == ["home", "counting"])
        step(stack, frames: 1, log: context.log)
        #expect(stack.names == ["home", "counting", "alert"])
        let over = context.log.events("gameover").last?["t"]?.doubleValue ?? 0
        #expect(abs(over - (decidedAt + 0.5 - 1.0 / 60)) < 1e-6, "gameover at \(over), decided at \(decidedAt)")
    }
}

// MARK: - The voice channel

@MainActor
@Suite struct VoiceChannelTests {
    static let hello = Message("voice.test.hello", "Hello!")
    static let find = Message("voice.test.find", "Find the pairs!")
    static let one = Message("voice.test.one", "One")
    static let two = Message("voice.test.two", "Two")
    static let missing = Message("voice.test.missing", "Nobody recorded me")

    static func context() -> (GameRuntime, SilentSoundPlayer, [String]) {
        let player = SilentSoundPlayer()
        let clips = [hello, find, one, two].enumerated().map {
            VoiceClip(key: $0.element.key, language: "en", path: "/nonexistent/\($0.element.key).ogg", duration: 0.5 + Double($0.offset) * 0.25)
        }
        let context = GameRuntime(log: EventLog(writer: nil, keepInMemory: true), random: RandomSource(seed: 1),
                                  scores: InMemoryScores(), settingsStore: InMemorySettings(),
                                  soundPlayer: player, registry: .standard, voices: VoiceLibrary(language: "en", clips: clips))
        return (context, player, [])
    }

    static func run(_ context: GameRuntime, seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { context.voice.update(dt: GameClock.step) }
    }

    @Test func test_linesQueue_andANewerLineReplacesTheOneWaiting() {
        let (context, player, _) = Self.context()
        context.voice.say(Self.hello)
        context.voice.say(Self.one)
        context.voice.say(Self.two) // replaces "one", which never plays
        #expect(player.voices == [Self.hello.key])
        Self.run(context, seconds: 0.5)
        #expect(player.voices == [Self.hello.key, Self.two.key])
        let voices = context.log.events("voice")
        #expect(voices.map { $0["line"]?.stringValue } == [Self.hello.key, Self.two.key])
        #expect(voices.first?["key"]?.stringValue == Self.hello.key)
        #expect(voices.first?["text"]?.stringValue == "Hello!")
        #expect(voices.first?["language"]?.stringValue == "en")
        #expect(voices.first?["muted"]?.boolValue == false)
    }

    @Test func test_effectsDuckWhileALineSpeaks_andALineSaysWhenItHasFinished() {
        let (context, player, _) = Self.context()
        // A line said in turn after it starts when it has finished (the end screen's rank
        // and sticker lines): no closure, a list of lines the effect carries.
        context.send(.speak(Self.find, then: [Self.one]))
        #expect(player.ducked)
        Self.run(context, seconds: 0.7)
        #expect(player.ducked && player.voices == [Self.find.key], "0.75 s long")
        Self.run(context, seconds: 0.1)
        #expect(player.voices == [Self.find.key, Self.one.key] && context.voice.currentKey == Self.one.key)
        Self.run(context, seconds: 2)
        #expect(!player.ducked && !context.voice.isSpeaking)
        // Cut, the lines in turn after it are dropped with it.
        context.send(.speak(Self.find, then: [Self.one]))
        context.send(.speak(Self.hello, now: true))
        Self.run(context, seconds: 3)
        #expect(player.voices.suffix(2) == [Self.find.key, Self.hello.key])
        #expect(Effect.speak(Self.find, then: [Self.one]) == .speak(Self.find, then: [Self.one]), "effects compare")
        #expect(Effect.speak(Self.find, then: [Self.one]) != .speak(Self.find))
    }

    @Test func test_muteAndTheVoiceSettingSilenceLines_butTheyKeepTheirTime() {
        let (context, player, _) = Self.context()
        context.settings.voice = false
        context.voice.say(Self.hello)
        context.voice.say(Self.one)
        #expect(player.voices.isEmpty)
        Self.run(context, seconds: 0.5)
        #expect(context.log.events("voice").map { $0["muted"]?.boolValue } == [true, true])
        context.settings.voice = true
        context.settingsStore.overrideMuted(true)
        context.voice.say(Self.two)
        Self.run(context, seconds: 2)
        #expect(player.voices.isEmpty)
        #expect(context.log.events("voice").last?["muted"]?.boolValue == true)
    }

    @Test func test_aMissingRecordingIsSilentAndReportedOnce() {
        let (context, player, _) = Self.context()
        var warnings: [String] = []
        context.warn = { warnings.append($0) }
        context.voice.say(Self.missing, then: [Self.hello])
        #expect(context.voice.currentKey == Self.hello.key, "a missing line finishes at once: the next in turn starts")
        context.voice.stop()
        context.voice.say(Self.missing)
        #expect(player.voices == [Self.hello.key])
        #expect(context.log.events("voice").map { $0["key"]?.stringValue } == [Self.hello.key])
        #expect(warnings.count == 1)
    }

    @Test func test_interruptCutsTheCurrentLine() {
        let (context, player, _) = Self.context()
        context.voice.say(Self.find)
        context.voice.say(Self.one) // waits
        context.voice.say(Self.hello, interrupt: true)
        #expect(player.voices == [Self.find.key, Self.hello.key])
        #expect(context.voice.currentKey == Self.hello.key)
        // Issue 14: an interrupting line also drops the one that was waiting.
        for _ in 0..<180 { context.voice.update(dt: GameClock.step) }
        #expect(player.voices == [Self.find.key, Self.hello.key])
    }
}

// MARK: - The doors between the targets

@Suite struct TargetBoundaryTests {
    static func imports(of target: String) -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/" + target).path
        var found: [String: Set<String>] = [:]
        for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") && line.hasPrefix("@") {
                found[file, default: []].insert(String(line.split(separator: " ").last ?? ""))
            }
        }
        return found
    }

    /// GameCore imports nothing: no SDL, no Foundation, not even the C library.
    @Test func test_gameCoreImportsNothing() {
        let imports = Self.imports(of: "GameCore")
        #expect(imports.isEmpty, "\(imports)")
        #expect(Self.imports(of: "Scenes").count > 10, "the sources were found and read")
    }

    /// Storage sees GameCore, SystemIO and SQLite only (no SDL, no Scenes: the stores' protocols
    /// are declared met in the app); nothing else talks to SQLite.
    @Test func test_onlyStorageTouchesSQLite() {
        let storage = Self.imports(of: "Storage")
        #expect(!storage.isEmpty, "the sources were found and read")
        for (file, names) in storage {
            #expect(names.isSubset(of: ["GameCore", "SystemIO", "CSQLite3", "CSystemCalls", "Glibc", "Dispatch", "Synchronization"]),
                    "Storage/\(file) imports \(names)")
        }
        for target in ["GameCore", "Scenes", "Runtime", "Render", "Platform", "KidsJoyApp"] {
            for (file, names) in Self.imports(of: target) { #expect(!names.contains("CSQLite3"), "\(target)/\(file)") }
        }
    }

    /// Scenes sees only GameCore, Stage, the text catalogs and the settings table (and the C library's maths, CMath):
    /// no file I/O (SystemIO), no SDL. Stage and the catalogs see GameCore only; Platform
    /// does not see Scenes (issue #25); only Render and Platform touch SDL (the app reaches
    /// it through Platform: the window, the event queue, scripted events, timing); nothing
    /// links Foundation, not even FoundationEssentials (7.5 MB of the static binary, issue
    /// #17), nor swift-argument-parser (which links it).
    @Test func test_onlyRenderAndPlatformTouchSDL_andNothingImportsFoundation() {
        let allowed: [String: Set<String>] = [
            // The scenes and Stage get only the C library's maths (CMath), not all of Glibc.
            "Scenes": ["GameCore", "Stage", "TextCatalogs", "Settings", "CMath"], "Stage": ["GameCore", "CMath"],
            "TextCatalogs": ["GameCore"], "SystemIO": ["Glibc", "CSystemCalls"],
            // The settings table and the Settings value: the keys themselves are GameCore's.
            "Settings": ["GameCore", "TextCatalogs"],
            "Platform": ["GameCore", "Stage", "SystemIO", "CSDL2", "CSDL2X11", "Glibc"],
            // The renderer draws what scenes ask through Stage's Canvas: a scene edit never rebuilds it.
            // It alone lays out a line's directions, so it alone links libfribidi.
            "Render": ["GameCore", "Stage", "TextCatalogs", "SystemIO", "CSDL2", "CFriBidi", "Glibc", "Dispatch", "Synchronization"],
        ]
        for (target, names) in allowed {
            let files = Self.imports(of: target)
            #expect(!files.isEmpty, "\(target): the sources were found and read")
            for (file, imported) in files {
                #expect(imported.isSubset(of: names), "\(target)/\(file) imports \(imported)")
            }
        }
        for target in ["GameCore", "Stage", "TextCatalogs", "Settings", "SystemIO", "Scenes", "Runtime", "Render", "Platform", "Storage", "Server", "KidsJoyApp"] {
            for (file, names) in Self.imports(of: target) {
                #expect(!names.contains("Foundation"), "\(target)/\(file) imports full Foundation")
                #expect(!names.contains { $0.hasPrefix("Foundation") || $0.hasPrefix("_Foundation") || $0 == "ArgumentParser" },
                        "\(target)/\(file) imports \(names): the binary links no Foundation")
                if ["GameCore", "Scenes", "Runtime", "Storage", "KidsJoyApp"].contains(target) {
                    #expect(!names.contains("CSDL2") && !names.contains("CSDL2X11"), "\(target)/\(file)")
                }
            }
        }
    }

    /// Issue #47: the school's server is the program's only network code. Only the Server
    /// target links libpq, it sees neither SDL nor the scenes, and only the app uses it.
    @Test func test_onlyTheServerTargetTalksToTheNetwork() {
        let server = Self.imports(of: "Server")
        #expect(!server.isEmpty, "Server: the sources were found and read")
        for (file, names) in server {
            #expect(names.isSubset(of: ["GameCore", "SystemIO", "Storage", "CLibPQ", "Glibc", "Dispatch", "Synchronization"]),
                    "Server/\(file) imports \(names)")
        }
        #expect(server.values.contains { $0.contains("CLibPQ") })
        for target in ["GameCore", "Stage", "TextCatalogs", "SystemIO", "Scenes", "Runtime", "Render", "Platform", "Storage", "KidsJoyApp"] {
            for (file, names) in Self.imports(of: target) {
                #expect(!names.contains("CLibPQ"), "\(target)/\(file) imports CLibPQ")
                if target != "KidsJoyApp" { #expect(!names.contains("Server"), "\(target)/\(file) imports Server") }
            }
        }
    }

    /// Only the renderer links libfribidi (the bidirectional layout is drawing's business: the
    /// rules, scenes and catalogs stay free of C libraries), and only SystemIO and Storage use
    /// the system-calls shim.
    @Test func test_onlyRenderLaysOutDirections_andOnlySystemIOAndStorageCallTheShim() {
        for target in ["GameCore", "Stage", "TextCatalogs", "SystemIO", "Scenes", "Runtime", "Render", "Platform", "Storage", "KidsJoyApp"] {
            let files = Self.imports(of: target)
            #expect(!files.isEmpty || target == "GameCore", "\(target): the sources were found and read")
            for (file, names) in files {
                if target != "Render" { #expect(!names.contains("CFriBidi"), "\(target)/\(file) imports CFriBidi") }
                if !["SystemIO", "Storage"].contains(target) {
                    #expect(!names.contains("CSystemCalls"), "\(target)/\(file) imports CSystemCalls")
                }
            }
        }
        #expect(Self.imports(of: "Render").values.contains { $0.contains("CFriBidi") }, "the renderer's Bidi uses libfribidi")
    }

    /// Issue #49: C functions are declared by a shim header (CSystemCalls, CSQLite3, CSDL2's),
    /// where the compiler checks them against the C library's own declarations, never by
    /// `@_silgen_name` (an unchecked guess at a symbol's Swift signature).
    @Test func test_noSilgenNameInSources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").path
        var read = 0
        for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            read += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("@_silgen_name") {
                Issue.record("Sources/\(file):\(n + 1) declares a C function with @_silgen_name: put it in a shim header")
            }
        }
        #expect(read > 100, "the sources were found and read (\(read))")
    }

    /// Effects out, environment in (issue #25): scenes send `Effect` values; the event log, the
    /// voice, the sound player, the stores and the session's state are the Runtime target's,
    /// which sees GameCore, Stage, the catalogs, the settings table and Scenes only and which Scenes cannot import (it depends on them).
    /// So no scene plays, logs, speaks or hints itself.
    @Test func test_scenesSendEffects_andOnlyTheRuntimeCarriesThemOut() throws {
        let runtime = Self.imports(of: "Runtime")
        #expect(!runtime.isEmpty, "the sources were found and read")
        for (file, names) in runtime {
            #expect(names.isSubset(of: ["GameCore", "Stage", "TextCatalogs", "Settings", "Scenes"]), "Runtime/\(file) imports \(names)")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Scenes").path
        let direct = try Regex(#"\.(play|emit|say|hint)\("#)
        var read = 0
        for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            read += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(direct) {
                Issue.record("Scenes/\(file):\(n + 1) calls a service directly: \(line)")
            }
        }
        #expect(read > 10, "the sources were found and read")
    }

    /// Issue #44, item 2: scenes return their effects (`Reaction`); only the stack, the host,
    /// hands them to the runtime. Nothing under Scenes sends, and the context a scene holds
    /// cannot (it is no `EffectPerformer`: a `send` on it does not compile).
    @Test func test_scenesReturnTheirEffects_onlyTheStackSendsThem() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").path
        let sending = try Regex(#"\bsend\("#)
        var read = 0
        for case let file as String in FileManager.default.enumerator(atPath: root + "/Scenes") ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/Scenes/" + file, encoding: .utf8)
            read += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(sending) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The stack (Engine/Scene.swift) is the host: it sends what scenes returned.
                if file == "Engine/Scene.swift" && line.contains("effects?.send(") { continue }
                Issue.record("Scenes/\(file):\(n + 1) sends instead of returning: \(line)")
            }
        }
        #expect(read > 10, "the sources were found and read")
        let context = try String(contentsOfFile: root + "/Scenes/Engine/GameContext.swift", encoding: .utf8)
        #expect(context.contains("public protocol GameContext: AnyObject {"), "the scene-facing context refines no performer")
        let scene = try String(contentsOfFile: root + "/Stage/Scenes/Scene.swift", encoding: .utf8)
        for callback in ["func enter() -> Reaction", "func leave() -> Reaction", "func resume(with result: SceneResult?) -> Reaction",
                         "func update(dt: Double) -> Reaction", "func handle(_ event: InputEvent) -> Reaction"] {
            #expect(scene.contains(callback), "Scene: \(callback)")
        }
    }

    /// What a scene is and says (the Scene protocol, routes, commands and results, effects and
    /// their replies, an alert's content) is declared in Stage, beside the Canvas it draws on,
    /// not in Scenes: the contract has no scene in it (issue #25 item 4).
    @Test func test_theSceneContractLivesInStage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").path
        var declared: [String: String] = [:]
        let declaration = try Regex(#"^public (?:protocol|enum|struct|final class) ([A-Za-z]+)"#)
        for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = try declaration.firstMatch(in: String(line)), let name = match.output[1].substring {
                    declared[String(name)] = String(file.split(separator: "/").first ?? "")
                }
            }
        }
        for name in ["Scene", "Route", "SceneCommand", "SceneResult", "Effect", "EffectReply", "EffectPerformer",
                     "AlertContent", "AlertButton", "ClassroomSettings", "ReportDestination", "ReportJob"] {
            #expect(declared[name] == "Stage", "\(name) is declared in \(declared[name] ?? "no target")")
        }
    }
}
