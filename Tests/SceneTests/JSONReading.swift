import GameCore

// The reading half of JSON, for the tests only: they read the game's log lines and reports.
// The game itself writes JSON (GameCore's ordered writer) and reads its save files with
// JSONDecoder; this parser keeps object keys in the order written, which tests compare.

extension JSON {
    /// Parses JSON text, keeping object key order as written. Returns nil on any error.
    static func parse(_ text: String) -> JSON? {
        var parser = JSONParser(Array(text.utf8))
        return parser.parseDocument()
    }
}

/// A small strict JSON parser (RFC 8259) with a depth limit, so a hostile file cannot crash us.
struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private static let maxDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() -> JSON? {
        skipSpace()
        guard let value = parseValue() else { return nil }
        skipSpace()
        return i == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func parseValue() -> JSON? {
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"): return parseObject()
        case UInt8(ascii: "["): return parseArray()
        case UInt8(ascii: "\""): return parseString().map { .string($0) }
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return parseNumber()
        }
    }

    private mutating func literal(_ word: String, _ value: JSON) -> JSON? {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { return nil }
        i += w.count
        return value
    }

    private mutating func parseNumber() -> JSON? {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var isInteger = true
        while i < bytes.count {
            let c = bytes[i]
            if c >= 0x30 && c <= 0x39 { i += 1; continue }
            if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                isInteger = false; i += 1; continue
            }
            break
        }
        guard i > start else { return nil }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let n = Int(text) { return .int(n) }
        guard let d = Double(text), d.isFinite else { return nil }
        return .double(d)
    }

    private mutating func parseString() -> String? {
        guard bytes[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        var out = [UInt8]()
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { return nil }
            if c != UInt8(ascii: "\\") { out.append(c); continue }
            guard i < bytes.count else { return nil }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
                i += 4
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: return nil
            }
        }
        return nil
    }

    private mutating func parseArray() -> JSON? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        i += 1
        var items = [JSON]()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            guard let v = parseValue() else { return nil }
            items.append(v)
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            return nil
        }
    }

    private mutating func parseObject() -> JSON? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        i += 1
        var fields = [(String, JSON)]()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, let key = parseString() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            guard let v = parseValue() else { return nil }
            fields.append((key, v))
            skipSpace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            return nil
        }
    }
}
