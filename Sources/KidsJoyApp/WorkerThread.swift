import Dispatch
import Glibc
import Synchronization
import SystemIO

/// A thread of its own that runs jobs one after another, in order, at a lower priority than
/// the frame loop (Save report's worker: reading 200,000 rounds and encoding forty charts is
/// seconds of work, and on a two-core machine shared with other programs, a worker at the
/// frame loop's priority took the core a chart's frame needed: frames of 25-60 ms where the
/// same frames took 5-8 ms beside a worker at nice 10). A dispatch queue's threads cannot be
/// given a lower priority: they come from the pool the canvas draws its strips on, and a
/// process without privileges cannot raise a thread's priority back. Made on the first job;
/// it then waits for jobs as long as the process lives.
final class WorkerThread: Sendable {
    /// How much lower than the frame loop the worker runs (Linux: a thread's nice value).
    let nice: Int32
    private let jobs = Mutex<(queue: [@Sendable () -> Void], started: Bool)>(([], false))
    private let waiting = DispatchSemaphore(value: 0)

    init(nice: Int32 = 10) { self.nice = nice }

    /// Runs `job` on the worker after every job given before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        let start = jobs.withLock { state -> Bool in
            state.queue.append(job)
            defer { state.started = true }
            return !state.started
        }
        if start { startThread() }
        waiting.signal()
    }

    /// Returns once every job given before this call has run.
    func waitUntilIdle() {
        let done = DispatchSemaphore(value: 0)
        async { done.signal() }
        done.wait()
    }

    private func startThread() {
        var thread = pthread_t()
        // The thread keeps the worker (it never ends).
        let context = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let worker = Unmanaged<WorkerThread>.fromOpaque(context).takeUnretainedValue()
            // Linux: the calling thread's own nice value (it is per thread).
            ThreadPriority.lowerCurrentThread(nice: worker.nice)
            worker.run()
            return nil
        }, context)
        if made == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: the jobs run on a dispatch queue instead, in order.
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            let fallback = DispatchQueue(label: "kids-joy-center.worker")
            fallback.async { self.run() }
        }
    }

    private func run() {
        while true {
            waiting.wait()
            let job = jobs.withLock { $0.queue.removeFirst() }
            job()
        }
    }
}
