// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

let package = Package(
    name: "Statecharts",
    // The oldest Apple systems the package builds for: those that ship `Synchronization`'s `Mutex`
    // and `Atomic` (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), the locks of the core's
    // runners and the inspector. The core's other newer APIs are older still: `Duration` and
    // `Clock` (macOS 13, iOS 16); `StatechartsObservation` needs `Observation` (macOS 14, iOS 17).
    // `make test` checks that Sources/ uses nothing newer (scripts/check-availability.py, from
    // the availability the toolchain's own modules declare). Linux has no such floor.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Statecharts", targets: ["Statecharts"]),
        .library(name: "StatechartsSCXML", targets: ["StatechartsSCXML"]),
        .library(name: "StatechartsECMAScript", targets: ["StatechartsECMAScript"]),
        .library(name: "StatechartsGraphviz", targets: ["StatechartsGraphviz"]),
        .library(name: "StatechartsMigration", targets: ["StatechartsMigration"]),
        .library(name: "StatechartsAnalysis", targets: ["StatechartsAnalysis"]),
        .library(name: "StatechartsHTTP", targets: ["StatechartsHTTP"]),
        .library(name: "StatechartsCompiled", targets: ["StatechartsCompiled"]),
        .library(name: "StatechartsInspector", targets: ["StatechartsInspector"]),
        .library(name: "StatechartsObservation", targets: ["StatechartsObservation"]),
        .library(name: "StatechartsLogging", targets: ["StatechartsLogging"]),
        .library(name: "StatechartsDurable", targets: ["StatechartsDurable"]),
        .library(name: "StatechartsDurableSQLite", targets: ["StatechartsDurableSQLite"]),
        .library(name: "StatechartsDurablePostgres", targets: ["StatechartsDurablePostgres"]),
        .library(name: "StatechartsDurableSCXML", targets: ["StatechartsDurableSCXML"]),
        .library(name: "StatechartsVerification", targets: ["StatechartsVerification"]),
        // The demos' media player, for the verification benchmark (Benchmarks/).
        .library(name: "MediaPlayerExample", targets: ["MediaPlayerExample"]),
        .executable(name: "statechart", targets: ["statechart"]),
        .executable(name: "statecharts-demo", targets: ["StatechartsDemo"]),
        // The traffic light of Examples/Embedded run on the host, the trace its firmware must match.
        .executable(name: "statecharts-traffic-light", targets: ["TrafficLightHost"]),
        .executable(name: "statecharts-inspector-demo", targets: ["StatechartsInspectorDemo"]),
        .executable(name: "statecharts-durable-demo", targets: ["StatechartsDurableDemo"]),
        .executable(name: "statecharts-durable-load", targets: ["StatechartsDurableLoad"]),
        // Typed SCXML at build time: each .scxml file of a target becomes typed Swift.
        .plugin(name: "StatechartsSCXMLPlugin", targets: ["StatechartsSCXMLPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: a plugin for `swift package generate-documentation`, never linked into code.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The Basic HTTP Event I/O Processor's server and client (StatechartsHTTP only).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // The logging observer (StatechartsLogging only).
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The `@CompiledStatechart` macro only: built for users of StatechartsCompiled, never for
        // users of the core alone.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        // Durable instances on SQLite (StatechartsDurableSQLite only); SQLite itself is vendored.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // Durable instances on PostgreSQL (StatechartsDurablePostgres only).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The core: definition, compiler and runtime. No dependencies at all.
        .target(name: "Statecharts"),

        // SCXML documents: reader, writer, the null data model.
        .target(name: "StatechartsSCXML", dependencies: ["Statecharts"]),

        // The ECMAScript data model, on Duktape: compiled here from Duktape's amalgamated source
        // (duktape.c, duk_config.h), found by duktapeSourceSettings() at the end of this file, with
        // the execution timeout check on.
        .target(name: "CDuktape", cSettings: duktapeSourceSettings()),
        .target(name: "StatechartsECMAScript", dependencies: ["StatechartsSCXML", "CDuktape"]),

        // The SCXML Basic HTTP Event I/O Processor: an HTTP/1.1 server and client on SwiftNIO.
        .target(
            name: "StatechartsHTTP",
            dependencies: [
                "StatechartsSCXML",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),

        // Diagrams: a pure-Swift DOT writer, and rendering through Graphviz's libgvc.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Object IDs in document order, so that the same DOT always gives the same layout and output.
        .target(name: "CGraphvizIDs", dependencies: ["CGraphviz"]),
        .target(name: "StatechartsGraphviz", dependencies: ["Statecharts", "CGraphviz", "CGraphvizIDs"]),

        // Adapters for users of Transporter, SwiftState, LSStateMachine and STWorkflow,
        // built on the core's public API only.
        .target(name: "StatechartsMigration", dependencies: ["Statecharts"]),

        // Knowing a chart before it runs: static checks, test paths found by running it, coverage.
        .target(name: "StatechartsAnalysis", dependencies: ["Statecharts"]),

        // Proving properties of a chart by exploring every situation it can reach, running it;
        // SCXML sessions too (null and ECMAScript data models), and Promela for SPIN.
        .target(name: "StatechartsVerification", dependencies: ["Statecharts", "StatechartsAnalysis", "StatechartsSCXML"]),

        // Compiled charts: the `@CompiledStatechart` macro reads a chart written with the DSL,
        // validates and compiles it with the core's own compiler at build time, and generates the
        // code that runs its plans. The macro runs in the compiler; the library holds its
        // declaration and the route that runs the generated code.
        // The macros' implementation is a plain library, so that its tests need not depend on the
        // macro target: a test target that does makes SwiftPM build all test targets, and every
        // module they use, a second time for the host. The macro target is the plugin's entry.
        .target(
            name: "StatechartsCompiledMacroImplementation",
            dependencies: [
                "Statecharts",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "StatechartsCompiledMacros",
            dependencies: [
                "StatechartsCompiledMacroImplementation",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "StatechartsCompiled", dependencies: ["Statecharts", "StatechartsCompiledMacros"]),

        // For apps: an Observable model (the Observation framework) running a plain or compiled chart.
        .target(name: "StatechartsObservation", dependencies: ["Statecharts", "StatechartsCompiled"]),

        // For servers: a logging observer on swift-log.
        .target(name: "StatechartsLogging", dependencies: [
            "Statecharts", .product(name: "Logging", package: "swift-log"),
        ]),

        // Durable instances: the store engine and its storage contract (no dependency), and the
        // SQLite storage on sqlite-nio.
        .target(name: "StatechartsDurable", dependencies: ["Statecharts"]),
        .target(name: "StatechartsDurableSQLite", dependencies: [
            "Statecharts", "StatechartsDurable", .product(name: "SQLiteNIO", package: "sqlite-nio"),
        ]),
        // The PostgreSQL storage on postgres-nio, for workers on many machines sharing one database.
        .target(name: "StatechartsDurablePostgres", dependencies: [
            "Statecharts", "StatechartsDurable", .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Durable instances of SCXML charts: sessions in rows, sends through I/O processors via the outbox.
        .target(name: "StatechartsDurableSCXML", dependencies: ["Statecharts", "StatechartsDurable", "StatechartsSCXML"]),

        // The live inspector: watch, drive and rewind running charts from a browser. Its HTTP and
        // WebSocket server is SwiftNIO's (already the HTTP processor's), so it adds no package.
        .target(
            name: "StatechartsInspector",
            dependencies: [
                "Statecharts", "StatechartsSCXML", "StatechartsGraphviz", "StatechartsCompiled",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            // The page's script and style sheet, compiled in as bytes (no resource bundle to ship).
            resources: [.embedInCode("Page/inspector.js"), .embedInCode("Page/inspector.css")]
        ),

        // Typed SCXML at build time: the generator (StatechartsSCXML only, so the plugin builds no
        // Graphviz, Duktape, NIO or swift-syntax), its tool, and the build-tool plugin that runs it.
        .target(name: "StatechartsSCXMLCodegen", dependencies: ["StatechartsSCXML"]),
        .executableTarget(name: "statechart-scxml-codegen", dependencies: ["StatechartsSCXML", "StatechartsSCXMLCodegen"]),
        .plugin(name: "StatechartsSCXMLPlugin", capability: .buildTool(), dependencies: ["statechart-scxml-codegen"]),

        // The command-line tool: validate, run, render, trace, check, paths, inspect.
        .executableTarget(
            name: "statechart",
            dependencies: [
                "Statecharts", "StatechartsSCXML", "StatechartsECMAScript", "StatechartsGraphviz",
                "StatechartsAnalysis", "StatechartsInspector", "StatechartsHTTP",
                "StatechartsVerification", "StatechartsDurable", "StatechartsDurableSCXML", "StatechartsDurableSQLite",
                "StatechartsDurablePostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The demos' media player chart.
        .target(name: "MediaPlayerExample", dependencies: ["Statecharts"], path: "Examples/MediaPlayer"),

        // Examples/Embedded: the traffic light, built for microcontrollers by scripts/embedded.sh
        // (Embedded Swift) and here for the host, whose trace the firmware's must equal.
        .target(name: "TrafficLightChart", dependencies: ["Statecharts", "StatechartsCompiled"], path: "Examples/Embedded/Chart"),
        .executableTarget(
            name: "TrafficLightHost", dependencies: ["TrafficLightChart", "StatechartsGraphviz"], path: "Examples/Embedded/Host"
        ),

        // `make demo`: an example chart run through a few events, with its diagrams.
        .executableTarget(
            name: "StatechartsDemo",
            dependencies: ["Statecharts", "StatechartsGraphviz", "StatechartsAnalysis", "MediaPlayerExample"],
            path: "Examples/Demo"
        ),

        // `make inspector-demo`: media players running live under the inspector.
        .executableTarget(
            name: "StatechartsInspectorDemo",
            dependencies: ["Statecharts", "StatechartsInspector", "MediaPlayerExample"],
            path: "Examples/InspectorDemo"
        ),

        // An order workflow that survives `kill -9` with a timer pending (scripts/durable-kill-demo.sh).
        .executableTarget(
            name: "StatechartsDurableDemo",
            dependencies: ["Statecharts", "StatechartsDurable", "StatechartsDurableSQLite"],
            path: "Examples/DurableDemo"
        ),

        // The durable store's crash test and benchmarks (`make durable-crash`, `make durable-bench`):
        // the chart, the plan and the checker (a target of their own, for the checker's tests), and
        // the tool.
        .target(name: "StatechartsDurableLoadKit", dependencies: ["Statecharts", "StatechartsDurable"],
                path: "Examples/DurableLoad/Kit"),
        .executableTarget(
            name: "StatechartsDurableLoad",
            dependencies: [
                "StatechartsDurableLoadKit", "StatechartsDurable", "StatechartsDurableSQLite", "StatechartsDurablePostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/DurableLoad/Tool"
        ),

        // Row locks against optimistic version checks on PostgreSQL, measured (docs/durable.md).
        .executableTarget(
            name: "DurablePostgresLocking",
            dependencies: [
                "Statecharts", "StatechartsDurable", "StatechartsDurablePostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/DurablePostgresLocking"
        ),

        .testTarget(name: "StatechartsTests", dependencies: ["Statecharts"]),
        .testTarget(name: "StatechartsSCXMLTests", dependencies: ["StatechartsSCXML", "StatechartsECMAScript", "StatechartsHTTP"],
                    exclude: ["W3C/expected-pass.txt"]),
        .testTarget(name: "StatechartsGraphvizTests", dependencies: ["StatechartsGraphviz"],
                    exclude: ["Golden"]),
        .testTarget(name: "StatechartsAnalysisTests",
                    dependencies: ["StatechartsAnalysis", "StatechartsGraphviz", "StatechartsSCXML", "StatechartsECMAScript"],
                    exclude: ["Golden"]),
        .testTarget(name: "StatechartsHTTPTests", dependencies: [
            "StatechartsHTTP", "StatechartsSCXML", "StatechartsECMAScript",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .testTarget(name: "StatechartsCompiledTests", dependencies: ["StatechartsCompiled", "Statecharts"]),
        .testTarget(
            name: "StatechartsCompiledMacrosTests",
            dependencies: [
                "StatechartsCompiledMacroImplementation",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "StatechartsInspectorTests", dependencies: [
            "StatechartsInspector", "Statecharts", "StatechartsSCXML", "StatechartsCompiled",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
        ]),
        .testTarget(name: "StatechartsMigrationTests", dependencies: ["StatechartsMigration", "Statecharts", "StatechartsObservation"]),
        .testTarget(name: "StatechartsObservationTests", dependencies: [
            "StatechartsObservation", "Statecharts", "StatechartsCompiled",
        ]),
        .testTarget(name: "StatechartsLoggingTests", dependencies: [
            "StatechartsLogging", "Statecharts", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "StatechartsDurableTests", dependencies: [
            "StatechartsDurable", "StatechartsDurableSQLite", "StatechartsDurablePostgres", "Statecharts",
            "StatechartsDurableSCXML", "StatechartsSCXML", "StatechartsECMAScript",
            "StatechartsDurableLoadKit", "StatechartsVerification",
            .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            .product(name: "SQLiteNIO", package: "sqlite-nio"),
        ]),
        .testTarget(name: "StatechartsSCXMLCodegenTests", dependencies: ["StatechartsSCXMLCodegen", "StatechartsSCXML"],
                    exclude: ["Golden"]),
        .testTarget(name: "StatechartsVerificationTests", dependencies: [
            "StatechartsVerification", "Statecharts", "StatechartsSCXML", "StatechartsECMAScript", "MediaPlayerExample",
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// `STATECHARTS_WITHOUT_POSTGRES=1` builds the package without PostgreSQL: no postgres-nio and no
// swift-crypto, no StatechartsDurablePostgres, and none of the executables that use it (the
// command-line tool, the durable load tool and the locking example).
//
// `STATECHARTS_THREADED_SUITES_ONLY=1` builds, besides that, only what the test suites that run
// threads need (the core's, Graphviz, Basic HTTP, the inspector, the observable model and the
// durable store on SQLite, whose load checker uses the verification and analysis modules): the
// other test targets, the demos, the migration, logging and typed-SCXML modules are left out.
// `make tsan-short` builds so: its suites need no PostgreSQL server, and its ThreadSanitizer build
// takes about 8 minutes on 2 cores instead of about 19.
let buildEnvironment = ProcessInfo.processInfo.environment
let threadedSuitesOnly = buildEnvironment["STATECHARTS_THREADED_SUITES_ONLY"].map { !$0.isEmpty } ?? false
let withoutPostgres = threadedSuitesOnly || (buildEnvironment["STATECHARTS_WITHOUT_POSTGRES"].map { !$0.isEmpty } ?? false)
var droppedTargets: Set<String> = []
if withoutPostgres {
    droppedTargets.formUnion(["StatechartsDurablePostgres", "statechart", "StatechartsDurableLoad", "DurablePostgresLocking"])
    package.dependencies.removeAll { dependency in
        if case .sourceControl(_, let location, _) = dependency.kind { return location.hasSuffix("/postgres-nio") }
        return false
    }
}
if threadedSuitesOnly {
    droppedTargets.formUnion([
        "StatechartsMigration", "StatechartsLogging", "StatechartsSCXMLCodegen",
        "statechart-scxml-codegen", "StatechartsSCXMLPlugin", "MediaPlayerExample", "StatechartsDemo",
        "TrafficLightChart", "TrafficLightHost", "StatechartsInspectorDemo", "StatechartsDurableDemo",
        "StatechartsSCXMLTests", "StatechartsAnalysisTests", "StatechartsCompiledTests", "StatechartsCompiledMacrosTests",
        "StatechartsMigrationTests", "StatechartsLoggingTests", "StatechartsSCXMLCodegenTests", "StatechartsVerificationTests",
    ])
}
if !droppedTargets.isEmpty {
    package.targets.removeAll { droppedTargets.contains($0.name) }
    // A product goes with the targets it is made of.
    package.products.removeAll { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets
            ?? (product as? Product.Plugin)?.targets ?? []
        return targets.contains { droppedTargets.contains($0) }
    }
    for target in package.targets {
        target.dependencies.removeAll { dependency in
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): return droppedTargets.contains(name)
            case .productItem(_, let package, _, _): return withoutPostgres && package == "postgres-nio"
            @unknown default: return false
            }
        }
    }
}

/// Where CDuktape finds Duktape's amalgamated source (`duktape.c` and `duk_config.h`, one folder):
/// `$DUKTAPE_SOURCE_DIR` when set; otherwise `PREFIX/share/duktape` for the prefix `pkg-config`
/// gives the `duktape` package (Debian's and Ubuntu's duktape-dev: /usr/share/duktape); otherwise
/// the first of /usr/share/duktape, /usr/local/share/duktape and /opt/homebrew/share/duktape that
/// holds `duktape.c`. Sources/CDuktape/duktape_engine.c includes the files from there, and fails with
/// what to install on each platform when they are nowhere (docs/scxml.md, "Where Duktape comes from").
func duktapeSourceSettings() -> [CSetting] {
    let environment = ProcessInfo.processInfo.environment
    var folder = environment["DUKTAPE_SOURCE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    if folder == nil {
        var candidates: [String] = []
        if let prefix = pkgConfigPrefix(of: "duktape") { candidates.append(prefix + "/share/duktape") }
        candidates += ["/usr/share/duktape", "/usr/local/share/duktape", "/opt/homebrew/share/duktape"]
        folder = candidates.first { FileManager.default.fileExists(atPath: $0 + "/duktape.c") }
    }
    guard let folder else { return [] }
    return [
        .define("STATECHARTS_DUKTAPE_C", to: "\"\(folder)/duktape.c\""),
        .define("STATECHARTS_DUK_CONFIG_H", to: "\"\(folder)/duk_config.h\""),
    ]
}

/// `pkg-config --variable=prefix NAME`, or nil when pkg-config or the package is missing (or the
/// manifest may not run it).
func pkgConfigPrefix(of name: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--variable=prefix", name]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let prefix = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return prefix.isEmpty ? nil : prefix
}
