import Testing
@testable import GameCore
@testable import Scenes

/// The Memory grid: centred in the play area, equal margins and gaps, square cards as big
/// as fit and never too small for a child's finger.
@Suite @MainActor struct MemoryLayoutTests {
    /// GameHosting.playArea (main-actor bound) as a plain value: below the 64-px top bar.
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

            // Equal gaps, across and down; Medium's columns spread apart so that the board
            // covers 60% of the screen (issue 45, item 5): its gaps across are wider.
            var across: [Double] = [], down: [Double] = []
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let f = frames[row * grid.columns + column]
                    if column + 1 < grid.columns { across.append(frames[row * grid.columns + column + 1].minX - f.maxX) }
                    if row + 1 < grid.rows { down.append(frames[(row + 1) * grid.columns + column].minY - f.maxY) }
                    if column > 0 { #expect(f.minY == frames[row * grid.columns].minY, "\(level): rows are aligned") }
                }
            }
            let gap = down[0]
            for g in down { #expect(abs(g - gap) <= 1, "\(level): equal gaps down") }
            for g in across { #expect(abs(g - across[0]) <= 1, "\(level): equal gaps across") }
            #expect(level == .medium ? across[0] > gap : abs(across[0] - gap) <= 1, "\(level): gaps across \(across[0]), down \(gap)")
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
        #expect(area == GameHosting.playArea)
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

    // MARK: - Every shape: the grid with the largest cards (issue 45)

    static let screens = [(1024, 768), (1920, 1080), (2560, 1080), (800, 1280), (1280, 800)]

    /// Every grid that holds the cards (the last row perhaps short) gives cards no larger than
    /// the chosen one's; the board is centred, its short last row too, nothing overlaps.
    @Test func test_everyShape_everyLevel_theGridWithTheLargestCards() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        for (w, h) in Self.screens {
            Canvas1024.use(Canvas1024.size(forScreen: w, h), screen: (w, h))
            let area = Canvas1024.playArea
            for level in Level.allCases {
                let count = MemoryRules.pairCount(for: level) * 2
                let grid = MemoryLayout.grid(for: level, in: area)
                let card = MemoryLayout.cardSize(columns: grid.columns, rows: grid.rows, in: area).card
                #expect(grid.columns * grid.rows >= count && (grid.rows - 1) * grid.columns < count, "\(w)x\(h) \(level): \(grid)")
                for columns in 1...count {
                    let other = MemoryLayout.cardSize(columns: columns, rows: (count + columns - 1) / columns, in: area).card
                    #expect(other <= card, "\(w)x\(h) \(level): \(columns) columns give \(other), \(grid) \(card)")
                }
                let frames = MemoryLayout.frames(for: level, in: area)
                #expect(frames.count == count)
                let left = frames.map(\.minX).min()! - area.minX, right = area.maxX - frames.map(\.maxX).max()!
                let top = frames.map(\.minY).min()! - area.minY, bottom = area.maxY - frames.map(\.maxY).max()!
                #expect(abs(left - right) <= 1 && abs(top - bottom) <= 1, "\(w)x\(h) \(level): centred")
                #expect(min(left, right, top, bottom) >= MemoryLayout.minimumMargin, "\(w)x\(h) \(level)")
                for (i, f) in frames.enumerated() {
                    #expect(f.width == card && f.height == card)
                    for g in frames[(i + 1)...] { #expect(!f.intersects(g), "\(w)x\(h) \(level)") }
                }
                // A short last row sits in the middle of the board.
                let last = frames.suffix(count - (grid.rows - 1) * grid.columns)
                let rowLeft = last.map(\.minX).min()! - area.minX, rowRight = area.maxX - last.map(\.maxX).max()!
                #expect(abs(rowLeft - rowRight) <= card * 0.1, "\(w)x\(h) \(level): the last row centred")
            }
        }
    }

    /// 21:9 Hard: 7×3 (the last row of six) instead of a 10×2 strip, cards over 25% larger
    /// (169 units before, 44% of the screen).
    @Test func test_wideHard_isSevenByThree_notAStrip() {
        defer { Canvas1024.use(Canvas1024.standardSize) }
        Canvas1024.use(Canvas1024.size(forScreen: 2560, 1080), screen: (2560, 1080))
        let area = Canvas1024.playArea
        let hard = MemoryLayout.grid(for: .hard, in: area)
        #expect(hard.columns == 7 && hard.rows == 3, "\(hard)")
        #expect(MemoryLayout.frames(for: .hard, in: area)[0].width >= 169 * 1.25)
        Canvas1024.use(Canvas1024.size(forScreen: 800, 1280), screen: (800, 1280))
        let medium = MemoryLayout.grid(for: .medium, in: Canvas1024.playArea)
        #expect(medium.columns == 3 && medium.rows == 6, "portrait Medium: \(medium)")
    }

    /// 4:3 keeps the frames it always had (golden logs, scripts, screenshots) where the board
    /// covered 60% of the screen; Medium's 4×4, 56% before, keeps its cards' size and rows and
    /// spreads its columns (26-unit gaps across) to cover 60% (issue 45, item 5).
    @Test func test_at4x3_easyAndHardKeepTheirFrames_mediumSpreadsItsColumns() {
        Canvas1024.use(Canvas1024.standardSize)
        for (level, columns, rows, first) in [(Level.easy, 4, 3, Rect(68, 84, 213, 213)), (.medium, 4, 4, Rect(155, 84, 159, 159)),
                                              (.hard, 5, 4, Rect(96, 84, 159, 159))] {
            let grid = MemoryLayout.grid(for: level, in: area)
            #expect(grid.columns == columns && grid.rows == rows, "\(level): \(grid)")
            let frames = MemoryLayout.frames(for: level, in: area)
            if level == .medium {
                let before = MemoryLayout.frames(columns: columns, rows: rows, in: area)
                #expect(frames.map(\.y) == before.map(\.y) && frames.map(\.size) == before.map(\.size))
                #expect(frames[1].minX - frames[0].maxX == 26 && frames[4].minY - frames[0].maxY == 9)
                // Left and right margins equal (to the pixel).
                #expect(abs(frames[0].minX - (1024 - frames[3].maxX)) <= 1)
            } else {
                #expect(frames == MemoryLayout.frames(columns: columns, rows: rows, in: area))
            }
            #expect(frames[0] == first, "\(level): \(frames[0])")
        }
    }
}
