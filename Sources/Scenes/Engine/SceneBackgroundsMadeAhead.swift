import GameCore
import Stage

extension SceneBackgrounds {
    /// Every background a scene draws on this canvas's shape, with its frame (the canvas
    /// makes them ahead of use at the screen's size).
    @MainActor public static var all: [(name: String, frame: Rect)] { [
        (name("bg-home"), frame("bg-home")),
        (name("bg-balloons"), frame("bg-balloons", anchor: BalloonPlay.backgroundAnchor)),
        (name("bg-balloons"), BalloonPlay.shakenBackground),
        (name("bg-sorting"), SortingLayout.backgroundFrame),
    ] }
}
