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
    @inlinable var now: Duration { .nanoseconds(nanosecondsNow) }

    /// ``now`` in nanoseconds, as a step records it (one load, no conversion).
    @inlinable var nanosecondsNow: Int64 { nanoseconds.load(ordering: .relaxed) }

    /// A time read from this clock (whole nanoseconds), in nanoseconds.
    @inlinable
    static func nanoseconds(of time: Duration) -> Int64 {
        let (seconds, attoseconds) = time.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// Writes the exact time (the background task's tick).
    func tick() {
        nanoseconds.store(Self.nanoseconds(of: origin.duration(to: .now)), ordering: .relaxed)
    }
}
