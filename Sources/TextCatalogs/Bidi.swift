import GameCore

/// Text direction, for laying out the screens of a right-to-left language and for ordering
/// the pieces of a line that mixes Arabic with digits or Latin words.
public enum TextDirection: String, Sendable {
    case leftToRight, rightToLeft

    /// The languages whose screens mirror (Arabic today; Hebrew, Persian and Urdu would too).
    public static func of(language: String) -> TextDirection {
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return ["ar", "he", "fa", "ur"].contains(base) ? .rightToLeft : .leftToRight
    }
}

/// One piece of a line in a single direction, in logical (reading) order within it.
public struct BidiRun: Equatable, Sendable {
    public var text: String
    public var direction: TextDirection
    public init(_ text: String, _ direction: TextDirection) { self.text = text; self.direction = direction }
}

/// A small bidirectional layout for the game's short lines: enough for Arabic sentences
/// with numbers, times ("1:05") and names in Latin letters. It follows the Unicode
/// algorithm's main rules (the paragraph takes the direction of its first strong letter;
/// neutrals between two runs of one direction take it, others the paragraph's; digits are
/// laid out left to right and stay with the numbers around them), not its full detail
/// (embeddings, isolates), which no line of the game uses. HarfBuzz shapes each run.
public enum Bidi {
    enum Class { case strongLeft, strongRight, number, neutral }

    static func classify(_ scalar: Unicode.Scalar) -> Class {
        let v = scalar.value
        switch v {
        case 0x30...0x39, 0x660...0x669, 0x6F0...0x6F9: return .number
        case 0x590...0x5FF, 0x600...0x65F, 0x66A...0x6EF, 0x6FA...0x8FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF:
            return .strongRight
        default:
            let props = scalar.properties
            return props.isAlphabetic ? .strongLeft : .neutral
        }
    }

    /// True when the line holds a right-to-left letter and so needs this layout.
    public static func needsLayout(_ text: String) -> Bool {
        text.unicodeScalars.contains { classify($0) == .strongRight }
    }

    /// The paragraph direction: that of the first strong letter, else `fallback`.
    public static func paragraphDirection(_ text: String, fallback: TextDirection = .leftToRight) -> TextDirection {
        for s in text.unicodeScalars {
            switch classify(s) {
            case .strongLeft: return .leftToRight
            case .strongRight: return .rightToLeft
            default: continue
            }
        }
        return fallback
    }

    /// The runs of `text` in VISUAL order, left to right on the screen; each run's text is
    /// in logical order, for a shaper that is told the run's direction.
    public static func visualRuns(_ text: String, paragraph: TextDirection? = nil) -> [BidiRun] {
        let para = paragraph ?? paragraphDirection(text)
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        // Resolve every character to a direction. Digits count as left to right, but they
        // do not decide the direction of the neutrals around them in a right-to-left line:
        // "٣ - ٥" or "10 : 5" keep their order as a reader expects.
        var classes = scalars.map(classify)
        var resolved = [TextDirection?](repeating: nil, count: scalars.count)
        for i in scalars.indices {
            switch classes[i] {
            case .strongLeft, .number: resolved[i] = .leftToRight
            case .strongRight: resolved[i] = .rightToLeft
            case .neutral: resolved[i] = nil
            }
        }
        // Separators inside a number (1:05, 3.5, 1,000) join it.
        for i in scalars.indices where classes[i] == .neutral && i > 0 && i + 1 < scalars.count {
            if classes[i - 1] == .number && classes[i + 1] == .number && ":.,/".unicodeScalars.contains(scalars[i]) {
                resolved[i] = .leftToRight
                classes[i] = .number
            }
        }
        var i = 0
        while i < scalars.count {
            guard resolved[i] == nil else { i += 1; continue }
            var j = i
            while j < scalars.count && resolved[j] == nil { j += 1 }
            let before = i > 0 ? strongContext(classes[i - 1], resolved[i - 1]!, para) : para
            let after = j < scalars.count ? strongContext(classes[j], resolved[j]!, para) : para
            let dir = before == after ? before : para
            for k in i..<j { resolved[k] = dir }
            i = j
        }
        // Group into runs in logical order.
        var runs: [BidiRun] = []
        var current = String.UnicodeScalarView()
        var currentDir = resolved[0]!
        for (k, s) in scalars.enumerated() {
            if resolved[k]! != currentDir {
                runs.append(BidiRun(String(current), currentDir))
                current = String.UnicodeScalarView()
                currentDir = resolved[k]!
            }
            current.append(s)
        }
        runs.append(BidiRun(String(current), currentDir))
        guard para == .rightToLeft else { return runs }
        // A right-to-left paragraph: runs show from the right, so reverse their order.
        return runs.reversed()
    }

    /// For neutrals: a number next to them counts as the paragraph's direction in a
    /// right-to-left line (so "٥ ثوان" keeps the space in the Arabic run).
    private static func strongContext(_ cls: Class, _ dir: TextDirection, _ para: TextDirection) -> TextDirection {
        cls == .number ? para : dir
    }
}
