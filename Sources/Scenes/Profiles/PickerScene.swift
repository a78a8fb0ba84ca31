import GameCore
import CMath
import Stage
import TextCatalogs

/// "Who's playing?": big avatar tiles, the guest first and "+" last. A child taps her own
/// (one tap) or "+" to make one: an animal, then a colour (three taps in all, no typing; an
/// adult may add a nickname in the corner). Ten tiles a page (twelve on a portrait screen);
/// arrows turn the pages of a class of 40. Pushed over Home, at start when children exist,
/// or from Home's avatar button.
@MainActor
public final class PickerScene: BaseScene {
    public enum Stage: Equatable, Sendable {
        case choose
        case animal
        case colour(String)
        var name: String {
            switch self {
            case .choose: return "choose"
            case .animal: return "animal"
            case .colour: return "colour"
            }
        }
    }

    /// What a tile stands for.
    public enum Tile: Equatable, Sendable {
        case guest, child(ChildProfile), add
        var id: String {
            switch self {
            case .guest: return "player-guest"
            case .child(let c): return "player-" + c.id
            case .add: return "add-child"
            }
        }
    }

    enum Target: Equatable, Sendable { case tile(Int), previous, next, animal(String), colour(String) }

    /// Ten tiles a page (five to a row); twelve on a portrait screen (three to a row).
    public static var perPage: Int { upright ? 12 : 10 }
    public static var previousFrame: Rect { pageArrowFrames.previous }
    public static var nextFrame: Rect { pageArrowFrames.next }

    /// Who's playing (a child's own picker), or the corner adding a child or changing one's
    /// picture (the player stays who she is).
    public enum Mode: Equatable, Sendable { case play, add, change(ChildProfile) }
    public let mode: Mode

    public private(set) var stage = Stage.choose
    public private(set) var page = 0
    /// The children, read once when the picker opens (and again after a failed add). Every
    /// frame reads only the page's tiles from it: a database holding thousands of children
    /// (copied in by hand, or by an older version) costs a frame no more than ten do.
    private var children: [ChildProfile] = [] { didSet { noteTakenPictures() } }
    /// Per animal, the colours other children have (read per frame by the animal and colour
    /// stages: made once here, not counted over every child for every tile at every frame).
    private var takenColours: [String: Set<String>] = [:]
    /// How many tiles this picker has looked up (tests: a frame looks up its own page's
    /// tiles only, whatever the number of children).
    public private(set) var tileLookups = 0
    private var press = PressTracker<Target>()
    /// A shake of a tile that cannot be chosen, until the timeline's `until` (its last frame,
    /// at rest, included).
    private var wiggling: (target: Target, until: Double)?
    /// The shaking tile and the seconds its shake has left.
    private var wiggle: (target: Target, left: Double)? { wiggling.map { ($0.target, $0.until - timeline.time) } }
    /// The voice says the stage again after a quiet while (at most three times).
    private var idle = IdlePrompt()

    public init(context: GameContext, mode: Mode = .play) {
        self.mode = mode
        super.init(context: context, name: "picker")
        if mode != .play { stage = .animal }
        children = context.children
        noteTakenPictures()
        // Open on the page of the one playing now.
        if let i = tileIndex(of: context.player) { page = i / Self.perPage }
    }

    /// The tile of `player` (nil: a child no longer in the list).
    private func tileIndex(of player: Player) -> Int? {
        switch player {
        case .guest: return 0
        case .child(let c): return children.firstIndex { $0.number == c.number }.map { $0 + 1 }
        }
    }

    private func noteTakenPictures() {
        var taken: [String: Set<String>] = [:]
        for child in children {
            if case .change(let changing) = mode, changing.number == child.number { continue }
            taken[child.avatar.animal, default: []].insert(child.avatar.colour)
        }
        takenColours = taken
    }

