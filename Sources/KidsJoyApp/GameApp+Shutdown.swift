import GameCore
import Platform
import Render
import Scenes
import Storage

// MARK: - Quitting

extension GameApp {
    public func shutdown() {
        // A quit while "Save report" writes: it stops, and no half-written folder stays.
        (context?.reports as? ReportSaver)?.cancelAll()
        if session.windowSizeChanged, let windowSizes = session.windowSizes {
            do { try windowSizes.save() } catch { warn("cannot remember the window's size in \(windowSizes.path): \(error)") }
        }
        // Saves run in the background: a quit waits for every one asked for.
        scoreStore?.waitForPendingSaves()
        // The school's server: a last push of what waits (a few seconds at most).
        if let syncWorker {
            syncWorker.stop(drain: 3)
            takeSyncEvents()
            self.syncWorker = nil
        }
        scoreStore?.close()
        settingsStore?.waitForPendingSaves()
        log.flush()
        session.soundPlayer?.close()
        canvas?.keepOwnPixels()
        canvas?.destroy()
        session.window?.close()
        session.window = nil
        // The canvas's shape was this run's: what runs next in the process (tests) starts at 4:3.
        Canvas1024.use(Canvas1024.standardSize)
        SDLSystem.quit()
    }
}
