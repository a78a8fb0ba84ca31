// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KidsJoyCenter",
    products: [
        .executable(name: "kids-joy-center", targets: ["KidsJoyApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]
        ),
        .target(
            name: "Scenes",
            dependencies: ["CSDL2"],
            path: "Sources/Scenes",
            // The game draws every pixel itself (Platform/Pixels.swift): unoptimized, a frame
            // takes 100 times longer, and the tests and the debug game play whole games.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .executableTarget(
            name: "KidsJoyApp",
            dependencies: [
                "Scenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/KidsJoyApp"
        ),
        .testTarget(
            name: "SceneTests",
            dependencies: ["Scenes", "CSDL2"],
            path: "Tests/SceneTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
