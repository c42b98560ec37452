extension Statechart {
    /// What `state` invokes while it is active, in document order: each invocation's name
    /// (`"invoke"` for unnamed ones). For diagrams.
    public func invocationNames(of state: StateID) -> [String] {
        guard let s = stateIndex[state] else { return [] }
        return (invocations[s] ?? []).map { invocation in
            invocation.name ?? "invoke"
        }
    }
}
