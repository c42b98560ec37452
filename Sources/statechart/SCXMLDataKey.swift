import StatechartsSCXML

/// The values of a chart's `<data>` variables, as JSON, so that `paths` tells apart situations
/// whose data differ.
struct SCXMLDataKey: Sendable {
    /// An expression reading each variable, numbered after the chart's own expressions.
    private let reads: [SCXMLExpression]

    init(_ chart: SCXMLChart) {
        let ids = chart.document.data.map(\.id) + chart.document.allStates.flatMap { $0.data.map(\.id) }
        let base = chart.expressions.count
        reads = ids.enumerated().map { i, id in
            SCXMLExpression(id: base + i, kind: .value, source: id, position: chart.document.position)
        }
    }

    /// Whether the chart has no variables.
    var isEmpty: Bool { reads.isEmpty }

    /// The variables' values in `context` (an unreadable one counts as `?`).
    func key(of context: SCXMLContext) -> AnyHashable {
        AnyHashable(reads.map { read in
            (try? context.session.dataModel.evaluateValue(read)).flatMap(\.json) ?? "?"
        })
    }
}
