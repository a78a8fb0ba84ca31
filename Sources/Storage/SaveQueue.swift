import Dispatch
import Synchronization

/// Saves run here, off the frame loop: one serial queue for the whole process, so saves keep
/// their order (a later save never lands before an earlier one) and a slow disk's fsync never
/// freezes the screen. `waitUntilIdle()` is how a quit (and a new store on the same folder)
/// waits for every save already asked for.
public final class SaveQueue: Sendable {
    public static let shared = SaveQueue()
    private let queue = DispatchQueue(label: "kids-joy-center.saves")

    public func async(_ job: @escaping @Sendable () -> Void) { queue.async(execute: job) }

    /// Returns once every job queued before it has finished.
    public func waitUntilIdle() { queue.sync {} }
}

/// Messages a background save leaves for the main thread (which prints them: the warning
/// printer is not thread-safe, and the order of messages stays the order of saves).
final class Mailbox: Sendable {
    struct Message: Sendable {
        let text: String
        /// "Cannot save" messages are said once per store; notes every time.
        let isSaveFailure: Bool
    }
    private let messages = Mutex<[Message]>([])
    func post(_ text: String, saveFailure: Bool = false) {
        messages.withLock { $0.append(Message(text: text, isSaveFailure: saveFailure)) }
    }
    func take() -> [Message] { messages.withLock { m in defer { m.removeAll() }; return m } }
}
