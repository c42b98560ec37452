extension Duration {
    /// The clock advance `statechart run` takes for this duration: `+30s` when it is whole
    /// seconds, else `+1500ms`, milliseconds rounded up so that a delayed event due at this
    /// duration falls due. For the modules of this package that print runs (test paths,
    /// counterexamples).
    package var advanceText: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "+\(seconds)s" }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return "+\(seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond)ms"
    }
}
