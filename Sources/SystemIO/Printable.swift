/// Text for a message: control characters (NUL, CR, escape sequences…) from file names and
/// file contents are shown escaped, never written raw to the terminal.
public func printable(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
        switch scalar.value {
        case 0: out += "\\0"
        case 0x0D: out += "\\r"
        case 0x0A: out += "\\n"
        case 0x09: out += "\\t"
        case 0..<0x20, 0x7F, 0x80..<0xA0:
            let hex = String(scalar.value, radix: 16)
            out += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
