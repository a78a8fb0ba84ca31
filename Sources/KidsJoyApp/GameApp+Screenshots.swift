import GameCore
import Render
import Scenes
import Stage
import Storage

// MARK: - Screenshots, dumps and quit lines

extension GameApp {
    /// The PNG made in memory, then written by the one rule for files the user names (every
    /// write checked, a link or device written through, partial output removed).
    func saveScreenshot(_ path: String) throws {
        try OutputFile.write(try canvas.pngData(), to: path)
    }

    func screenshotFailed(_ error: any Error) {
        warn("screenshot failed: \(error)")
        failedScreenshot = true
        anyScreenshotFailed = true
    }

    /// Runs a screenshot, dump or quit line. Returns false for quit.
    func runControl(_ command: ScriptCommand) -> Bool {
        switch command.action {
        case .screenshot(let path):
            // 1024×768 (the logical canvas at its own size) unless headless --size was given.
            let real = canvas.viewport
            let logical = options.size == nil && !real.isIdentity
            do {
                if logical { try canvas.resize(width: Int(Canvas1024.width), height: Int(Canvas1024.height), keepImages: true) }
                drawFrame()
                try saveScreenshot(path)
            } catch { screenshotFailed(error) }
            if logical {
                do { try canvas.resize(width: real.width, height: real.height) } catch { warn("\(error)") }
                dirty = true
            }
            log.emit("screenshot", [("path", .string(path))] + (failedScreenshot ? [("failed", .bool(true))] : []))
            failedScreenshot = false
        case .screenshotNative(let path):
            drawFrame()
            do { try saveScreenshot(path) } catch { screenshotFailed(error) }
            log.emit("screenshot", [("path", .string(path)), ("native", .bool(true)),
                                    ("width", .int(canvas.frame.width)), ("height", .int(canvas.frame.height))]
                     + (failedScreenshot ? [("failed", .bool(true))] : []))
            failedScreenshot = false
        case .dump:
            log.emit("dump", [("scene", .string(stack.top.name)), ("stack", .strings(stack.names))] + stack.dump()
                     + [("canvas", Canvas1024.json)])
        case .quit:
            return false
        default: break
        }
        return true
    }
}
