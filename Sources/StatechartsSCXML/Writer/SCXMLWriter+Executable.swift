/// Writing executable content, pretty or compact (the compact form names actions).
extension SCXMLWriter {
    /// Executable content as compact XML, the name of the action that runs it.
    public static func compactXML(_ content: [SCXMLExecutable]) -> String {
        var emitter = XMLEmitter(pretty: false)
        write(content, &emitter)
        return emitter.output
    }

    static func write(_ content: [SCXMLExecutable], _ e: inout XMLEmitter) {
        for item in content { write(item, &e) }
    }

    static func write(_ item: SCXMLExecutable, _ e: inout XMLEmitter) {
        switch item {
        case .raise(let raise):
            e.empty("raise", [("event", raise.event)])
        case .send(let send):
            write(send, &e)
        case .cancel(let cancel):
            e.empty("cancel", [("sendid", cancel.sendID), ("sendidexpr", cancel.sendIDExpression)])
        case .log(let log):
            e.empty("log", [("label", log.label), ("expr", log.expression)])
        case .assign(let assign):
            let attributes: [(String, String?)] = [("location", assign.location), ("expr", assign.expression)]
            if let content = assign.content { e.inline("assign", attributes, raw: inlineMarkup(content)) } else { e.empty("assign", attributes) }
        case .if(let element):
            guard let first = element.branches.first else { return }
            e.element("if", [("cond", first.condition)]) { e in
                write(first.content, &e)
                for branch in element.branches.dropFirst() {
                    if let condition = branch.condition { e.empty("elseif", [("cond", condition)]) } else { e.empty("else") }
                    write(branch.content, &e)
                }
            }
        case .foreach(let foreach):
            e.element("foreach", [("array", foreach.array), ("item", foreach.item), ("index", foreach.index)]) { e in
                write(foreach.content, &e)
            }
        case .script(let script):
            write(script, &e)
        }
    }

    static func write(_ send: SCXMLSend, _ e: inout XMLEmitter) {
        e.element("send", [
            ("event", send.event), ("eventexpr", send.eventExpression),
            ("target", send.target), ("targetexpr", send.targetExpression),
            ("type", send.type), ("typeexpr", send.typeExpression),
            ("id", send.id), ("idlocation", send.idLocation),
            ("delay", send.delay), ("delayexpr", send.delayExpression),
            ("namelist", send.namelist.isEmpty ? nil : send.namelist.joined(separator: " ")),
        ]) { e in
            for param in send.params { write(param, &e) }
            if let content = send.content { write(content, &e) }
        }
    }

    static func write(_ param: SCXMLParam, _ e: inout XMLEmitter) {
        e.empty("param", [("name", param.name), ("expr", param.expression), ("location", param.location)])
    }

    static func write(_ content: SCXMLContent, _ e: inout XMLEmitter) {
        let attributes: [(String, String?)] = [("expr", content.expression)]
        if let inline = content.inline { e.inline("content", attributes, raw: inlineMarkup(inline)) } else { e.empty("content", attributes) }
    }

    /// The `<scxml>` element without states, the name of the chart's initialization action.
    static func headerXML(_ document: SCXMLDocument) -> String {
        var emitter = XMLEmitter(pretty: false)
        var attributes = rootAttributes(document)
        attributes.removeAll { $0.0 == "initial" }
        emitter.element("scxml", attributes) { e in writeHeaderContent(document, &e) }
        return emitter.output
    }

    /// `<datamodel>…</datamodel>`, the name of a state's data binding action.
    static func dataModelXML(_ data: [SCXMLData]) -> String {
        var emitter = XMLEmitter(pretty: false)
        write(data, &emitter)
        return emitter.output
    }

    /// `<donedata>…</donedata>`, the name of a final state's done data action.
    static func doneDataXML(_ doneData: SCXMLDoneData) -> String {
        var emitter = XMLEmitter(pretty: false)
        write(doneData, &emitter)
        return emitter.output
    }
}
