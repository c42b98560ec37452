// swift-tools-version: 6.1
// The benchmark suite of Statecharts: its own package, so that the library's users never resolve
// benchmark dependencies. Run it with `make bench` from the repository root (scripts/bench.sh),
// or `swift package benchmark` from this directory. See docs/benchmarks.md.
import PackageDescription

let package = Package(
    name: "StatechartsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Statecharts", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The workloads (W1–W10) and the hand-written baselines, each defined once; used by the
        // benchmark target and by the profiling executable.
        .target(
            name: "StatechartsWorkloads",
            dependencies: [
                "CBoostMSM",
                .product(name: "Statecharts", package: "Statecharts"),
                .product(name: "StatechartsCompiled", package: "Statecharts"),
            ]
        ),
        // Boost.MSM (C++, Debian's libboost-dev headers) running W1–W3, a peer measured in the
        // same run as the Swift workloads; a C API (include/CBoostMSM.h) for Swift.
        // Built at -O2 in every configuration; see docs/benchmarks.md.
        .target(
            name: "CBoostMSM",
            cxxSettings: [.define("NDEBUG"), .unsafeFlags(["-O2"])]
        ),
        // The package-benchmark suite (`swift package benchmark`).
        .executableTarget(
            name: "StatechartsBenchmarks",
            dependencies: [
                "StatechartsWorkloads",
                .product(name: "Statecharts", package: "Statecharts"),
                .product(name: "StatechartsInspector", package: "Statecharts"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/StatechartsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // `make verify-bench`: exhaustive verification's speed (states per second, bytes per
        // state) on the media player and on random charts up to a million states.
        .executableTarget(
            name: "statecharts-verify-bench",
            dependencies: [
                .product(name: "Statecharts", package: "Statecharts"),
                .product(name: "StatechartsVerification", package: "Statecharts"),
                .product(name: "MediaPlayerExample", package: "Statecharts"),
            ],
            path: "Sources/statecharts-verify-bench"
        ),
        // A plain executable running one workload in a loop, for profilers such as
        // `valgrind --tool=callgrind` (no harness, no malloc interposer in the way).
        .executableTarget(
            name: "statecharts-profile",
            dependencies: [
                "StatechartsWorkloads",
                .product(name: "Statecharts", package: "Statecharts"),
                .product(name: "StatechartsInspector", package: "Statecharts"),
            ],
            path: "Sources/statecharts-profile"
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
