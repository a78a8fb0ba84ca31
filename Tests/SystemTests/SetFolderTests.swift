import Foundation
import Testing
@testable import GameCore
@testable import TextCatalogs
@testable import Platform
@testable import Render
@testable import KidsJoyApp
@testable import SceneTests

/// Content sets on disk (issue 44, item 6): the built-in sets, a set a family copies into
/// `$XDG_DATA_HOME/kids-joy-center/sets`, `--describe-sets`, a broken manifest named with its
/// file and line while the game still starts, and files that would lead out of a set's folder.
@Suite struct SetFolderTests {
    static var assets: String { (try? AssetLocator.locate()) ?? "Assets" }

    /// A fresh `$XDG_DATA_HOME` holding a copy of the built-in `farm` set as `name`.
    static func copyFarm(as name: String, _ function: String = #function) throws -> (xdg: String, set: String) {
        let xdg = temporaryDirectory(function)
        let set = xdg + "/kids-joy-center/sets/" + name
        try FileManager.default.createDirectory(atPath: xdg + "/kids-joy-center/sets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: assets + "/sets/farm", toPath: set)
        return (xdg, set)
    }

    static func entries(_ library: SetLibrary) -> [String: SetEntry] {
        Dictionary(library.entries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The built-in sets are found, usable, and the standard ones come first: the same as the
    /// sets made in code (today's animals and vehicles, in their order and pictures).
    @Test func test_builtInSets_areUsable_andTheStandardOnesMatchTheCode() throws {
        let found = SetFolders.read([(Self.assets + "/sets", .builtIn)])
        #expect(found.library.problems.isEmpty, "\(found.library.problems)")
        #expect(found.library.entries.prefix(2).map(\.id) == ["animals", "vehicles"])
        #expect(Set(found.library.usable.map(\.id)) == ["animals", "vehicles", "farm", "fruit", "wildlife", "outdoors"])
        for game in ContentSet.games {
            #expect(found.library.sets(for: game).count >= 3, "the standard set and two new ones for \(game)")
            let standard = try #require(ContentSet.standard(for: game))
            let read = try #require(found.library.set(standard.id))
            #expect(read.items.map(\.id) == standard.items.map(\.id) && read.items.map(\.category) == standard.items.map(\.category))
            #expect(read.picturePrefix == standard.picturePrefix && read.voice == standard.voice)
        }
        // Every built-in thing is named in all six languages, and said by a recorded line.
        for set in found.library.usable {
            for language in SetManifest.languages { #expect(set.names[language] != nil, "\(set.id) \(language)") }
            for item in set.items {
                #expect(item.names.count == 6, "\(set.id)/\(item.id)")
                #expect(set.itemLine(item.id).flatMap { VoiceLines.line($0) } != nil, "\(set.id)/\(item.id) has a spoken name")
            }
        }
        // The standard sets' pictures are the game's own (Assets/images), byte for byte.
        for (set, prefix) in [("animals", "animal-"), ("vehicles", "vehicle-")] {
            for item in try #require(found.library.set(set)).items {
                let a = FileManager.default.contents(atPath: "\(Self.assets)/sets/\(set)/\(item.picture)")
                #expect(a != nil && a == FileManager.default.contents(atPath: "\(Self.assets)/images/\(prefix)\(item.id).qoi"), "\(set)/\(item.id)")
            }
        }
    }

    @Test func test_searchFolders_builtInThenSharedThenSystemThenUser() {
        let folders = SetFolders.searchFolders(assets: "/a", environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"], root: "/r")
        #expect(folders.map(\.path) == ["/a/sets", "/r/usr/share/kids-joy-center/sets", "/r/etc/kids-joy-center/sets", "/x/kids-joy-center/sets"])
        #expect(folders.map(\.source) == [.builtIn, .shared, .system, .user])
        #expect(SetFolders.searchFolders(assets: "/a", environment: ["HOME": "/h"]).last?.path == "/h/.local/share/kids-joy-center/sets")
    }

    /// A picture that is a link out of the folder, a missing one and one that does not decode
    /// are problems of their set, named with the manifest's line of their item.
    @Test func test_badPictures_andLinksLeavingTheFolder_areProblemsOfTheirSet() throws {
        let (xdg, set) = try Self.copyFarm(as: "my-farm")
        let outside = xdg + "/secret.qoi"
        try FileManager.default.copyItem(atPath: set + "/cow.qoi", toPath: outside)
        try FileManager.default.removeItem(atPath: set + "/cow.qoi")
        try FileManager.default.createSymbolicLink(atPath: set + "/cow.qoi", withDestinationPath: "../../../secret.qoi")
        try FileManager.default.removeItem(atPath: set + "/pig.qoi")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: set + "/horse.qoi"))
        // A link that stays inside is fine.
        try FileManager.default.moveItem(atPath: set + "/sheep.qoi", toPath: set + "/sheep-file.qoi")
        try FileManager.default.createSymbolicLink(atPath: set + "/sheep.qoi", withDestinationPath: "sheep-file.qoi")
        let found = SetFolders.read([(xdg + "/kids-joy-center/sets", .user)])
        let entry = try #require(Self.entries(found.library)["my-farm"])
        #expect(entry.set == nil && entry.source == .user)
        let said = entry.problems.map(\.description)
        #expect(said.contains { $0.hasPrefix(set + "/manifest.toml:") && $0.contains("cow.qoi") && $0.contains("leads out of the set's folder") }, "\(said)")
        #expect(said.contains { $0.contains("pig.qoi") && $0.contains("missing") }, "\(said)")
        #expect(said.contains { $0.contains("horse.qoi") && $0.contains("cannot be decoded") }, "\(said)")
        #expect(!said.contains { $0.contains("sheep") }, "\(said)")
        #expect(found.pictures.isEmpty, "an unusable set brings no picture")
    }

    /// A set's own recordings (`voices/<language>/<item>.ogg`) become voice clips of their
    /// length; a file that is no Ogg Vorbis recording is a problem of its set.
    @Test func test_ownRecordings_areVoiceClips_ofTheirLength() throws {
        let (xdg, set) = try Self.copyFarm(as: "recorded")
        let manifest = try String(contentsOfFile: set + "/manifest.toml", encoding: .utf8)
        try manifest.replacingOccurrences(of: "voice = \"animal\"\n", with: "").write(toFile: set + "/manifest.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: set + "/voices/fr", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.assets + "/voices/fr/voice.animal.cow.ogg", toPath: set + "/voices/fr/cow.ogg")
        var found = SetFolders.read([(xdg + "/kids-joy-center/sets", .user)])
        let read = try #require(found.library.set("recorded"))
        #expect(read.voice == nil && read.voiceFiles == ["fr": ["cow": "voices/fr/cow.ogg"]])
        let clips = SetFolders.clips(found.library, language: "fr")
        #expect(clips.map(\.key) == ["voice.set.recorded.cow"] && SetFolders.clips(found.library, language: "en").isEmpty)
        let index = try String(contentsOfFile: Self.assets + "/voices/fr/index.tsv", encoding: .utf8)
        let listed = try #require(index.split(separator: "\n").first { $0.hasPrefix("voice.animal.cow\t") }?.split(separator: "\t")[1])
        #expect(abs((clips.first?.duration ?? 0) - (Double(listed) ?? -1)) < 0.01, "the length of the recording (\(listed) s in the index)")
        try Data("RIFF not ogg".utf8).write(to: URL(fileURLWithPath: set + "/voices/fr/pig.ogg"))
        found = SetFolders.read([(xdg + "/kids-joy-center/sets", .user)])
        #expect(found.library.entries.first?.problems.contains { $0.file.hasSuffix("/voices/fr/pig.ogg") && $0.message.contains("Ogg Vorbis") } == true)
    }

    /// A school's PNG picture is decoded (and a WebP one); a picture that claims to be a PNG
    /// but is not is a problem of its set.
    @Test func test_pngAndWebPPictures_areDecoded() throws {
        let (xdg, set) = try Self.copyFarm(as: "photos")
        var manifest = try String(contentsOfFile: set + "/manifest.toml", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "picture = \"cow.qoi\"", with: "picture = \"cow.png\"")
            .replacingOccurrences(of: "picture = \"pig.qoi\"", with: "picture = \"pig.webp\"")
        try manifest.write(toFile: set + "/manifest.toml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.assets + "/images/app-icon.png", toPath: set + "/cow.png")
        let webp = try #require(try FileManager.default.contentsOfDirectory(atPath: Self.assets + "/images").first { $0.hasSuffix("@2x.webp") })
        try FileManager.default.copyItem(atPath: Self.assets + "/images/" + webp, toPath: set + "/pig.webp")
        let found = SetFolders.read([(xdg + "/kids-joy-center/sets", .user)])
        #expect(found.library.problems.isEmpty, "\(found.library.problems)")
        guard case .pixels(let cow)? = found.pictures["set-photos-cow"] else { Issue.record("the PNG is decoded"); return }
        #expect(cow.width == 256 && cow.height == 256)
        guard case .pixels(let pig)? = found.pictures["set-photos-pig"] else { Issue.record("the WebP is decoded"); return }
        #expect(max(pig.width, pig.height) <= LoadedSetPicture.keptSide)
        guard case .qoi? = found.pictures["set-photos-horse"] else { Issue.record("a QOI picture stays compressed"); return }
        try Data("\u{89}PNG not really".utf8).write(to: URL(fileURLWithPath: set + "/cow.png"))
        let bad = SetFolders.read([(xdg + "/kids-joy-center/sets", .user)])
        #expect(bad.library.problems.contains { $0.message.contains("cow.png") && $0.message.contains("cannot be decoded") }, "\(bad.library.problems)")
    }

    /// A set folder that is itself a link, and an id the built-in sets have, are refused.
    @Test func test_linkedSetFolder_andDuplicateID_areRefused() throws {
        let (xdg, set) = try Self.copyFarm(as: "fruit")
        try FileManager.default.createSymbolicLink(atPath: xdg + "/kids-joy-center/sets/linked", withDestinationPath: set)
        let found = SetFolders.read([(Self.assets + "/sets", .builtIn), (xdg + "/kids-joy-center/sets", .user)])
        let user = found.library.entries.filter { $0.source == .user }
        #expect(user.first { $0.id == "fruit" }?.problems.contains { $0.message.contains("already used by the set in \(Self.assets)/sets/fruit") } == true)
        #expect(user.first { $0.id == "linked" }?.problems.contains { $0.message.contains("not a link") } == true)
        #expect(found.library.set("fruit")?.source == .builtIn)
    }

    // MARK: - The binary

    /// "Done when": a set folder copied under a new name is listed by `--describe-sets` and
    /// plays in Memory when chosen.
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_copiedSet_isListed_andPlaysInMemoryWhenChosen() throws {
        let (xdg, set) = try Self.copyFarm(as: "our-farm")
        let described = try GameBinary.run(["--describe-sets"], environment: ["XDG_DATA_HOME": xdg])
        #expect(described.status == 0, "\(described.stderr)")
        let sets = try #require(JSON.parse(described.stdout)?["sets"]?.arrayValue)
        let ours = try #require(sets.first { $0["id"]?.stringValue == "our-farm" })
        #expect(ours["game"]?.stringValue == "memory" && ours["source"]?.stringValue == "user" && ours["path"]?.stringValue == set)
        #expect(ours["items"]?.intValue == 10 && ours["usable"] == .bool(true) && ours["problems"]?.arrayValue == [])
        #expect(ours["voice"]?.stringValue == "animal" && ours["recordings"]?.arrayValue == [] && ours["names"]?["fr"]?.stringValue == "Animaux de la ferme")
        #expect(sets.prefix(2).compactMap { $0["id"]?.stringValue } == ["animals", "vehicles"])

        let dir = temporaryDirectory()
        try "sets = [\"our-farm\"]\n".write(toFile: dir + "/config.toml", atomically: true, encoding: .utf8)
        try "0.5 tap-item game-memory\n0.8 tap-item level-easy\n1.1 tap-item play\n3 dump\n3.1 quit\n"
            .write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        let run = try GameBinary.run(["--headless", "--script", dir + "/script.txt", "--log", "-", "--data-dir", dir + "/data",
                                      "--config", dir + "/config.toml"], environment: ["XDG_DATA_HOME": xdg])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }
        let cards = lines.lastDumpItems().filter { $0["kind"]?.stringValue == "card" }
        let farm = ["cow", "pig", "horse", "sheep", "goat", "hen", "rooster", "duck", "turkey", "mouse"]
        #expect(cards.count == 12 && cards.allSatisfy { $0["set"]?.stringValue == "our-farm" && farm.contains($0["face"]?.stringValue ?? "") },
                "\(cards)")
    }

    /// "Done when": the same folder with a broken manifest is reported with its file and line,
    /// and the game still starts (and plays the standard set).
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"))
    func test_brokenManifest_isReportedWithFileAndLine_andTheGameStillStarts() throws {
        let (xdg, set) = try Self.copyFarm(as: "broken-farm")
        var manifest = try String(contentsOfFile: set + "/manifest.toml", encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(manifest.firstIndex { $0.hasPrefix("game = ") })
        manifest[line] = "game = memory"
        try manifest.joined(separator: "\n").write(toFile: set + "/manifest.toml", atomically: true, encoding: .utf8)
        let dir = temporaryDirectory()
        try "0.5 tap-item game-memory\n0.8 tap-item level-easy\n1.1 tap-item play\n3 dump\n3.1 quit\n"
            .write(toFile: dir + "/script.txt", atomically: true, encoding: .utf8)
        let run = try GameBinary.run(["--headless", "--script", dir + "/script.txt", "--log", "-", "--data-dir", dir + "/data"],
                                     environment: ["XDG_DATA_HOME": xdg])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(set)/manifest.toml:\(line + 1): game: the value must be a quoted string"), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { JSON.parse(String($0)) }
        #expect(lines.lastDumpItems().filter { $0["kind"]?.stringValue == "card" }.allSatisfy { $0["set"]?.stringValue == "animals" })
        let described = try GameBinary.run(["--describe-sets"], environment: ["XDG_DATA_HOME": xdg])
        let sets = try #require(JSON.parse(described.stdout)?["sets"]?.arrayValue)
        let broken = try #require(sets.first { $0["id"]?.stringValue == "broken-farm" })
        #expect(broken["usable"] == .bool(false))
        #expect(broken["problems"]?.arrayValue?.first?.stringValue?.hasPrefix("\(set)/manifest.toml:\(line + 1): ") == true)
    }
}
