import GameCore
import Scenes
import Stage
import SystemIO
/// One line of an input script (TESTING.md): `TIME VERB ARGS...`.
public struct ScriptCommand: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case tap(Point)
        case down(Point)
        case move(Point)
        case up(Point)
        case drag(from: Point, to: Point, seconds: Double)
        case touchTap(Point)
        /// A key pressed and let go on the next frame (`key space`).
        case key(Key)
        /// A key pressed and held (`key-down space`), and let go (`key-up space`).
        case keyDown(Key)
        case keyUp(Key)
        /// A tap on the centre of the item with this id, as the current dump places it
        /// (`tap-item play`): an id not on the screen ends the run with exit 2.
        case tapItem(String)
        /// A drag from one item's centre to another's (`drag-item vehicle-0 zone-sky`).
        case dragItem(from: String, to: String, seconds: Double)
        /// A game-controller button pressed and released (`pad a`).
        case pad(PadButton)
        /// One touch finger (`finger-down ID X Y`, ...); several may be down at once.
        case finger(FingerPhase, id: Int, Point)
        /// The screen becomes `width` × `height` real pixels (`resize 800 1280`: a tablet turned
        /// to portrait): the canvas follows its shape (headless runs; a window is resized by
        /// its user or its window manager).
        case resize(width: Int, height: Int)
        case screenshot(path: String)
        /// The real pixels of the window (headless: of `--size`).
        case screenshotNative(path: String)
        case dump
        case quit
    }
    public var time: Double
    public var action: Action
    /// 1-based line number in the script file, for messages.
    public var line: Int
}

/// Parses scripts; every line is checked before anything runs ("nothing is half-run").
public enum ScriptParser {
    public static let keyNames: [String: Key] = [
        "escape": .escape, "esc": .escape, "return": .return, "enter": .return, "space": .space,
        "f11": .f11, "left": .left, "right": .right, "up": .up, "down": .down, "tab": .tab, "m": .m, "p": .pause, "pause": .pause,
        "backspace": .backspace,
    ]

    /// TESTING decision 15: the largest |coordinate|, the latest TIME and the longest drag.
    public static let maxCoordinate = 100_000.0
    public static let maxTime = 86_400.0
    public static let maxDragSeconds = 600.0

