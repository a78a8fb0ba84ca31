import CFriBidi
import TextCatalogs

/// One piece of a line in a single direction, in logical (reading) order within it.
public struct BidiRun: Equatable, Sendable {
    public var text: String
    public var direction: TextDirection
    public init(_ text: String, _ direction: TextDirection) { self.text = text; self.direction = direction }
}

/// One line resolved by the Unicode bidirectional algorithm (UAX #9), as one paragraph drawn
/// on one line (the game's labels are laid out line by line).
public struct BidiLine: Equatable, Sendable {
    /// The paragraph's embedding level: 0 left to right, 1 right to left.
    public var paragraphLevel: Int
    /// Each scalar's level in logical order, after rule L1 (trailing spaces and separators take
    /// the paragraph's level). An odd level reads right to left.
    public var levels: [Int]
    /// The logical index of each scalar in visual order, left to right on the screen (L2).
    public var visualOrder: [Int]
    /// The scalars rule X9 removes (explicit embedding and isolate codes, boundary neutrals):
    /// they have no level of their own and show nothing.
    public var removed: [Bool]
}

/// The bidirectional layout of the game's lines by Debian's libfribidi, the reference
/// implementation of UAX #9 (brackets, isolates, embeddings, numbers after Latin letters,
/// everything in BidiCharacterTest.txt). `BidiConformanceTests` runs Unicode's file through
/// `resolve`, the function `visualRuns` (and so the renderer) is built on. HarfBuzz shapes each
/// run (joining Arabic letters and mirroring brackets in a right-to-left run).
public enum Bidi {
    /// The line resolved: `paragraph` nil finds the direction from the first strong letter
    /// (rules P2 and P3, left to right when there is none).
    public static func resolve(_ scalars: [Unicode.Scalar], paragraph: TextDirection? = nil) -> BidiLine {
        let count = scalars.count
        guard count > 0 else {
            return BidiLine(paragraphLevel: paragraph == .rightToLeft ? 1 : 0, levels: [], visualOrder: [], removed: [])
        }
        let chars = scalars.map { FriBidiChar($0.value) }
        let length = FriBidiStrIndex(count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        fribidi_get_bidi_types(chars, length, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        fribidi_get_bracket_types(chars, length, types, &brackets)
        var base: FriBidiParType = switch paragraph {
        case .leftToRight: kjc_fribidi_par_ltr()
        case .rightToLeft: kjc_fribidi_par_rtl()
        case nil: kjc_fribidi_par_auto()
        }
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var order = (0..<count).map { FriBidiStrIndex($0) }
        // Both return 0 only when out of memory; the line is then drawn in logical order.
        if fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels) != 0 {
            // No flags: no reordering of combining marks (L3) and no mirroring here (HarfBuzz
            // mirrors when it shapes a right-to-left run), as the conformance file expects.
            _ = fribidi_reorder_line(0, types, length, 0, base, &levels, nil, &order)
        }
        return BidiLine(paragraphLevel: kjc_fribidi_is_rtl(base) != 0 ? 1 : 0,
                        levels: levels.map { Int($0) },
                        visualOrder: order.map { Int($0) },
                        removed: types.map { kjc_fribidi_is_removed_by_x9($0) != 0 })
    }

    /// True when the line has something to lay out: a right-to-left letter, an Arabic number or
    /// a direction code (some level above 0 with the paragraph found from the text).
    public static func needsLayout(_ text: String) -> Bool {
        let line = resolve(Array(text.unicodeScalars))
        return line.paragraphLevel > 0 || line.levels.contains { $0 > 0 }
    }

    /// The paragraph direction: that of the first strong letter (outside isolates), else `fallback`.
    public static func paragraphDirection(_ text: String, fallback: TextDirection = .leftToRight) -> TextDirection {
        let chars = text.unicodeScalars.map { FriBidiChar($0.value) }
        guard !chars.isEmpty else { return fallback }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: chars.count)
        fribidi_get_bidi_types(chars, FriBidiStrIndex(chars.count), &types)
        let found = fribidi_get_par_direction(types, FriBidiStrIndex(chars.count))
        if found == kjc_fribidi_par_ltr() { return .leftToRight }
        if found == kjc_fribidi_par_rtl() { return .rightToLeft }
        return fallback
    }

    /// The runs of `text` in VISUAL order, left to right on the screen; each run's text is
    /// in logical order, for a shaper that is told the run's direction. A run is a stretch of
    /// one level that is also one stretch of the text; removed codes (X9) are left out.
    public static func visualRuns(_ text: String, paragraph: TextDirection? = nil) -> [BidiRun] {
        let scalars = Array(text.unicodeScalars)
        let line = resolve(scalars, paragraph: paragraph)
        var runs: [BidiRun] = []
        var indices: [Int] = []
        var level = 0
        func close() {
            guard !indices.isEmpty else { return }
            let rightToLeft = level % 2 == 1
            var view = String.UnicodeScalarView()
            for i in rightToLeft ? indices.reversed() : indices { view.append(scalars[i]) }
            runs.append(BidiRun(String(view), rightToLeft ? .rightToLeft : .leftToRight))
            indices = []
        }
        for i in line.visualOrder where !line.removed[i] {
            let step = level % 2 == 1 ? -1 : 1
            if let last = indices.last, line.levels[i] != level || i != last + step { close() }
            if indices.isEmpty { level = line.levels[i] }
            indices.append(i)
        }
        close()
        return runs
    }
}
