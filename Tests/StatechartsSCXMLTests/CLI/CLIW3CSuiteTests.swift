import Foundation
import Testing

/// The W3C SCXML suite run through the built tool, `statechart run TEST --until-idle --json`, one
/// process per test (Swift Testing runs them in parallel): the tool must pass exactly the tests
/// the library's own runner passes (W3C/expected-pass.txt), the Basic HTTP ones included, and
/// the manual ones are judged from its output by ``W3CManualChecks``, as the library's are.
@Suite("The W3C suite through statechart run")
struct CLIW3CSuiteTests {
    /// The tests the library's runner runs (all but those that stay manual).
    static func names() -> [String] {
        guard W3CSuite.isAvailable else { return [] }
        return W3CSuite.testNames().filter { W3CManualChecks.stillManual[$0] == nil }
    }

    static let expected = W3CSuiteTests.expectedPasses()
    static let manual = W3CSuite.isAvailable ? W3CSuite.manualTests() : []

    @Test("the suite is there (required under CI)", .enabled(if: W3CSuite.isCI))
    func available() {
        #expect(W3CSuite.isAvailable && Self.names().count > 190, "\(W3CSuite.missingMessage)")
    }

    @Test("passes exactly what the library passes",
          .enabled(if: W3CSuite.isAvailable, Comment(rawValue: W3CSuite.missingMessage)), arguments: names())
    func test(_ name: String) async throws {
        let (passed, reason) = try await Self.offThePool { try Self.run(name) }
        if Self.expected.contains(name) {
            #expect(passed, "\(name) passes in the library but not through statechart run: \(reason)")
        } else {
            #expect(!passed, "\(name) passes through statechart run but not in the library's runner (expected-pass.txt)")
        }
    }

    /// At most this many of the tool's processes at once.
    static let processes = DispatchSemaphore(value: 4)

    /// Runs `work` (which waits for a process) on a thread of its own, never on one of Swift
    /// concurrency's few shared threads: 201 cases waiting there starved every other test's
    /// tasks (an HTTP test measured 30 s for an instant step in CI).
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                processes.wait()
                defer { processes.signal() }
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// Runs test `name` through the tool: whether it passed, and what went wrong if not.
    static func run(_ name: String) throws -> (passed: Bool, reason: String) {
        let result: CLIProcess.Result
        if name == "test436" {
            // The null data model's test, its conf: primitives translated as the library's runner does.
            let source = try String(contentsOf: W3CSuite.txmlDirectory.appendingPathComponent("test436.txml"), encoding: .utf8)
            let text = try #require(TXMLConverter.convert(source))
            (result, _) = try CLIProcess.run(chart: text, ["run", "FILE", "--until-idle", "--json"])
        } else {
            result = try CLIProcess.run(["run", W3CSuite.ecmaDirectory.appendingPathComponent(name + ".scxml").path, "--until-idle", "--json"])
        }
        let observed = try observed(result)
        if manual.contains(name) {
            let failure = W3CManualChecks.failure(of: name, observed)
            return (failure == nil, failure ?? "")
        }
        let passed = result.status == 0 && observed.finished && observed.leaves == ["pass"]
        return (passed, "exit status \(result.status), finished: \(observed.finished), in \(observed.leaves); \(result.stderr)")
    }

    /// What a run printed: its last line's configuration, whether it finished and whether its
    /// first (step 0) line already had, its log lines (`log: ` on standard error), and whether the
    /// document was refused (exit status 1 and nothing run).
    static func observed(_ result: CLIProcess.Result) throws -> W3CManualChecks.Observed {
        var observed = W3CManualChecks.Observed()
        observed.logs = result.stderr.split(separator: "\n").filter { $0.hasPrefix("log: ") }.map { String($0.dropFirst(5)) }
        let lines = result.lines.filter { !$0.isEmpty }
        guard let first = lines.first, let last = lines.last else {
            observed.rejected = result.status == 1
            return observed
        }
        let start = try StepLine(first)
        let end = try StepLine(last)
        observed.finishedAtStart = start.step == 0 && start.finished
        observed.finished = end.finished
        observed.leaves = end.configuration
        return observed
    }

    /// The fields of a `run --json` line read here.
    struct StepLine: Decodable {
        var step: Int
        var configuration: [String]
        var finished: Bool

        init(_ line: String) throws {
            self = try JSONDecoder().decode(Self.self, from: Data(line.utf8))
        }
    }
}