    public override var title: String? {
        switch stage {
        case .choose: return context.text(Messages.pickerTitle)
        case .animal: return context.text(Messages.pickerAnimal)
        case .colour: return context.text(Messages.pickerColour)
        }
    }
    public override var showsBack: Bool { true }
    public override var needsFrames: Bool { super.needsFrames || wiggling != nil || idle.isWaiting }

    public override func onEnter() {
        emit(.log("picker", [("action", "open"), ("children", .int(children.count))]))
        say()
    }

    /// Every stage says what to do: nothing here needs reading.
    private func say() {
        switch stage {
        case .choose: emit(.speak(Messages.pickerSpoken, now: true))
        case .animal: emit(.speak(Messages.pickerAnimalSpoken, now: true))
        case .colour: emit(.speak(Messages.pickerColourSpoken, now: true))
        }
    }

    /// Guest, the children, then "+" (always shown; with 40 children it says so). The whole
    /// list is for tests: the scene looks up one tile at a time (`tile(_:)`).
    public var tiles: [Tile] { (0..<tileCount).map(tile) }
    /// How many tiles there are (the guest, every child, "+").
    public var tileCount: Int { children.count + 2 }
    /// Tile `index` of `tiles`, found without making the list.
    public func tile(_ index: Int) -> Tile {
        tileLookups += 1
        if index == 0 { return .guest }
        return index <= children.count ? .child(children[index - 1]) : .add
    }
    public var pages: Int { (tileCount + Self.perPage - 1) / Self.perPage }
    var isFull: Bool { children.count >= Profiles.maximumChildren }

    // MARK: - Layout

    /// On a portrait screen the picker places its own frames on the whole canvas (issue 27):
    /// the tiles three to a row in up to four rows, the animals three to a row in six, the
    /// colours two to a row in four, each as large as the canvas's height allows, the arrows
    /// at the bottom corners. Elsewhere the 1024×768 frames are centred (`Placement`).
    public override var placesOwnFrames: Bool { Self.upright }

    /// The indices of the page's tiles.
    private var visibleRange: Range<Int> {
        let start = page * Self.perPage
        return start..<min(start + Self.perPage, tileCount)
    }

    private var visibleTiles: [(slot: Int, index: Int)] {
        let range = visibleRange
        return range.map { ($0 - range.lowerBound, $0) }
    }

    func frame(of target: Target) -> Rect? {
        switch target {
        case .tile(let i):
            let range = visibleRange
            guard stage == .choose, range.contains(i) else { return nil }
            return Self.tileFrame(i - range.lowerBound, of: range.count)
        case .previous: return stage == .choose && page > 0 ? Self.previousFrame : nil
        case .next: return stage == .choose && page < pages - 1 ? Self.nextFrame : nil
        case .animal(let a):
            guard stage == .animal, let i = Avatar.animals.firstIndex(of: a) else { return nil }
            return Self.animalFrame(i)
        case .colour(let c):
            guard case .colour = stage, let i = Avatar.colours.firstIndex(of: c) else { return nil }
            return Self.colourFrame(i)
        }
    }

    private var targets: [Target] {
        switch stage {
        case .choose: return visibleTiles.map { .tile($0.index) } + [.previous, .next]
        case .animal: return Avatar.animals.map { .animal($0) }
        case .colour: return Avatar.colours.map { .colour($0) }
        }
    }

    private func hit(_ p: Point) -> Target? { targets.first { frame(of: $0)?.contains(p) == true } }

    // MARK: - Input

    public override func onInput(_ event: InputEvent) -> [SceneCommand] {
        switch event {
        case .pointerDown, .key, .finger: idle.heard()
        default: break
        }
        switch event {
        case .pointerDown(let p): press.down(hit(p))
        case .pointerUp(let p):
            if let t = press.up(hit(p)) { return activate(t) }
        default: break
        }
        return []
    }

    public override func onUpdate(dt: Double) -> [SceneCommand] {
        if let w = wiggling, timeline.time > w.until + 1e-9 { wiggling = nil }
        if idle.update(dt: dt, speaking: context.voiceIsSpeaking) {
            emit(.log("reprompt", [("scene", "picker"), ("count", .int(idle.said))]))
            say()
        }
        return []
    }

