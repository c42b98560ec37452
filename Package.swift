// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Statecharts",
    products: [
        .library(name: "Statecharts", targets: ["Statecharts"]),
        .executable(name: "statecharts-demo", targets: ["StatechartsDemo"]),
    ],
    targets: [
        // The core: definition, compiler and runtime. No dependencies at all.
        .target(
            name: "Statecharts",
            path: "Sources/Statecharts"
        ),
        .executableTarget(
            name: "StatechartsDemo",
            dependencies: ["Statecharts"],
            path: "Examples/Demo"
        ),
        .testTarget(
            name: "StatechartsTests",
            dependencies: ["Statecharts"],
            path: "Tests/StatechartsTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
