// swift-tools-version: 6.1
// Typed SCXML at build time: the .scxml documents in Sources/TypedDoors become Swift types
// (Door, TurnstileGate, Beacon) through the StatechartsSCXMLPlugin build-tool plugin of the root
// package, which it depends on by path.
//
//   swift build && swift test      (or `make test` at the root, through scripts/test-typed-scxml.sh)
import Foundation
import PackageDescription

var targets: [Target] = [
    .target(
        name: "TypedDoors",
        dependencies: [
            .product(name: "StatechartsSCXML", package: "Statecharts"),
            // Door.scxml uses the ecmascript data model.
            .product(name: "StatechartsECMAScript", package: "Statecharts"),
        ],
        plugins: [.plugin(name: "StatechartsSCXMLPlugin", package: "Statecharts")]
    ),
    .testTarget(name: "TypedDoorsTests", dependencies: ["TypedDoors"]),
]

// A document with a mistake, built only when TYPED_SCXML_BROKEN=1, to check that the build fails
// at the mistake's file, line and column (scripts/test-typed-scxml.sh).
if ProcessInfo.processInfo.environment["TYPED_SCXML_BROKEN"] == "1" {
    targets.append(.target(
        name: "BrokenDoor",
        dependencies: [.product(name: "StatechartsSCXML", package: "Statecharts")],
        path: "Broken/BrokenDoor",
        plugins: [.plugin(name: "StatechartsSCXMLPlugin", package: "Statecharts")]
    ))
}

let package = Package(
    name: "TypedSCXML",
    dependencies: [.package(name: "Statecharts", path: "../..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
