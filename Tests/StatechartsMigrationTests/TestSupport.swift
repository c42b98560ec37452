import Foundation
import Synchronization

/// Collects printed lines, so tests compare output instead of writing to stdout. Handlers and
/// callbacks are `@Sendable`, so they capture this (a `Sendable` class) rather than a local array.
final class Output: Sendable {
    private let storage = Mutex<[String]>([])

    /// Appends a line, as `print` would write one.
    func print(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// The lines so far.
    var lines: [String] { storage.withLock { $0 } }

    /// Forgets the lines so far.
    func clear() {
        storage.withLock { $0.removeAll() }
    }
}

/// Polls `condition` until it holds or about five seconds passed (for work running in tasks).
func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
    for _ in 0..<5_000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// The lines of a guide's Swift code blocks (docs/guides/`guide`) that the test file calling this
/// does not contain, compared without indentation: the guides show code the tests compile.
func guideLinesMissing(from guide: String, testFile: String = #filePath) -> [String] {
    let root = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let guideURL = root.appendingPathComponent("docs/guides").appendingPathComponent(guide)
    guard let text = try? String(contentsOf: guideURL, encoding: .utf8),
          let source = try? String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8) else {
        return ["cannot read \(guideURL.path) or \(testFile)"]
    }
    let known = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    var missing: [String] = []
    var inSwift = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
            inSwift = line == "```swift"
            continue
        }
        let code = line.trimmingCharacters(in: .whitespaces)
        if inSwift && !code.isEmpty && !known.contains(code) { missing.append(code) }
    }
    return missing
}
