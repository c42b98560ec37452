// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Statecharts",
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
        .executable(name: "statechart", targets: ["statechart"]),
        .executable(name: "statecharts-demo", targets: ["StatechartsDemo"]),
        .executable(name: "statecharts-inspector-demo", targets: ["StatechartsInspectorDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: a plugin for `swift package generate-documentation`, never linked into code.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The Basic HTTP Event I/O Processor's server and client (StatechartsHTTP only).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // The `@CompiledStatechart` macro only: built for users of StatechartsCompiled, never for
        // users of the core alone.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // The core: definition, compiler and runtime. No dependencies at all.
        .target(name: "Statecharts"),

        // SCXML documents: reader, writer, the null data model.
        .target(name: "StatechartsSCXML", dependencies: ["Statecharts"]),

        // The ECMAScript data model, on Duktape: compiled here from the amalgamated source that
        // Debian's duktape-dev ships (/usr/share/duktape), with the execution timeout check on.
        .target(name: "CDuktape"),
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

        // Adapters for users of the seed libraries (SwiftState, Transporter, STWorkflow, ...),
        // built on the core's public API only.
        .target(name: "StatechartsMigration", dependencies: ["Statecharts"]),

        // Knowing a chart before it runs: static checks, test paths found by running it, coverage.
        .target(name: "StatechartsAnalysis", dependencies: ["Statecharts"]),

        // Compiled charts: the `@CompiledStatechart` macro reads a chart written with the DSL,
        // validates and compiles it with the core's own compiler at build time, and generates the
        // code that runs its plans. The macro runs in the compiler; the library holds its
        // declaration and the route that runs the generated code.
        .macro(
            name: "StatechartsCompiledMacros",
            dependencies: [
                "Statecharts",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "StatechartsCompiled", dependencies: ["Statecharts", "StatechartsCompiledMacros"]),

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
            ]
        ),

        // The command-line tool: validate, run, render, trace, check, paths, inspect.
        .executableTarget(
            name: "statechart",
            dependencies: [
                "Statecharts", "StatechartsSCXML", "StatechartsECMAScript", "StatechartsGraphviz",
                "StatechartsAnalysis", "StatechartsInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The demos' media player chart.
        .target(name: "MediaPlayerExample", dependencies: ["Statecharts"], path: "Examples/MediaPlayer"),

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
                "StatechartsCompiledMacros",
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
        .testTarget(name: "StatechartsMigrationTests", dependencies: ["StatechartsMigration", "Statecharts"]),
    ],
    swiftLanguageModes: [.v6]
)
