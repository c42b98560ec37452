import Statecharts

/// W9 hierarchical player: a media player, states two levels deep below the top.
///
///     Stopped
///     Active{ Playing{ NormalSpeed, FastForwarding, Rewinding }, Paused }
///
/// `play` goes Stopped→Active (entering Playing and NormalSpeed by default). Playing's children
/// move among themselves: `fastForward` and `rewind` go to FastForwarding and Rewinding, `play`
/// back to NormalSpeed. The parents handle the rest: Playing's `pause` leaves whichever child is
/// active for Paused, Paused's `resume` enters Playing again (NormalSpeed), and Active's `stop`
/// exits the leaf, Playing and Active for Stopped; `next` and `previous` are Active's targetless
/// transitions, which change the track without leaving any state. Every transition has an action:
/// the moves count in `count`, `next` and `previous` move `track`.
///
/// The events are a fixed pseudo-random stream over the eight events (``events(count:)``), in
/// which 457 of the 1,000 are refused: most in Stopped, which takes only `play`, and in Paused,
/// which takes neither `play`, `pause`, `fastForward` nor `rewind`.
public enum W9 {
    public enum S: Hashable, Sendable {
        case stopped, active, playing, normalSpeed, fastForwarding, rewinding, paused
    }
    public enum E: StatechartEvent, Hashable, CaseIterable {
        case play, pause, resume, stop, fastForward, rewind, next, previous
    }
    public struct Context: Sendable, Equatable {
        /// Transitions taken between states.
        public var count = 0
        /// The track: `next` adds one, `previous` takes one away.
        public var track = 0
        public init() {}
    }

    /// How many events of ``events(count:)``'s default batch the player accepts (the rest, 457,
    /// are refused); checked by ``WorkloadCheck``.
    public static let acceptedPerBatch = 543

    /// The chart: ``W9Compiled``'s definition (the compiled twin), compiled as a table chart.
    public static func makeChart() -> Statechart<S, E, Context> {
        try! Statechart<S, E, Context>(W9Compiled.definition)
    }

    /// The events a batch draws from, each as often as it appears: `stop` 1 time in 32, `play`,
    /// `pause`, `fastForward` and `rewind` 4 times, `resume`, `next` and `previous` 5 times.
    static let weighted: [E] =
        Array(repeating: .play, count: 4) + Array(repeating: .pause, count: 4) + Array(repeating: .resume, count: 5)
        + [.stop] + Array(repeating: .fastForward, count: 4) + Array(repeating: .rewind, count: 4)
        + Array(repeating: .next, count: 5) + Array(repeating: .previous, count: 5)

    /// One batch: event i is drawn from the 32 weighted slots by ``streamHash(_:)``'s top five
    /// bits, the same stream in every run.
    public static func events(count: Int = eventsPerBatch) -> [E] {
        eventStream(count: count) { weighted[Int(streamHash($0) >> 59)] }
    }

    /// The hand-written baseline: the active leaf, a `switch` on it for the leaves' own
    /// transitions, then Playing's and Active's transitions for the events no leaf took, with the
    /// same actions; not inlined.
    public struct Baseline: Sendable {
        public enum Leaf: Sendable { case stopped, normalSpeed, fastForwarding, rewinding, paused }
        public var leaf = Leaf.stopped
        public var context = Context()
        public init() {}

        /// The state of the chart this leaf stands for.
        public var state: S {
            switch leaf {
            case .stopped: .stopped
            case .normalSpeed: .normalSpeed
            case .fastForwarding: .fastForwarding
            case .rewinding: .rewinding
            case .paused: .paused
            }
        }

        @inline(never)
        public mutating func send(_ event: E) -> Bool {
            switch leaf {
            case .stopped:
                if event == .play { leaf = .normalSpeed; context.count += 1; return true }
                return false
            case .normalSpeed:
                if event == .fastForward { leaf = .fastForwarding; context.count += 1; return true }
                if event == .rewind { leaf = .rewinding; context.count += 1; return true }
            case .fastForwarding:
                if event == .rewind { leaf = .rewinding; context.count += 1; return true }
                if event == .play { leaf = .normalSpeed; context.count += 1; return true }
            case .rewinding:
                if event == .fastForward { leaf = .fastForwarding; context.count += 1; return true }
                if event == .play { leaf = .normalSpeed; context.count += 1; return true }
            case .paused:
                if event == .resume { leaf = .normalSpeed; context.count += 1; return true }
            }
            // Playing's transition (every leaf but Paused is in Playing), then Active's.
            if event == .pause && leaf != .paused { leaf = .paused; context.count += 1; return true }
            switch event {
            case .stop: leaf = .stopped; context.count += 1; return true
            case .next: context.track += 1; return true
            case .previous: context.track -= 1; return true
            default: return false
            }
        }
    }
}
