import Testing
@testable import GameCore
@testable import Scenes

/// The Memory grid: centred in the play area, equal margins and gaps, square cards as big
/// as fit and never too small for a child's finger.
@Suite @MainActor struct MemoryLayoutTests {
    /// GameScene.playArea (main-actor bound) as a plain value: below the 64-px top bar.
    let area = Rect(0, TopBar.height, 1024, 768 - TopBar.height)

    @Test func test_everyLevel_marginsAndGapsEqual_cardsSquare_insidePlayArea() {
        for level in Level.allCases {
            let grid = MemoryRules.grid(for: level)
            let frames = MemoryLayout.frames(for: level, in: area)
            #expect(frames.count == grid.columns * grid.rows, "\(level)")
            let size = frames[0].width
            for f in frames {
                #expect(f.width == size, "\(level): equal cards")
                #expect(f.height == f.width, "\(level): square cards")
                #expect(area.contains(f), "\(level): \(f) leaves the play area")
            }
            let left = frames.map(\.minX).min()! - area.minX
            let right = area.maxX - frames.map(\.maxX).max()!
            let top = frames.map(\.minY).min()! - area.minY
            let bottom = area.maxY - frames.map(\.maxY).max()!
            #expect(abs(left - right) <= 1, "\(level): left and right margins")
            #expect(abs(top - bottom) <= 1, "\(level): top and bottom margins")
            #expect(min(left, right, top, bottom) >= MemoryLayout.minimumMargin, "\(level)")

            var gaps: [Double] = []
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let f = frames[row * grid.columns + column]
                    if column + 1 < grid.columns { gaps.append(frames[row * grid.columns + column + 1].minX - f.maxX) }
                    if row + 1 < grid.rows { gaps.append(frames[(row + 1) * grid.columns + column].minY - f.maxY) }
                    if column > 0 { #expect(f.minY == frames[row * grid.columns].minY, "\(level): rows are aligned") }
                }
            }
            let gap = gaps[0]
            for g in gaps { #expect(abs(g - gap) <= 1, "\(level): equal gaps") }
            #expect(gap >= size * 0.04, "\(level): the cards do not touch")
            #expect(gap <= size * 0.06 + 1, "\(level): the gap does not waste room")
        }
    }

    @Test func test_everyLevel_cardsAtLeast64_andAsLargeAsFit() {
        for level in Level.allCases {
            let grid = MemoryRules.grid(for: level)
            let (card, gap) = MemoryLayout.cardSize(columns: grid.columns, rows: grid.rows, in: area)
            #expect(card >= MemoryLayout.minimumCardSize, "\(level)")
            // One pixel more per card would no longer fit with the minimum margins.
            let bigger = card + 1
            let biggerGap = MemoryLayout.gap(for: bigger)
            let fitsWidth = Double(grid.columns) * bigger + Double(grid.columns - 1) * biggerGap <= area.width - 2 * MemoryLayout.minimumMargin
            let fitsHeight = Double(grid.rows) * bigger + Double(grid.rows - 1) * biggerGap <= area.height - 2 * MemoryLayout.minimumMargin
            #expect(!(fitsWidth && fitsHeight), "\(level): cards of \(bigger) px would fit too")
            #expect(gap > 0)
        }
    }

    @Test func test_framesDoNotOverlap_andEveryCentreHitsItsCard() {
        for level in Level.allCases {
            let frames = MemoryLayout.frames(for: level, in: area)
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] { #expect(!a.intersects(b), "\(level)") }
                #expect(frames.firstIndex { $0.contains(a.center) } == i)
            }
        }
    }

    @Test @MainActor func test_areaIsTheGamesPlayArea() {
        #expect(area == GameScene.playArea)
    }

    @Test func test_gridFitsOtherAreasToo() {
        // A plain 400×300 area: still centred, margins equal.
        let area = Rect(10, 20, 400, 300)
        let frames = MemoryLayout.frames(columns: 4, rows: 3, in: area)
        let left = frames[0].minX - area.minX, right = area.maxX - frames[3].maxX
        let top = frames[0].minY - area.minY, bottom = area.maxY - frames[11].maxY
        #expect(abs(left - right) <= 1)
        #expect(abs(top - bottom) <= 1)
    }
}
