import GameCore

/// Where the progress report can be saved: the home folder, or a mounted USB stick.
public struct ReportDestination: Equatable, Sendable {
    /// The stick's name; nil for the home folder (its words come from the catalog).
    public var label: String?
    public var path: String
    public var isUSB: Bool
    public init(label: String?, path: String, isUSB: Bool) { self.label = label; self.path = path; self.isUSB = isUSB }
}

/// One "Save report" under way (issue #28: saving froze the game 4-10 s). `poll()` is called
/// once a frame and does at most one small step on the main thread (one chart drawn); the
/// files are encoded and written on a worker thread.
@MainActor
public protocol ReportJob: AnyObject {
    /// nil while saving; then the folder written, or why it failed (nothing half-saved stays).
    func poll() -> Result<String, ProfileFailure>?
    /// Stops it (a quit, or the screen closed): what was written is removed, the folder too.
    func cancel()
    /// With a school's server named (issue #47): `.classFromServer` when the report holds the
    /// whole class read from the server, `.serverAway` when the server did not answer and the
    /// kiosk's own report was saved instead; nil without a server (asked once `poll()` answered).
    var source: ReportSource? { get }
}

/// Where a saved report's figures came from, with a school's server named.
public enum ReportSource: String, Equatable, Sendable {
    case classFromServer = "server"
    case serverAway = "kiosk"
}

extension ReportJob {
    public var source: ReportSource? { nil }
}

/// A job already done (saved or failed), for savers that write at once.
@MainActor
public final class FinishedReportJob: ReportJob {
    private let result: Result<String, ProfileFailure>
    public init(_ result: Result<String, ProfileFailure>) { self.result = result }
    public func poll() -> Result<String, ProfileFailure>? { result }
    public func cancel() {}
}
