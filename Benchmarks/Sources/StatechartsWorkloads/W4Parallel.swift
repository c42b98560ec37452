import Statecharts

/// W4 parallel: a parallel state with 4 regions of 3 states each; one event (`step`) moves every
/// region to its next state, each transition with a counting action. Runs the region path (all
/// four region-local transitions taken together on the configuration's bits).
public enum W4 {
    public enum S: Hashable, Sendable {
        case machine
        case region(Int)
        case state(region: Int, index: Int)
    }
    public enum E: StatechartEvent, Hashable, CaseIterable { case step, unused }
    public struct Context: Sendable, Equatable {
        public var count = 0
        public init() {}
    }

    public static let regions = 4
    public static let statesPerRegion = 3

    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>("W4 parallel") {
            Parallel(.machine) {
                for r in 0..<regions {
                    State(.region(r)) {
                        for i in 0..<statesPerRegion {
                            State(.state(region: r, index: i)) {
                                On(.step, to: .state(region: r, index: (i + 1) % statesPerRegion)) { $0.count += 1 }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One batch: `step` every time.
    public static func events(count: Int = eventsPerBatch) -> [E] { eventStream(count: count) { _ in E.step } }

    /// The hand-written baseline: each region's state as a number, moved on in turn with its
    /// counting action, not inlined.
    public struct Baseline: Sendable {
        public var regions: (Int, Int, Int, Int) = (0, 0, 0, 0)
        public var context = Context()
        public init() {}

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            guard event == .step else { return false }
            regions.0 = regions.0 == 2 ? 0 : regions.0 + 1; context.count += 1
            regions.1 = regions.1 == 2 ? 0 : regions.1 + 1; context.count += 1
            regions.2 = regions.2 == 2 ? 0 : regions.2 + 1; context.count += 1
            regions.3 = regions.3 == 2 ? 0 : regions.3 + 1; context.count += 1
            return true
        }
    }
}
