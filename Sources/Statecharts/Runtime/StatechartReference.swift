/// A chart of any types, for tools that hold charts of several types together (the charts of an
/// instance's invoked children, say) and open each with a generic function:
///
/// ```swift
/// func draw<Chart: StatechartReference>(_ chart: Chart) -> String { chart.statechart.name }
/// let names = instance.invokedSessions.compactMap { $0.chart.map { draw($0) } }
/// ```
public protocol StatechartReference: Sendable {
    /// The chart's state type.
    associatedtype StateID: Hashable & Sendable
    /// The chart's event type.
    associatedtype Event: StatechartEvent
    /// The chart's context type.
    associatedtype Context
    /// The chart.
    var statechart: Statechart<StateID, Event, Context> { get }
}

extension Statechart: StatechartReference {
    /// The chart itself.
    public var statechart: Statechart<StateID, Event, Context> { self }
}
