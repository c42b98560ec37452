import Foundation

/// How long a worker waits before it tries the database again: 50 ms after the first failure,
/// doubling to at most 2 s while the failures go on (a server restarting, a connection cut),
/// back to 50 ms after a success. Each wait is logged with the error, so a worker's log shows
/// the outage and its end.
struct RetryBackoff {
    private static let first: Duration = .milliseconds(50)
    private static let longest: Duration = .seconds(2)
    private var next = RetryBackoff.first
    /// The worker's index, for the log.
    let worker: Int
    /// Failures in a row.
    private(set) var failures = 0

    /// The backoff of worker `worker`.
    init(worker: Int) { self.worker = worker }

    /// Logs `error` with what failed, waits, and lengthens the next wait.
    mutating func wait(after error: any Error, doing what: String) async {
        failures += 1
        let line = "worker \(worker): \(what) failed (\(failures) in a row): \(error); retrying in \(next.milliseconds) ms\n"
        FileHandle.standardError.write(Data(line.utf8))
        try? await Task.sleep(for: next)
        next = min(next * 2, Self.longest)
    }

    /// The database answered: the next failure waits the shortest time again.
    mutating func succeeded() {
        if failures > 0 { FileHandle.standardError.write(Data("worker \(worker): the database answers again after \(failures) failures\n".utf8)) }
        failures = 0
        next = Self.first
    }
}

private extension Duration {
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
