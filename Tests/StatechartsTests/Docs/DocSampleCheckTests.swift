import Foundation
import Testing

/// Every ```swift block of the user docs is held, line for line, by a sample test that compiles
/// and runs it, so a sample can never drift from what the library does.
///
/// A block's lines must appear as consecutive lines of one of the page's sample files, compared
/// without leading and trailing spaces and ignoring blank lines and whole-line comments (a sample
/// may sit inside a test function, and the test may document its declarations). `import` lines
/// only have to appear somewhere in that file. A block right after an
/// HTML comment `<!-- not compiled: reason -->` is not checked.
@Suite("Docs: samples compile")
struct DocSampleCheckTests {
    /// Each page and the test files that hold its samples, relative to the package root.
    static let pages: [(page: String, samples: [String])] = [
        ("README.md", ["Tests/StatechartsTests/Docs/ReadmeSampleTests.swift",
                       "Tests/StatechartsGraphvizTests/ReadmeDiagramSampleTests.swift",
                       "Tests/StatechartsCompiledTests/Docs/ReadmeCompiledSampleTests.swift",
                       "Tests/StatechartsInspectorTests/Docs/InspectorSampleTests.swift",
                       "Tests/StatechartsDurableTests/Docs/DurableSampleTests.swift",
                       "Tests/StatechartsVerificationTests/Docs/VerificationSampleTests.swift"]),
        ("docs/inspector.md", ["Tests/StatechartsInspectorTests/Docs/InspectorSampleTests.swift"]),
        ("docs/guide.md", ["Tests/StatechartsTests/Docs/GuideSampleTests.swift",
                           "Tests/StatechartsAnalysisTests/Docs/GuideTestingSampleTests.swift"]),
        ("docs/analysis.md", ["Tests/StatechartsAnalysisTests/Docs/GuideTestingSampleTests.swift",
                              "Tests/StatechartsVerificationTests/Docs/VerificationSampleTests.swift"]),
        ("docs/scxml.md", ["Tests/StatechartsSCXMLTests/Docs/ScxmlSampleTests.swift",
                           "Examples/TypedSCXML/Tests/TypedDoorsTests/DoorTests.swift"]),
        ("docs/reliability.md", ["Tests/StatechartsTests/Docs/ReliabilitySampleTests.swift"]),
        ("docs/durable.md", ["Tests/StatechartsDurableTests/Docs/DurableSampleTests.swift",
                              "Tests/StatechartsDurableTests/Docs/DurableMigrationSampleTests.swift",
                              "Tests/StatechartsDurableTests/Docs/DurableSCXMLSampleTests.swift"]),
        ("docs/migration.md", ["Tests/StatechartsVerificationTests/Docs/MigrationSampleTests.swift"]),
        ("docs/guides/coming-from-swiftstate.md", ["Tests/StatechartsMigrationTests/SwiftStateTests.swift",
                                                    "Tests/StatechartsMigrationTests/TestSupport.swift"]),
        ("docs/guides/coming-from-transporter.md", ["Tests/StatechartsMigrationTests/TransporterTests.swift"]),
        ("docs/guides/coming-from-lsstatemachine.md", ["Tests/StatechartsMigrationTests/LSStateMachineTests.swift"]),
        ("docs/guides/coming-from-stworkflow.md", ["Tests/StatechartsMigrationTests/STWorkflowTests.swift"]),
        ("docs/guides/coming-from-loading-screen-article.md", ["Tests/StatechartsMigrationTests/LoadingScreenTests.swift"]),
        ("docs/guides/compiled-charts.md", ["Tests/StatechartsCompiledTests/Docs/CompiledGuideSampleTests.swift"]),
        ("docs/guides/apps-and-servers.md", ["Tests/StatechartsObservationTests/Docs/AppsGuideSampleTests.swift",
                                              "Tests/StatechartsTests/Docs/StepsGuideSampleTests.swift",
                                              "Tests/StatechartsLoggingTests/Docs/LoggingGuideSampleTests.swift"]),
    ]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("each swift block of a page appears in its sample tests", arguments: pages.map(\.page))
    func samplesAreTested(page: String) throws {
        let samples = try #require(Self.pages.first { $0.page == page }?.samples)
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let files = try samples.map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }
        let blocks = DocSamples.swiftBlocks(in: markdown)
        #expect(!blocks.isEmpty, "\(page) has no swift blocks")
        for block in blocks {
            let found = files.contains { DocSamples.holds($0, block.lines) }
            #expect(found, "\(page):\(block.line): this sample is not in \(samples.joined(separator: " or ")):\n\(block.lines.joined(separator: "\n"))")
        }
    }

    @Test("every page of README.md, docs/ and docs/guides/ with a swift block is checked")
    func everyPageIsListed() throws {
        var pages = ["README.md"]
        for folder in ["docs", "docs/guides"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            pages += names.filter { $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
        }
        let listed = Set(Self.pages.map(\.page))
        for page in pages.sorted() where !listed.contains(page) {
            let markdown = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            #expect(DocSamples.swiftBlocks(in: markdown).isEmpty, "\(page) has swift blocks but no sample test file")
        }
    }

    @Test("the extraction honours not-compiled markers and ignores other languages")
    func extraction() {
        let markdown = """
        Text
        ```swift
        let a = 1
        ```
        <!-- not compiled: a fragment -->
        ```swift
        let b = 2
        ```
        ```
        let c = 3
        ```
        """
        let blocks = DocSamples.swiftBlocks(in: markdown)
        #expect(blocks.map(\.lines) == [["let a = 1"]])
        #expect(blocks.map(\.line) == [2])
        #expect(DocSamples.holds("import X\nfunc f() {\n    let a = 1\n\n    let z = 2\n}", ["import X", "let a = 1", "", "let z = 2"]))
        #expect(!DocSamples.holds("let a = 1\nlet y = 0\nlet z = 2", ["let a = 1", "let z = 2"]))
        #expect(DocSamples.holds("let a = 1\n    /// z\nlet z = 2", ["let a = 1", "let z = 2"]))
    }
}

