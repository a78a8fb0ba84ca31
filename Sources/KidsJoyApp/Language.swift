import GameCore
import Platform
import Scenes
import Stage
import TextCatalogs
import SystemIO

/// Which language a run speaks (TESTING decision 4): `--language CODE`, else the config's
/// `language`, else `en` headless (a script replays the same everywhere) and `auto` in a
/// window. `auto` reads the environment the way gettext does, by name only: it never asks
/// the C library, so it works on a machine whose only generated locale is C.UTF-8.
public enum Language {
    /// The languages the game has (the languages table; English built in, the others in
    /// Assets/locale) and the tests' pseudo-language.
    public static let supported = Languages.codes + [Languages.pseudo]
    /// What `--language` and the `language` key accept.
    public static let choices = supported + ["auto"]

    /// The game's code for a `--language` or config value (`pt_BR`, `PT-br`, `pt` → `pt-BR`),
    /// `auto`, or nil when unknown.
    public static func code(_ value: String) -> String? {
        if value.lowercased() == "auto" { return "auto" }
        guard let code = fromLocale(value), value.lowercased() != "c", value.lowercased() != "posix" else { return nil }
        return code
    }

    /// A locale name from the environment (`es_ES.UTF-8`, `pt_BR`, `pt`, `fr_CA@euro`,
    /// `C`, `POSIX`) → a supported code (`C`/`POSIX` → `en`), or nil.
    public static func fromLocale(_ name: String) -> String? {
        var base = Substring(name)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        if base == "C" || base == "POSIX" { return "en" }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first else { return nil }
        let prefix = first.lowercased()
        if prefix == Languages.pseudo { return Languages.pseudo }
        return Languages.table.first { $0.locale == prefix }?.code
    }

    /// `auto`: the first supported language of LANGUAGE (a colon-separated list), else the
    /// first set of LC_ALL, LC_MESSAGES, LANG decides (a language the game lacks → `en`).
    public static func auto(environment: [String: String]) -> String {
        for name in (environment["LANGUAGE"] ?? "").split(separator: ":") {
            if let code = fromLocale(String(name)) { return code }
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[variable], !value.isEmpty { return fromLocale(value) ?? "en" }
        }
        return "en"
    }

    /// The language a run starts in: `--language`; else, in a window, the one a grown-up
    /// chose in the game (settings.json); else the config's; else the default. Headless
    /// runs ignore the in-game choice, so a script replays the same everywhere.
    public static func atStart(_ options: AppOptions, chosenInGame: String?, environment: [String: String]) -> String {
        let chosen = options.headless || options.languageFixed ? nil : chosenInGame
        return resolve(chosen ?? options.settings.language, headless: options.headless, environment: environment)
    }

    /// The language of a run: the request (`--language`, else the config), else the default
    /// (`en` headless, `auto` windowed), with `auto` resolved from the environment.
    public static func resolve(_ requested: String?, headless: Bool, environment: [String: String]) -> String {
        let choice = requested.flatMap(code) ?? (headless ? "en" : "auto")
        return choice == "auto" ? auto(environment: environment) : choice
    }

    /// The message for an unknown code (exit status 2).
    public static func unknown(_ value: String) -> String {
        "unknown language '\(value)' (known: \(choices.joined(separator: ", ")))"
    }

    /// The words of `language`: Assets/locale/<language>/kids-joy-center.mo. English is built
    /// in; a missing or damaged catalog is one warning, and English.
    public static func catalog(assets: String, language: String, warn: (String) -> Void) -> any MessageCatalog {
        guard language != "en" else { return EnglishCatalog() }
        let path = "\(assets)/locale/\(language)/kids-joy-center.mo"
        let data: [UInt8]
        switch SystemFiles.load(path, limit: SystemFiles.Limit.catalog) {
        case .data(let bytes): data = bytes
        case .failed(let why):
            warn(SystemFiles.exists(path) ? "no translation for '\(language)' (\(why)); showing English"
                                          : "no translation for '\(language)' (\(path) is missing); showing English")
            return EnglishCatalog()
        }
        do {
            return try MOCatalog(language: language, bytes: [UInt8](data))
        } catch {
            warn("\(path): \(error); showing English")
            return EnglishCatalog()
        }
    }

    /// The spoken lines of `language`, or English's when that language has none.
    public static func voices(assets: String, language: String, warn: (String) -> Void) -> VoiceLibrary {
        let library = VoiceLibraryLoader.load(assets: assets, language: language, warn: warn)
        if library.count > 0 || language == "en" { return library }
        return VoiceLibraryLoader.load(assets: assets, language: "en", warn: warn)
    }
}
