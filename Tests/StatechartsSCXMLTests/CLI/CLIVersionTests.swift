import Foundation
import Testing

/// `statechart --version`: the package's newest release, as CHANGELOG.md names it.
@Suite("statechart --version")
struct CLIVersionTests {
    /// The first `## [x.y.z]` heading of CHANGELOG.md (the `[Unreleased]` one is not a version).
    static func newestRelease() throws -> String {
        let changelog = CLICheckTests.root.appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") {
            let name = line.dropFirst(4).prefix { $0 != "]" }
            if name.first?.isNumber == true { return String(name) }
        }
        throw VersionMissing()
    }

    struct VersionMissing: Error {}

    @Test("--version prints the CHANGELOG's newest release and exits 0")
    func version() async throws {
        let result = try await CLIProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(try Self.newestRelease())\n")
    }
}
