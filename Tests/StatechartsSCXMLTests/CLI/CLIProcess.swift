import Foundation

/// Runs the built `statechart` executable as a subprocess.
enum CLIProcess {
    /// What a run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// How long the process ran (not the wait for a slot to start it).
        var elapsed: Duration = .zero

        /// Standard output's lines, without the final empty one.
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0) }
    }

    /// The executable: `STATECHART_BINARY`, or `statechart` beside the test bundle.
    static var executable: URL? {
        if let path = ProcessInfo.processInfo.environment["STATECHART_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in candidates {
            let url = directory.appendingPathComponent("statechart")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs `statechart` with `arguments`.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        guard let executable else { throw MissingExecutable() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Standard error goes to a file, so that neither pipe can fill up while the other is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("statechart-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        let started = ContinuousClock.now
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        try errorHandle.close()
        let stderr = FileManager.default.contents(atPath: errorFile.path) ?? Data()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), elapsed: elapsed)
    }

    /// Runs `statechart` on `text`, written to a temporary `chart.scxml` that is removed
    /// afterwards; `FILE` in `arguments` stands for its path, which comes back with the result.
    static func run(chart text: String, _ arguments: [String]) throws -> (Result, String) {
        let directory = try Fixture.workspace(holding: text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("chart.scxml").path
        return (try run(arguments.map { $0 == "FILE" ? file : $0 }), file)
    }

    /// ``run(_:in:)`` on a thread of its own (``CLIW3CSuiteTests/offThePool(_:)``), so that a test
    /// waiting for the tool never holds one of Swift concurrency's few shared threads, which the
    /// other tests' tasks need.
    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Result {
        try await CLIW3CSuiteTests.offThePool { try run(arguments, in: directory) as Result }
    }

    /// ``run(chart:_:)`` on a thread of its own.
    static func run(chart text: String, _ arguments: [String]) async throws -> (Result, String) {
        try await CLIW3CSuiteTests.offThePool { try run(chart: text, arguments) as (Result, String) }
    }

    /// The executable was not built.
    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String { "the statechart executable was not found beside the tests; build it first (swift build)" }
    }
}
