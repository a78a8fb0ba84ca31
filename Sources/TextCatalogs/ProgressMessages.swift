import GameCore

/// The words of the grown-ups' Progress screen, Home's padlock caption and the saved
/// report's note (issue 27, "the grown-ups' answers"). Never spoken: they are for readers.
extension Messages {
    // MARK: Home
    /// Beside the logo, in two lines: who, and how a grown-up opens the gate (the logo,
    /// held; the padlock is a sign, not a way in).
    public static let homeGrownUps = Message("home.grownups", "Grown-ups:")
    public static let homeHold = Message("home.hold", "hold 3 s")

    // MARK: Progress
    public static let progressNotPlayed = Message("progress.notplayed", "Not played yet")
    public static let progressPlayed = Message("progress.played", "Played")
    public static let progressWon = Message("progress.won", "Won")
    public static let progressLost = Message("progress.lost", "Lost")
    public static let progressBest = Message("progress.best", "Best score")
    /// Time played in the 7 days up to now.
    public static let progressWeek = Message("progress.week", "Last 7 days")
    /// Between the page arrows: this page and how many.
    public static let progressPage = Message("progress.page", "{n} / {count}")
    /// The chart's axes.
    public static let progressAxisScore = Message("progress.axis.score", "Score")
    public static let progressAxisDate = Message("progress.axis.date", "Date")
    /// Above the folder a saved report went to (the folder's path is the next line).
    public static let cornerSavedIn = Message("corner.saved.in", "Report saved in this folder:")

    /// With a school's server named (issue #47), under the child's name on a Progress page:
    /// when the other kiosks' figures were last taken from the server ({time}: 14:05, local; a day before today: 2026-11-27 14:05).
    public static let progressServerTime = Message("progress.server.time", "Brought up to date with the school's server at {time}")
    /// The same line before the server's figures were ever taken.
    public static let progressServerNotYet = Message("progress.server.notyet", "This kiosk's games only: the school's server has not answered yet")
    /// Above the folder, with a server named: the report holds the whole class (class.csv).
    public static let cornerSavedClass = Message("corner.saved.class", "Class report (from the school's server) saved in this folder:")
    /// Above the folder, with a server named that did not answer: this kiosk's report only.
    public static let cornerSavedServerAway = Message("corner.saved.serveraway", "The school's server did not answer: this kiosk's report saved in:")

    /// Every message of this file, for the catalog.
    public static let progressMessages: [Message] = [
        homeGrownUps, homeHold, progressPage, progressNotPlayed, progressPlayed, progressWon, progressLost, progressBest, progressWeek,
        progressAxisScore, progressAxisDate, cornerSavedIn, progressServerTime, progressServerNotYet, cornerSavedClass,
        cornerSavedServerAway,
    ]
}
