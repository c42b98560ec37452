/// Executable content: `raise`, `send`, `cancel`, `log`, `assign`, `if`, `foreach`, `script`.
extension SCXMLDocumentBuilder {
    /// The executable content children of a block element (`onentry`, `transition`, `foreach`, …).
    mutating func executableContent(of element: XMLElementNode) -> [SCXMLExecutable] {
        var content: [SCXMLExecutable] = []
        for child in children(of: element, allowing: SCXMLElementRules.executable) {
            if let item = executable(child) { content.append(item) }
        }
        return content
    }

    mutating func executable(_ element: XMLElementNode) -> SCXMLExecutable? {
        checkAttributes(element)
        switch element.name {
        case "raise":
            _ = children(of: element, allowing: [])
            guard let event = required("event", element) else { return nil }
            return .raise(SCXMLRaise(event: event, position: element.position))
        case "send":
            return send(element).map(SCXMLExecutable.send)
        case "cancel":
            _ = children(of: element, allowing: [])
            exclusive(element, ["sendid", "sendidexpr"])
            if element.attribute("sendid") == nil && element.attribute("sendidexpr") == nil {
                problem("<cancel> needs 'sendid' or 'sendidexpr'", element)
            }
            return .cancel(SCXMLCancel(sendID: element.attribute("sendid"), sendIDExpression: element.attribute("sendidexpr"),
                                       position: element.position))
        case "log":
            _ = children(of: element, allowing: [])
            return .log(SCXMLLog(label: element.attribute("label"), expression: element.attribute("expr"), position: element.position))
        case "assign":
            guard let location = required("location", element) else { return nil }
            let content = inlineContent(element)
            if element.attribute("expr") != nil && content != nil {
                problem("<assign> takes either 'expr' or inline content, not both", element)
            }
            return .assign(SCXMLAssign(location: location, expression: element.attribute("expr"), content: content,
                                       position: element.position))
        case "if":
            return ifElement(element).map(SCXMLExecutable.if)
        case "foreach":
            let array = required("array", element)
            let item = required("item", element)
            let content = executableContent(of: element)
            guard let array, let item else { return nil }
            return .foreach(SCXMLForeach(array: array, item: item, index: element.attribute("index"), content: content,
                                         position: element.position))
        case "script":
            return script(element).map(SCXMLExecutable.script)
        default:
            return nil
        }
    }

    mutating func ifElement(_ element: XMLElementNode) -> SCXMLIf? {
        let condition = required("cond", element)
        var branches = [SCXMLIf.Branch(condition: condition ?? "", position: element.position)]
        var sawElse = false
        let allowed = SCXMLElementRules.executable.union(["elseif", "else"])
        for child in children(of: element, allowing: allowed) {
            switch child.name {
            case "elseif", "else":
                checkAttributes(child)
                _ = children(of: child, allowing: [])
                if sawElse { problem("<\(child.name)> cannot follow <else>", child) }
                if child.name == "else" {
                    sawElse = true
                    branches.append(SCXMLIf.Branch(condition: nil, position: child.position))
                } else {
                    branches.append(SCXMLIf.Branch(condition: required("cond", child) ?? "", position: child.position))
                }
            default:
                if let item = executable(child) { branches[branches.count - 1].content.append(item) }
            }
        }
        return condition == nil ? nil : SCXMLIf(branches: branches, position: element.position)
    }

    mutating func send(_ element: XMLElementNode) -> SCXMLSend? {
        for pair in [["event", "eventexpr"], ["target", "targetexpr"], ["type", "typeexpr"], ["id", "idlocation"], ["delay", "delayexpr"]] {
            exclusive(element, pair)
        }
        var send = SCXMLSend(
            event: element.attribute("event"), eventExpression: element.attribute("eventexpr"),
            target: element.attribute("target"), targetExpression: element.attribute("targetexpr"),
            type: element.attribute("type"), typeExpression: element.attribute("typeexpr"),
            id: element.attribute("id"), idLocation: element.attribute("idlocation"),
            delay: element.attribute("delay"), delayExpression: element.attribute("delayexpr"),
            namelist: element.attribute("namelist").map(Self.tokens) ?? [], position: element.position)
        for child in children(of: element, allowing: ["param", "content"]) {
            if child.name == "param" {
                if let param = param(child) { send.params.append(param) }
            } else {
                if send.content != nil { problem("<send> has at most one <content>", child) }
                send.content = content(child)
            }
        }
        if send.content != nil && (!send.params.isEmpty || !send.namelist.isEmpty) {
            problem("<send> takes <content> or 'namelist' and <param>, not both", element)
        }
        if let delay = send.delay, CSS2Time.parse(delay) == nil {
            problem("invalid delay '\(delay)' (expected a CSS2 time such as 500ms or 1.5s)", element)
        }
        let usesSCXMLProcessor = send.typeExpression == nil
            && (send.type == nil || send.type == SCXMLSession.scxmlProcessorType || send.type == "scxml")
        if usesSCXMLProcessor && send.event == nil && send.eventExpression == nil {
            problem("<send> to the SCXML Event I/O Processor needs 'event' or 'eventexpr'", element)
        }
        return send
    }

    mutating func param(_ element: XMLElementNode) -> SCXMLParam? {
        checkAttributes(element)
        _ = children(of: element, allowing: [])
        exclusive(element, ["expr", "location"])
        guard let name = required("name", element) else { return nil }
        if element.attribute("expr") == nil && element.attribute("location") == nil {
            problem("<param> needs 'expr' or 'location'", element)
        }
        return SCXMLParam(name: name, expression: element.attribute("expr"), location: element.attribute("location"),
                          position: element.position)
    }

    mutating func content(_ element: XMLElementNode) -> SCXMLContent {
        checkAttributes(element)
        let inline = inlineContent(element)
        if element.attribute("expr") != nil && inline != nil {
            problem("<content> takes either 'expr' or children, not both", element)
        }
        return SCXMLContent(expression: element.attribute("expr"), inline: inline, position: element.position)
    }

    /// The children of `<content>`, `<data>` or `<assign>` as written; `nil` when only whitespace.
    func inlineContent(_ element: XMLElementNode) -> SCXMLInlineContent? {
        if element.hasElementChildren {
            return SCXMLInlineContent(text: element.childrenMarkup, isXML: true, xml: SCXMLXMLDocument(children: element.children))
        }
        let text = element.text
        return text.allSatisfy(\.isWhitespace) ? nil : SCXMLInlineContent(text: text)
    }

    /// The value of a required attribute, reporting it when missing.
    mutating func required(_ name: String, _ element: XMLElementNode) -> String? {
        guard let value = element.attribute(name) else {
            problem("<\(element.name)> needs a '\(name)' attribute", element)
            return nil
        }
        return value
    }
}
