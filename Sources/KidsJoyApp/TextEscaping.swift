/// User input echoed into messages (option values, script words, config lines, paths) is
/// escaped, so a NUL, a carriage return or another control character can neither cut a
/// message short nor overwrite the terminal line: NUL → `\0`, CR → `\r`, LF → `\n`,
/// tab → `\t`, the rest → `\u{1B}`.
enum TextEscaping {
    static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: out += "\\0"
            case 0x0D: out += "\\r"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x01..<0x20, 0x7F, 0x80..<0xA0:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
