/// `<invoke>`: its attributes, `<param>`, `<finalize>` and `<content>`, whose `<scxml>` child is
/// built as a document of its own (its problems are reported with their positions).
extension SCXMLDocumentBuilder {
    mutating func invoke(_ element: XMLElementNode) -> SCXMLInvoke? {
        checkAttributes(element)
        exclusive(element, ["type", "typeexpr"])
        exclusive(element, ["src", "srcexpr"])
        exclusive(element, ["id", "idlocation"])
        var invoke = SCXMLInvoke(position: element.position)
        invoke.type = element.attribute("type")
        invoke.typeExpression = element.attribute("typeexpr")
        invoke.src = element.attribute("src")
        invoke.srcExpression = element.attribute("srcexpr")
        invoke.id = element.attribute("id")
        invoke.idLocation = element.attribute("idlocation")
        invoke.namelist = element.attribute("namelist").map(Self.tokens) ?? []
        invoke.sources = sources
        switch element.attribute("autoforward") ?? "false" {
        case "true": invoke.autoforward = true
        case "false": invoke.autoforward = false
        case let other: problem("autoforward must be 'true' or 'false', not '\(other)'", element)
        }
        for child in children(of: element, allowing: ["param", "finalize", "content"]) {
            switch child.name {
            case "param":
                if let param = param(child) { invoke.params.append(param) }
            case "finalize":
                checkAttributes(child)
                if !invoke.finalize.isEmpty { problem("<invoke> has at most one <finalize>", child) }
                invoke.finalize = executableContent(of: child)
            default:
                if invoke.content != nil { problem("<invoke> has at most one <content>", child) }
                invoke.content = invokeContent(child)
            }
        }
        if invoke.content != nil && (invoke.src != nil || invoke.srcExpression != nil) {
            problem("<invoke> takes 'src', 'srcexpr' or <content>, only one of them", element)
        }
        if invoke.content == nil && invoke.src == nil && invoke.srcExpression == nil {
            problem("<invoke> needs 'src', 'srcexpr' or <content>", element)
        }
        return invoke
    }

    /// `<content>` of an `<invoke>`: an expression, or one `<scxml>` document.
    mutating func invokeContent(_ element: XMLElementNode) -> SCXMLInvokeContent? {
        checkAttributes(element)
        if let expression = element.attribute("expr") {
            if element.hasElementChildren { problem("<content> takes either 'expr' or children, not both", element) }
            return .expression(expression)
        }
        let documents = element.elements.filter { SCXMLElementRules.isSCXML($0) && $0.name == "scxml" }
        guard documents.count == 1, let root = documents.first else {
            problem("the <content> of an <invoke> holds one <scxml> document", element)
            return nil
        }
        var nested = SCXMLDocumentBuilder(sources: sources)
        let document = nested.build(root)
        diagnostics += nested.diagnostics
        return document.map { .document($0) }
    }
}
