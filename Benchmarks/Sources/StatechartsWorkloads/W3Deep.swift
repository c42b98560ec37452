import Statecharts

/// W3 deep: Root{ A{ A1{ A11{ A111, A112 } } }, B{ B1{ B11{ B111, B112 } } } }; event `x` goes from
/// leaf A111 to leaf B112 and back, so every transition exits 4 states and enters 4. Every state
/// has an entry and an exit action, each counting in a counter of its own.
public enum W3 {
    public enum S: Hashable, Sendable { case root, a, a1, a11, a111, a112, b, b1, b11, b111, b112 }
    public enum E: StatechartEvent, Hashable, CaseIterable { case x, unused }

    /// One entry and one exit counter per state.
    public struct Context: Sendable, Equatable {
        public var rootIn = 0, rootOut = 0
        public var aIn = 0, aOut = 0, a1In = 0, a1Out = 0, a11In = 0, a11Out = 0
        public var a111In = 0, a111Out = 0, a112In = 0, a112Out = 0
        public var bIn = 0, bOut = 0, b1In = 0, b1Out = 0, b11In = 0, b11Out = 0
        public var b111In = 0, b111Out = 0, b112In = 0, b112Out = 0
        public init() {}

        /// Every counter added up (to consume the results).
        public var total: Int {
            rootIn + rootOut + aIn + aOut + a1In + a1Out + a11In + a11Out + a111In + a111Out + a112In + a112Out
                + bIn + bOut + b1In + b1Out + b11In + b11Out + b111In + b111Out + b112In + b112Out
        }
    }

    /// The chart, from the definition its compiled twin (``W3Compiled``) is generated from.
    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>(W3Compiled.definition)
    }

    /// One batch: `x` every time.
    public static func events(count: Int = eventsPerBatch) -> [E] { eventStream(count: count) { _ in E.x } }

    /// The hand-written baseline: a `switch` on the active leaf, running the same exit and entry
    /// counters in the same order; not inlined.
    public struct Baseline: Sendable {
        public enum Leaf: Sendable { case a111, a112, b111, b112 }
        public var leaf: Leaf = .a111
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch (leaf, event) {
            case (.a111, .x):
                context.a111Out += 1; context.a11Out += 1; context.a1Out += 1; context.aOut += 1
                context.bIn += 1; context.b1In += 1; context.b11In += 1; context.b112In += 1
                leaf = .b112
                return true
            case (.b112, .x):
                context.b112Out += 1; context.b11Out += 1; context.b1Out += 1; context.bOut += 1
                context.aIn += 1; context.a1In += 1; context.a11In += 1; context.a111In += 1
                leaf = .a111
                return true
            default:
                return false
            }
        }
    }

    /// The action-call floor (see ``FloorPlan``): the baseline's `switch`, its eight counters run
    /// as closures called out of line one by one, in the same order, as a chart calls its entry
    /// and exit actions.
    public struct ClosureFloor: Sendable {
        public var leaf: Baseline.Leaf = .a111
        public var context = Context()
        /// A111 → B112 at 0..<8, B112 → A111 at 8..<16.
        let plan = FloorPlan<Context>([
            FloorAction { $0.a111Out += 1 }, FloorAction { $0.a11Out += 1 }, FloorAction { $0.a1Out += 1 },
            FloorAction { $0.aOut += 1 }, FloorAction { $0.bIn += 1 }, FloorAction { $0.b1In += 1 },
            FloorAction { $0.b11In += 1 }, FloorAction { $0.b112In += 1 },
            FloorAction { $0.b112Out += 1 }, FloorAction { $0.b11Out += 1 }, FloorAction { $0.b1Out += 1 },
            FloorAction { $0.bOut += 1 }, FloorAction { $0.aIn += 1 }, FloorAction { $0.a1In += 1 },
            FloorAction { $0.a11In += 1 }, FloorAction { $0.a111In += 1 },
        ])
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch (leaf, event) {
            case (.a111, .x):
                leaf = .b112
                plan.run(0, 8, &context)
                return true
            case (.b112, .x):
                leaf = .a111
                plan.run(8, 8, &context)
                return true
            default:
                return false
            }
        }
    }

    /// A second floor: the eight counters as functions the `switch` calls directly (known at
    /// compile time, not inlined). What actions would cost if the compiler knew them but could
    /// not inline them.
    public struct CallFloor: Sendable {
        public var leaf: Baseline.Leaf = .a111
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch (leaf, event) {
            case (.a111, .x):
                Self.a111Out(&context); Self.a11Out(&context); Self.a1Out(&context); Self.aOut(&context)
                Self.bIn(&context); Self.b1In(&context); Self.b11In(&context); Self.b112In(&context)
                leaf = .b112
                return true
            case (.b112, .x):
                Self.b112Out(&context); Self.b11Out(&context); Self.b1Out(&context); Self.bOut(&context)
                Self.aIn(&context); Self.a1In(&context); Self.a11In(&context); Self.a111In(&context)
                leaf = .a111
                return true
            default:
                return false
            }
        }

        @inline(never) static func a111Out(_ c: inout Context) { c.a111Out += 1 }
        @inline(never) static func a11Out(_ c: inout Context) { c.a11Out += 1 }
        @inline(never) static func a1Out(_ c: inout Context) { c.a1Out += 1 }
        @inline(never) static func aOut(_ c: inout Context) { c.aOut += 1 }
        @inline(never) static func bIn(_ c: inout Context) { c.bIn += 1 }
        @inline(never) static func b1In(_ c: inout Context) { c.b1In += 1 }
        @inline(never) static func b11In(_ c: inout Context) { c.b11In += 1 }
        @inline(never) static func b112In(_ c: inout Context) { c.b112In += 1 }
        @inline(never) static func b112Out(_ c: inout Context) { c.b112Out += 1 }
        @inline(never) static func b11Out(_ c: inout Context) { c.b11Out += 1 }
        @inline(never) static func b1Out(_ c: inout Context) { c.b1Out += 1 }
        @inline(never) static func bOut(_ c: inout Context) { c.bOut += 1 }
        @inline(never) static func aIn(_ c: inout Context) { c.aIn += 1 }
        @inline(never) static func a1In(_ c: inout Context) { c.a1In += 1 }
        @inline(never) static func a11In(_ c: inout Context) { c.a11In += 1 }
        @inline(never) static func a111In(_ c: inout Context) { c.a111In += 1 }
    }
}
