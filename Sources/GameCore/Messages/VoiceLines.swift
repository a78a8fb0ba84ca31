/// The spoken lines: one catalog entry per line, so a `voice` event's `text` is in the
/// current language. The English text is po/voice-lines-en.tsv's (a test keeps the two
/// equal; tools/make_pot.py takes them from the TSV); tools/make_voices.py renders each to
/// Assets/voices/<lang>/<key>.ogg. The adult gate's question is never among them.
public enum VoiceLines {
    /// Every spoken line, in the TSV's order.
    public static let all: [Message] = [
        Message("voice.home.greeting", "Hello, friend! Pick a game!"),
        Message("voice.home.play", "Let's play!"),
        Message("voice.game.memory", "Memory"),
        Message("voice.game.sorting", "Sorting"),
        Message("voice.game.balloons", "Balloons"),
        Message("voice.level.easy", "Easy"),
        Message("voice.level.medium", "Medium"),
        Message("voice.level.hard", "Hard"),
        Message("voice.intro.memory", "Find the pairs!"),
        Message("voice.intro.sorting", "Put each vehicle where it goes: in the sky, on the water or on the land!"),
        Message("voice.intro.balloons", "Pop the balloons! Don't touch the skull!"),
        Message("voice.reprompt.memory", "Tap a card!"),
        Message("voice.reprompt.sorting", "Where does it go?"),
        Message("voice.reprompt.balloons", "Pop a balloon!"),
        Message("voice.animal.cat", "It's a cat!"),
        Message("voice.animal.dog", "It's a dog!"),
        Message("voice.animal.rabbit", "It's a rabbit!"),
        Message("voice.animal.fox", "It's a fox!"),
        Message("voice.animal.panda", "It's a panda!"),
        Message("voice.animal.lion", "It's a lion!"),
        Message("voice.animal.tiger", "It's a tiger!"),
        Message("voice.animal.frog", "It's a frog!"),
        Message("voice.animal.monkey", "It's a monkey!"),
        Message("voice.animal.koala", "It's a koala!"),
        Message("voice.vehicle.airplane", "It's an airplane!"),
        Message("voice.vehicle.helicopter", "It's a helicopter!"),
        Message("voice.vehicle.rocket", "It's a rocket!"),
        Message("voice.vehicle.ufo", "It's a flying saucer!"),
        Message("voice.vehicle.parachute", "It's a parachute!"),
        Message("voice.vehicle.sailboat", "It's a sailboat!"),
        Message("voice.vehicle.speedboat", "It's a speedboat!"),
        Message("voice.vehicle.ship", "It's a ship!"),
        Message("voice.vehicle.canoe", "It's a canoe!"),
        Message("voice.vehicle.ferry", "It's a ferry!"),
        Message("voice.vehicle.car", "It's a car!"),
        Message("voice.vehicle.bus", "It's a bus!"),
        Message("voice.vehicle.fire-engine", "It's a fire engine!"),
        Message("voice.vehicle.tractor", "It's a tractor!"),
        Message("voice.vehicle.bicycle", "It's a bicycle!"),
        Message("voice.placed.airplane", "The airplane flies in the sky!"),
        Message("voice.placed.helicopter", "The helicopter flies in the sky!"),
        Message("voice.placed.rocket", "The rocket flies in the sky!"),
        Message("voice.placed.ufo", "The flying saucer flies in the sky!"),
        Message("voice.placed.parachute", "The parachute floats in the sky!"),
        Message("voice.placed.sailboat", "The sailboat sails on the water!"),
        Message("voice.placed.speedboat", "The speedboat zooms on the water!"),
        Message("voice.placed.ship", "The ship sails on the water!"),
        Message("voice.placed.canoe", "The canoe floats on the water!"),
        Message("voice.placed.ferry", "The ferry goes on the water!"),
        Message("voice.placed.car", "The car drives on the land!"),
        Message("voice.placed.bus", "The bus drives on the land!"),
        Message("voice.placed.fire-engine", "The fire engine drives on the land!"),
        Message("voice.placed.tractor", "The tractor drives on the land!"),
        Message("voice.placed.bicycle", "The bicycle rides on the land!"),
        Message("voice.hint.sky", "This one goes in the sky!"),
        Message("voice.hint.water", "This one goes on the water!"),
        Message("voice.hint.land", "This one goes on the land!"),
        Message("voice.number.1", "One!"),
        Message("voice.number.2", "Two!"),
        Message("voice.number.3", "Three!"),
        Message("voice.number.4", "Four!"),
        Message("voice.number.5", "Five!"),
        Message("voice.number.6", "Six!"),
        Message("voice.number.7", "Seven!"),
        Message("voice.number.8", "Eight!"),
        Message("voice.number.9", "Nine!"),
        Message("voice.balloon.star", "A star balloon! Pop it to slow down!"),
        Message("voice.balloon.skull", "Be careful! A skull balloon!"),
        Message("voice.praise.1", "Great job!"),
        Message("voice.praise.2", "Well done!"),
        Message("voice.praise.3", "Yes! You got it!"),
        Message("voice.praise.4", "Super!"),
        Message("voice.praise.5", "Wonderful!"),
        Message("voice.praise.6", "Yay! Good work!"),
        Message("voice.praise.7", "Hooray!"),
        Message("voice.praise.8", "You are so clever!"),
        Message("voice.encourage.1", "Almost! Try again."),
        Message("voice.encourage.2", "Oops, not there."),
        Message("voice.encourage.3", "Good try! Look again."),
        Message("voice.encourage.4", "Not quite. You can do it!"),
        Message("voice.hurry", "Hurry! Only ten seconds left!"),
        Message("voice.won", "You won the game!"),
        Message("voice.lost.time", "Oh no, time's up! Let's try again!"),
        Message("voice.lost.idle", "Nobody was playing, so we stopped. Come back soon!"),
        Message("voice.lost.skull", "Boom! You popped the skull. Let's try again!"),
        Message("voice.finished.balloons", "Time's up! Great popping!"),
        Message("voice.highscore.1", "A new best score! You are number one!"),
        Message("voice.highscore.2", "A new best score! You are number two!"),
        Message("voice.highscore.3", "A new best score! You are number three!"),
        Message("voice.highscore.4", "A new best score! You are number four!"),
        Message("voice.highscore.5", "A new best score! You are number five!"),
        Message("voice.highscores", "Here are the best scores!"),
        Message("voice.paused", "Tap to keep playing."),
        Message("voice.quit.ask", "Do you want to leave?"),
        Message("voice.button.play", "Play"),
        Message("voice.button.again", "Play again"),
        Message("voice.button.home", "Home"),
        Message("voice.button.highscores", "Best scores"),
        Message("voice.button.close", "Close"),
        Message("voice.button.back", "Back"),
        Message("voice.button.mute", "Sound on or off"),
        Message("voice.button.pause", "Pause"),
        Message("voice.button.leave", "Leave"),
        Message("voice.button.stay", "Stay"),
    ]

