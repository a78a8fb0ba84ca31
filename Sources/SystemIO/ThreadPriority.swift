import Glibc

/// The priority of the program's own worker threads, beside the frame loop.
public enum ThreadPriority {
    /// Lowers the calling thread to `nice` (Linux: a thread's own nice value, so the frame loop
    /// keeps its priority). A thread may always lower itself; raising it back needs privileges.
    public static func lowerCurrentThread(nice: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    }
}
