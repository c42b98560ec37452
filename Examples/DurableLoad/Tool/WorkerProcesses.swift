import Foundation

/// Worker processes of this same executable, started, killed with SIGKILL and restarted.
final class WorkerProcesses {
    private let executable: URL
    private let arguments: (Int) -> [String]
    private let logFolder: String
    private(set) var processes: [Process?]
    /// Workers that exited with status 0 (not restarted).
    private(set) var finished: Set<Int> = []

    init(count: Int, logFolder: String, arguments: @escaping (Int) -> [String]) {
        // This executable: /proc/self/exe on Linux, else the path it was started with.
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        executable = URL(fileURLWithPath: own)
        self.arguments = arguments
        self.logFolder = logFolder
        processes = Array(repeating: nil, count: count)
    }

    /// Starts worker `index` (again), its output appended to `worker-INDEX.log`.
    func start(_ index: Int) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(index)
        let log = open(logFolder + "/worker-\(index).log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let handle = FileHandle(fileDescriptor: log, closeOnDealloc: true)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        processes[index] = process
    }

    /// Indexes of the workers running now.
    var running: [Int] { processes.indices.filter { processes[$0]?.isRunning == true } }

    /// Kills worker `index` with SIGKILL and waits for it.
    func kill9(_ index: Int) {
        guard let process = processes[index] else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Notes workers that exited by themselves: returns the indexes that failed (status not 0).
    func reap() -> [(index: Int, status: Int32)] {
        var failed: [(Int, Int32)] = []
        for index in processes.indices where !finished.contains(index) {
            guard let process = processes[index], !process.isRunning else { continue }
            if process.terminationReason == .exit && process.terminationStatus == 0 {
                finished.insert(index)
            } else {
                failed.append((index, process.terminationStatus))
            }
        }
        return failed
    }

    /// Kills every worker still running.
    func killAll() {
        for index in running { kill9(index) }
    }

    /// How many lines of all the workers' logs contain `text`.
    func logLines(containing text: String) -> Int {
        processes.indices.reduce(0) { count, index in
            let log = (try? String(contentsOfFile: logFolder + "/worker-\(index).log", encoding: .utf8)) ?? ""
            return count + log.split(separator: "\n").filter { $0.contains(text) }.count
        }
    }

    /// The last lines of worker `index`'s log.
    func logTail(_ index: Int, lines: Int = 15) -> String {
        let text = (try? String(contentsOfFile: logFolder + "/worker-\(index).log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}
