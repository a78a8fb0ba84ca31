import GameCore

/// The frames (`frame`, `home`, `area`) and points (`at`) of a dump or log value, moved by
/// one rule: the one walk the placement of a design on another shape and the mirroring of a
/// right-to-left screen share.
enum DumpGeometry {
    /// `json` with every frame passed through `rect` and every `at` point through `point`
    /// (which gets the two JSON numbers as they are, so an integer stays an integer).
    static func map(_ json: JSON, key: String? = nil, rect: (Rect) -> Rect, point: ([JSON]) -> JSON) -> JSON {
        switch json {
        case .array(let values):
            if let key, ["frame", "home"].contains(key), values.count == 4, let r = Self.rect(values) {
                return rect(r).json
            }
            if key == "at", values.count == 2, number(values[0]) != nil, number(values[1]) != nil {
                return point(values)
            }
            if key == "area" { return .array(values.map { map($0, key: "frame", rect: rect, point: point) }) }
            return .array(values.map { map($0, rect: rect, point: point) })
        case .object(let fields):
            return .object(fields.map { ($0.0, map($0.1, key: $0.0, rect: rect, point: point)) })
        default:
            return json
        }
    }

    static func number(_ j: JSON) -> Double? {
        switch j {
        case .int(let i): Double(i)
        case .double(let d): d
        case .uint(let u): Double(u)
        default: nil
        }
    }

    static func rect(_ v: [JSON]) -> Rect? {
        guard let x = number(v[0]), let y = number(v[1]), let w = number(v[2]), let h = number(v[3]) else { return nil }
        return Rect(x, y, w, h)
    }
}