    /// Back steps back through adding a child; on the tiles it closes, keeping the player.
    public override func onBack() -> [SceneCommand] {
        switch stage {
        case .choose: return [.pop]
        case .animal where mode != .play: return [.pop]
        case .animal: stage = .choose
        case .colour: stage = .animal
        }
        emit(.log("picker", [("action", "stage"), ("stage", .string(stage.name))]))
        say()
        return []
    }

    private func activate(_ target: Target) -> [SceneCommand] {
        switch target {
        case .previous, .next:
            emit(.sound(.click))
            page = max(0, min(pages - 1, page + (target == .next ? 1 : -1)))
            emit(.log("picker", [("action", "page"), ("page", .int(page + 1)), ("pages", .int(pages))]))
            return []
        case .tile(let i):
            switch tile(i) {
            case .guest: return choose(.guest)
            case .child(let c): return choose(.child(c))
            case .add:
                guard !isFull else {
                    emit(.sound(.oops))
                    wiggling = (target, timeline.time + 0.4)
                    emit(.log("hint", [("kind", "full"), ("target", "add-child")]))
                    return []
                }
                // The first child is made freely; once a child exists, "+" asks the gate
                // (no child can lose her animal among copies made by tapping around).
                if mode == .play, !children.isEmpty {
                    emit(.sound(.click))
                    emit(.log("picker", [("action", "gate")]))
                    let gate = AdultGateScene(context: context)
                    gate.unlocks = .unlocked
                    return [.push(gate)]
                }
                emit(.sound(.select))
                startAdding()
                return []
            }
        case .animal(let a):
            if !freeColours(of: a).contains(where: { _ in true }) {
                refuseTaken(target)
                return []
            }
            emit(.sound(.select))
            stage = .colour(a)
            emit(.log("picker", [("action", "stage"), ("stage", "colour"), ("animal", .string(a))]))
            say()
            return []
        case .colour(let c):
            guard case .colour(let animal) = stage, context.profilesOn else { return [] }
            if !freeColours(of: animal).contains(c) {
                refuseTaken(target)
                return []
            }
            if case .change(var child) = mode {
                child.avatar = Avatar(animal: animal, colour: c)
                emit(.updateChild(child))
                emit(.log("profile", [("action", "changed"), ("player", .string(child.id)), ("nickname", child.nickname.map(JSON.string) ?? .null),
                                              ("animal", .string(animal)), ("colour", .string(c))]))
                emit(.sound(.cheer))
                return [.pop]
            }
            // The store's answer comes back in `onAnswer`.
            emit(.addChild(nickname: nil, avatar: Avatar(animal: animal, colour: c)))
            return []
        }
    }

    /// The store added the new child (she plays, when the picker was choosing who plays), or
    /// could not (said, and the picker goes back to its choice).
    public override func onAnswer(_ reply: EffectReply, to effect: Effect) -> [SceneCommand] {
        guard case .addChild(_, let avatar) = effect, let added = reply.child else { return [] }
        switch added {
        case .success(let child):
            if mode == .play { emit(.pickPlayer(.child(child))) }
            emit(.log("profile", [("action", "created")] + Player.child(child).logFields
                              + [("animal", .string(avatar.animal)), ("colour", .string(avatar.colour))]))
            emit(.sound(.cheer))
            return [.pop]
        case .failure(let failure):
            emit(.sound(.oops))
            emit(.warn("cannot add a child (\(failure))"))
            stage = .choose
            children = context.children
            return []
        }
    }

    private func startAdding() {
        stage = .animal
        emit(.log("picker", [("action", "stage"), ("stage", "animal")]))
        say()
    }

    /// The gate opened for "+" was answered right: a new child may be made.
    public override func onResume(with result: SceneResult?) -> [SceneCommand] {
        if result == .unlocked, stage == .choose {
            startAdding()
        }
        return []
    }

