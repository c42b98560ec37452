import Synchronization

/// A clock read on every recorded step for the price of one load: a background task writes the
/// time since the inspector started every few milliseconds (``resolution``), so a step's real
/// time is exact to within that. Reading `ContinuousClock.now` costs more than a whole `send`.
@usableFromInline
final class CoarseClock: Sendable {
    /// How often the time is written.
    static let resolution: Duration = .milliseconds(2)

    @usableFromInline let nanoseconds = Atomic<Int64>(0)
    /// When the inspector started.
    let origin = ContinuousClock.now
    /// The wall-clock time at `origin`, in seconds since 1970.
    let wallOrigin: Double

    init(wallOrigin: Double) { self.wallOrigin = wallOrigin }

    /// The time since `origin`, to within ``resolution``.
    @inlinable var now: Duration { .nanoseconds(nanoseconds.load(ordering: .relaxed)) }

    /// Writes the exact time (the background task's tick).
    func tick() {
        let elapsed = origin.duration(to: .now)
        let (seconds, attoseconds) = elapsed.components
        nanoseconds.store(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, ordering: .relaxed)
    }
}
