import Statecharts

/// Tasks a model runs (its timer, its invocations), kept where the model's deinit can cancel
/// them from any thread.
final class LiveTasks: Sendable {
    private let tasks = Locked<[Int: Task<Void, Never>]>([:])

    /// Keeps `task` under `key`, cancelling the one it replaces.
    func set(_ key: Int, _ task: Task<Void, Never>?) {
        let previous = tasks.withLock { tasks in
            defer { tasks[key] = task }
            return tasks[key]
        }
        previous?.cancel()
    }

    /// Forgets the task under `key`; whether there was one.
    @discardableResult
    func remove(_ key: Int) -> Bool { tasks.withLock { $0.removeValue(forKey: key) != nil } }

    /// Cancels the task under `key` and forgets it.
    func cancel(_ key: Int) { tasks.withLock { $0.removeValue(forKey: key) }?.cancel() }

    /// How many tasks are kept.
    var count: Int { tasks.withLock { $0.count } }

    /// Cancels every task.
    func cancelAll() {
        let all = tasks.withLock { tasks in
            defer { tasks = [:] }
            return Array(tasks.values)
        }
        for task in all { task.cancel() }
    }
}
