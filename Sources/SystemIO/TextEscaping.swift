/// User input echoed into messages (option values, script words, config lines, paths) is
/// escaped, so a NUL, a carriage return or another control character can neither cut a
/// message short nor overwrite the terminal line: NUL → `\0`, CR → `\r`, LF → `\n`,
/// tab → `\t`, the rest → `\u{1B}`.
public enum TextEscaping {
    public static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: out += "\\0"
            case 0x0D: out += "\\r"
            case 0x0A: if keepingLineBreaks { out += "\n" } else { out += "\\n" }
            case 0x09: if keepingLineBreaks { out += "\t" } else { out += "\\t" }
            case 0x01..<0x20, 0x7F, 0x80..<0xA0:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A number written in user input. (`Double("1\u{0}0")` reads C's string, which ends at
    /// the NUL: 1. A word with a NUL is no number.)
    public static func number(_ word: some StringProtocol) -> Double? {
        word.utf8.contains(0) ? nil : Double(String(word))
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at both ends.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
