import GameCore
import Render
import Scenes
import Stage
import Storage

// MARK: - Screenshots, dumps and quit lines

extension GameApp {
    /// The centre of the item `id` as the current dump places it (logical coordinates, as
    /// drawn: mirrored in a right-to-left language). An id not on the screen is a script
    /// error naming the line and the ids that are there: the run ends with exit 2.
    func itemCentre(_ id: String, _ command: ScriptCommand) -> Point? {
        let items = stack.dump().first { $0.0 == "items" }?.1.arrayValue ?? []
        if let item = items.first(where: { $0["id"]?.stringValue == id }),
           let f = item["frame"]?.arrayValue?.compactMap(\.doubleValue), f.count == 4 {
            return Point(f[0] + f[2] / 2, f[1] + f[3] / 2)
        }
        let ids = items.compactMap { $0["id"]?.stringValue }
        let shown = ids.prefix(40).joined(separator: ", ") + (ids.count > 40 ? ", ..." : "")
        writeStandardError("kids-joy-center: \(options.scriptPath ?? "<script>"):\(command.line): no item '\(id)' on the screen (\(stack.top.name): \(shown.isEmpty ? "no items" : shown))\n")
        outcome.scriptFailed = true
        return nil
    }

    /// The PNG made in memory, then written by the one rule for files the user names (every
    /// write checked, a link or device written through, partial output removed).
    func saveScreenshot(_ path: String) throws {
        try OutputFile.write(try canvas.pngData(), to: path)
    }

    func screenshotFailed(_ error: any Error) {
        warn("screenshot failed: \(error)")
        outcome.failedScreenshot = true
        outcome.anyScreenshotFailed = true
    }

    /// Runs a screenshot, dump or quit line. Returns false for quit.
    func runControl(_ command: ScriptCommand, player: ScriptPlayer) -> Bool {
        switch command.action {
        case .tapItem(let id):
            guard let p = itemCentre(id, command) else { return false }
            player.tap(p, frame: loop.frame)
        case .dragItem(let from, let to, let seconds):
            guard let a = itemCentre(from, command), let b = itemCentre(to, command) else { return false }
            player.drag(from: a, to: b, seconds: seconds, frame: loop.frame)
        case .resize(let width, let height):
            guard session.window == nil else {
                // A window's size is its user's and its window manager's to change.
                log.emit("ignored", [("what", "resize"), ("why", "window")])
                return true
            }
            do { try canvas.resize(width: width, height: height) } catch { warn("\(error)") }
            followScreen((width, height))
            loop.dirty = true
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
                loop.dirty = true
            }
            log.emit("screenshot", [("path", .string(path))] + (outcome.failedScreenshot ? [("failed", .bool(true))] : []))
            outcome.failedScreenshot = false
        case .screenshotNative(let path):
            drawFrame()
            do { try saveScreenshot(path) } catch { screenshotFailed(error) }
            log.emit("screenshot", [("path", .string(path)), ("native", .bool(true)),
                                    ("width", .int(canvas.frame.width)), ("height", .int(canvas.frame.height))]
                     + (outcome.failedScreenshot ? [("failed", .bool(true))] : []))
            outcome.failedScreenshot = false
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
