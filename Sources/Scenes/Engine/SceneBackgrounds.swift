import GameCore

/// The full-screen backgrounds the scenes draw and the frames they draw them in. On a screen
/// of another size than 1024×768 the canvas makes them at that size ahead of use, so a game's
/// first frame (and a skull's shake) has no background to resample.
public enum SceneBackgrounds {
    @MainActor public static var all: [(name: String, frame: Rect)] { [
        ("bg-home", Canvas1024.bounds),
        ("bg-balloons", Canvas1024.bounds),
        ("bg-balloons", BalloonScene.shakenBackground),
        ("bg-sorting", SortingLayout.backgroundFrame),
    ] }
}
