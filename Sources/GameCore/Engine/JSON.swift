/// A small JSON value with ordered object keys, so log lines read the same every run.
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// An unsigned 64-bit number, printed exactly (seeds of 2^63 and more).
    case uint(UInt64)
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
        case .uint(let u): out += String(u)
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
        case .uint(let u): return Int(exactly: u)
        case .double(let d): return d.isFinite && abs(d) < 9.2e18 ? Int(d) : nil
        default: return nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .uint(let u): return Double(u)
        case .double(let d): return d
        default: return nil
        }
    }
    public var uint64Value: UInt64? {
        switch self {
        case .int(let i): return UInt64(exactly: i)
        case .uint(let u): return u
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a }; return nil }
    /// The fields of an object, in order (empty for other values).
    public var objectFields: [(String, JSON)] { if case .object(let f) = self { return f }; return [] }
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
