import Statecharts
import StatechartsGraphviz
import StatechartsSCXML

/// Each chart's diagram, rendered once as SVG (Graphviz lays a chart out the same way every
/// time; the page colours the active states and the last transitions itself), and the `chart`
/// message built around it. Rendering once per chart keeps the page fast and the process's
/// memory flat: libgvc leaks a little on every layout of a chart with clusters.
final class DiagramCache: Sendable {
    /// Each chart's message, with the chart itself held weakly: a chart freed and another made at
    /// its address must not find the first one's diagram.
    private let messages = Locked<[ObjectIdentifier: (chart: WeakChart, message: SCXMLValue)]>([:])
    let limits: DiagramLimits

    init(limits: DiagramLimits) { self.limits = limits }

    /// The `chart` message for an instance of `chart`.
    func chartMessage<S, E, C>(for chart: Statechart<S, E, C>, instance id: String) -> SCXMLValue {
        let key = ObjectIdentifier(chart)
        let body: SCXMLValue
        if let cached = messages.withLock({ $0[key] }), cached.chart.value === chart {
            body = cached.message
        } else {
            body = Self.describe(chart, limits: limits)
            messages.withLock { messages in
                messages = messages.filter { $0.value.chart.value != nil }
                messages[key] = (WeakChart(chart), body)
            }
        }
        guard case .object(let members) = body else { return body }
        return .object([.init("type", .string("chart")), .init("instance", .string(id))] + members)
    }

    static func describe<S, E, C>(_ chart: Statechart<S, E, C>, limits: DiagramLimits) -> SCXMLValue {
        var svg: SCXMLValue = .null
        var svgError: SCXMLValue = .null
        var options = DiagramOptions()
        options.elementClasses = true
        do {
            let rendered = try chart.renderDiagram(format: .svg, options: options, limits: limits)
            svg = .string(Self.svgElement(String(decoding: rendered.bytes, as: UTF8.self)))
        } catch {
            svgError = .string(String(describing: error))
        }
        let states: [SCXMLValue] = chart.states.map { state in
            .members([
                "name": .string(String(describing: state)),
                "path": .text(chart.path(of: state)),
                "kind": .string(String(describing: chart.kind(of: state) ?? .atomic)),
                "class": .text(chart.diagramClass(of: state)),
            ])
        }
        let transitions: [SCXMLValue] = chart.allTransitions.compactMap { id in
            guard let description = chart.transition(id) else { return nil }
            return .members([
                "id": .int(id.rawValue),
                "source": .text(description.source.map { String(describing: $0) }),
                "targets": .texts(description.targets.map { String(describing: $0) }),
                "events": .texts(description.events.map { String(describing: $0) }),
                "text": .string(TraceRecorder<S, E>.transitionLine(id, in: chart) ?? id.description),
                "class": .text(chart.diagramClass(of: id)),
            ])
        }
        return .members([
            "name": .string(chart.name), "svg": svg, "svgError": svgError,
            "states": .array(states), "transitions": .array(transitions),
            "events": .texts(chart.declaredEventNames.map { String(describing: $0) }),
        ])
    }

    /// The `<svg>` element alone: Graphviz writes an XML declaration and a DOCTYPE before it.
    static func svgElement(_ document: String) -> String {
        guard let start = document.range(of: "<svg") else { return document }
        return String(document[start.lowerBound...])
    }
}

/// A chart held weakly.
struct WeakChart: @unchecked Sendable {
    // @unchecked: charts are Sendable; the reference is only compared and never used otherwise.
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}
