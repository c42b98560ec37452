/// The clock a ``StatechartModel`` keeps its instance's time on, with its type erased: the time
/// since the model started, and a sleep until a time since then.
struct LiveClock: Sendable {
    /// The time since the model started.
    let elapsed: @Sendable () -> Duration
    /// Sleeps until the given time since the model started (throws when cancelled).
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { due in try await clock.sleep(until: origin.advanced(by: due), tolerance: nil) }
    }
}
