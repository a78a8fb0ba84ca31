import GameCore

/// Text direction, for laying out the screens of a right-to-left language and for ordering
/// the pieces of a line that mixes Arabic with digits or Latin words (Render's `Bidi`, by
/// libfribidi: only the renderer lays lines out, so only it links the library).
public enum TextDirection: String, Sendable {
    case leftToRight, rightToLeft

    /// The languages whose screens mirror (Arabic today; Hebrew, Persian and Urdu would too).
    public static func of(language: String) -> TextDirection {
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return ["ar", "he", "fa", "ur"].contains(base) ? .rightToLeft : .leftToRight
    }
}