/// Finding a page's swift blocks and checking that a file holds one.
enum DocSamples {
    struct Block {
        /// The line of the opening fence, from 1.
        var line: Int
        var lines: [String]
    }

    /// The ```swift blocks of `markdown`, without those marked `<!-- not compiled: … -->`.
    static func swiftBlocks(in markdown: String) -> [Block] {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { i += 1; continue }
            let isSwift = fence == "```swift"
            let previous = lines[..<i].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let skipped = previous.trimmingCharacters(in: .whitespaces).hasPrefix("<!-- not compiled:")
            var body: [String] = []
            var j = i + 1
            while j < lines.count, lines[j].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[j])
                j += 1
            }
            if isSwift && !skipped { blocks.append(Block(line: i + 1, lines: body)) }
            i = j + 1
        }
        return blocks
    }

    /// Whether `file` holds `block`: its import lines anywhere, its other lines as consecutive
    /// lines, each compared without surrounding spaces, blank lines and whole-line comments left out.
    static func holds(_ file: String, _ block: [String]) -> Bool {
        let trim = { (line: String) in line.trimmingCharacters(in: .whitespaces) }
        let isCode = { (line: String) in !line.isEmpty && !line.hasPrefix("//") }
        let fileLines = file.components(separatedBy: "\n").map(trim).filter(isCode)
        let wanted = block.map(trim).filter(isCode)
        let imports = wanted.filter { $0.hasPrefix("import ") }
        guard imports.allSatisfy(fileLines.contains) else { return false }
        let code = wanted.filter { !$0.hasPrefix("import ") }
        guard !code.isEmpty else { return true }
        guard fileLines.count >= code.count else { return false }
        for start in 0...(fileLines.count - code.count) where Array(fileLines[start..<start + code.count]) == code {
            return true
        }
        return false
    }
}
