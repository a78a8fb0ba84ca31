/// A small JSON value with ordered object keys, so log lines read the same every run.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    public func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite { out += JSON.fixed3(d) } else { out += "null" }
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// `d` with exactly three decimals, rounded as C's `printf("%.3f")` rounds: from the
    /// double's exact binary value, ties to even. (The log's numbers must read the same as
    /// they always have; this keeps Foundation's `String(format:)` out of the core.)
    static func fixed3(_ d: Double) -> String {
        let negative = d.sign == .minus
        let magnitude = abs(d)
        var thousandths: UInt64
        if magnitude >= 9_000_000_000_000 {
            // Beyond 2^53 / 1000 every double is a whole number: no fraction to round.
            return (negative ? "-" : "") + String(Int64(magnitude)) + ".000"
        } else if magnitude == 0 {
            thousandths = 0
        } else {
            // magnitude = significand × 2^exponent exactly, with a 53-bit significand.
            let exponent = Int(magnitude.exponent) - 52
            let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
            let scaled = significand * 1000 // < 2^63
            if exponent >= 0 {
                thousandths = scaled << UInt64(exponent)
            } else {
                let shift = -exponent
                if shift >= 64 {
                    thousandths = 0
                } else {
                    thousandths = scaled >> UInt64(shift)
                    let remainder = scaled & ((1 << UInt64(shift)) - 1)
                    let half: UInt64 = 1 << UInt64(shift - 1)
                    if remainder > half || (remainder == half && thousandths % 2 == 1) { thousandths += 1 }
                }
            }
        }
        let whole = thousandths / 1000, fraction = thousandths % 1000
        let digits = String(fraction)
        let sign = negative ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Field lookup on objects (tests and log readers).
    public subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields.first(where: { $0.0 == key })?.1 }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int(d)
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    /// The fields of an object, in order (empty for other values).
    public var objectFields: [(String, JSON)] { if case .object(let f) = self { return f }; return [] }

    /// Parses JSON text, keeping object key order as written. Returns nil on any error.
    public static func parse(_ text: String) -> JSON? {
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

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSON {
    public static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }
    public static func optional(_ i: Int?) -> JSON { i.map { .int($0) } ?? .null }
    public static func strings(_ items: [String]) -> JSON { .array(items.map { .string($0) }) }
}

extension JSON {
    /// The centre of a dump item's `frame` [x, y, w, h]: where a tap hits the item.
    public var frameCenter: Point? {
        guard let f = self["frame"]?.arrayValue, f.count == 4,
              let x = f[0].doubleValue, let y = f[1].doubleValue, let w = f[2].doubleValue, let h = f[3].doubleValue else { return nil }
        return Point(x + w / 2, y + h / 2)
    }
}
