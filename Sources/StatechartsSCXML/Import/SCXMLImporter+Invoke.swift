import Statecharts

/// An `<invoke>` ready to run: its expressions registered, its inline document kept with the
/// chart compiled from it (once, on first use).
struct SCXMLCompiledInvoke: Sendable {
    var type: String?
    var typeExpression: SCXMLExpression?
    var src: String?
    var srcExpression: SCXMLExpression?
    var idLocation: SCXMLExpression?
    var namelist: [(name: String, value: SCXMLExpression)]
    var params: [(name: String, value: SCXMLExpression)]
    var document: SCXMLDocument?
    var contentExpression: SCXMLExpression?
    var sources: SCXMLSourceLoader
    var dataModels: [SCXMLDataModelFactory]
    var position: SCXMLSourcePosition
    /// The chart of the inline document, compiled on first use.
    let compiled = SCXMLChildChartCache()
}

/// The chart of an inline `<content>` document, compiled once and shared by every start.
final class SCXMLChildChartCache: Sendable {
    private let chart = Locked<SCXMLChart?>(nil)

    func chart(_ make: () throws(SCXMLError) -> SCXMLChart) throws(SCXMLError) -> SCXMLChart {
        if let cached = chart.withLock({ $0 }) { return cached }
        let made = try make()
        chart.withLock { $0 = made }
        return made
    }
}

extension SCXMLImporter {
    /// The invocations of a state: each `<invoke>` as a ``ChartInvocation`` the core runs.
    mutating func invocations(_ element: SCXMLState) -> [Invocation<SCXMLEvent, SCXMLContext>] {
        element.invokes.map { invoke in
            let at = invoke.position
            let compiled = SCXMLCompiledInvoke(
                type: invoke.type, typeExpression: invoke.typeExpression.map { compiler.table.add(.value, $0, at: at) },
                src: invoke.src, srcExpression: invoke.srcExpression.map { compiler.table.add(.value, $0, at: at) },
                idLocation: invoke.idLocation.map { compiler.table.add(.location, $0, at: at) },
                namelist: invoke.namelist.map { ($0, compiler.table.add(.value, $0, at: at)) },
                params: invoke.params.map { compiler.compile($0) },
                document: { if case .document(let document)? = invoke.content { return document } else { return nil } }(),
                contentExpression: { if case .expression(let e)? = invoke.content { return compiler.table.add(.value, e, at: at) } else { return nil } }(),
                sources: invoke.sources, dataModels: dataModels, position: at)
            let finalize = block(invoke.finalize).first
            let chart = ChartInvocation<SCXMLEvent, SCXMLContext>(
                id: invoke.id, autoforward: invoke.autoforward, finalize: finalize
            ) { context, id, outbox in
                context.session.invoke(compiled, id: id, outbox: &outbox)
            }
            return Invocation(Self.describe(invoke), chart: chart)
        }
    }

    /// What an `<invoke>` runs, for diagrams: `ID: SRC`, `ID: <scxml NAME>`, …
    static func describe(_ invoke: SCXMLInvoke) -> String {
        let what: String
        if let src = invoke.src {
            what = src
        } else if let expression = invoke.srcExpression {
            what = "srcexpr " + expression
        } else {
            switch invoke.content {
            case .document(let document)?: what = "<scxml" + (document.name.map { " " + $0 } ?? "") + ">"
            case .expression(let expression)?: what = "content " + expression
            case nil: what = "?"
            }
        }
        return (invoke.id.map { $0 + ": " } ?? "") + what
    }
}

