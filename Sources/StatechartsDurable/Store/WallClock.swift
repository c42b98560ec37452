import Foundation

/// The wall clock a store reads: milliseconds since 1970. Durable instances' clocks follow it
/// (see ``DurableStore``); tests pass a clock they move by hand.
public struct WallClock: Sendable {
    /// The current time, in milliseconds since 1970.
    public let milliseconds: @Sendable () -> Int64

    /// A clock reading `milliseconds`.
    public init(milliseconds: @escaping @Sendable () -> Int64) {
        self.milliseconds = milliseconds
    }

    /// The system's clock.
    public static let system = WallClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}

extension Duration {
    /// Whole milliseconds, rounded up (a due time is never moved earlier). `package`: the
    /// command-line tool prints due times the same way.
    package var millisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let millis = attoseconds / 1_000_000_000_000_000
        let rest = attoseconds % 1_000_000_000_000_000
        return seconds.multipliedReportingOverflow(by: 1000).overflow
            ? Int64.max
            : (seconds * 1000).addingReportingOverflow(millis + (rest > 0 ? 1 : 0)).partialValue
    }
}