    public static func parse(_ text: String, file: String) throws -> [ScriptCommand] {
        var commands: [ScriptCommand] = []
        var lastTime = 0.0
        for (index, rawLine) in TextFile.lines(text).enumerated() {
            let lineNumber = index + 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            func fail(_ message: String) -> AppError { .usage(TextEscaping.escaped("\(file):\(lineNumber): \(message)")) }
            /// An item id as dumps write them: letters, digits, '-', '_' and '.', 1 to 64.
            func checkItemID(_ id: String) throws {
                guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                    throw fail("'\(id)' is not an item id (letters, digits, '-', '_' and '.', as a dump names items)")
                }
            }
            guard let time = TextEscaping.number(words[0]), time.isFinite, time >= 0 else {
                throw fail("expected a time in seconds first, got '\(words[0])'")
            }
            guard time <= maxTime else {
                throw fail("time \(words[0]) is too late (at most \(Int(maxTime)) seconds, one day)")
            }
            guard time >= lastTime else {
                throw fail("time \(words[0]) is earlier than the line before (\(lastTime)); times must not decrease")
            }
            lastTime = time
            guard words.count >= 2 else { throw fail("missing a verb after the time") }
            let verb = words[1].lowercased()
            let args = Array(words.dropFirst(2))
            func numbers(_ count: Int, _ usage: String) throws -> [Double] {
                guard args.count == count else { throw fail("'\(verb)' takes \(usage)") }
                return try args.map { word in
                    guard let v = TextEscaping.number(word), v.isFinite else { throw fail("'\(word)' is not a number (\(verb) takes \(usage))") }
                    return v
                }
            }
            /// Coordinates: within ±100000 (the canvas is 1024×768; further out is a mistake).
            func points(_ count: Int, _ usage: String) throws -> [Double] {
                let n = try numbers(count, usage)
                for (word, v) in zip(args, n) where abs(v) > maxCoordinate {
                    throw fail("coordinate \(word) is out of range (-\(Int(maxCoordinate)) to \(Int(maxCoordinate)))")
                }
                return n
            }
            let action: ScriptCommand.Action
            switch verb {
            case "tap": let n = try points(2, "X Y"); action = .tap(Point(n[0], n[1]))
            case "down": let n = try points(2, "X Y"); action = .down(Point(n[0], n[1]))
            case "move": let n = try points(2, "X Y"); action = .move(Point(n[0], n[1]))
            case "up": let n = try points(2, "X Y"); action = .up(Point(n[0], n[1]))
            case "touch-tap": let n = try points(2, "X Y"); action = .touchTap(Point(n[0], n[1]))
            case "drag":
                let n = try numbers(5, "X1 Y1 X2 Y2 SECONDS")
                for (word, v) in zip(args.prefix(4), n.prefix(4)) where abs(v) > maxCoordinate {
                    throw fail("coordinate \(word) is out of range (-\(Int(maxCoordinate)) to \(Int(maxCoordinate)))")
                }
                guard n[4] >= 0 else { throw fail("drag SECONDS must not be negative") }
                guard n[4] <= maxDragSeconds else { throw fail("drag SECONDS \(args[4]) is too long (at most \(Int(maxDragSeconds)))") }
                action = .drag(from: Point(n[0], n[1]), to: Point(n[2], n[3]), seconds: n[4])
            case "key", "key-down", "key-up":
                guard args.count == 1 else { throw fail("'\(verb)' takes one key name") }
                guard let key = keyNames[args[0].lowercased()] else {
                    throw fail("unknown key '\(args[0])' (known: escape, return, space, f11, left, right, up, down, tab, m, pause, backspace)")
                }
                action = verb == "key" ? .key(key) : verb == "key-down" ? .keyDown(key) : .keyUp(key)
            case "tap-item":
                guard args.count == 1 else { throw fail("'tap-item' takes one item id (as a dump names it)") }
                try checkItemID(args[0])
                action = .tapItem(args[0])
            case "drag-item":
                guard args.count == 2 || args.count == 3 else { throw fail("'drag-item' takes two item ids and, if wanted, SECONDS (0.5 when left out)") }
                try checkItemID(args[0])
                try checkItemID(args[1])
                var seconds = 0.5
                if args.count == 3 {
                    guard let v = TextEscaping.number(args[2]), v.isFinite, v >= 0 else { throw fail("drag-item SECONDS '\(args[2])' is not a number of seconds") }
                    guard v <= maxDragSeconds else { throw fail("drag-item SECONDS \(args[2]) is too long (at most \(Int(maxDragSeconds)))") }
                    seconds = v
                }
                action = .dragItem(from: args[0], to: args[1], seconds: seconds)
            case "pad":
                guard args.count == 1, let button = PadButton(rawValue: args[0].lowercased()), button != .other else {
                    throw fail("'pad' takes one button: a, b, start, up, down, left, right")
                }
                action = .pad(button)
            case "finger-down", "finger-move", "finger-up":
                let n = try numbers(3, "ID X Y")
                guard n[0] >= 0, n[0] <= 9, n[0] == n[0].rounded() else { throw fail("finger ID \(args[0]) must be a whole number from 0 to 9") }
                for (word, v) in zip(args.dropFirst(), n.dropFirst()) where abs(v) > maxCoordinate {
                    throw fail("coordinate \(word) is out of range (-\(Int(maxCoordinate)) to \(Int(maxCoordinate)))")
                }
                let phase: FingerPhase = verb == "finger-down" ? .down : verb == "finger-move" ? .move : .up
                action = .finger(phase, id: Int(n[0]), Point(n[1], n[2]))
            case "resize":
                guard args.count == 2, let w = Int(args[0]), let h = Int(args[1]), (64...16_384).contains(w), (64...16_384).contains(h) else {
                    throw fail("'resize' takes WIDTH HEIGHT in pixels, each from 64 to 16384 (resize 800 1280)")
                }
                action = .resize(width: w, height: h)
            case "screenshot":
                guard args.count == 1 else { throw fail("'screenshot' takes one PATH") }
                action = .screenshot(path: args[0])
            case "screenshot-native":
                guard args.count == 1 else { throw fail("'screenshot-native' takes one PATH") }
                action = .screenshotNative(path: args[0])
            case "dump":
                guard args.isEmpty else { throw fail("'dump' takes no arguments") }
                action = .dump
            case "quit":
                guard args.isEmpty else { throw fail("'quit' takes no arguments") }
                action = .quit
            default:
                throw fail("unknown verb '\(words[1])' (known: tap, tap-item, down, move, up, drag, drag-item, touch-tap, key, key-down, key-up, pad, finger-down, finger-move, finger-up, resize, screenshot, screenshot-native, dump, quit)")
            }
            commands.append(ScriptCommand(time: time, action: action, line: lineNumber))
        }
        return commands
    }
}
