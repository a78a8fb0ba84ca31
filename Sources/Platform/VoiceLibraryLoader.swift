import GameCore
import Stage
import SystemIO

/// Reads which spoken lines exist for a language: `Assets/voices/<lang>/index.tsv`, one line
/// per recording: `key<TAB>seconds<TAB>text` (a header line is skipped). A recording's
/// length comes from the index, so a headless run knows how long each line speaks without
/// decoding audio.
public enum VoiceLibraryLoader {
    public static func load(assets: String, language: String, warn: (String) -> Void) -> VoiceLibrary {
        let folder = "\(assets)/voices/\(language)"
        let index = folder + "/index.tsv"
        guard let data = SystemFiles.read(index, limit: SystemFiles.Limit.text) else {
            return VoiceLibrary(language: language, clips: [])
        }
        return VoiceLibrary(language: language, clips: parse(String(decoding: data, as: UTF8.self), folder: folder, language: language))
    }

    static func parse(_ text: String, folder: String, language: String) -> [VoiceClip] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let seconds = Double(fields[1]), seconds.isFinite, seconds > 0 else { return nil }
            let key = String(fields[0])
            return VoiceClip(key: key, language: language, path: "\(folder)/\(key).ogg", duration: seconds)
        }
    }
}
