import GameCore

/// Every setting of one run, resolved: each key's value, typed. One value owns them; the app's
/// options, the runtime and the scenes' context hold this, not copies of its fields, and read or
/// write a setting through its key (`self[key]`) or its typed property.
///
/// Settings start at SettingsTable's defaults; `layered` puts the config files, what the
/// corner remembered and the command line over them (AppOptions.resolve).
public struct Settings: Equatable, Sendable {
    /// Each key's value, as its row's kind reads it (a key without a default and never set is
    /// absent: no data folder named, every game, every level, each game's sets).
    private var values: SettingLayer

    /// The defaults.
    public init() {
        var values = SettingLayer()
        for spec in SettingsTable.all { values[spec.key] = spec.defaultValue }
        self.values = values
    }

    /// The defaults with `layer`'s values over them.
    public init(_ layer: SettingLayer) {
        self.init()
        for (key, value) in layer { values[key] = value }
    }

    /// A setting's value by key (nil: none, for a key without a default). Setting nil goes
    /// back to the default.
    public subscript(key: SettingKey) -> SettingValue? {
        get { values[key] }
        set { values[key] = newValue ?? SettingsTable.spec(key).defaultValue }
    }

    /// Every key's value that has one, by key.
    public var layer: SettingLayer { values }

    /// A switch (a boolean setting): on or off.
    public func isOn(_ key: SettingKey) -> Bool { values[key]?.bool ?? (SettingsTable.spec(key).defaultValue?.bool ?? false) }

    /// Turns a switch (a boolean setting) on or off.
    public mutating func turn(_ key: SettingKey, _ on: Bool) { values[key] = .bool(on) }

    // MARK: - Typed, one property a key

    public var fullscreen: Bool { get { isOn(.fullscreen) } set { turn(.fullscreen, newValue) } }
    public var kiosk: Bool { get { isOn(.kiosk) } set { turn(.kiosk, newValue) } }
    public var mute: Bool { get { isOn(.mute) } set { turn(.mute, newValue) } }
    /// A fraction from 0 to 1.
    public var volume: Double { get { values[.volume]?.number ?? 1 } set { values[.volume] = .number(newValue) } }
    /// The data folder named (nil: the usual one).
    public var dataDir: String? { get { values[.dataDir]?.text } set { values[.dataDir] = newValue.map(SettingValue.text) } }
    /// A language code or `auto` (nil: the default, `Language.resolve`).
    public var language: String? { get { values[.language]?.text } set { values[.language] = newValue.map(SettingValue.text) } }
    /// Spoken lines (effects are separate).
    public var voice: Bool { get { isOn(.voice) } set { turn(.voice, newValue) } }
    public var effects: Bool { get { isOn(.effects) } set { turn(.effects, newValue) } }
    /// Children's profiles: the picker and the avatars.
    public var profiles: Bool { get { isOn(.profiles) } set { turn(.profiles, newValue) } }
    /// The games Home shows, in order (nil: all).
    public var games: [String]? { get { values[.games]?.list } set { values[.games] = newValue.map(SettingValue.list) } }
    /// The levels offered (nil: all).
    public var levels: [Level]? {
        get { values[.levels]?.list?.compactMap(Level.init(rawValue:)) }
        set { values[.levels] = newValue.map { .list($0.map(\.rawValue)) } }
    }
    public var relaxed: Bool { get { isOn(.relaxed) } set { turn(.relaxed, newValue) } }
    /// No confetti or shaking, shorter flips and glides.
    public var reducedMotion: Bool { get { isOn(.reducedMotion) } set { turn(.reducedMotion, newValue) } }
    /// Grow with the child: first games relaxed, the next level suggested.
    public var grow: Bool { get { isOn(.grow) } set { turn(.grow, newValue) } }
    /// One-switch scanning: seconds a step (nil: off).
    public var switchSeconds: Double? {
        get { values[.switchScan]?.number.flatMap { $0 > 0 ? $0 : nil } }
        set { values[.switchScan] = .number(newValue ?? 0) }
    }
    /// The session limit in minutes (nil: none).
    public var sessionMinutes: Int? {
        get { values[.sessionMinutes]?.int.flatMap { $0 == 0 ? nil : $0 } }
        set { values[.sessionMinutes] = .int(newValue ?? 0) }
    }
    /// The adult gate's PIN (nil: none).
    public var gatePIN: String? {
        get { values[.gatePIN]?.text.flatMap { $0.isEmpty ? nil : $0 } }
        set { values[.gatePIN] = .text(newValue ?? "") }
    }
    /// The school's server, a libpq connection string (nil: none, and the game opens no socket).
    public var server: String? {
        get { values[.server]?.text.flatMap { $0.isEmpty ? nil : $0 } }
        set { values[.server] = .text(newValue ?? "") }
    }
    /// The content sets the games play (nil: each game's sets in turn).
    public var sets: [String]? { get { values[.sets]?.list } set { values[.sets] = newValue.map(SettingValue.list) } }
}
