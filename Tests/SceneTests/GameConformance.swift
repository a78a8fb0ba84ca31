import Settings
import Foundation
@testable import GameCore
@testable import Scenes
import Stage
import TextCatalogs
@testable import Runtime

/// The conformance kit (issue #44, item 4): what every game module must pass, whoever wrote
/// it. A game's test calls `GameConformance(registry).problems(of: id, ...)` and expects none;
/// the standard games and the test-only Counting (registered beside them) are held to it in
/// `GameConformanceTests`. Each check returns its problems as sentences naming the game,
/// the language and the shape, so a failing kit says what to mend.
///
/// What it checks, for one game of a registry:
/// - it describes itself: three levels, its endings, how it ends at each level (`endsBy`), its
///   voice keys by the convention the tools and the monkey know;
/// - Home offers it (`game-<id>`) inside the screen, beside the other tiles, at every shape;
/// - it plays from Home to its end screen in every language and shape given: waiting when it
///   ends by itself (within its bound, plus the host's intro and countdown), else playing its
///   bench moves; every text drawn on the way is the language's catalog text (or a number);
/// - its dump items are the kinds it declares, and every button among them has its picture
///   and its words (a key in the catalog);
/// - pause holds its clock, and Back asks, then leaves to Home.
@MainActor
public struct GameConformance {
    public let registry: GameRegistry
    /// The shapes a game must fit (landscape 4:3, 16:9, 21:9; portrait 9:16).
    public static let shapes: [(Int, Int)] = [(1024, 768), (1920, 1080), (2560, 1080), (800, 1280)]
    /// What the host itself adds before the rules' clock runs (intro, countdown, deal) and
    /// after the end (the pause before the end screen), at most.
    public static let hostSeconds = 30.0

    public init(_ registry: GameRegistry) { self.registry = registry }

    /// A context with this registry and in-memory stores, speaking `catalog` (nil: English).
    public func context(catalog: (any MessageCatalog)? = nil, seed: UInt64 = 3) -> GameRuntime {
        let context = GameRuntime(log: EventLog(writer: nil, keepInMemory: true), random: RandomSource(seed: seed),
                                  scores: InMemoryScores(), settingsStore: InMemorySettings(), soundPlayer: SilentSoundPlayer(),
                                  registry: registry)
        if let catalog { context.catalog = catalog }
        return context
    }

    /// Every problem of `game` (empty: it conforms), in each of `catalogs` (nil: English only)
    /// and each of `shapes`.
    public func problems(of game: GameKind, catalogs: [any MessageCatalog]? = nil,
                         shapes: [(Int, Int)] = GameConformance.shapes) -> [String] {
        guard registry.entry(game) != nil else { return ["\(game.rawValue): not in the registry"] }
        var found = describesItself(game)
        for shape in shapes {
            found += withShape(shape) {
                homeOffers(game, shape: shape)
                    + (catalogs ?? [EnglishCatalog()]).flatMap { playsToItsEndScreen(game, catalog: $0, shape: shape) }
            }
        }
        found += pauseAndBackBehave(game)
        return found
    }

    // MARK: - The checks

    /// Its description: three levels, endings, `endsBy` at every level, voice keys by convention.
    public func describesItself(_ game: GameKind) -> [String] {
        guard let entry = registry.entry(game) else { return ["\(game.rawValue): not in the registry"] }
        var found: [String] = []
        let id = game.rawValue
        let described = registry.json["games"]?.arrayValue?.first { $0["id"]?.stringValue == id }
        if described == nil { found.append("\(id): missing from --describe-games") }
        for level in Level.allCases where described?["levels"]?[level.rawValue] == nil {
            found.append("\(id): no \(level.rawValue) level described")
        }
        if entry.endings.isEmpty { found.append("\(id): declares no ending") }
        for level in Level.allCases {
            switch entry.endsBy[level] {
            case .itself(let seconds)? where !(seconds > 0 && seconds.isFinite):
                found.append("\(id) \(level.rawValue): ends by itself within \(seconds) s?")
            case nil: found.append("\(id) \(level.rawValue): does not say how it ends (endsBy)")
            default: break
            }
        }
        let keys = [entry.voice.name.key, entry.voice.intro.key, entry.voice.reprompt.key]
        if keys != ["voice.game.\(id)", "voice.intro.\(id)", "voice.reprompt.\(id)"] {
            found.append("\(id): voice keys \(keys) do not follow voice.game/intro/reprompt.\(id)")
        }
        for item in entry.items where item.kind == "button" && (item.icon ?? "").isEmpty {
            found.append("\(id): button \(item.id) declares no picture")
        }
        return found
    }

