import Storage

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
