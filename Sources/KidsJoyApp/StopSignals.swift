import Glibc
import Synchronization

/// The signal (SIGTERM, SIGINT, SIGHUP or SIGQUIT) that asked the game to stop, 0 while none has. Written by
/// the signal handler (a lock-free atomic store is async-signal-safe), read by the loops.
let receivedStopSignal = Atomic<Int32>(0)

/// SIGTERM, SIGINT, SIGHUP and SIGQUIT stop the game cleanly in every mode, kiosk included (a
/// shutdown, an administrator's `kill`, Ctrl+C, a closed terminal, Ctrl+\): the loops see the
/// flag, leave, log `quit`, wait for the saves asked for and exit 0. (SIGHUP and SIGQUIT
/// used to kill at once: a round waiting for a lock was lost, a report left half-saved.) (SDL's own handlers turned them into a window-close event,
/// which kiosk mode ignores by design, and nothing ran while start-up was busy.)
enum StopSignals {
    static let signals = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]

    static func install() {
        _ = receivedStopSignal.load(ordering: .relaxed) // initialized before any handler can run
        for signal in signals {
            // A hang-up or quit the game was started to ignore (`nohup`, a session that
            // outlives the terminal) stays ignored, as every program does.
            if signal == SIGHUP || signal == SIGQUIT, isIgnored(signal) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { receivedStopSignal.store($0, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        // A parent may hand down a mask that blocks them (the test runner's threads do):
        // unblock them here, on the main thread, before any other thread starts.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Whether `signal` was handed down ignored (SIG_IGN, which is 1).
    static func isIgnored(_ signal: Int32) -> Bool {
        var old = sigaction()
        guard sigaction(signal, nil, &old) == 0 else { return false }
        return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == 1
    }

    /// The signal received, or nil.
    static var received: Int32? {
        let signal = receivedStopSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        default: return "signal \(signal)"
        }
    }
}
