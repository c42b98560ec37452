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
        // FuzzInspectorMessages (Pending/FuzzInspectorMessages) is not a target yet: StatechartsInspector
        // depends on StatechartsCompiled, whose macro tool SwiftPM links with libFuzzer too under
        // `--sanitize=fuzzer`, and two `main`s do not link (see Pending/README.md).
        .executableTarget(
            name: "FuzzSCXMLJSON",
            dependencies: [.product(name: "StatechartsSCXML", package: "Statecharts")]
        ),
        .executableTarget(
            name: "FuzzHTTPForm",
            dependencies: [
                .product(name: "StatechartsSCXML", package: "Statecharts"),
                .product(name: "StatechartsHTTP", package: "Statecharts"),
            ]
        ),
        .executableTarget(
            name: "FuzzVerifyConditions",
            dependencies: [
                .product(name: "StatechartsSCXML", package: "Statecharts"),
                .product(name: "StatechartsVerification", package: "Statecharts"),
            ]
        ),
        .executableTarget(
            name: "FuzzDurableRows",
            dependencies: [
                .product(name: "Statecharts", package: "Statecharts"),
                .product(name: "StatechartsDurable", package: "Statecharts"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
