import GameCore
import Stage
import SystemIO

/// Reads which spoken lines exist for a language: `Assets/voices/<lang>/index.tsv`, with
/// the file-size cap of text files (`VoiceLibrary.clips(inIndex:)` reads its lines).
public enum VoiceLibraryLoader {
    public static func load(assets: String, language: String, warn: (String) -> Void) -> VoiceLibrary {
        let folder = "\(assets)/voices/\(language)"
        let index = folder + "/index.tsv"
        let data: [UInt8]
        switch SystemFiles.bytes(index, limit: SystemFiles.Limit.text) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            // No index (a language not recorded) is no voice, silently; an index that is there
            // but cannot be read (too big, a FIFO) is said once, with why, instead of "no
            // voice recording" for each line while the recordings are there.
            guard SystemFiles.exists(index) else { return VoiceLibrary(language: language, clips: []) }
            let why = "the voice index \(index) cannot be read (\(problem.reason)); no recorded voice in \(language)"
            warn(why)
            return VoiceLibrary(language: language, clips: [], problem: why)
        }
        let clips = VoiceLibrary.clips(inIndex: String(decoding: data, as: UTF8.self), folder: folder, language: language)
        return VoiceLibrary(language: language, clips: clips)
    }
}
