import CBoostMSM

// The Boost.MSM peers of W1–W3 (Sources/CBoostMSM, C++), driven through their C API. Each is a
// class owning one started machine; `process` sends a whole batch of event codes in one call, so
// the time measured is MSM's own loop over the batch. Event codes are built once from the
// workload's event stream (see `events()`), outside any measurement.

extension W1 {
    /// W1 toggle in Boost.MSM (`a_row<A, t, B, &counted>`, `a_row<B, t, A, &counted>`).
    public final class MSM {
        private let handle: OpaquePointer

        /// A started machine, in A, with its counter at 0.
        public init() {
            guard let made = msm_w1_make() else { preconditionFailure("Boost.MSM W1: out of memory") }
            handle = made
        }
        deinit { msm_w1_free(handle) }

        /// Sends every event of `events` (codes from ``events(count:)``); returns how many were accepted.
        public func process(_ events: [UInt8]) -> Int {
            events.withUnsafeBufferPointer { Int(msm_w1_process(handle, $0.baseAddress, Int64($0.count))) }
        }

        /// The transition counter.
        public var count: Int { Int(msm_w1_count(handle)) }
        /// The active state.
        public var state: S { msm_w1_state(handle) == 0 ? .a : .b }

        /// W1's event stream (``W1/events(count:)``) as MSM event codes.
        public static func events(count: Int = eventsPerBatch) -> [UInt8] {
            W1.events(count: count).map { $0 == .t ? UInt8(MSM_W1_T) : UInt8.max }
        }
    }
}

extension W2 {
    /// W2 ring in Boost.MSM (ten `a_row<Si, next, Sj, &counted>`; `bogus` in no row).
    public final class MSM {
        private let handle: OpaquePointer

        /// A started machine, in S0, with its counter at 0.
        public init() {
            guard let made = msm_w2_make() else { preconditionFailure("Boost.MSM W2: out of memory") }
            handle = made
        }
        deinit { msm_w2_free(handle) }

        /// Sends every event of `events` (codes from ``events(count:)``); returns how many were accepted.
        public func process(_ events: [UInt8]) -> Int {
            events.withUnsafeBufferPointer { Int(msm_w2_process(handle, $0.baseAddress, Int64($0.count))) }
        }

        /// The transition counter.
        public var count: Int { Int(msm_w2_count(handle)) }
        /// The active state, or nil if MSM reports none of S0…S9.
        public var state: S? {
            let index = Int(msm_w2_state(handle))
            return S.allCases.indices.contains(index) ? S.allCases[index] : nil
        }

        /// W2's event stream (``W2/events(count:)``) as MSM event codes.
        public static func events(count: Int = eventsPerBatch) -> [UInt8] {
            W2.events(count: count).map { $0 == .next ? UInt8(MSM_W2_NEXT) : UInt8(MSM_W2_BOGUS) }
        }
    }
}

extension W3 {
    /// W3 deep in Boost.MSM: nested submachines, each state counting its own entries and exits
    /// (see Sources/CBoostMSM/W3Deep.cpp for how the transitions are written in MSM).
    public final class MSM {
        private let handle: OpaquePointer

        /// A started machine: Root, A, A1, A11 and A111 entered.
        public init() {
            guard let made = msm_w3_make() else { preconditionFailure("Boost.MSM W3: out of memory") }
            handle = made
        }
        deinit { msm_w3_free(handle) }

        /// Sends every event of `events` (codes from ``events(count:)``); returns how many were accepted.
        public func process(_ events: [UInt8]) -> Int {
            events.withUnsafeBufferPointer { Int(msm_w3_process(handle, $0.baseAddress, Int64($0.count))) }
        }

        /// The machine's counters, in the Swift workload's context.
        public var context: Context {
            var counters = [Int64](repeating: 0, count: Int(MSM_W3_COUNTERS))
            counters.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { msm_w3_counters(handle, base) }
            }
            let c = counters.map { Int($0) }
            var context = Context()
            (context.rootIn, context.rootOut, context.aIn, context.aOut) = (c[0], c[1], c[2], c[3])
            (context.a1In, context.a1Out, context.a11In, context.a11Out) = (c[4], c[5], c[6], c[7])
            (context.a111In, context.a111Out, context.a112In, context.a112Out) = (c[8], c[9], c[10], c[11])
            (context.bIn, context.bOut, context.b1In, context.b1Out) = (c[12], c[13], c[14], c[15])
            (context.b11In, context.b11Out, context.b111In, context.b111Out) = (c[16], c[17], c[18], c[19])
            (context.b112In, context.b112Out) = (c[20], c[21])
            return context
        }

        /// The active leaf, or nil if it is neither A111 nor B112.
        public var leaf: Baseline.Leaf? {
            switch msm_w3_leaf(handle) {
            case 0: .a111
            case 1: .b112
            default: nil
            }
        }

        /// W3's event stream (``W3/events(count:)``) as MSM event codes.
        public static func events(count: Int = eventsPerBatch) -> [UInt8] {
            W3.events(count: count).map { $0 == .x ? UInt8(MSM_W3_X) : UInt8.max }
        }
    }
}

/// Checks that each Boost.MSM peer does the same work as the Swift workload it stands beside:
/// the same accepted events, counters and final state after a batch (W3: the same 22 entry and
/// exit counters as the chart and its baseline). A difference stops the process.
public enum MSMCheck {
    public static func run() {
        do {
            let msm = W1.MSM()
            var baseline = W1.Baseline()
            let accepted = msm.process(W1.MSM.events())
            let expected = W1.events().reduce(0) { $0 + (baseline.send($1) ? 1 : 0) }
            precondition(accepted == expected && msm.count == baseline.context.count && msm.state == baseline.state,
                         "Boost.MSM W1: \(accepted) accepted, count \(msm.count), state \(msm.state); "
                             + "the baseline: \(expected), \(baseline.context.count), \(baseline.state)")
        }
        do {
            let msm = W2.MSM()
            var baseline = W2.Baseline()
            let accepted = msm.process(W2.MSM.events())
            let expected = W2.events().reduce(0) { $0 + (baseline.send($1) ? 1 : 0) }
            precondition(accepted == expected && msm.count == baseline.context.count && msm.state == baseline.state,
                         "Boost.MSM W2: \(accepted) accepted, count \(msm.count), state \(String(describing: msm.state)); "
                             + "the baseline: \(expected), \(baseline.context.count), \(baseline.state)")
        }
        do {
            let msm = W3.MSM()
            var chart = W3.makeChart().start(context: .init())
            precondition(msm.context == chart.context, "Boost.MSM W3: the initial entries differ from the chart's")
            var baseline = W3.Baseline()
            baseline.context = chart.context
            let accepted = msm.process(W3.MSM.events())
            var expected = 0
            for event in W3.events() {
                let taken = baseline.send(event)
                precondition(chart.send(event).isAccepted == taken, "W3: chart and baseline disagree")
                expected += taken ? 1 : 0
            }
            precondition(accepted == expected && msm.context == baseline.context && msm.context == chart.context
                             && msm.leaf == baseline.leaf,
                         "Boost.MSM W3: \(accepted) accepted, counters \(msm.context), leaf \(String(describing: msm.leaf)); "
                             + "the baseline: \(expected), \(baseline.context), \(baseline.leaf)")
        }
    }
}
