import Statecharts
import StatechartsCompiled

/// One step of the example's run: an event sent, or the virtual clock moved on (delivering the
/// delayed events that fall due, each with its macrostep).
public enum ScriptStep: Sendable {
    case send(Signal)
    case advance(seconds: Int)
}

/// The run the firmware and the host both make.
public let trafficScript: [ScriptStep] = [
    .send(.button),            // red: the pedestrian walks at once
    .advance(seconds: 10),     // walk over
    .advance(seconds: 20),     // red over: green
    .send(.button),            // waits for red
    .advance(seconds: 25),     // yellow
    .advance(seconds: 5),      // red again: the waiting pedestrian walks
    .send(.nightOn),           // night mode, from red
    .advance(seconds: 3),      // three blinks; the walk ends meanwhile
    .advance(seconds: 10),
    .send(.nightOff),          // back through the history: red
    .send(.button),
    .advance(seconds: 65),     // a whole cycle and more
    .send(.timer),             // the light's own timer, sent early: the cycle moves on
    .send(.nightOn),
    .send(.nightOn),           // refused: night already
    .send(.nightOff),
]

/// The line printed after a step: its number, what happened, the active leaves in document order
/// and the counters. The firmware and the host print exactly these lines.
public func traceLine(_ number: Int, _ what: String, _ instance: StatechartInstance<Light, Signal, Counters>) -> String {
    var line = "\(number) \(what):"
    for leaf in instance.activeLeaves { line += " " + leaf.name }
    let c = instance.context
    line += " | cycles=\(c.cycles) walks=\(c.walks) requests=\(c.requests) blinks=\(c.blinks)"
    line += " now=\(instance.now.components.seconds)s pending=\(instance.pendingDelayedEventCount)"
    return line
}

/// What a step's result says: the event and whether it was taken.
public func describeSend(_ signal: Signal, _ result: SendResult) -> String {
    switch result.outcome {
    case .transitioned: return "send \(signal.label) took \(result.transitions.count)"
    case .ignored: return "send \(signal.label) ignored"
    case .notRunning: return "send \(signal.label) not running"
    }
}

/// What the script needs of a running light: a plain instance or a compiled one.
public protocol TrafficLightDriver {
    /// Sends an event and runs its macrostep.
    mutating func send(_ event: Signal) -> SendResult
    /// Advances the clock, handing each delivery to `onDelivery`.
    mutating func advanceClock(by duration: Duration, limit: Int, onDelivery: (DelayedDelivery<Signal>) -> Void) -> Int
    /// The plain instance, for the trace.
    var plain: StatechartInstance<Light, Signal, Counters> { get }
}

extension StatechartInstance: TrafficLightDriver where StateID == Light, Event == Signal, Context == Counters {
    /// The instance itself.
    public var plain: StatechartInstance<Light, Signal, Counters> { self }
}

extension CompiledInstance: TrafficLightDriver where Chart == TrafficLightChart {
    /// The compiled instance's plain instance.
    public var plain: StatechartInstance<Light, Signal, Counters> { instance }
}

/// Runs ``trafficScript`` on a started light, calling `emit` with each line of the trace.
/// `measure` wraps each call that changes the instance (every send and every clock advance), so
/// that the firmware can count what they allocate: the trace's lines are made outside it.
public func runTrafficScript<Driver: TrafficLightDriver>(
    _ light: inout Driver,
    emit: (String) -> Void,
    measure: (() -> Void) -> Void
) {
    emit(traceLine(0, "start", light.plain))
    // Room for every delivery of one advance, reserved before the measured calls.
    var deliveries: [DelayedDelivery<Signal>] = []
    deliveries.reserveCapacity(32)
    for (index, step) in trafficScript.enumerated() {
        switch step {
        case .send(let signal):
            var result: SendResult?
            measure { result = light.send(signal) }
            if let result { emit(traceLine(index + 1, describeSend(signal, result), light.plain)) }
        case .advance(let seconds):
            deliveries.removeAll(keepingCapacity: true)
            measure {
                _ = light.advanceClock(by: .seconds(seconds), limit: 100_000, onDelivery: { delivery in
                    if deliveries.count < deliveries.capacity { deliveries.append(delivery) }
                })
            }
            for delivery in deliveries {
                emit("  at \(delivery.time.components.seconds)s " + describeSend(delivery.event, delivery.result))
            }
            emit(traceLine(index + 1, "advance \(seconds)s", light.plain))
        }
    }
}

/// The events of the measured loop: a whole cycle of the light and a crossing, sent 200 times
/// (1,000 events) by the firmware and by the C machine to count instructions per event.
public let measuredEvents: [Signal] = [.timer, .timer, .timer, .button, .walkOver]
