/// One user-visible string: a stable key and its English text, the source language.
/// Every word the game shows or says comes from a `Message` (domain values carry ids, never
/// display text). `{name}` marks a value filled in when the text is shown (`{score}`).
public struct Message: Hashable, Sendable {
    public let key: String
    public let english: String
    public init(_ key: String, _ english: String) {
        self.key = key
        self.english = english
    }

    /// The text with every `{name}` replaced by its value; unknown names stay as they are.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] { out += value } else { out += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

/// Looks messages up in the current language. English is built in; a translation (the
/// languages issue: gettext catalogs) answers what it knows and English fills the rest.
public protocol MessageCatalog: Sendable {
    /// The language code (`en`, `es`, ...).
    var language: String { get }
    /// The translated text of `message`, or nil when this catalog has none.
    func translation(of message: Message) -> String?
}

/// The built-in catalog: every message in its English source text.
public struct EnglishCatalog: MessageCatalog {
    public init() {}
    public var language: String { "en" }
    public func translation(of message: Message) -> String? { message.english }
}

extension MessageCatalog {
    /// The text of `message` in this catalog's language, with its values filled in.
    public func text(_ message: Message, _ values: [String: String] = [:]) -> String {
        Message.fill(translation(of: message) ?? message.english, values)
    }
}
