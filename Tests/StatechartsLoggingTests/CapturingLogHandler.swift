import Statecharts
import Logging

/// A log handler that keeps every line it is given, for tests.
struct CapturingLogHandler: LogHandler {
    /// One captured line.
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    /// Where the lines go, shared by the copies a `Logger` makes.
    final class Store: Sendable {
        private let storage = Locked<[Line]>([])
        func append(_ line: Line) { storage.withLock { $0.append(line) } }
        var lines: [Line] { storage.withLock { $0 } }
        func clear() { storage.withLock { $0.removeAll() } }
        /// The lines with this message.
        func lines(_ message: String) -> [Line] { lines.filter { $0.message == message } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        for (key, value) in event.metadata ?? [:] { all[key] = value }
        store.append(Line(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
    }
}

/// A logger whose lines land in a new store, at `level`.
func capturingLogger(level: Logger.Level = .trace) -> (Logger, CapturingLogHandler.Store) {
    let store = CapturingLogHandler.Store()
    var logger = Logger(label: "test") { _ in CapturingLogHandler(store: store) }
    logger.logLevel = level
    return (logger, store)
}
