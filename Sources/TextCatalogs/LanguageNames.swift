import GameCore

public enum LanguageNames {
    public static let title = Message("language.title", "Language")
    public static let choose = Message("gate.language", "Language")
    /// The languages a grown-up can choose, each named in its own language and script (the
    /// same words in every catalog: a Spanish speaker looks for "Español" even when the game
    /// speaks German), and spoken in its own voice (`voice.language.self`): the languages table.
    public static var choices: [LanguageRow] { Languages.table }
    /// Each language's name, spoken in that language's voice when its tile is tapped.
    public static let spokenName = "voice.language.self"
    /// That line (its English text is in po/voice-lines-en.tsv, like every spoken line).
    public static let spoken = Message(spokenName, "English")
    public static var all: [Message] { [title, choose] + choices.map(\.name) }
}
