// swift-tools-version: 6.1
// The fuzz targets: a package of their own, so that users of the library never build them.
// `make fuzz` builds them with libFuzzer and AddressSanitizer (scripts/fuzz.sh).
import PackageDescription

let package = Package(
    name: "StatechartsFuzz",
    dependencies: [.package(name: "Statecharts", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzSCXML",
            dependencies: [
                .product(name: "StatechartsSCXML", package: "Statecharts"),
                .product(name: "StatechartsECMAScript", package: "Statecharts"),
            ]
        ),
        .executableTarget(
            name: "FuzzSnapshot",
            dependencies: [.product(name: "Statecharts", package: "Statecharts")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
