/// What every connection of the server shares: the attached instances and the clock.
struct InspectorHub: Sendable {
    let registry: InspectorRegistry
    let clock: CoarseClock
}