    private static let byKey: [String: Message] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })

    /// The line with this key (`voice.` prefix included); nil when there is none.
    public static func line(_ key: String) -> Message? { byKey[key] }

    /// The line with this key; a missing key is a programming error caught by the tests
    /// (VoiceLineCatalogTests), and speaks nothing rather than crash a child's game.
    static func named(_ key: String) -> Message { byKey[key] ?? Message(key, "") }

    public static let greeting = named("voice.home.greeting")
    public static let letsPlay = named("voice.home.play")
    public static func game(_ id: String) -> Message { named("voice.game.\(id)") }
    public static func level(_ level: Level) -> Message { named("voice.level.\(level.rawValue)") }
    public static func intro(_ game: GameKind) -> Message { named("voice.intro.\(game.rawValue)") }
    public static func reprompt(_ game: GameKind) -> Message { named("voice.reprompt.\(game.rawValue)") }
    public static func animal(_ name: String) -> Message { named("voice.animal.\(name)") }
    public static func vehicle(_ name: String) -> Message { named("voice.vehicle.\(name)") }
    public static func placed(_ name: String) -> Message { named("voice.placed.\(name)") }
    /// Where a category belongs, said when its zone glows after two wrong drops.
    public static func hint(_ category: VehicleCategory) -> Message {
        switch category {
        case .air: return named("voice.hint.sky")
        case .water: return named("voice.hint.water")
        case .land: return named("voice.hint.land")
        }
    }
    public static func number(_ n: Int) -> Message { named("voice.number.\(n)") }
    public static let starBalloon = named("voice.balloon.star")
    public static let skullBalloon = named("voice.balloon.skull")
    public static let praise: [Message] = (1...8).map { named("voice.praise.\($0)") }
    public static let encouragements: [Message] = (1...4).map { named("voice.encourage.\($0)") }
    public static let hurry = named("voice.hurry")
    public static let won = named("voice.won")
    public static let lostTime = named("voice.lost.time")
    public static let lostIdle = named("voice.lost.idle")
    public static let lostSkull = named("voice.lost.skull")
    public static let finishedBalloons = named("voice.finished.balloons")
    public static func highScore(rank: Int) -> Message { named("voice.highscore.\(min(max(rank, 1), 5))") }
    public static let highScores = named("voice.highscores")
    public static let paused = named("voice.paused")
    public static let quitAsk = named("voice.quit.ask")
}
