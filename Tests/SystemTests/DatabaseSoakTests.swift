import Foundation
import Testing
@testable import KidsJoyApp
@testable import SceneTests

/// The database-damage soak's short version (`make db-soak` runs 500; tools/soak/db_soak.py):
/// a few runs of the crash-test driver while the file is corrupted, truncated, locked by
/// another program or the game killed; no round reported saved may be lost.
@Suite(.serialized) struct DatabaseSoakTests {
    @Test(.enabled(if: GameBinary.isBuilt, "build the app first"), .enabled(if: Exec.find("python3") != nil, "python3 is needed"))
    func aFewRunsUnderDamageLoseNoSavedRound() throws {
        let python = try #require(Exec.find("python3"))
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        let r = try Exec.capture(python, [packageRoot + "/tools/soak/db_soak.py", "--binary", GameBinary.path, "--runs", "4", "--seed", "11"],
                                 environment: env, timeout: 600)
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("rounds lost:        0"), "\(r.stdout)")
    }
}
