import GameCore
import Settings
import Testing

/// Issue #49 item 2: one `SettingKey` enum and one `Settings` value, each key's value typed.
@Suite struct SettingsValueTests {
    /// A fresh value holds SettingsTable's defaults, and every key has exactly one row.
    @Test func startsAtTheTablesDefaults() {
        let settings = Settings()
        #expect(SettingsTable.keys == SettingKey.allCases, "one row a key, in the keys' order")
        for spec in SettingsTable.all { #expect(settings[spec.key] == spec.defaultValue, "\(spec.key)") }
        #expect(settings.voice && settings.effects && settings.grow && settings.profiles)
        #expect(!settings.relaxed && !settings.reducedMotion && !settings.mute && !settings.kiosk && !settings.fullscreen)
        #expect(settings.volume == 1 && settings.dataDir == nil && settings.language == nil && settings.games == nil)
        #expect(settings.sessionMinutes == nil && settings.gatePIN == nil && settings.server == nil && settings.switchSeconds == nil)
    }

    /// Each typed property reads and writes its own key and no other (a property wired to the
    /// wrong key fails here).
    @Test func eachPropertyIsItsOwnKey() {
        func changed(_ change: (inout Settings) -> Void) -> Set<SettingKey> {
            var s = Settings()
            change(&s)
            return Set(SettingKey.allCases.filter { s[$0] != Settings()[$0] })
        }
        #expect(changed { $0.fullscreen = true } == [.fullscreen])
        #expect(changed { $0.kiosk = true } == [.kiosk])
        #expect(changed { $0.mute = true } == [.mute])
        #expect(changed { $0.volume = 0.3 } == [.volume])
        #expect(changed { $0.dataDir = "/srv/class" } == [.dataDir])
        #expect(changed { $0.language = "ar" } == [.language])
        #expect(changed { $0.voice = false } == [.voice])
        #expect(changed { $0.effects = false } == [.effects])
        #expect(changed { $0.profiles = false } == [.profiles])
        #expect(changed { $0.games = ["memory"] } == [.games])
        #expect(changed { $0.levels = [.easy] } == [.levels])
        #expect(changed { $0.relaxed = true } == [.relaxed])
        #expect(changed { $0.reducedMotion = true } == [.reducedMotion])
        #expect(changed { $0.grow = false } == [.grow])
        #expect(changed { $0.switchSeconds = 2 } == [.switchScan])
        #expect(changed { $0.sessionMinutes = 30 } == [.sessionMinutes])
        #expect(changed { $0.gatePIN = "2580" } == [.gatePIN])
        #expect(changed { $0.server = "dbname=kidsjoy" } == [.server])
        #expect(changed { $0.sets = ["farm"] } == [.sets])
    }

    /// The files' "none" values read as none: 0 minutes, "" for a PIN or a server, 0 seconds.
    @Test func noneIsNil() {
        var s = Settings([.sessionMinutes: .int(0), .gatePIN: .text(""), .server: .text(""), .switchScan: .number(0)])
        #expect(s.sessionMinutes == nil && s.gatePIN == nil && s.server == nil && s.switchSeconds == nil)
        s.sessionMinutes = 45
        s.levels = [.easy, .hard]
        #expect(s[.sessionMinutes] == .int(45) && s[.levels] == .list(["easy", "hard"]) && s.levels == [.easy, .hard])
        s.sessionMinutes = nil
        #expect(s[.sessionMinutes] == .int(0), "none is written as the file writes it")
        s[.levels] = nil
        #expect(s.levels == nil, "nil goes back to the default (every level)")
    }

    /// A corner switch is read and turned through its key, so a new switch needs no code here.
    @Test func switchesByKey() {
        var s = Settings()
        for spec in SettingsTable.cornerSwitches {
            let before = s.isOn(spec.key)
            #expect(before == (spec.defaultValue?.bool ?? false))
            s.turn(spec.key, !before)
            #expect(s.isOn(spec.key) == !before && s[spec.key] == .bool(!before))
        }
    }

    /// Messages name a setting by its key as files write it.
    @Test func keysAreWrittenAsInFiles() {
        #expect("\(SettingKey.reducedMotion)" == "reduced-motion" && SettingKey.gatePIN.name == "gate-pin")
        #expect(SettingsTable.spec(named: "session-minutes")?.key == .sessionMinutes && SettingsTable.spec(named: "sessionMinutes") == nil)
        #expect(SettingsTable.spec(.reducedMotion).flags.first?.name == "reduced-motion", "a flag named as its key takes the key's name")
    }
}
