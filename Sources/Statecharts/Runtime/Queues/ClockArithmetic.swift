extension Duration {
    /// The latest time an instance's clock can show: `Int64.max` seconds (about 292 billion
    /// years). Clock arithmetic saturates here instead of trapping, and a snapshot's times must
    /// lie in `0...clockMaximum`. (A `Duration` can hold more, but its `components` trap beyond
    /// `Int64.max` seconds.)
    static let clockMaximum = Duration.seconds(Int64.max)

    /// `self + other`, for a clock time `self` in `0...clockMaximum` and a non-negative `other`,
    /// saturating at ``clockMaximum``.
    @usableFromInline
    func adding(saturating other: Duration) -> Duration {
        guard other > .zero else { return self }
        return other >= Duration.clockMaximum - self ? Duration.clockMaximum : self + other
    }
}
