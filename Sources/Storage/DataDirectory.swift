import Glibc
import SystemIO

/// Where the game keeps its files: `--data-dir`, else `$XDG_DATA_HOME/kids-joy-center`,
/// else `~/.local/share/kids-joy-center`.
public enum DataDirectory {
    public static func resolve(override: String?, environment: [String: String] = SystemFiles.environment,
                               warn: ((String) -> Void)? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kids-joy-center" }
        return home(environment, warn: warn) + "/.local/share/kids-joy-center"
    }

    /// HOME when it is an absolute path; a relative or empty HOME is treated as unset (the
    /// password database's home folder), with a message.
    public static func home(_ environment: [String: String] = SystemFiles.environment,
                            warn: ((String) -> Void)? = nil) -> String {
        if let home = environment["HOME"], !home.isEmpty {
            if home.hasPrefix("/") { return home }
            let fallback = homeDirectory()
            warn?("HOME is not an absolute path (\"\(printable(home))\"); using \(printable(fallback)) instead")
            return fallback
        }
        return homeDirectory()
    }

    /// A leading `~/` (or a lone `~`) means the home folder, as in a shell.
    public static func expandingHome(_ path: String, environment: [String: String] = SystemFiles.environment) -> String {
        if path == "~" { return home(environment) }
        guard path.hasPrefix("~/") else { return path }
        let home = home(environment)
        return (home == "/" ? "" : home) + path.dropFirst()
    }
}

/// The user's home folder from the password database, when HOME is not set.
func homeDirectory() -> String {
    guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
    return String(cString: dir)
}