    /// The colours still free for `animal`: an animal and colour another child has are taken
    /// (greyed), so every child finds her own picture.
    func freeColours(of animal: String) -> [String] {
        let taken = takenColours[animal] ?? []
        return Avatar.colours.filter { !taken.contains($0) }
    }

    /// A taken animal (every colour of it) or colour: greyed, and a tap says "not this one".
    private func refuseTaken(_ target: Target) {
        emit(.sound(.oops))
        wiggling = (target, timeline.time + 0.4)
        let id: String
        switch target {
        case .animal(let a): id = "animal-" + a
        case .colour(let c): id = "colour-" + c
        default: id = ""
        }
        emit(.hintEvent("taken", target: id))
    }

    private func choose(_ player: Player) -> [SceneCommand] {
        emit(.pickPlayer(player))
        emit(.log("profile", [("action", "chosen")] + player.logFields))
        emit(.sound(.select))
        return [.pop]
    }

    // MARK: - Drawing

    public override func drawContent(on canvas: any Canvas) {
        SceneBackgrounds.draw("bg-home", on: canvas)
        switch stage {
        case .choose:
            let shown = visibleTiles.count
            for (slot, index) in visibleTiles {
                var r = Self.tileFrame(slot, of: shown)
                if press.pressed == .tile(index) { r = r.scaled(0.95) }
                if let w = wiggle, w.target == .tile(index) { r.x += 8 * sin(w.left * 40) }
                let tile = self.tile(index)
                // No tile is checked before a tap (issue 45, item 7): the one tap chooses
                // and closes, so a mark could only say who played last (the guest at start).
                Decor.card(canvas, r, radius: 26, fill: Theme.tile, shadow: 6)
                let pic = Rect(r.x + 14, r.y + 14, r.width - 28, r.width - 28)
                switch tile {
                case .guest: AvatarArt.draw(canvas, nil, in: pic, radius: 20, shadow: 0)
                case .child(let c):
                    AvatarArt.draw(canvas, c.avatar, in: pic, radius: 20, shadow: 0)
                    if let nick = c.nickname {
                        canvas.text(nick, canvas.fitting(nick, Theme.labelText, width: r.width - 16), at: Point(r.midX, r.maxY - 26), color: Theme.ink)
                    }
                case .add:
                    canvas.image("add-child", in: pic.insetBy(10, 10), ImageOptions(alpha: isFull ? 0.4 : 1))
                }
            }
            if isFull, page == pages - 1 {
                let full = context.text(Messages.pickerFull)
                if Self.upright {
                    // Above the arrows, across the canvas.
                    canvas.text(full, canvas.fitting(full, Theme.labelText, width: Canvas1024.width - 48), at: Point(Self.middle, Self.previousFrame.minY - 30),
                                color: Theme.ink, outline: .white)
                } else {
                    canvas.text(full, Theme.labelText, at: Point(512, 690), color: Theme.ink, outline: .white)
                }
            }
            for (target, frame) in [(Target.previous, Self.previousFrame), (.next, Self.nextFrame)] where self.frame(of: target) != nil {
                let r = press.pressed == target ? frame.scaled(0.92) : frame
                Decor.card(canvas, r, radius: 30, fill: Theme.focus, shadow: 5)
                let dir = target == .next ? 1.0 : -1.0
                let c = r.center
                canvas.line(from: Point(c.x - 14 * dir, c.y - 26), to: Point(c.x + 14 * dir, c.y), width: 10, .white)
                canvas.line(from: Point(c.x + 14 * dir, c.y), to: Point(c.x - 14 * dir, c.y + 26), width: 10, .white)
            }
            let pages = self.pages, dots = Self.dots(page: page, of: pages)
            if pages > 1 {
                // One dot a page; past `maxDots` pages, the dots around this one, the end ones
                // smaller when more pages lie beyond them.
                for p in dots {
                    let x = Self.middle + (Double(p - dots.lowerBound) - Double(dots.count - 1) / 2) * 30
                    let beyond = (p == dots.lowerBound && p > 0) || (p == dots.upperBound - 1 && p < pages - 1)
                    canvas.fillCircle(center: Point(x, Self.upright ? Self.previousFrame.midY : 720), radius: p == page ? 10 : beyond ? 4 : 6,
                                      p == page ? Theme.focus : Theme.neutral)
                }
            }
        case .animal:
            for (i, animal) in Avatar.animals.enumerated() {
                var r = Self.animalFrame(i)
                if press.pressed == .animal(animal) { r = r.scaled(0.94) }
                if let w = wiggle, w.target == .animal(animal) { r.x += 8 * sin(w.left * 40) }
                let free = !freeColours(of: animal).isEmpty
                Decor.card(canvas, r, radius: 24, fill: free ? Theme.tile : Theme.disabledFill, shadow: free ? 5 : 1)
                canvas.image("animal-" + animal, in: r.insetBy(12, 12), ImageOptions(alpha: free ? 1 : 0.3, tint: free ? nil : Color(150, 150, 150)))
            }
        case .colour(let animal):
            for (i, colour) in Avatar.colours.enumerated() {
                var r = Self.colourFrame(i)
                if press.pressed == .colour(colour) { r = r.scaled(0.94) }
                if let w = wiggle, w.target == .colour(colour) { r.x += 8 * sin(w.left * 40) }
                AvatarArt.draw(canvas, Avatar(animal: animal, colour: colour), in: r, radius: 28, shadow: 6)
                if !freeColours(of: animal).contains(colour) {
                    // Taken by another child: greyed under a veil (shape and shade, not colour alone).
                    canvas.fillRounded(r, radius: 28, Color(235, 235, 240, 200))
                    canvas.strokeRounded(r.insetBy(4, 4), radius: 24, width: 4, Theme.disabledText)
                }
            }
        }
    }

