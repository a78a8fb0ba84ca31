import GameCore
@testable import Scenes
import Stage

// What the tests read of a game through its host, for one module each: the play's own
// functions at the host's clocks, as a call from the host would give them.

extension GameHost where M == BalloonGame {
    /// The numbers flying to the score now.
    var flights: [FlyingNumber] { play.flights(at: time.played) }
    /// Whole seconds left before the idle loss while the warning shows.
    var idleWarningSeconds: Int? { play.idleWarningSeconds(now) }
}

extension GameHost where M == MemoryGame {
    /// Every card lands in its place at once, as a press during the deal does.
    func land() -> [SceneCommand] { drive { $0.land($1) } }
}

extension GameHost where M == SortingGame {
    /// Where vehicle `index` is in its life, as the dump's `state` says.
    func state(of index: Int) -> SortingPlay.VehicleState { play.state(of: index) }
    /// Where vehicle `index` is drawn now.
    func frame(of index: Int) -> Rect { play.frame(of: index) }
    /// Vehicle `index`'s slot in the row.
    func home(of index: Int) -> Rect { play.home(of: index) }
}
