/// Errors that end the program with a message the user can act on.
public enum AppError: Error, CustomStringConvertible {
    /// Bad command-line option or script line: exit status 2.
    case usage(String)
    /// Missing asset, no display, SDL failure: exit status 1.
    case fatal(String)
    public var description: String {
        switch self {
        case .usage(let m), .fatal(let m): return m
        }
    }
    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .fatal: return 1
        }
    }
}
