import Foundation
import Statecharts

/// `<invoke>` in the parent session: evaluates the invocation's attributes, finds and compiles
/// the child document, makes the child's session (its data initialized from `namelist` and
/// `<param>`) and links the two sessions for the SCXML Event I/O Processor.
extension SCXMLSession {
    /// The SCXML type URIs `<invoke>` accepts (the recommendation's, with and without the final
    /// slash, and the short `scxml`).
    static let invokeTypes: Set<String> = ["http://www.w3.org/TR/scxml/", "http://www.w3.org/TR/scxml", "scxml", scxmlProcessorType]

    /// Starts the child session of `invoke` with invocation id `id`; an error raises
    /// `error.execution` and starts nothing.
    func invoke(_ invoke: SCXMLCompiledInvoke, id: String, outbox: inout Outbox<SCXMLEvent>) -> InvokedChart<SCXMLEvent>? {
        do throws(SCXMLExecutionError) {
            if let location = invoke.idLocation { try dataModel.assign(location, value: .string(id)) }
            let type = try invoke.typeExpression.map { e throws(SCXMLExecutionError) in try dataModel.evaluateString(e) } ?? invoke.type
            if let type, !Self.invokeTypes.contains(type) {
                throw SCXMLExecutionError("unsupported invoke type '\(type)' (only SCXML documents can be invoked)")
            }
            var values: [String: SCXMLValue] = [:]
            for entry in invoke.namelist { values[entry.name] = try dataModel.evaluateValue(entry.value) }
            for entry in invoke.params { values[entry.name] = try dataModel.evaluateValue(entry.value) }
            let chart = try childChart(invoke)
            let sessionID = UUID().uuidString.lowercased()
            let context: SCXMLContext
            // The child reaches the outside world through the same I/O processors as its parent.
            do { context = try chart.makeContext(sessionID: sessionID, ioProcessors: ioProcessors, log: logHandler) } catch {
                throw SCXMLExecutionError("cannot start the invoked session: \(error.lines.joined(separator: "; "))")
            }
            context.session.link(parent: self.sessionID, invokeID: id, initialValues: values)
            state.withLock { $0.children[sessionID] = id }
            return InvokedChart(
                chart.statechart.makeInstance(context: context),
                toChild: { $0 },
                fromChild: { event in
                    var event = event
                    event.invokeid = id
                    return event
                },
                onDone: { child in
                    SCXMLEvent("done.invoke." + id, type: .external, invokeid: id, data: child.session.takeDoneData())
                })
        } catch {
            raise(error, at: invoke.position, outbox: &outbox)
            return nil
        }
    }

    /// The child's chart: the inline document (compiled once), or the document `src`,
    /// `srcexpr` or `<content expr>` names, read now.
    func childChart(_ invoke: SCXMLCompiledInvoke) throws(SCXMLExecutionError) -> SCXMLChart {
        let options = SCXMLReader.Options(sourceAccess: invoke.sources.access, maximumDocumentBytes: max(invoke.sources.maximumBytes, 1))
        func compiled(_ make: () throws(SCXMLError) -> SCXMLChart) throws(SCXMLExecutionError) -> SCXMLChart {
            do { return try make() } catch {
                throw SCXMLExecutionError("cannot load the invoked document: \(error.lines.joined(separator: "; "))")
            }
        }
        if let document = invoke.document {
            return try compiled { () throws(SCXMLError) in
                try invoke.compiled.chart { () throws(SCXMLError) in try SCXMLChart(document: document, dataModels: invoke.dataModels) }
            }
        }
        let text: String
        if let expression = invoke.contentExpression {
            let value = try dataModel.evaluateValue(expression)
            switch value {
            case .string(let string): text = string
            // XML (an `<scxml>` element assigned to a variable, say) runs as its markup.
            case .xml(let document): text = document.markup
            default:
                throw SCXMLExecutionError("the <content> of an <invoke> evaluated to \(value), not the text of an SCXML document")
            }
        } else {
            var src = invoke.src
            if let expression = invoke.srcExpression { src = try dataModel.evaluateString(expression) }
            guard let src else { throw SCXMLExecutionError("<invoke> has no document to run") }
            switch invoke.sources.load(src) {
            case .success(let loaded): text = loaded
            case .failure(let failure): throw SCXMLExecutionError(failure.message)
            }
        }
        return try compiled { () throws(SCXMLError) in
            try SCXMLChart(string: text, baseURL: invoke.sources.baseURL, dataModels: invoke.dataModels, options: options)
        }
    }

    /// Makes this session a child: its parent's session id, its invocation id, and the values
    /// its data starts with.
    func link(parent: String, invokeID: String, initialValues: [String: SCXMLValue]) {
        state.withLock {
            $0.parentSessionID = parent
            $0.invokeID = invokeID
            $0.initialValues = initialValues
        }
    }

    /// The session id of the session that invoked this one, if any.
    public var parentSessionID: String? { state.withLock { $0.parentSessionID } }

    /// The invocation id this session was started with, if it was invoked.
    public var invokeID: String? { state.withLock { $0.invokeID } }

    /// The value `namelist` or `<param>` gave the variable `name`, if any.
    func initialValue(of name: String) -> SCXMLValue? {
        state.withLock { $0.initialValues[name] }
    }

    /// The invocation id of the child session `sessionID`, if this session invoked it.
    func invokeID(ofChildSession sessionID: String) -> String? {
        state.withLock { $0.children[sessionID] }
    }
}
