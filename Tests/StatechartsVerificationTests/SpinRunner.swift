import Foundation

/// Runs SPIN on a Promela model in a temporary folder: an LTL claim with `pan -a`, deadlocks
/// (invalid end states) with the claims left out, or a plain simulation.
struct SpinRunner {
    static let path = ["/usr/bin/spin", "/usr/local/bin/spin"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { path != nil }
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("spin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// Runs `work` on a thread of its own and waits for it there, never on one of Swift
    /// concurrency's few shared threads (two on a 2-core machine): a cross-check waiting there for
    /// gcc and pan for minutes left the other tests' tasks one thread (an HTTP test's close was
    /// seen 64 s late in CI), and two charts verified at once there left them none.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs a command in the folder and waits for it: its standard output and error together.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What one check found: whether SPIN reported an error, and the events of its trail (with
    /// the index where the cycle starts, for acceptance cycles).
    struct Finding {
        var violated: Bool
        var events: [Int]
        var cycleStart: Int?
    }

    /// Checks the model once per claim: a name of an `ltl` formula, or `nil` to check invalid
    /// end states. The verifier is compiled once with the claims and once without.
    func check(_ model: String, claims: [String?]) throws -> [Finding] {
        try model.write(to: folder.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        _ = try run(Self.path ?? "spin", ["-a", "model.pml"])
        for (binary, flags) in [("pan", [String]()), ("pan-noclaim", ["-DNOCLAIM"])] {
            let compiled = try run("/usr/bin/gcc", ["-O0", "-w", "-o", binary] + flags + ["pan.c"])
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(binary).path) else {
                throw SpinError(message: "gcc failed: \(compiled)")
            }
        }
        defer {
            for binary in ["pan", "pan-noclaim"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(binary)) }
        }
        var findings: [Finding] = []
        for claim in claims {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("model.pml.trail"))
            let output = try run(folder.appendingPathComponent(claim == nil ? "pan-noclaim" : "pan").path,
                                 claim.map { ["-a", "-E", "-N", $0] } ?? [])
            guard let errors = output.split(separator: "\n").first(where: { $0.contains("errors:") }),
                  let count = Int(errors.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") else {
                throw SpinError(message: "no verdict from pan: \(output)")
            }
            guard count > 0 else {
                findings.append(Finding(violated: false, events: []))
                continue
            }
            // The trail records the claim it was found with.
            let trail = try run(Self.path ?? "spin", ["-t", "model.pml"])
            var events: [Int] = []
            var cycleStart: Int?
            for line in trail.split(separator: "\n") {
                if line.contains("START OF CYCLE") { cycleStart = events.count }
                let words = line.split(separator: " ")
                if let k = words.firstIndex(of: "EV"), k + 1 < words.count, let e = Int(words[k + 1]) { events.append(e - 1) }
            }
            findings.append(Finding(violated: true, events: events, cycleStart: cycleStart))
        }
        return findings
    }

    /// Simulates a replay model: the leaves after each step, or `nil` when it blocked.
    func simulate(_ model: String) throws -> (leaves: [Int], finished: Bool)? {
        try model.write(to: folder.appendingPathComponent("replay.pml"), atomically: true, encoding: .utf8)
        let output = try run(Self.path ?? "spin", ["replay.pml"])
        var leaves: [Int] = []
        var result: (leaves: [Int], finished: Bool)?
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let k = words.firstIndex(of: "AT"), k + 1 < words.count, let leaf = Int(words[k + 1]) { leaves.append(leaf) }
            if let k = words.firstIndex(of: "REPLAYED"), k + 2 < words.count {
                result = (leaves, words[k + 2] == "1")
            }
        }
        return result
    }
}

struct SpinError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