    public override func dumpFields() -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("stage", .string(stage.name)), ("page", .int(page + 1)), ("pages", .int(pages))]
        if case .colour(let a) = stage { fields.append(("animal", .string(a))) }
        return fields + context.player.logFields
    }

    public override func dumpItems() -> [JSON] {
        targets.compactMap { t -> JSON? in
            guard let f = frame(of: t) else { return nil }
            switch t {
            case .tile(let i):
                let tile = self.tile(i)
                switch tile {
                case .guest:
                    return dumpItem(tile.id, kind: "avatar", frame: f, [("icon", "guest"), ("player", "guest"), ("enabled", true)])
                case .child(let c):
                    return dumpItem(tile.id, kind: "avatar", frame: f, [("icon", .string("animal-" + c.avatar.animal)), ("player", .string(c.id)),
                                                                       ("nickname", c.nickname.map(JSON.string) ?? .null),
                                                                       ("animal", .string(c.avatar.animal)), ("colour", .string(c.avatar.colour)), ("enabled", true)])
                case .add:
                    return dumpItem(tile.id, kind: "button", frame: f, [("icon", "add-child"), ("enabled", .bool(!isFull))])
                }
            case .previous: return dumpItem("page-previous", kind: "button", frame: f, [("icon", "arrow"), ("enabled", true)])
            case .next: return dumpItem("page-next", kind: "button", frame: f, [("icon", "arrow"), ("enabled", true)])
            case .animal(let a): return dumpItem("animal-" + a, kind: "button", frame: f, [("icon", .string("animal-" + a)), ("enabled", .bool(!freeColours(of: a).isEmpty))])
            case .colour(let c):
                guard case .colour(let animal) = stage else { return nil }
                return dumpItem("colour-" + c, kind: "button", frame: f, [("icon", .string("animal-" + animal)), ("colour", .string(c)),
                                                                        ("enabled", .bool(freeColours(of: animal).contains(c)))])
            }
        }
    }
}
