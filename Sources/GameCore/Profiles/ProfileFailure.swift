/// Why a child could not be added (or a report saved).
public enum ProfileFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// There are already `Profiles.maximumChildren`.
    case full
    /// Another child has that nickname.
    case nicknameTaken
    /// The database refused (its words).
    case storage(String)

    /// Plain words for a message ("cannot save the report (no space left on device)"), never
    /// Swift's own spelling of the case (`storage("…")`).
    public var description: String {
        switch self {
        case .full: return "there are already \(Profiles.maximumChildren) children"
        case .nicknameTaken: return "another child has that nickname"
        case .storage(let why): return why
        }
    }
}
