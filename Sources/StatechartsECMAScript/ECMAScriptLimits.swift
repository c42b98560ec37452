/// The limits on the scripts of one ECMAScript data model: how long each evaluation may run and
/// how much memory its engine heap may hold.
///
/// Every evaluation (a `<script>`, a `cond`, an `expr`, an `<assign>`, a `<data>` initializer, …)
/// gets a fresh time budget. An evaluation that runs past its budget, or makes the heap grow past
/// its cap, fails the way any failing expression does: the chart gets `error.execution`, and the
/// data model stays usable for the next evaluation.
///
/// ```swift
/// let limits = ECMAScriptLimits(executionTime: .milliseconds(200), heapBytes: 16 << 20)
/// let chart = try SCXMLChart(contentsOf: url, dataModels: [.ecmascript(limits: limits)])
/// ```
///
/// The time budget is checked every 256 Ki bytecode instructions, so an evaluation may overrun it
/// by that much; a single built-in call (sorting or joining a huge array, say) is not
/// interrupted. Memory the heap still references after a failure (a global variable holding a
/// huge array) stays in use: later evaluations that need more memory fail too, until the chart
/// lets go of it.
public struct ECMAScriptLimits: Sendable, Hashable {
    /// How long one evaluation may run; a negative duration counts as zero.
    public var executionTime: Duration
    /// The most bytes the engine's heap may hold (values, compiled code and the engine's own
    /// bookkeeping, about 100 KB when empty). A cap too small for the engine to start makes
    /// creating the data model fail. Values handed in from outside the scripts (event data, say)
    /// are never refused, so the heap can exceed the cap by their size; the next evaluation that
    /// needs memory then fails.
    public var heapBytes: Int

    /// Creates limits: by default one second per evaluation and a 64 MiB heap.
    public init(executionTime: Duration = .seconds(1), heapBytes: Int = 64 << 20) {
        self.executionTime = executionTime
        self.heapBytes = heapBytes
    }

    /// One second per evaluation and a 64 MiB heap.
    public static let standard = ECMAScriptLimits()

    /// The time budget in nanoseconds, for the C side.
    var executionNanoseconds: UInt64 {
        let (seconds, attoseconds) = executionTime.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        return whole &+ UInt64(attoseconds / 1_000_000_000)
    }

    /// The cap in bytes, for the C side (where 0 would mean no cap).
    var heapLimit: Int { max(1, heapBytes) }

    /// "1 s", "50 ms", "250 µs".
    var executionTimeDescription: String {
        let nanoseconds = executionNanoseconds
        for (unit, size) in [("s", 1_000_000_000), ("ms", 1_000_000), ("µs", 1_000)] as [(String, UInt64)]
        where nanoseconds >= size && nanoseconds % size == 0 {
            return "\(nanoseconds / size) \(unit)"
        }
        return "\(nanoseconds) ns"
    }

    /// "64 MiB", "512 KiB", "1000 bytes".
    var heapDescription: String {
        let bytes = heapLimit
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
