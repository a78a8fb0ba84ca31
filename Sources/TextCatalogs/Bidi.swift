import GameCore

/// Text direction, for laying out the screens of a right-to-left language and for ordering
/// the pieces of a line that mixes Arabic with digits or Latin words (Render's `Bidi`, by
/// libfribidi: only the renderer lays lines out, so only it links the library).
public enum TextDirection: String, Sendable {
    case leftToRight, rightToLeft

    /// A language's direction, from the languages table (Arabic mirrors); the pseudo-language
    /// and an unknown code read left to right.
    public static func of(language: String) -> TextDirection {
        Languages.row(language)?.direction ?? .leftToRight
    }
}
