import CSystemCalls
import Glibc

/// The priority of the program's own background threads, beside the frame loop.
public enum ThreadPriority {
    /// Makes the calling thread background work (Linux's SCHED_IDLE: it runs only on a core no
    /// other thread wants, and gives the core up at once to the frame loop or the canvas's
    /// drawing threads when they wake). Where that is refused, the thread's nice value becomes
    /// `fallbackNice` (on Linux a thread's own). Answers whether SCHED_IDLE was taken.
    @discardableResult
    public static func makeCurrentThreadBackground(fallbackNice: Int32 = 10) -> Bool {
        if kjc_thread_to_background() == 0 { return true }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, fallbackNice)
        return false
    }
}
