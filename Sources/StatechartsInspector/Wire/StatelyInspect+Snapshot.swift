// An instance's state as an XState snapshot, for Stately Inspect's actor and snapshot messages.

import Statecharts
import StatechartsSCXML

extension StatelyInspect {
    /// An XState snapshot: `{"status", "value", "context"}`, with `output` when the status is
    /// `done` and `error` when it is `error`.
    ///
    /// `value` is the active configuration as XState writes it
    /// (``stateValue(of:activeStates:)``). Members whose value is `undefined` are left out, as
    /// `JSON.stringify` leaves them out of XState's own snapshots.
    ///
    /// - Parameters:
    ///   - chart: the instance's chart.
    ///   - activeStates: its active states, in any order (an instance's `configuration`).
    ///   - status: whether it runs, finished, failed or was stopped.
    ///   - context: its context as JSON, or `undefined` for none.
    ///   - output: what it finished with (SCXML's top-level `<donedata>`), for `done`.
    ///   - error: why it failed, for `error`.
    public static func snapshotValue<StateID, Event, Context>(
        of chart: Statechart<StateID, Event, Context>,
        activeStates: [StateID],
        status: Status = .active,
        context: SCXMLValue = .undefined,
        output: SCXMLValue = .undefined,
        error: SCXMLValue = .undefined
    ) -> SCXMLValue {
        var members: [SCXMLValue.Member] = [
            .init("status", .string(status.rawValue)),
            .init("value", stateValue(of: chart, activeStates: activeStates)),
        ]
        if context != .undefined { members.append(.init("context", context)) }
        if status == .done, output != .undefined { members.append(.init("output", output)) }
        if status == .error, error != .undefined { members.append(.init("error", error)) }
        return .object(members)
    }

    /// XState's state value of a configuration: a compound state whose active child is atomic
    /// (or final) is that child's key, `"idle"`; one whose active child has children is an
    /// object with that child's key, `{"checkout": "payment"}`; a parallel state is an object
    /// with every region's key, `{"left": "on", "right": "off"}`, an atomic region's value being
    /// `{}`. The chart's root is a compound state; states are keyed by `String(describing:)`.
    public static func stateValue<StateID, Event, Context>(
        of chart: Statechart<StateID, Event, Context>,
        activeStates: [StateID]
    ) -> SCXMLValue {
        let active = Set(activeStates)
        func value(of state: StateID?) -> SCXMLValue {
            let children = chart.children(of: state).filter { active.contains($0) }
            let isCompound = state.map { chart.kind(of: $0) == .compound } ?? true
            if isCompound, let child = children.first, chart.kind(of: child) == .atomic || chart.kind(of: child) == .final {
                return .string(String(describing: child))
            }
            return .object(children.map { .init(String(describing: $0), value(of: $0)) })
        }
        return value(of: nil)
    }
}
