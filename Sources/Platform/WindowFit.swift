import GameCore

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
