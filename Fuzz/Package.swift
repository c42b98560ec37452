// swift-tools-version: 6.1
// The fuzz targets: a package of their own, so that users of the library never build them.
// `make fuzz` builds them with libFuzzer and AddressSanitizer (scripts/fuzz.sh).
//
// The sanitizers come from toolset.json (`swift build --toolset`), which SwiftPM applies to what
// it builds for the target platform: these targets and the modules they depend on. Build tools
// are built for the host without it: the macro tool of StatechartsCompiled (which
// StatechartsInspector depends on) is neither instrumented nor linked with libFuzzer, whose
// `main` would clash with the tool's own (`--sanitize=fuzzer` or `-Xswiftc -sanitize=fuzzer`
// reach every executable, the tool included).
//
// SwiftPM points an executable's `main` at its Swift module's entry point, so libFuzzer's own
// `main` is never called: each target's `main.swift` runs libFuzzer's driver instead
// (`libFuzzerMain`, the LibFuzzerDriver target) on the target's `LLVMFuzzerTestOneInput`.
import PackageDescription

/// A fuzz target using these products of Statecharts.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["LibFuzzerDriver"] + products.map { .product(name: $0, package: "Statecharts") }
    )
}

let package = Package(
    name: "StatechartsFuzz",
    dependencies: [.package(name: "Statecharts", path: "..")],
    targets: [
        .target(name: "LibFuzzerDriver"),
        fuzzTarget("FuzzSCXML", ["StatechartsSCXML", "StatechartsECMAScript"]),
        fuzzTarget("FuzzSnapshot", ["Statecharts"]),
        fuzzTarget("FuzzSCXMLJSON", ["StatechartsSCXML"]),
        fuzzTarget("FuzzHTTPForm", ["StatechartsSCXML", "StatechartsHTTP"]),
        fuzzTarget("FuzzVerifyConditions", ["StatechartsSCXML", "StatechartsVerification"]),
        fuzzTarget("FuzzDurableRows", ["Statecharts", "StatechartsDurable"]),
        fuzzTarget("FuzzInspectorMessages", ["Statecharts", "StatechartsSCXML", "StatechartsInspector"]),
    ],
    swiftLanguageModes: [.v6]
)
