import GameCore

/// One language the game speaks: a row of the one languages table (issue #49, item 3).
/// Adding a language is its row here, its po/<code>.po and its voices (docs/developers.md, "The
/// languages table, and adding a language"); the Swift code reads this table, and the tools read its export
/// (`kids-joy-center --describe-languages`, committed as tools/languages.json, which a test
/// keeps equal to it).
public struct LanguageRow: Equatable, Sendable {
    /// The typeface its letters are drawn in.
    public enum Font: String, Sendable {
        /// SIL Andika: Latin letters shaped as children learn to write them.
        case andika
        /// SIL Scheherazade: a plain Naskh for Arabic letters (Latin runs stay in Andika).
        case scheherazade
    }

    /// The game's code (`en`, `pt-BR`): its folder under Assets/locale and Assets/voices.
    public let code: String
    /// The first part of a locale name that means it (`pt` of `pt_PT.UTF-8`, `pt_BR`).
    public let locale: String
    /// Its name in its own language and script (the language tile).
    public let name: Message
    /// Whether its screens mirror.
    public let direction: TextDirection
    /// The typeface of its letters.
    public let font: Font
    /// The offline engine that renders its voice at asset-build time (tools/make_voices.py),
    /// and the engine's voice.
    public let voiceEngine: String
    public let voice: String
    /// Its code for the machine ear (Whisper, tools/check_voices.py).
    public let whisper: String

    public init(code: String, locale: String, name: Message, direction: TextDirection = .leftToRight,
                font: Font = .andika, voiceEngine: String, voice: String, whisper: String) {
        self.code = code
        self.locale = locale
        self.name = name
        self.direction = direction
        self.font = font
        self.voiceEngine = voiceEngine
        self.voice = voice
        self.whisper = whisper
    }

    /// Its row in `--describe-languages` (and tools/languages.json).
    public var json: JSON {
        .object([("code", .string(code)), ("locale", .string(locale)), ("name-key", .string(name.key)),
                 ("name", .string(name.english)), ("direction", .string(direction.rawValue)),
                 ("font", .string(font.rawValue)), ("voice-engine", .string(voiceEngine)), ("voice", .string(voice)),
                 ("whisper", .string(whisper))])
    }
}

/// The languages table: every language a grown-up can choose, in the language picker's order.
public enum Languages {
    public static let table: [LanguageRow] = [
        LanguageRow(code: "en", locale: "en", name: Message("language.en", "English"),
                    voiceEngine: "rhvoice", voice: "slt", whisper: "en"),
        LanguageRow(code: "es", locale: "es", name: Message("language.es", "Español"),
                    voiceEngine: "pico", voice: "es-ES", whisper: "es"),
        LanguageRow(code: "fr", locale: "fr", name: Message("language.fr", "Français"),
                    voiceEngine: "pico", voice: "fr-FR", whisper: "fr"),
        LanguageRow(code: "de", locale: "de", name: Message("language.de", "Deutsch"),
                    voiceEngine: "pico", voice: "de-DE", whisper: "de"),
        LanguageRow(code: "pt-BR", locale: "pt", name: Message("language.pt-br", "Português (Brasil)"),
                    voiceEngine: "rhvoice", voice: "Leticia-F123", whisper: "pt"),
        LanguageRow(code: "ar", locale: "ar", name: Message("language.ar", "العربية"), direction: .rightToLeft,
                    font: .scheherazade, voiceEngine: "espeak-ng", voice: "mb-ar2", whisper: "ar"),
    ]

    /// The pseudo-language of the tests (`qps`: every text accented and longer, to find
    /// untranslated and clipped words); not a grown-up's choice, no voice of its own.
    public static let pseudo = "qps"

    /// The codes of the table, in order.
    public static var codes: [String] { table.map(\.code) }

    /// The row of `code`, or nil (the pseudo-language has none).
    public static func row(_ code: String) -> LanguageRow? { table.first { $0.code == code } }

    /// `--describe-languages`: the table as a JSON array, one row a line (tools/languages.json
    /// is this text, so a change to a row is a one-line diff there).
    public static var described: String { "[\n" + table.map { "  " + $0.json.serialized() }.joined(separator: ",\n") + "\n]" }
}