    /// Home shows its tile inside the screen, clear of the other tiles.
    public func homeOffers(_ game: GameKind, shape: (Int, Int)) -> [String] {
        let context = context()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        let items = Self.items(stack)
        let where_ = "\(game.rawValue) at \(shape.0)x\(shape.1)"
        guard let tile = items.first(where: { $0["id"]?.stringValue == "game-\(game.rawValue)" }).map(Self.frame) else {
            return ["\(where_): Home has no tile game-\(game.rawValue)"]
        }
        var found: [String] = []
        if !Canvas1024.bounds.contains(tile) { found.append("\(where_): its Home tile \(tile) leaves the screen \(Canvas1024.bounds)") }
        let others = items.filter { ($0["id"]?.stringValue ?? "").hasPrefix("game-") && $0["id"]?.stringValue != "game-\(game.rawValue)" }
        for other in others where Self.frame(other).intersects(tile) {
            found.append("\(where_): its Home tile overlaps \(other["id"]?.stringValue ?? "?")")
        }
        let tiles = items.filter { ($0["id"]?.stringValue ?? "").hasPrefix("game-") }.count
        if tiles != registry.ids.count { found.append("\(where_): Home shows \(tiles) game tiles for \(registry.ids.count) games") }
        return found
    }

    /// From Home (its tile, Easy, Play) to its end screen in `catalog`'s language at `shape`.
    public func playsToItsEndScreen(_ game: GameKind, catalog: any MessageCatalog, shape: (Int, Int)) -> [String] {
        let context = context(catalog: catalog)
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.rightToLeft = context.rightToLeft
        let where_ = "\(game.rawValue) in \(catalog.language) at \(shape.0)x\(shape.1)"
        var found: [String] = []
        for id in ["game-\(game.rawValue)", "level-easy", "play"] {
            guard let item = Self.items(stack).first(where: { $0["id"]?.stringValue == id }) else {
                return found + ["\(where_): no \(id) to tap on Home"]
            }
            // A scene's own dump is laid out left to right; the stack mirrors taps with the
            // screen in a right-to-left language, so the tap is given as drawn.
            let at = Self.frame(item).center
            tap(stack, stack.rightToLeft ? MirroredCanvas.mirror(at) : at)
            step(stack, seconds: 0.2)
        }
        guard let scene = stack.top as? GameScene, stack.top.name == game.rawValue else {
            return found + ["\(where_): Play did not start it (the stack is \(stack.names))"]
        }
        let entry = registry.entry(game)!
        let bound: Double
        switch entry.endsBy[.easy] {
        case .itself(let seconds)?: bound = seconds + Self.hostSeconds
        default: bound = 600
        }
        let playing = entry.endsBy[.easy] == .playing
        // Its first second, and its pause screen (both drawn in the language too).
        step(stack, seconds: 1)
        var texts = Self.drawnTexts(stack)
        stack.handle(.focusLost)
        texts.formUnion(Self.drawnTexts(stack))
        stack.handle(.key(.return))
        var random = SeededGenerator(seed: 7)
        var frame = 0, due: [(Int, InputEvent)] = []
        let frames = Int(bound * 60)
        while stack.top.name != "alert" && frame < frames {
            if playing, stack.top === scene {
                if due.isEmpty { due = entry.benchMove(frame, Self.items(stack), &random).map { (frame + $0.0, $0.1) } }
                for event in due.filter({ $0.0 <= frame }).map(\.1) {
                    stack.handle(stack.rightToLeft ? MirroredCanvas.mirror(event) : event)
                }
                due.removeAll { $0.0 <= frame }
            }
            stack.step()
            frame += 1
            if frame % 60 == 0 && stack.top === scene {
                found += declaredItems(game, scene: scene, where_)
                texts.formUnion(Self.drawnTexts(stack))
            }
        }
        guard stack.top.name == "alert" else {
            return found + ["\(where_): no end screen after \(frame / 60) s (it \(playing ? "is played" : "ends by itself"))"]
        }
        step(stack, seconds: 1)
        texts.formUnion(Self.drawnTexts(stack))
        if context.log.events("gameover").last?["game"]?.stringValue != game.rawValue {
            found.append("\(where_): no gameover event of its own")
        }
        let strays = texts.filter { !Self.isCatalogText($0, catalog: catalog, messages: Messages.all + registry.messages) }
        if !strays.isEmpty { found.append("\(where_): drew texts outside the catalog: \(strays.sorted())") }
        return Array(Set(found)).sorted()
    }

