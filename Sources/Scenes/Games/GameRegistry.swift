import GameCore
import Stage
import TextCatalogs

/// One game as the rest of the program sees it, made from its `GameModule` (the only way in):
/// its definition (id, picture, words, levels as data), what it says, how it ends and
/// scores, what its dump items are, how its scene is made, and what the benchmark does with
/// it. Adding a game is a module (a folder of its own) and one line in `GameRegistry.standard`.
@MainActor
public struct GameEntry {
    public let definition: GameDefinition
    /// Its name, intro, re-prompt and other lines (the host says the first three).
    public let voice: GameVoice
    /// Every way a round ends (`gameover`'s result and reason).
    public let endings: [GameEnding]
    /// How a round at each level ends when nobody plays (`GameModule.endsBy`).
    public let endsBy: [Level: GameEndsBy]
    /// How points are earned (`--describe-games`).
    public let scoring: String
    /// What its dump items mean (`--describe-games`; the monkey taps the tappable ones).
    public let items: [GameItem]
    /// The pictures it draws besides its tile.
    public let pictures: [String]
    /// The pictures it draws at fixed sizes, made ahead by the renderer.
    public let picturesAhead: [PictureAhead]
    /// How often it is drawn while it plays (`GameModule.motion`).
    public let motion: FramePace
    public let makeScene: @MainActor (GameContext, Level) -> GameScene
    /// The busiest scene the benchmark measures (`--bench <id>-hard`), if not the Hard level.
    public let makeBenchScene: @MainActor (GameContext) -> GameScene?
    /// The benchmark's next move, chosen from the scene's dump items: input events, each
    /// with the frame offset (1 = the next frame) it is due at. Empty: nothing to do now.
    public let benchMove: @MainActor (_ frame: Int, _ items: [JSON], _ random: inout SeededGenerator) -> [(Int, InputEvent)]
    /// Where things are at a level (frames in logical pixels), for `--describe-games`.
    public let layout: @MainActor (Level) -> [(String, JSON)]

    init(definition: GameDefinition, voice: GameVoice, endings: [GameEnding], endsBy: [Level: GameEndsBy], scoring: String, items: [GameItem],
         pictures: [String], picturesAhead: [PictureAhead], motion: FramePace, makeScene: @escaping @MainActor (GameContext, Level) -> GameScene,
         makeBenchScene: @escaping @MainActor (GameContext) -> GameScene?,
         layout: @escaping @MainActor (Level) -> [(String, JSON)],
         benchMove: @escaping @MainActor (Int, [JSON], inout SeededGenerator) -> [(Int, InputEvent)]) {
        self.definition = definition
        self.voice = voice
        self.endings = endings
        self.endsBy = endsBy
        self.scoring = scoring
        self.items = items
        self.pictures = pictures
        self.picturesAhead = picturesAhead
        self.motion = motion
        self.makeScene = makeScene
        self.makeBenchScene = makeBenchScene
        self.benchMove = benchMove
        self.layout = layout
    }

    public var id: GameKind { definition.id }
}

/// The games Home offers, in tile order. Home, the high-score table, the benchmark, the
/// stress recorder and `--describe-games` (and through it the monkey) read this list.
@MainActor
public struct GameRegistry {
    public let games: [GameEntry]
    public init(_ games: [GameEntry]) { self.games = games }

    public static var standard: GameRegistry { GameRegistry([GameEntry(MemoryGame.self), GameEntry(SortingGame.self), GameEntry(BalloonGame.self)]) }

    public var ids: [GameKind] { games.map(\.id) }
    public func entry(_ id: GameKind) -> GameEntry? { games.first { $0.id == id } }
    /// The pictures every game draws at fixed sizes (`GameModule.picturesAhead`).
    public var picturesAhead: [PictureAhead] { games.flatMap(\.picturesAhead) }
    /// Every picture the games declare (`GameModule.pictures`), in registry order: the app
    /// loads these, not a list of its own.
    public var declaredPictures: [String] { games.flatMap(\.pictures) }
    /// Every game's own words, for the catalog (its title, its levels' words, its buttons').
    public var messages: [Message] { games.flatMap { [$0.definition.title] + $0.definition.messages + $0.items.compactMap(\.words) } }

    /// The registry and every level's numbers as JSON (`--describe-games`).
    public var json: JSON {
        .object([
            ("games", .array(games.enumerated().map { index, entry in
                let fields = entry.definition.json.objectFields.map { key, value -> (String, JSON) in
                    guard key == "levels" else { return (key, value) }
                    return (key, .object(value.objectFields.map { name, data in
                        (name, .object(data.objectFields + (Level(rawValue: name).map(entry.layout) ?? [])))
                    }))
                } + [("homeTile", HomeLayout.gameTile(index, of: games.count).json)] + entry.moduleJSON
                return .object(fields)
            })),
            ("levels", .array(Level.allCases.enumerated().map { index, level in
                .object([("id", .string(level.rawValue)), ("title", .string(Messages.level(level).english)),
                         ("homeTile", HomeLayout.levelTile(index).json)])
            })),
        ])
    }
}

/// A tap as the benchmark schedules it: press now, release one frame later.
public func benchTap(_ p: Point, at frame: Int = 1) -> [(Int, InputEvent)] {
    [(frame, .pointerDown(p)), (frame + 1, .pointerUp(p))]
}
