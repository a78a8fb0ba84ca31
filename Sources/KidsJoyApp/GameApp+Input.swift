import Platform
import Scenes
import Stage

// MARK: - Input

extension GameApp {
    /// Reads SDL's queue and hands translated input to the top scene.
    func pumpEvents() -> Bool {
        while let event = EventQueue.poll(translatingWith: &session.translator) {
            loop.dirty = true
            if event.isWindowEvent || event.input.map({ !$0.isMotion }) == true { loop.answerNow = true }
            if event.isWindowEvent {
                do { try syncOutputSize() } catch { warn("\(error)") }
                rememberDraggedSize(event.resized)
            }
            if event.isQuit {
                if context.kiosk { log.emit("ignored", [("what", "quit"), ("why", "kiosk")]); continue }
                return false
            }
            guard let input = event.input else { continue }
            if case .key(.f11, _) = input {
                // A kiosk stays fullscreen; a locked `fullscreen` stays as the school set it,
                // and F11 gets the soft "no" of every locked control.
                if context.kiosk {
                    log.emit("ignored", [("what", "fullscreen"), ("why", "kiosk")])
                } else if context.classroom.isLocked(.fullscreen) {
                    log.emit("ignored", [("what", "fullscreen"), ("why", "locked")])
                    context.send(Effect.refuseLocked("fullscreen"))
                } else {
                    toggleFullscreen()
                }
                continue
            }
            stack.handle(input)
            if stack.quitRequested { return false }
        }
        keepKioskInFront()
        return !stack.quitRequested
    }
}
