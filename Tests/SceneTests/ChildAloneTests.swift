import CSDL2
import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// Issue 26: a three-year-old alone. The picture and the rules agree in every language, the
/// voice leads every step, nobody loses by accident.
@MainActor
@Suite struct ChildAloneTests {
    static let languages = ["en", "es", "fr", "de", "pt-BR", "ar"]

    // MARK: - Item 8: Arabic labels as heavy and as large as the Latin ones

    /// The ink of one word drawn alone: its height in pixels and its stroke width (the mean,
    /// over inked pixels, of the shorter of the horizontal and vertical runs through them).
    static func ink(_ canvas: SoftwareCanvas, _ word: String, _ style: TextStyle) -> (height: Int, stroke: Double) {
        canvas.beginFrame()
        canvas.clear(.white)
        canvas.text(word, style, at: Point(512, 384), color: .black)
        canvas.endFrame()
        let f = canvas.frame
        func dark(_ x: Int, _ y: Int) -> Bool { f[x, y] & 0xFF < 110 }
        var rows = Set<Int>(), runs: [Int] = []
        for y in 300..<468 {
            for x in 200..<824 where dark(x, y) {
                rows.insert(y)
                var l = x, r = x, u = y, d = y
                while l > 200 && dark(l - 1, y) { l -= 1 }
                while r < 823 && dark(r + 1, y) { r += 1 }
                while u > 300 && dark(x, u - 1) { u -= 1 }
                while d < 467 && dark(x, d + 1) { d += 1 }
                runs.append(min(r - l + 1, d - u + 1))
            }
        }
        return (rows.count, runs.isEmpty ? 0 : Double(runs.reduce(0, +)) / Double(runs.count))
    }

    @Test func test_arabicLabelsAreAsHeavyAndAsLargeAsLatinOnes() throws {
        let canvas = try RightToLeftTests.arabicCanvas()
        let ar = try TextFitTests.catalog("ar")
        for message in [Messages.play, Messages.levelEasy, Messages.back, Messages.zoneWater] {
            let latin = Self.ink(canvas, EnglishCatalog().text(message, [:]), Theme.labelText)
            let arabic = Self.ink(canvas, ar.text(message, [:]), Theme.labelText)
            print("\(message.key): latin \(latin) arabic \(arabic)")
            #expect(arabic.stroke >= latin.stroke, "\(message.key): Arabic strokes \(arabic.stroke) px, Latin \(latin.stroke) px")
            #expect(Double(arabic.height) >= 0.9 * Double(latin.height), "\(message.key): Arabic ink \(arabic.height) px high, Latin \(latin.height) px")
        }
    }
}
