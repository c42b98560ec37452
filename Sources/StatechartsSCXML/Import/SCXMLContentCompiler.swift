/// Compiles the document's executable content, data and done data into instructions, registering
/// every expression in the chart's table.
struct SCXMLContentCompiler {
    var table = SCXMLExpressionTable()

    mutating func compile(_ block: [SCXMLExecutable]) -> [SCXMLPlacedInstruction] {
        block.map { SCXMLPlacedInstruction(instruction: compile($0), position: $0.position) }
    }

    mutating func compile(_ item: SCXMLExecutable) -> SCXMLInstruction {
        switch item {
        case .raise(let raise):
            return .raise(raise.event)
        case .send(let send):
            return .send(compile(send))
        case .cancel(let cancel):
            return .cancel(literal: cancel.sendID,
                           expression: cancel.sendIDExpression.map { table.add(.value, $0, at: cancel.position) })
        case .log(let log):
            return .log(label: log.label, expression: log.expression.map { table.add(.value, $0, at: log.position) })
        case .assign(let assign):
            let location = table.add(.location, assign.location, at: assign.position)
            if let expression = assign.expression {
                return .assign(location: location, value: .expression(table.add(.value, expression, at: assign.position)))
            }
            return .assign(location: location, value: assign.content.map { .literal(Self.value(of: $0)) } ?? .none)
        case .if(let element):
            return .if(element.branches.map { branch in
                SCXMLCompiledBranch(condition: branch.condition.map { table.add(.condition, $0, at: branch.position) },
                                    body: compile(branch.content), position: branch.position)
            })
        case .foreach(let foreach):
            return .foreach(array: table.add(.value, foreach.array, at: foreach.position), item: foreach.item,
                            index: foreach.index, body: compile(foreach.content))
        case .script(let script):
            return .script(table.add(.script, script.source, at: script.position))
        }
    }

    mutating func compile(_ send: SCXMLSend) -> SCXMLCompiledSend {
        let at = send.position
        return SCXMLCompiledSend(
            event: send.event, eventExpression: send.eventExpression.map { table.add(.value, $0, at: at) },
            target: send.target, targetExpression: send.targetExpression.map { table.add(.value, $0, at: at) },
            type: send.type, typeExpression: send.typeExpression.map { table.add(.value, $0, at: at) },
            id: send.id, idLocation: send.idLocation.map { table.add(.location, $0, at: at) },
            delay: send.delay.flatMap(CSS2Time.parse), delayExpression: send.delayExpression.map { table.add(.value, $0, at: at) },
            namelist: send.namelist.map { ($0, table.add(.value, $0, at: at)) },
            params: send.params.map { compile($0) },
            content: send.content.map { compile($0) } ?? .none)
    }

    mutating func compile(_ param: SCXMLParam) -> (name: String, value: SCXMLExpression) {
        (param.name, table.add(.value, param.expression ?? param.location ?? "", at: param.position))
    }

    mutating func compile(_ content: SCXMLContent) -> SCXMLCompiledValue {
        if let expression = content.expression { return .expression(table.add(.value, expression, at: content.position)) }
        if let inline = content.inline { return .literal(Self.value(of: inline)) }
        return .none
    }

    mutating func compile(_ data: SCXMLData) -> SCXMLCompiledData {
        if let expression = data.expression {
            return SCXMLCompiledData(id: data.id, value: .expression(table.add(.value, expression, at: data.position)), position: data.position)
        }
        if let content = data.content { return SCXMLCompiledData(id: data.id, value: .literal(Self.value(of: content)), position: data.position) }
        switch data.loadedSource {
        case .text(let text)?: return SCXMLCompiledData(id: data.id, value: Self.value(loaded: text, from: data.src ?? ""), position: data.position)
        case .failure(let message)?: return SCXMLCompiledData(id: data.id, value: .failure(message), position: data.position)
        case nil: return SCXMLCompiledData(id: data.id, value: .none, position: data.position)
        }
    }

    mutating func compile(_ doneData: SCXMLDoneData) -> SCXMLCompiledDoneData {
        SCXMLCompiledDoneData(params: doneData.params.map { compile($0) }, content: doneData.content.map { compile($0) },
                              position: doneData.position)
    }

    /// The value of inline content: JSON or whitespace-normalized text; XML as ``SCXMLValue/xml(_:)``
    /// (markup that does not parse, which only content made in code can hold, stays text).
    static func value(of content: SCXMLInlineContent) -> SCXMLValue {
        if let xml = content.xml { return .xml(xml) }
        guard content.isXML else { return SCXMLValue.fromInlineText(content.text) }
        if let xml = try? SCXMLXMLDocument(fragment: content.text) { return .xml(xml) }
        return .string(content.text)
    }

    /// The value of a file `<data src>` loaded: XML when it starts with `<` (malformed XML is a
    /// failure, `error.execution` when the data is bound), otherwise JSON or text.
    static func value(loaded text: String, from src: String) -> SCXMLCompiledValue {
        guard text.first(where: { !$0.isWhitespace }) == "<" else { return .literal(SCXMLValue.fromInlineText(text)) }
        do {
            return .literal(.xml(try SCXMLXMLDocument(parsing: text)))
        } catch {
            return .failure("the XML loaded from '\(src)' is malformed: \(error)")
        }
    }
}
