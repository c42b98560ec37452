// Which transitions an event would take, asked without taking them.

extension StatechartInstance {
    /// The transitions that sending `event` now would take in its first microstep (SCXML's
    /// optimal enabled transition set for the event), in document order; empty when the event
    /// would be ignored or the instance is not running.
    ///
    /// Nothing happens: guards are evaluated on a copy of the context and whatever they raise is
    /// discarded; no action runs and the instance does not change. Transitions that would follow
    /// (eventless ones, raised events) are not included, since they depend on what the actions do.
    /// Describe the ids with ``Statechart/transition(_:)``:
    ///
    /// ```swift
    /// if let next = machine.enabledTransitions(for: .pay).first {
    ///     machine.chart.transition(next)?.targets   // where `.pay` would go
    /// }
    /// ```
    public func enabledTransitions(for event: Event) -> [TransitionID] {
        guard status == .running else { return [] }
        var probe = self
        probe.currentEvent = event
        let resolved = chart.resolve(event)
        if leaf >= 0 {
            let t = probe.firstEnabled(from: probe.leaf, resolved)
            return t >= 0 ? [TransitionID(rawValue: t)] : []
        }
        return probe.selectTransitions(resolved).sorted().map { TransitionID(rawValue: $0) }
    }
}
