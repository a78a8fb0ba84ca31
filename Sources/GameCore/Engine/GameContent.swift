/// The things the games are made of: the ten animals of Memory, the fifteen vehicles of
/// Sorting and the ten balloon colours. Ids only; pictures are named after them
/// (`animal-cat`, `vehicle-bus`, `balloon-red`) and words come from the message catalog.
public enum GameContent {
    public static let animals = ["cat", "dog", "rabbit", "fox", "panda", "lion", "tiger", "frog", "monkey", "koala"]
    public static let balloonColors = ["red", "orange", "yellow", "green", "teal", "sky", "blue", "purple", "pink", "brown"]
    public static let vehicles: [(name: String, category: String)] = [
        ("airplane", "air"), ("helicopter", "air"), ("rocket", "air"), ("ufo", "air"), ("parachute", "air"),
        ("sailboat", "water"), ("speedboat", "water"), ("ship", "water"), ("canoe", "water"), ("ferry", "water"),
        ("car", "land"), ("bus", "land"), ("fire-engine", "land"), ("tractor", "land"), ("bicycle", "land"),
    ]
}
