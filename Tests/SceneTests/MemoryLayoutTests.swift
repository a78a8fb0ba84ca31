import XCTest
@testable import GameCore
@testable import Scenes
@testable import Render
@testable import Platform
@testable import KidsJoyApp

/// The Memory grid: centred in the play area, equal margins and gaps, square cards as big
/// as fit and never too small for a child's finger.
final class MemoryLayoutTests: XCTestCase {
    /// GameScene.playArea (main-actor bound) as a plain value: below the 64-px top bar.
    let area = Rect(0, TopBar.height, 1024, 768 - TopBar.height)

    func test_everyLevel_marginsAndGapsEqual_cardsSquare_insidePlayArea() {
        for level in Level.allCases {
            let grid = MemoryRules.grid(for: level)
            let frames = MemoryLayout.frames(for: level, in: area)
            XCTAssertEqual(frames.count, grid.columns * grid.rows, "\(level)")
            let size = frames[0].width
            for f in frames {
                XCTAssertEqual(f.width, size, "\(level): equal cards")
                XCTAssertEqual(f.height, f.width, "\(level): square cards")
                XCTAssertTrue(area.contains(f), "\(level): \(f) leaves the play area")
            }
            let left = frames.map(\.minX).min()! - area.minX
            let right = area.maxX - frames.map(\.maxX).max()!
            let top = frames.map(\.minY).min()! - area.minY
            let bottom = area.maxY - frames.map(\.maxY).max()!
            XCTAssertEqual(left, right, accuracy: 1, "\(level): left and right margins")
            XCTAssertEqual(top, bottom, accuracy: 1, "\(level): top and bottom margins")
            XCTAssertGreaterThanOrEqual(min(left, right, top, bottom), MemoryLayout.minimumMargin, "\(level)")

            var gaps: [Double] = []
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let f = frames[row * grid.columns + column]
                    if column + 1 < grid.columns { gaps.append(frames[row * grid.columns + column + 1].minX - f.maxX) }
                    if row + 1 < grid.rows { gaps.append(frames[(row + 1) * grid.columns + column].minY - f.maxY) }
                    if column > 0 { XCTAssertEqual(f.minY, frames[row * grid.columns].minY, "\(level): rows are aligned") }
                }
            }
            let gap = gaps[0]
            for g in gaps { XCTAssertEqual(g, gap, accuracy: 1, "\(level): equal gaps") }
            XCTAssertGreaterThanOrEqual(gap, size * 0.04, "\(level): the cards do not touch")
            XCTAssertLessThanOrEqual(gap, size * 0.06 + 1, "\(level): the gap does not waste room")
        }
    }

    func test_everyLevel_cardsAtLeast64_andAsLargeAsFit() {
        for level in Level.allCases {
            let grid = MemoryRules.grid(for: level)
            let (card, gap) = MemoryLayout.cardSize(columns: grid.columns, rows: grid.rows, in: area)
            XCTAssertGreaterThanOrEqual(card, MemoryLayout.minimumCardSize, "\(level)")
            // One pixel more per card would no longer fit with the minimum margins.
            let bigger = card + 1
            let biggerGap = MemoryLayout.gap(for: bigger)
            let fitsWidth = Double(grid.columns) * bigger + Double(grid.columns - 1) * biggerGap <= area.width - 2 * MemoryLayout.minimumMargin
            let fitsHeight = Double(grid.rows) * bigger + Double(grid.rows - 1) * biggerGap <= area.height - 2 * MemoryLayout.minimumMargin
            XCTAssertFalse(fitsWidth && fitsHeight, "\(level): cards of \(bigger) px would fit too")
            XCTAssertGreaterThan(gap, 0)
        }
    }

    func test_framesDoNotOverlap_andEveryCentreHitsItsCard() {
        for level in Level.allCases {
            let frames = MemoryLayout.frames(for: level, in: area)
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(level)") }
                XCTAssertEqual(frames.firstIndex { $0.contains(a.center) }, i)
            }
        }
    }

    @MainActor
    func test_areaIsTheGamesPlayArea() async {
        XCTAssertEqual(area, GameScene.playArea)
    }

    func test_gridFitsOtherAreasToo() {
        // A plain 400×300 area: still centred, margins equal.
        let area = Rect(10, 20, 400, 300)
        let frames = MemoryLayout.frames(columns: 4, rows: 3, in: area)
        let left = frames[0].minX - area.minX, right = area.maxX - frames[3].maxX
        let top = frames[0].minY - area.minY, bottom = area.maxY - frames[11].maxY
        XCTAssertEqual(left, right, accuracy: 1)
        XCTAssertEqual(top, bottom, accuracy: 1)
    }
}
