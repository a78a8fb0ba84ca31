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
        lowerCurrentThread(nice: fallbackNice)
        return false
    }

    /// Lowers the calling thread to `nice` (Linux: a thread's own nice value).
    public static func lowerCurrentThread(nice: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    }

    /// Makes a background thread one of the normal policy again, at `nice`, when the system
    /// allows it (a thread may always lower itself, but leaving SCHED_IDLE needs CAP_SYS_NICE or
    /// an RLIMIT_NICE that allows it): a last job that should not wait for idle time. Answers
    /// whether it did.
    @discardableResult
    public static func makeCurrentThreadNormal(nice: Int32) -> Bool {
        guard kjc_thread_to_normal() == 0 else { return false }
        lowerCurrentThread(nice: nice)
        return true
    }
}
