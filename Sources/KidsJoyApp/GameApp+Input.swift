import CSDL2
import Platform
import Scenes
import Stage

// MARK: - Input

extension GameApp {
    /// Reads SDL's queue and hands translated input to the top scene.
    func pumpEvents() -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            dirty = true
            if event.type == SDL_WINDOWEVENT.rawValue {
                do { try syncOutputSize() } catch { warn("\(error)") }
                rememberDraggedSize(event.window)
            }
            if event.type == SDL_QUIT.rawValue {
                if context.kiosk { log.emit("ignored", [("what", "quit"), ("why", "kiosk")]); continue }
                return false
            }
            guard let input = translator.translate(event) else { continue }
            if case .key(.f11, _) = input {
                // A kiosk stays fullscreen.
                if context.kiosk { log.emit("ignored", [("what", "fullscreen"), ("why", "kiosk")]) } else { toggleFullscreen() }
                continue
            }
            stack.handle(input)
            if stack.quitRequested { return false }
        }
        return !stack.quitRequested
    }
}
