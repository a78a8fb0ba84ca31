/// One setting's value, whatever layer it comes from (a config file, settings.json, the
/// command line, the corner).
public enum SettingValue: Equatable, Sendable {
    case bool(Bool)
    case number(Double)
    case int(Int)
    case text(String)
    case list([String])

    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var number: Double? {
        switch self {
        case .number(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    public var int: Int? { if case .int(let i) = self { return i }; return nil }
    public var text: String? { if case .text(let s) = self { return s }; return nil }
    public var list: [String]? { if case .list(let l) = self { return l }; return nil }
}
