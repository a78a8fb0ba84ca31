/// Why a child could not be added.
public enum ProfileFailure: Error, Equatable, Sendable {
    /// There are already `Profiles.maximumChildren`.
    case full
    /// Another child has that nickname.
    case nicknameTaken
    /// The database refused (its words).
    case storage(String)
}
