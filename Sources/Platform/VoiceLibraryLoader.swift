import GameCore
import Stage
import SystemIO

/// Reads which spoken lines exist for a language: `Assets/voices/<lang>/index.tsv`, with
/// the file-size cap of text files (`VoiceLibrary.clips(inIndex:)` reads its lines).
public enum VoiceLibraryLoader {
    public static func load(assets: String, language: String, warn: (String) -> Void) -> VoiceLibrary {
        let folder = "\(assets)/voices/\(language)"
        let index = folder + "/index.tsv"
        guard let data = SystemFiles.read(index, limit: SystemFiles.Limit.text) else {
            return VoiceLibrary(language: language, clips: [])
        }
        let clips = VoiceLibrary.clips(inIndex: String(decoding: data, as: UTF8.self), folder: folder, language: language)
        return VoiceLibrary(language: language, clips: clips)
    }
}
