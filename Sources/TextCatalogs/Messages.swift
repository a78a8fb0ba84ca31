import GameCore

/// The English catalog: every word on screen, in the log's text fields and (later) spoken.
/// Keys never change once published; translations key on them. Games contribute their
/// own messages (title, items) through their `GameDefinition`.
public enum Messages {
    // MARK: Home
    public static let chooseGame = Message("home.choose-game", "Choose a game")
    public static let chooseLevel = Message("home.choose-level", "Choose a level")
    public static let play = Message("home.play", "Play")
    public static let highScoresButton = Message("home.high-scores", "High Scores")

    // MARK: Levels (the same three for every game)
    public static let levelEasy = Message("level.easy", "Easy")
    public static let levelMedium = Message("level.medium", "Medium")
    public static let levelHard = Message("level.hard", "Hard")

    // MARK: Top bar and pause
    public static let back = Message("bar.back", "Back")
    public static let paused = Message("game.paused", "Paused - tap to continue")
    /// The name of the top bar's speaker button (not drawn: the dump's `key`).
    public static let hearAgain = Message("bar.hear-again", "Hear it again")

    // MARK: End of a game
    public static let won = Message("gameover.won", "You won!")
    public static let lost = Message("gameover.lost", "You lost the game")
    public static let yourScore = Message("gameover.score", "Your score: {score}")
    public static let newHighScore = Message("gameover.high-score", "New high score! You are number {rank}!")
    public static let timeUp = Message("gameover.reason.time", "Time is up.")
    public static let idle = Message("gameover.reason.idle", "No balloon popped for 10 seconds.")
    public static let skull = Message("gameover.reason.killer", "Oh no, the skull balloon!")
    public static let playAgain = Message("gameover.play-again", "Play again?")

    // MARK: Alert buttons
    public static let yes = Message("button.yes", "Yes")
    public static let no = Message("button.no", "No")
    public static let ok = Message("button.ok", "OK")
    public static let close = Message("button.close", "Close")
    public static let cancel = Message("button.cancel", "Cancel")
    /// Captions under the picture buttons of end screens (↻, house) and of the quit panel
    /// (door, ▶): the pictures say it; the words are for grown-ups.
    public static let playAgainButton = Message("button.play-again", "Play again")
    public static let homeButton = Message("button.home", "Home")
    public static let leaveButton = Message("button.leave", "Leave")
    public static let stayButton = Message("button.stay", "Keep playing")

    // MARK: Quit
    public static let quitTitle = Message("quit.title", "Quit Kids Joy Center?")
    public static let quitMessage = Message("quit.message", "See you soon!")
    /// Back in a running game asks first (the door leaves, the ▶ goes on).
    public static let leaveGameTitle = Message("leave.title", "Leave the game?")

    // MARK: High scores
    public static let highScoresTitle = Message("highscores.title", "High Scores")
    public static let columnRank = Message("highscores.column.rank", "#")
    public static let columnGame = Message("highscores.column.game", "Game")
    public static let columnLevel = Message("highscores.column.level", "Level")
    public static let columnScore = Message("highscores.column.score", "Score")
    public static let emptyCell = Message("highscores.empty", "-")
    /// Under the empty podium of a table with no score yet (item 7 of issue 45).
    public static let emptyTable = Message("highscores.empty-table", "Play to be here!")

    // MARK: The adult gate (never spoken: a child would hear the answer)
    public static let gateTitle = Message("gate.title", "For grown-ups")
    public static let gateQuestion = Message("gate.question", "{a} + {b} = ?")
    public static let gateErase = Message("gate.erase", "Del")
    public static let gateChoose = Message("gate.choose", "What would you like to do?")
    public static let gateQuit = Message("gate.quit", "Quit Kids Joy Center")
    public static let gateReset = Message("gate.reset", "Reset high scores")
    public static let resetTitle = Message("gate.reset.title", "Reset high scores?")
    public static let resetMessage = Message("gate.reset.message", "All five best scores will be erased.\nThis cannot be undone.")

    // MARK: Sorting zones
    public static let zoneAir = Message("sorting.zone.air", "Sky")
    public static let zoneWater = Message("sorting.zone.water", "Water")
    public static let zoneLand = Message("sorting.zone.land", "Land")

    // MARK: Balloons
    public static let slow = Message("balloons.slow", "Slow!")

    /// Every built-in message (games add theirs): the source of the translation template.
    public static let all: [Message] = [
        chooseGame, chooseLevel, play, highScoresButton, levelEasy, levelMedium, levelHard, back, paused,
        won, lost, yourScore, newHighScore, timeUp, idle, skull, playAgain, yes, no, ok, close, cancel,
        playAgainButton, homeButton, leaveButton, stayButton,
        quitTitle, quitMessage, leaveGameTitle, highScoresTitle, columnRank, columnGame, columnLevel, columnScore, emptyCell, emptyTable,
        gateTitle, gateQuestion, gateErase, gateChoose, gateQuit, gateReset, resetTitle, resetMessage,
        zoneAir, zoneWater, zoneLand, slow,
        hearAgain,
    ] + LanguageNames.all + profileMessages + progressMessages

    /// The label of a level tile and of a level in the high-score table.
    public static func level(_ level: Level) -> Message {
        switch level {
        case .easy: return levelEasy
        case .medium: return levelMedium
        case .hard: return levelHard
        }
    }
}
