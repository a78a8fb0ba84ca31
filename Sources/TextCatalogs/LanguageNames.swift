import GameCore

/// The languages a grown-up can choose, each named in its own language and script (the
/// same words in every catalog: a Spanish speaker looks for "Español" even when the game
/// speaks German), and spoken in its own voice (`voice.language.self`).
public struct LanguageChoice: Equatable, Sendable {
    /// The game's code (`en`, `es`, `fr`, `de`, `pt-BR`, `ar`).
    public let code: String
    /// Its name in its own language.
    public let name: Message
}

public enum LanguageNames {
    public static let title = Message("language.title", "Language")
    public static let choose = Message("gate.language", "Language")
    public static let choices = [
        LanguageChoice(code: "en", name: Message("language.en", "English")),
        LanguageChoice(code: "es", name: Message("language.es", "Español")),
        LanguageChoice(code: "fr", name: Message("language.fr", "Français")),
        LanguageChoice(code: "de", name: Message("language.de", "Deutsch")),
        LanguageChoice(code: "pt-BR", name: Message("language.pt-br", "Português (Brasil)")),
        LanguageChoice(code: "ar", name: Message("language.ar", "العربية")),
    ]
    /// Each language's name, spoken in that language's voice when its tile is tapped.
    public static let spokenName = "voice.language.self"
    /// That line (its English text is in po/voice-lines-en.tsv, like every spoken line).
    public static let spoken = Message(spokenName, "English")
    public static var all: [Message] { [title, choose] + choices.map(\.name) }
}
