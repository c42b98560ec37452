/// Writes an ``SCXMLDocument`` as SCXML text, which ``SCXMLReader`` reads back to the same
/// document (positions aside).
///
/// To write a chart built any other way (the Swift DSL, say), convert its definition first with
/// ``SCXMLWriter/document(from:dataModel:)``.
public enum SCXMLWriter {
    /// The document as SCXML text, indented, with an XML declaration.
    public static func write(_ document: SCXMLDocument) -> String {
        var emitter = XMLEmitter(pretty: true)
        emitter.element("scxml", rootAttributes(document) ) { e in
            writeHeaderContent(document, &e)
            for state in document.states { write(state, &e) }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + emitter.output + "\n"
    }

    static func rootAttributes(_ document: SCXMLDocument) -> [(String, String?)] {
        [("xmlns", SCXMLElementRules.namespace), ("version", document.version ?? "1.0"),
         ("name", document.name), ("initial", document.initial.isEmpty ? nil : document.initial.joined(separator: " ")),
         ("datamodel", document.dataModel), ("binding", document.binding == .late ? "late" : nil)]
    }

    /// The top-level `<datamodel>` and `<script>` elements.
    static func writeHeaderContent(_ document: SCXMLDocument, _ e: inout XMLEmitter) {
        write(document.data, &e)
        for script in document.scripts { write(script, &e) }
    }

    static func write(_ data: [SCXMLData], _ e: inout XMLEmitter) {
        guard !data.isEmpty else { return }
        e.element("datamodel") { e in
            for item in data {
                let attributes: [(String, String?)] = [("id", item.id), ("expr", item.expression), ("src", item.src)]
                if let content = item.content { e.inline("data", attributes, raw: inlineMarkup(content)) } else { e.empty("data", attributes) }
            }
        }
    }

    static func write(_ state: SCXMLState, _ e: inout XMLEmitter) {
        var attributes: [(String, String?)] = [("id", state.id)]
        if case .history(let kind) = state.kind { attributes.append(("type", kind == .deep ? "deep" : "shallow")) }
        if !state.initial.isEmpty { attributes.append(("initial", state.initial.joined(separator: " "))) }
        e.element(state.kind.elementName, attributes) { e in
            if let initial = state.initialTransition {
                e.element("initial") { e in write(initial, &e) }
            }
            write(state.data, &e)
            for block in state.onEntry { e.element("onentry") { e in write(block, &e) } }
            for block in state.onExit { e.element("onexit") { e in write(block, &e) } }
            for transition in state.transitions { write(transition, &e) }
            for invoke in state.invokes { write(invoke, &e) }
            for child in state.children { write(child, &e) }
            if let doneData = state.doneData { write(doneData, &e) }
        }
    }

    static func write(_ transition: SCXMLTransition, _ e: inout XMLEmitter) {
        e.element("transition", [
            ("event", transition.events.isEmpty ? nil : transition.events.joined(separator: " ")),
            ("cond", transition.condition),
            ("target", transition.targets.isEmpty ? nil : transition.targets.joined(separator: " ")),
            ("type", transition.type == .internal ? "internal" : nil),
        ]) { e in write(transition.content, &e) }
    }

    static func write(_ doneData: SCXMLDoneData, _ e: inout XMLEmitter) {
        e.element("donedata") { e in
            for param in doneData.params { write(param, &e) }
            if let content = doneData.content { write(content, &e) }
        }
    }

    static func write(_ script: SCXMLScript, _ e: inout XMLEmitter) {
        if let src = script.src {
            e.empty("script", [("src", src)])
        } else {
            e.inline("script", raw: XMLEscaping.text(script.source))
        }
    }

    static func inlineMarkup(_ content: SCXMLInlineContent) -> String {
        content.isXML ? content.text : XMLEscaping.text(content.text)
    }
}
