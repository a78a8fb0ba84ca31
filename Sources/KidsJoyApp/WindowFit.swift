import Glibc
import GameCore
import Storage

/// Where a windowed start opens and how big (issue 27): at most 90% of the display's usable
/// area (the window manager's work area, SDL_GetDisplayUsableBounds; the screen without one),
/// in the screen's own shape, centred in the usable area and never off it. A size a grown-up
/// gave the window by dragging is remembered per screen size (`WindowSizes`) and used
/// instead, cut to the usable area. The canvas then takes the window's shape.
public struct WindowFit: Equatable, Sendable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }

    public static let share = 0.9

    public static func place(screen: (w: Int, h: Int), usable: (x: Int, y: Int, w: Int, h: Int), remembered: (w: Int, h: Int)?) -> WindowFit {
        let usableW = max(usable.w, 1), usableH = max(usable.h, 1)
        var w: Int, h: Int
        if let remembered, remembered.w > 0, remembered.h > 0 {
            w = min(remembered.w, usableW)
            h = min(remembered.h, usableH)
        } else {
            let shape = Canvas1024.size(forScreen: screen.w, screen.h)
            let scale = min(share * Double(usableW) / shape.width, share * Double(usableH) / shape.height)
            w = Int((shape.width * scale).rounded(.down))
            h = Int((shape.height * scale).rounded(.down))
        }
        w = max(w, 320); h = max(h, 240)
        let x = usable.x + max(0, (usableW - w) / 2), y = usable.y + max(0, (usableH - h) / 2)
        return WindowFit(x: x, y: y, width: w, height: h)
    }
}

/// The window sizes grown-ups chose, per screen size: `window-sizes.txt` in the data folder,
/// one `SCREENWxSCREENH WINDOWWxWINDOWH` a line. Written whole (AtomicFile) when the game
/// quits after the window was resized by hand; a file that cannot be read is ignored.
public struct WindowSizes {
    public let path: String
    public private(set) var sizes: [String: (w: Int, h: Int)] = [:]
    public static let fileName = "window-sizes.txt"

    public init(directory: String) {
        path = directory + "/" + Self.fileName
        guard case .data(let bytes) = AtomicFile.read(path, limit: 64 * 1024) else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let screen = Self.size(parts[0]), let window = Self.size(parts[1]) else { continue }
            sizes[Self.key(screen.w, screen.h)] = window
        }
    }

    static func key(_ w: Int, _ h: Int) -> String { "\(w)x\(h)" }
    static func size<S: StringProtocol>(_ s: S) -> (w: Int, h: Int)? {
        let p = s.split(separator: "x")
        guard p.count == 2, let w = Int(p[0]), let h = Int(p[1]), w > 0, h > 0, w <= 100_000, h <= 100_000 else { return nil }
        return (w, h)
    }

    public func remembered(screen w: Int, _ h: Int) -> (w: Int, h: Int)? { sizes[Self.key(w, h)] }

    public mutating func remember(screen w: Int, _ h: Int, window: (w: Int, h: Int)) {
        sizes[Self.key(w, h)] = window
    }

    public func save() throws {
        let text = sizes.keys.sorted().map { "\($0) \(sizes[$0]!.w)x\(sizes[$0]!.h)\n" }.joined()
        try AtomicFile.makeDirectories(String(path[..<path.lastIndex(of: "/")!]))
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
