import Statecharts

/// W2 ring: states S0…S9; `next` goes Si→S(i+1 mod 10) with a counting action; every 4th event
/// is `bogus`, which no state accepts (it must be rejected cheaply).
public enum W2 {
    public enum S: Hashable, Sendable, CaseIterable { case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 }
    /// A payload-free enum that is `CaseIterable`: the chart resolves it by its tag, without hashing.
    public enum E: StatechartEvent, Hashable, CaseIterable { case next, bogus }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    public static func makeChart() -> Statechart<S, E, Context> { ring(next: .next) }

    /// The ring chart over any event type (W8 compares event types on it).
    public static func ring<Event: StatechartEvent>(next: Event.Name) -> Statechart<S, Event, Context> {
        let states = S.allCases
        return try! Statechart<S, Event, Context>("W2 ring") {
            for i in states.indices {
                State(states[i]) { On(next, to: states[(i + 1) % states.count]) { $0.count += 1 } }
            }
        }
    }

    /// One batch: `next, next, next, bogus`, repeated.
    public static func events(count: Int = eventsPerBatch) -> [E] {
        eventStream(count: count) { $0 % 4 == 3 ? E.bogus : E.next }
    }

    /// The hand-written baseline: a `switch` on the state, then the event, not inlined.
    public struct Baseline: Sendable {
        public var state: S = .s0
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch state {
            case .s0: if event == .next { state = .s1; context.count += 1; return true }
            case .s1: if event == .next { state = .s2; context.count += 1; return true }
            case .s2: if event == .next { state = .s3; context.count += 1; return true }
            case .s3: if event == .next { state = .s4; context.count += 1; return true }
            case .s4: if event == .next { state = .s5; context.count += 1; return true }
            case .s5: if event == .next { state = .s6; context.count += 1; return true }
            case .s6: if event == .next { state = .s7; context.count += 1; return true }
            case .s7: if event == .next { state = .s8; context.count += 1; return true }
            case .s8: if event == .next { state = .s9; context.count += 1; return true }
            case .s9: if event == .next { state = .s0; context.count += 1; return true }
            }
            return false
        }
    }

    /// W2 with an action of its own on each transition (Si→S(i+1) adds i + 1), as most real charts
    /// have: consecutive events call different closures. A reference workload, without a target;
    /// see docs/benchmarks.md ("Call sites and the indirect-branch predictor").
    public enum Distinct {
        public static func makeChart() -> Statechart<S, E, Context> {
            let states = S.allCases
            return try! Statechart<S, E, Context>("W2 ring, distinct actions") {
                for i in states.indices {
                    State(states[i]) { On(.next, to: states[(i + 1) % states.count], action: action(i)) }
                }
            }
        }

        /// Si→S(i+1)'s action. Returned from a `switch` rather than read from an array: closures
        /// stored in an array are kept behind a reabstraction thunk, which would add a second
        /// indirect call to every action.
        static func action(_ i: Int) -> @Sendable (inout Context) -> Void {
            switch i {
            case 0: { $0.count += 1 }
            case 1: { $0.count += 2 }
            case 2: { $0.count += 3 }
            case 3: { $0.count += 4 }
            case 4: { $0.count += 5 }
            case 5: { $0.count += 6 }
            case 6: { $0.count += 7 }
            case 7: { $0.count += 8 }
            case 8: { $0.count += 9 }
            default: { $0.count += 10 }
            }
        }

        /// The hand-written baseline: W2's `switch`, each case adding its own amount.
        public struct Baseline: Sendable {
            public var state: S = .s0
            public var context = Context()
            public init() {}

            @inline(never)
            public mutating func send(_ event: E) -> Bool {
                switch state {
                case .s0: if event == .next { state = .s1; context.count += 1; return true }
                case .s1: if event == .next { state = .s2; context.count += 2; return true }
                case .s2: if event == .next { state = .s3; context.count += 3; return true }
                case .s3: if event == .next { state = .s4; context.count += 4; return true }
                case .s4: if event == .next { state = .s5; context.count += 5; return true }
                case .s5: if event == .next { state = .s6; context.count += 6; return true }
                case .s6: if event == .next { state = .s7; context.count += 7; return true }
                case .s7: if event == .next { state = .s8; context.count += 8; return true }
                case .s8: if event == .next { state = .s9; context.count += 9; return true }
                case .s9: if event == .next { state = .s0; context.count += 10; return true }
                }
                return false
            }
        }
    }
}
