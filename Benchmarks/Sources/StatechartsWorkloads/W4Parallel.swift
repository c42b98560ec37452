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
}
