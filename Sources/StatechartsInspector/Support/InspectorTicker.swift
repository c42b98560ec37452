import Foundation
import Synchronization

/// Keeps the inspector's time: every 2 ms it writes the coarse clock, and every 10 ms it lets the
/// instances on real time fire what fell due. On a thread of its own, so that nothing the
/// server's event loop waits for (a diagram being laid out, under Graphviz's process-wide lock)
/// holds time up.
final class InspectorTicker: Sendable {
    private let stopped = Atomic<Bool>(false)

    init(clock: CoarseClock, registry: InspectorRegistry) {
        let thread = Thread { [self] in
            var ticks = 0
            while !stopped.load(ordering: .relaxed) {
                clock.tick()
                ticks &+= 1
                if ticks % 5 == 0 { registry.catchUpLive(at: clock.now) }
                usleep(2_000)
            }
        }
        thread.name = "StatechartInspector ticker"
        clock.tick()
        thread.start()
    }

    /// Ends the thread (within one tick).
    func stop() { stopped.store(true, ordering: .relaxed) }
}
