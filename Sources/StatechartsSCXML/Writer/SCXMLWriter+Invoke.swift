extension SCXMLWriter {
    /// An `<invoke>`, with its `<param>`s, `<finalize>` and inline document.
    static func write(_ invoke: SCXMLInvoke, _ e: inout XMLEmitter) {
        e.element("invoke", [
            ("type", invoke.type), ("typeexpr", invoke.typeExpression), ("src", invoke.src),
            ("srcexpr", invoke.srcExpression), ("id", invoke.id), ("idlocation", invoke.idLocation),
            ("namelist", invoke.namelist.isEmpty ? nil : invoke.namelist.joined(separator: " ")),
            ("autoforward", invoke.autoforward ? "true" : nil),
        ]) { e in
            for param in invoke.params { write(param, &e) }
            switch invoke.content {
            case .expression(let expression)?:
                e.empty("content", [("expr", expression)])
            case .document(let document)?:
                e.element("content") { e in
                    e.element("scxml", rootAttributes(document)) { e in
                        writeHeaderContent(document, &e)
                        for state in document.states { write(state, &e) }
                    }
                }
            case nil:
                break
            }
            if !invoke.finalize.isEmpty { e.element("finalize") { e in write(invoke.finalize, &e) } }
        }
    }
}
