import Statecharts

/// Running executable content: each block on its own, stopping at the first error, which is
/// raised as `error.execution` (SCXML 4.10).
extension SCXMLSession {
    /// Runs one block (an `<onentry>`, `<onexit>` or a transition's content).
    func run(_ block: [SCXMLPlacedInstruction], event: SCXMLEvent?, outbox: inout Outbox<SCXMLEvent>) {
        do {
            try bind(event)
            try execute(block, &outbox)
        } catch {
            raise(error, at: block.first?.position, outbox: &outbox)
        }
    }

    /// Evaluates a transition's condition (the transition starts at `position`): an error counts
    /// as `false` and raises `error.execution`.
    func condition(_ expression: SCXMLExpression, at position: SCXMLSourcePosition, event: SCXMLEvent?,
                   outbox: inout Outbox<SCXMLEvent>) -> Bool {
        do {
            try bind(event)
            return try dataModel.evaluateCondition(expression)
        } catch {
            raise(error, at: position, outbox: &outbox)
            return false
        }
    }

    /// Runs each instruction; an error that escapes is placed at the instruction that failed.
    func execute(_ block: [SCXMLPlacedInstruction], _ outbox: inout Outbox<SCXMLEvent>) throws(SCXMLExecutionError) {
        for placed in block {
            do { try execute(placed.instruction, at: placed.position, &outbox) } catch { throw error.placed(at: placed.position) }
        }
    }

    func execute(_ instruction: SCXMLInstruction, at position: SCXMLSourcePosition,
                 _ outbox: inout Outbox<SCXMLEvent>) throws(SCXMLExecutionError) {
        switch instruction {
        case .raise(let name):
            outbox.raise(SCXMLEvent(name, type: .internal))
        case .send(let send):
            try execute(send, at: position, &outbox)
        case .cancel(let literal, let expression):
            let id: String
            if let literal { id = literal } else if let expression { id = try dataModel.evaluateString(expression) } else { return }
            outbox.cancel(id)
        case .log(let label, let expression):
            let value = try expression.map { e throws(SCXMLExecutionError) in try dataModel.evaluateValue(e) }
            log(SCXMLLogRecord(label: label, value: value))
        case .assign(let location, let value):
            switch value {
            case .expression(let expression): try dataModel.assign(location, from: expression)
            case .literal(let literal): try dataModel.assign(location, value: literal)
            case .none: try dataModel.assign(location, value: .undefined)
            case .failure(let message): throw SCXMLExecutionError(message)
            }
        case .if(let branches):
            for branch in branches {
                if let condition = branch.condition {
                    var holds = false
                    do { holds = try dataModel.evaluateCondition(condition) } catch {
                        raise(error, at: branch.position, outbox: &outbox)
                    }
                    if !holds { continue }
                }
                try execute(branch.body, &outbox)
                return
            }
        case .foreach(let array, let item, let index, let body):
            try dataModel.forEach(array: array, item: item, index: index) { () throws(SCXMLExecutionError) in
                try execute(body, &outbox)
            }
        case .script(let script):
            try dataModel.runScript(script)
        }
    }

    /// The value of a compiled value source (`.none` is `undefined`).
    func value(of source: SCXMLCompiledValue) throws(SCXMLExecutionError) -> SCXMLValue {
        switch source {
        case .none: return .undefined
        case .literal(let value): return value
        case .expression(let expression): return try dataModel.evaluateValue(expression)
        case .failure(let message): throw SCXMLExecutionError(message)
        }
    }
}
