import Statecharts
import StatechartsCompiled

// A traffic light with a pedestrian crossing and a night mode: the chart the firmware in
// Examples/Embedded runs on a Cortex-M4 and the host runs on Linux, with the same events. It has
// nested states (the cycle inside the traffic region), a parallel state (traffic and pedestrian
// regions), a history state (night mode returns to the light it left) and delayed events (every
// phase ends on a timer of the instance's virtual clock).

/// The light's states.
public enum Light: Hashable, Sendable {
    case operating, traffic, cycle, resume, red, green, yellow, night
    case pedestrian, dontWalk, waiting, walk

    /// The state's name, for traces: Embedded Swift cannot print an enum's case names.
    public var name: String {
        switch self {
        case .operating: "operating"
        case .traffic: "traffic"
        case .cycle: "cycle"
        case .resume: "resume"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .night: "night"
        case .pedestrian: "pedestrian"
        case .dontWalk: "dontWalk"
        case .waiting: "waiting"
        case .walk: "walk"
        }
    }
}

/// What happens to the light: its own timers, the pedestrian's button, the night switch.
public enum Signal: StatechartEvent, Hashable, CaseIterable {
    case timer, button, nightOn, nightOff, blink, walkOver

    /// The event's name, for traces.
    public var label: String {
        switch self {
        case .timer: "timer"
        case .button: "button"
        case .nightOn: "nightOn"
        case .nightOff: "nightOff"
        case .blink: "blink"
        case .walkOver: "walkOver"
        }
    }
}

/// What the light counts.
public struct Counters: Sendable, Equatable {
    /// Red phases begun.
    public var cycles = 0
    /// Pedestrian crossings.
    public var walks = 0
    /// Button presses that started a wait.
    public var requests = 0
    /// Night-mode blinks.
    public var blinks = 0

    /// Counts nothing yet.
    public init() {}
}

/// The phases' lengths.
public enum Timing {
    public static let red: Duration = .seconds(30)
    public static let green: Duration = .seconds(25)
    public static let yellow: Duration = .seconds(5)
    public static let walk: Duration = .seconds(10)
    public static let blink: Duration = .seconds(1)
}

/// The chart, compiled into Swift when the package builds (`@CompiledStatechart`): the firmware
/// runs it both ways, as generated code and as the plain chart's tables.
@CompiledStatechart
public enum TrafficLightChart {
    public typealias StateID = Light
    public typealias Event = Signal
    public typealias Context = Counters

    public static let definition = Definition("traffic light") {
        Parallel(.operating) {
            State(.traffic, initial: .cycle) {
                State(.cycle, initial: .red) {
                    // Leaves the cycle, which its history remembers; the pedestrian region stays.
                    On(.nightOn, to: .night)
                    History(.resume, .shallow, default: .red)
                    State(.red) {
                        OnEntry { counters, _, outbox in
                            counters.cycles += 1
                            outbox.send(.timer, after: Timing.red, id: "phase")
                        }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .green)
                    }
                    State(.green) {
                        OnEntry { _, _, outbox in outbox.send(.timer, after: Timing.green, id: "phase") }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .yellow)
                    }
                    State(.yellow) {
                        OnEntry { _, _, outbox in outbox.send(.timer, after: Timing.yellow, id: "phase") }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .red)
                    }
                }
                State(.night) {
                    OnEntry { _, _, outbox in outbox.send(.blink, after: Timing.blink, id: "blink") }
                    OnExit { _, _, outbox in outbox.cancel("blink") }
                    On(.blink, to: .night, guard: Guard("blinking") { $0.blinks < 10_000 }) { $0.blinks += 1 }
                    On(.nightOff, to: .resume)
                }
            }
            State(.pedestrian, initial: .dontWalk) {
                State(.dontWalk) {
                    On(.button, to: .waiting) { $0.requests += 1 }
                }
                State(.waiting) {
                    Always(to: .walk, whenIn: [.red])
                }
                State(.walk) {
                    OnEntry { counters, _, outbox in
                        counters.walks += 1
                        outbox.send(.walkOver, after: Timing.walk, id: "walk")
                    }
                    OnExit { _, _, outbox in outbox.cancel("walk") }
                    On(.walkOver, to: .dontWalk)
                }
            }
        }
    }
}

/// The chart as a plain ``Statechart``: the same definition, run from tables.
public func trafficLight() throws(CompiledChartError) -> Statechart<Light, Signal, Counters> {
    try TrafficLightChart.statechart
}
