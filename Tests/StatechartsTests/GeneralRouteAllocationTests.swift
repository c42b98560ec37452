// Optimized builds only (`swift test -c release`): unoptimized code allocates where optimized code
// does not (unspecialized generics, their accessors' coroutine frames), about 24 times an event.
#if canImport(Glibc) && !DEBUG
import MallocCounter
import Testing
import Statecharts

/// The general route (SCXML's algorithm, taken while a parallel state is active) allocates
/// nothing once an instance has warmed up: a chart like Examples/Embedded's traffic light, whose
/// regions' entry actions send delayed events with ids and whose exit actions cancel them.
@Suite("General route allocations")
struct GeneralRouteAllocationTests {
    enum Light: Hashable, Sendable { case operating, cycle, red, green, yellow, pedestrian, dontWalk, waiting, walk }
    enum Signal: StatechartEvent, Hashable { case timer, button, walkOver }

    static func chart() throws -> Statechart<Light, Signal, Int> {
        try Statechart<Light, Signal, Int> {
            Parallel(.operating) {
                State(.cycle, initial: .red) {
                    State(.red) {
                        OnEntry { count, _, outbox in
                            count += 1
                            outbox.send(.timer, after: .seconds(30), id: "phase")
                        }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .green)
                    }
                    State(.green) {
                        OnEntry { _, _, outbox in outbox.send(.timer, after: .seconds(25), id: "phase") }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .yellow)
                    }
                    State(.yellow) {
                        OnEntry { _, _, outbox in outbox.send(.timer, after: .seconds(5), id: "phase") }
                        OnExit { _, _, outbox in outbox.cancel("phase") }
                        On(.timer, to: .red)
                    }
                }
                State(.pedestrian, initial: .dontWalk) {
                    State(.dontWalk) { On(.button, to: .waiting) }
                    State(.waiting) { Always(to: .walk, whenIn: [.red]) }
                    State(.walk) {
                        OnEntry { _, _, outbox in outbox.send(.walkOver, after: .seconds(10), id: "walk") }
                        OnExit { _, _, outbox in outbox.cancel("walk") }
                        On(.walkOver, to: .dontWalk)
                    }
                }
            }
        }
    }

    @Test("sending to a warmed-up instance allocates nothing")
    func noAllocationsPerEvent() throws {
        var light = try Self.chart().start(context: 0)
        let round: [Signal] = [.timer, .timer, .timer, .button, .walkOver]
        // Warming up: scratch buffers and queues reach their size.
        for _ in 0..<10 { for signal in round { _ = light.send(signal) } }
        malloc_counter_start()
        for _ in 0..<40 { for signal in round { _ = light.send(signal) } }
        let allocations = malloc_counter_stop()
        #expect(allocations == 0, "200 events called malloc \(allocations) times")
        #expect(light.isActive(.red) && light.isActive(.dontWalk))
        #expect(light.context == 51)
    }
}
#endif
