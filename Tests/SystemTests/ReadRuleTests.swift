import Foundation
import Testing
@testable import GameCore
@testable import Scenes
@testable import KidsJoyApp
import SystemIO
@testable import SceneTests

/// Issue #28, defect 9: one rule for every file the game reads: regular files only, opened
/// without blocking, a size cap per kind with a message naming the file and the cap.
@Suite @MainActor struct ReadRuleTests {
    @Test func fifosAreRefusedAtOnceAndBigFilesByTheirCap() throws {
        let dir = temporaryDirectory()
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        guard case .failed(let why) = SystemFiles.load(fifo) else { Issue.record("a FIFO was read"); return }
        #expect(why.contains("not a regular file") && Date().timeIntervalSince(start) < 1)
        #expect(SystemFiles.problem(fifo, limit: 10) != nil)
        let big = dir + "/big"
        _ = FileManager.default.createFile(atPath: big, contents: Data(count: 2048))
        guard case .failed(let tooBig) = SystemFiles.load(big, limit: 1024) else { Issue.record("read past the cap"); return }
        #expect(tooBig.contains(big) && tooBig.contains("1024"))
        #expect(SystemFiles.read(big, limit: 4096)?.count == 2048)
        #expect(SystemFiles.read(dir) == nil, "a folder is not read")
        // A translation catalog that is a FIFO: English, with a message, and no hang.
        let assets = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: assets + "/locale/fr", withIntermediateDirectories: true)
        #expect(mkfifo(assets + "/locale/fr/kids-joy-center.mo", 0o600) == 0)
        var said: [String] = []
        let catalog = Language.catalog(assets: assets, language: "fr", warn: { said.append($0) })
        #expect(catalog is EnglishCatalog && said.first?.contains("not a regular file") == true)
    }

    @Test(.enabled(if: GameBinary.isBuilt)) func aFIFOScriptOrATooBigOneIsAMessageNotAHang() throws {
        let dir = temporaryDirectory()
        #expect(mkfifo(dir + "/script", 0o600) == 0)
        let r = try GameBinary.run(["--headless", "--script", dir + "/script", "--data-dir", dir])
        #expect(r.status == 2 && r.stderr.contains("not a regular file"), "\(r.stderr)")
        let voice = dir + "/voice.ogg"
        #expect(mkfifo(voice, 0o600) == 0)
        #expect(SystemFiles.problem(voice, limit: SystemFiles.Limit.sound)?.contains("not a regular file") == true)
    }
}