    /// Its scene's own dump items are the kinds it declares; its buttons have their picture
    /// and a words key of the catalog.
    public func declaredItems(_ game: GameKind, scene: GameScene, _ where_: String) -> [String] {
        let entry = registry.entry(game)!
        let keys = Set((Messages.all + registry.messages).map(\.key))
        var found: [String] = []
        for item in scene.dumpItems() {
            let id = item["id"]?.stringValue ?? "?", kind = item["kind"]?.stringValue ?? "?"
            if kind == "button" {
                if (item["icon"]?.stringValue ?? "").isEmpty { found.append("\(where_): button \(id) has no picture") }
                if let key = item["key"]?.stringValue {
                    if !keys.contains(key) { found.append("\(where_): button \(id)'s key \(key) is not in the catalog") }
                } else {
                    found.append("\(where_): button \(id) has no words key")
                }
            }
            guard let declared = entry.items.first(where: { $0.matches(id) }) else {
                found.append("\(where_): dump item \(id) is none of its declared items \(entry.items.map(\.id))")
                continue
            }
            if declared.kind != kind { found.append("\(where_): \(id) is a \(kind), declared a \(declared.kind)") }
        }
        return found
    }

    /// Pause holds the rules' clock; Back asks first, and the door leaves to Home.
    public func pauseAndBackBehave(_ game: GameKind) -> [String] {
        let context = context()
        let stack = SceneStack(root: HomeScene(context: context), runtime: context)
        stack.apply([.show(.game(game, .easy))])
        step(stack, seconds: 6)
        guard let scene = stack.top as? GameScene else { return ["\(game.rawValue): .show(.game) did not start it"] }
        var found: [String] = []
        let before = scene.clock.now
        stack.handle(.focusLost)
        step(stack, seconds: 5)
        if !scene.isPaused { found.append("\(game.rawValue): losing the focus did not pause it") }
        if scene.clock.now != before { found.append("\(game.rawValue): its clock ran while paused (\(before) -> \(scene.clock.now))") }
        stack.handle(.key(.return))
        step(stack, seconds: 0.5)
        if scene.isPaused { found.append("\(game.rawValue): Return did not resume it") }
        step(stack, seconds: SceneStack.tapGuard)
        tap(stack, TopBar.backFrame.center)
        if stack.names != ["home", game.rawValue] && !stack.names.contains("alert") {
            found.append("\(game.rawValue): Back left at once (\(stack.names)) instead of asking")
        }
        answerDoor(stack)
        step(stack, seconds: 0.5)
        if stack.names != ["home"] { found.append("\(game.rawValue): the door did not lead Home (\(stack.names))") }
        return found
    }

    // MARK: - Helpers

    static func items(_ stack: SceneStack) -> [JSON] {
        stack.top.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
    }

    static func frame(_ item: JSON) -> Rect {
        let v = item["frame"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        return v.count == 4 ? Rect(v[0], v[1], v[2], v[3]) : Rect(0, 0, 0, 0)
    }

    static func drawnTexts(_ stack: SceneStack) -> Set<String> {
        let canvas = RecordingCanvas()
        stack.draw(on: canvas)
        return Set(canvas.texts)
    }

    /// A drawn text is the catalog's text of a message (its placeholders filled with
    /// anything), a line of one, or a number, a time or "+N".
    static func isCatalogText(_ text: String, catalog: any MessageCatalog, messages: [Message]) -> Bool {
        if text.allSatisfy({ $0.isNumber || ":+- ".contains($0) }) { return true }
        return messages.contains { message in
            let words = catalog.text(message)
            if words.split(separator: "\n").contains(where: { $0 == text }) { return true }
            // A long language name goes on two lines, its parenthesis under it.
            if let open = words.firstIndex(of: "("), open > words.startIndex,
               [String(words[..<open]).trimmingCharacters(in: .whitespaces), String(words[open...])].contains(text) { return true }
            guard words.contains("{"), let pattern = LanguageEndScreenTests.englishPattern(words) else { return false }
            return (try? pattern.wholeMatch(in: text)) != nil
        }
    }

    /// Runs `body` with the canvas at `shape` (a screen of that many pixels), then puts the
    /// tests' canvas back (the standard size, a unit a pixel).
    func withShape<T>(_ shape: (Int, Int), _ body: () -> T) -> T {
        Canvas1024.use(Canvas1024.size(forScreen: shape.0, shape.1), screen: (width: shape.0, height: shape.1))
        defer { Canvas1024.use(Canvas1024.standardSize) }
        return body()
    }
}
