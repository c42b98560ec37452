import Statecharts
import StatechartsCompiled

// The traffic light of Examples/Embedded as a WebAssembly module (Embedded Swift, no WASI
// needed but fd_write for printing): `_start` prints the same traces as the host; the `sim_*`
// exports are what the simulator page calls, on the compiled chart (its guards and actions run
// as generated code). States and events are numbered in their declaration order (`Light`,
// `Signal`); the page's script names them in that order.

nonisolated(unsafe) var light: CompiledInstance<TrafficLightChart>?

/// The state with number `index`, in `Light`'s declaration order.
let states: [Light] = [.operating, .traffic, .cycle, .resume, .red, .green, .yellow, .night,
                       .pedestrian, .dontWalk, .waiting, .walk]
/// The event with number `index`, in `Signal`'s declaration order.
let signals: [Signal] = Signal.allCases.map { $0 }

/// Starts (or restarts) the light; 1, or 0 when the chart is wrong.
@_cdecl("sim_start")
func simStart() -> Int32 {
    guard let started = try? TrafficLightChart.start(context: Counters()) else { return 0 }
    light = started
    return 1
}

/// Sends event `index`: the number of transitions taken (0 when ignored), or -1 for no such
/// event or no light.
@_cdecl("sim_send")
func simSend(_ index: Int32) -> Int32 {
    guard signals.indices.contains(Int(index)), let result = light?.send(signals[Int(index)]) else { return -1 }
    return Int32(result.transitions.count)
}

/// Advances the clock by `seconds`: the number of delayed events delivered.
@_cdecl("sim_advance")
func simAdvance(_ seconds: Int32) -> Int32 {
    guard let delivered = light?.advanceClock(by: .seconds(Int(seconds)), onDelivery: { _ in }) else { return -1 }
    return Int32(delivered)
}

/// Whether state `index` is active.
@_cdecl("sim_is_active")
func simIsActive(_ index: Int32) -> Int32 {
    guard let light, states.indices.contains(Int(index)) else { return 0 }
    return light.isActive(states[Int(index)]) ? 1 : 0
}

/// Whether event `index` would be taken now.
@_cdecl("sim_can")
func simCan(_ index: Int32) -> Int32 {
    guard let light, signals.indices.contains(Int(index)) else { return 0 }
    return light.instance.can(signals[Int(index)]) ? 1 : 0
}

/// The clock, in seconds.
@_cdecl("sim_now")
func simNow() -> Int32 {
    Int32(light?.instance.now.components.seconds ?? 0)
}

/// The counters: 0 cycles, 1 walks, 2 requests, 3 blinks.
@_cdecl("sim_counter")
func simCounter(_ which: Int32) -> Int32 {
    guard let counters = light?.context else { return 0 }
    switch which {
    case 0: return Int32(counters.cycles)
    case 1: return Int32(counters.walks)
    case 2: return Int32(counters.requests)
    default: return Int32(counters.blinks)
    }
}

/// How many delayed events wait for the clock.
@_cdecl("sim_pending")
func simPending() -> Int32 {
    Int32(light?.instance.pendingDelayedEventCount ?? 0)
}

@main
struct TraceRun {
    /// The host's traces, plain and compiled (`wasmkit run` prints them; scripts/embedded.sh
    /// compares).
    static func main() {
        do {
            var plain = try trafficLight().start(context: Counters())
            print("== plain")
            runTrafficScript(&plain, emit: { print($0) }, measure: { $0() })
            var compiled = try TrafficLightChart.start(context: Counters())
            print("== compiled")
            runTrafficScript(&compiled, emit: { print($0) }, measure: { $0() })
        } catch {
            print("the chart is wrong")
        }
    }
}
