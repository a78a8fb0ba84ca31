import Foundation
@testable import GameCore
import Stage
import TextCatalogs

/// The committed assets a scene test needs, read as files from the tree (the app finds them
/// through Platform's asset lookup, which the scene tests do without: it links SDL).
enum SceneAssets {
    /// The tree's Assets folder.
    static var folder: String { packageRoot + "/Assets" }

    /// The words of `language` (English built in; the others from their compiled catalog).
    static func catalog(_ language: String) throws -> any MessageCatalog {
        guard language != "en" else { return EnglishCatalog() }
        let path = folder + "/locale/\(language)/kids-joy-center.mo"
        return try MOCatalog(language: language, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The spoken lines of `language` from its `voices/<lang>/index.tsv` (`key<TAB>seconds<TAB>text`,
    /// a header line skipped), so every line lasts as long as its recording; English's when
    /// the language has none, as the app does.
    static func voices(_ language: String) -> VoiceLibrary {
        let dir = folder + "/voices/\(language)"
        let text = (try? String(contentsOfFile: dir + "/index.tsv", encoding: .utf8)) ?? ""
        let clips = VoiceLibrary.clips(inIndex: text, folder: dir, language: language)
        if clips.isEmpty && language != "en" { return voices("en") }
        return VoiceLibrary(language: language, clips: clips)
    }
}
