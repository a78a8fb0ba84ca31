import GameCore

/// What a scene asks the stack to do; applied in order at the end of the frame, never in
/// the middle of a callback.
@MainActor
public enum SceneCommand {
    case push(any Scene)
    case pop
    case popToRoot
    case replace(any Scene)
    case quit
}

/// One screen or overlay. Only the top scene of the stack receives input and time.
@MainActor
public protocol Scene: AnyObject {
    /// The name used in logs: `home`, `memory`, `alert`, ...
    var name: String { get }
    /// Overlays are drawn over the scene below, which is dimmed.
    var isOverlay: Bool { get }
    /// True while something moves or counts down; when no scene needs frames, the app
    /// sleeps until the next input event.
    var needsFrames: Bool { get }
    func enter()
    func leave()
    /// Called when the scene above it was popped.
    func resume()
    func update(dt: Double) -> [SceneCommand]
    func handle(_ event: InputEvent) -> [SceneCommand]
    func draw(on canvas: any Canvas)
    /// Fields for the `dump` log event besides `scene` and `stack`.
    func dump() -> [(String, JSON)]
}

/// The navigation stack: Home at the bottom, games above, overlays on top.
@MainActor
public final class SceneStack {
    public private(set) var scenes: [any Scene] = []
    private let log: EventLog?
    public private(set) var quitRequested = false
    /// How strongly overlays dim what is beneath them.
    public static let dimColor = Color(20, 24, 40, 130)

    public init(root: any Scene, log: EventLog?) {
        self.log = log
        scenes = [root]
        root.enter()
        logScene("push", root)
    }

    public var top: any Scene { scenes[scenes.count - 1] }
    public var names: [String] { scenes.map(\.name) }
    public var needsFrames: Bool { scenes.contains { $0.needsFrames } }

    public func handle(_ event: InputEvent) {
        apply(top.handle(event))
    }

    public func update(dt: Double) {
        apply(top.update(dt: dt))
    }

    /// Draws from the topmost opaque scene up; each overlay dims what is beneath it. What is
    /// beneath the top overlay (dim included) is drawn as one cached layer, which the canvas
    /// draws again whenever anything beneath draws differently.
    public func draw(on canvas: any Canvas) {
        let base = scenes.lastIndex(where: { !$0.isOverlay }) ?? 0
        let top = scenes.count - 1
        func drawRange(_ range: Range<Int>) {
            for index in range {
                if index > base && scenes[index].isOverlay { canvas.fill(Canvas1024.bounds, SceneStack.dimColor) }
                scenes[index].draw(on: canvas)
            }
        }
        if top > base {
            canvas.layer("beneath-overlay") {
                drawRange(base..<top)
                canvas.fill(Canvas1024.bounds, SceneStack.dimColor)
            }
            scenes[top].draw(on: canvas)
        } else {
            drawRange(base..<scenes.count)
        }
    }

    public func apply(_ commands: [SceneCommand]) {
        for command in commands {
            switch command {
            case .push(let scene):
                scenes.append(scene)
                scene.enter()
                logScene("push", scene)
            case .pop:
                guard scenes.count > 1 else { continue }
                let old = scenes.removeLast()
                old.leave()
                logScene("pop", old)
                top.resume()
            case .popToRoot:
                guard scenes.count > 1 else { continue }
                while scenes.count > 1 {
                    let old = scenes.removeLast()
                    old.leave()
                    logScene("pop", old)
                }
                top.resume()
            case .replace(let scene):
                let old = scenes.removeLast()
                old.leave()
                scenes.append(scene)
                scene.enter()
                logScene("replace", scene)
            case .quit:
                quitRequested = true
            }
        }
    }

    private func logScene(_ action: String, _ scene: any Scene) {
        log?.emit("scene", [("action", .string(action)), ("scene", .string(scene.name)), ("stack", .strings(names))])
    }
}
