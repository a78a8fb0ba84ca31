import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
import Stage
import TextCatalogs
@testable import SceneTests

/// Every string fits its frame in every language: each screen of the tour is drawn with
/// each catalog, every text is measured with the real fonts (Andika, and Scheherazade with
/// HarfBuzz for Arabic) at the size it is drawn, and its width is compared with the frame
/// of the item it is drawn in (a button, a tile, a zone, a panel), or with the screen when
/// it belongs to none. Shrinking or wrapping is the scenes' job; clipping never is.
@Suite(.serialized) @MainActor struct TextFitTests {
    nonisolated static let languages = Languages.codes + [Languages.pseudo]

    /// Records where texts go, measuring with the real canvas so scenes lay out as they do
    /// on screen.
    final class FitCanvas: Canvas {
        struct Drawn { let string: String; let style: TextStyle; let at: Point; let align: TextAlign }
        let real: SoftwareCanvas
        var texts: [Drawn] = []
        /// Inside the layer of what lies beneath an overlay: those texts are checked when
        /// their own scene is on top.
        var beneath = false
        init(_ real: SoftwareCanvas) { self.real = real }
        func clear(_ color: Color) {}
        func fill(_ rect: Rect, _ color: Color) {}
        func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {}
        func strokeRounded(_ rect: Rect, radius: Double, width: Double, _ color: Color) {}
        func fillCircle(center: Point, radius: Double, _ color: Color) {}
        func line(from a: Point, to b: Point, width: Double, _ color: Color) {}
        func image(_ name: String, in frame: Rect, _ options: ImageOptions) {}
        func imageSize(_ name: String) -> Size? { real.imageSize(name) }
        func text(_ string: String, _ style: TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double) {
            if !beneath { texts.append(Drawn(string: string, style: style, at: at, align: align)) }
        }
        func measure(_ string: String, _ style: TextStyle) -> Size { real.measure(string, style) }
        func layer(_ id: String, _ draw: () -> Void) {
            let was = beneath
            beneath = beneath || id == "beneath-overlay"
            draw()
            beneath = was
        }
    }

    static func catalog(_ language: String) throws -> any MessageCatalog { try SceneAssets.catalog(language) }

    static func itemFrames(_ fields: [(String, JSON)]) -> [(id: String, kind: String, frame: Rect)] {
        let items = fields.first { $0.0 == "items" }?.1.arrayValue ?? []
        return items.compactMap { item in
            // Sorting's zones are areas of the picture (the painted regions since issue 14),
            // not frames that hold text: the pause label over the middle is no zone's.
            guard item["kind"]?.stringValue != "zone" else { return nil }
            guard let id = item["id"]?.stringValue, let f = item["frame"]?.arrayValue?.compactMap(\.doubleValue), f.count == 4 else { return nil }
            return (id, item["kind"]?.stringValue ?? "", Rect(f[0], f[1], f[2], f[3]))
        }
    }

    /// One screen size of each shape class (issue 27): 4:3, wide 16:9, portrait 10:16.
    nonisolated static let shapes = ["1024x768", "1920x1080", "800x1280"]

    /// Every screen of the tour (Home, each game at each level playing and paused, every alert
    /// and end screen, the high scores, the gate, the grown-ups' screens, and Home, the high
    /// scores and an end screen again with a child playing: her avatar in the bar and the
    /// rows), in every language at every shape class. A text fails when it is
    /// - wider than the item its anchor lies in (or the screen, when it lies in none),
    /// - over another item it does not belong to (one that does not hold its anchor), or
    /// - made smaller by `fitting` than 85% of its style's size.
    @Test(arguments: languages, shapes)
    func test_everyStringFitsItsFrame(language: String, shape: String) throws {
        let size = shape.split(separator: "x").compactMap { Int($0) }
        Canvas1024.use(Canvas1024.size(forScreen: size[0], size[1]))
        defer { Canvas1024.use(Canvas1024.standardSize); TextFitting.observer = nil }
        let real = try RightToLeftTests.arabicCanvas()
        var problems: [String] = []
        var measured = 0
        var shrunk: [String] = []
        TextFitting.observer = { string, style, fitted in
            if Double(fitted.size) < 0.85 * Double(style.size) - 1e-9 {
                shrunk.append("\"\(string)\" shrinks to \(fitted.size) of \(style.size) points")
            }
        }
        try tourEveryScreen(catalog: try Self.catalog(language)) { stack in
            let canvas = FitCanvas(real)
            shrunk = []
            stack.draw(on: canvas)
            problems += shrunk.map { "\(stack.top.name): \($0)" }
            let frames = Self.itemFrames(stack.dump())
            for t in canvas.texts where !t.string.isEmpty {
                let m = real.measure(t.string, t.style)
                let w = m.width
                measured += 1
                let left: Double = switch t.align {
                case .left: t.at.x
                case .center: t.at.x - w / 2
                case .right: t.at.x - w
                }
                let right = left + w
                // The smallest item the text's anchor lies in holds it.
                let holders = frames.filter { $0.frame.contains(t.at) }.sorted { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height }
                if let holder = holders.first {
                    if left < holder.frame.x - 1 || right > holder.frame.x + holder.frame.width + 1 {
                        problems.append("\(stack.top.name): \"\(t.string)\" is \(Int(w)) px, wider than \(holder.id) (\(Int(holder.frame.width)) px)")
                    }
                } else if left < 4 || right > Canvas1024.width - 4 {
                    problems.append("\(stack.top.name): \"\(t.string)\" is \(Int(w)) px and leaves the screen (\(Int(left))..\(Int(right)))")
                }
                // Its letters (0.9 of its size, ascenders to descenders, about its anchor)
                // touch no item it is not in; balloons fly behind the bar and its pills.
                let ink = Rect(left + 1, t.at.y - 0.45 * Double(t.style.size), max(0, w - 2), 0.9 * Double(t.style.size))
                for other in frames where other.kind != "balloon" && !other.frame.contains(t.at) && other.frame.intersects(ink) {
                    problems.append("\(stack.top.name): \"\(t.string)\" runs over \(other.id)")
                }
            }
        }
        #expect(measured > 40, "the tour measured \(measured) texts")
        // The pseudo-language's words are about 40% longer than English on purpose: they must
        // fit and stay off other items, but the short labels it makes shrink (Back, the
        // corner's tabs, the grown-ups' sign) are recorded, not failed (issue 27).
        let shrinks = problems.filter { $0.contains(" shrinks to ") }
        if language == "qps" && !shrinks.isEmpty {
            withKnownIssue("qps's longer labels shrink below 85%") {
                #expect(shrinks.isEmpty, "\(language) at \(shape): \(Set(shrinks).sorted().joined(separator: "\n"))")
            }
            problems.removeAll { $0.contains(" shrinks to ") }
        }
        #expect(problems.isEmpty, "\(language) at \(shape): \(Set(problems).sorted().joined(separator: "\n"))")
    }
}
