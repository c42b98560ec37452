import Statecharts

/// Data binding (early and late), top-level scripts, and `<donedata>`.
extension SCXMLSession {
    /// Creates each variable and assigns its value; a failing one raises `error.execution` and
    /// stays without a value, the others are still bound.
    func bind(_ data: [SCXMLCompiledData], outbox: inout Outbox<SCXMLEvent>) {
        for item in data {
            do throws(SCXMLExecutionError) {
                // A value the invoking session passed wins over the document's.
                if let passed = initialValue(of: item.id) {
                    try dataModel.declare(item.id, value: passed)
                    continue
                }
                switch item.value {
                case .none: try dataModel.declare(item.id, value: .undefined)
                case .literal(let value): try dataModel.declare(item.id, value: value)
                case .expression(let expression): try dataModel.declare(item.id, from: expression)
                case .failure(let message):
                    try? dataModel.declare(item.id, value: .undefined)
                    throw SCXMLExecutionError(message)
                }
            } catch {
                raise(error, at: item.position, outbox: &outbox)
            }
        }
    }

    /// Creates each variable without a value (late binding, at start).
    func declare(_ data: [SCXMLCompiledData], outbox: inout Outbox<SCXMLEvent>) {
        for item in data {
            do { try dataModel.declare(item.id, value: .undefined) } catch { raise(error, at: item.position, outbox: &outbox) }
        }
    }

    /// Late binding: binds `state`'s data the first time it is entered.
    func bindOnFirstEntry(of state: String, _ data: [SCXMLCompiledData], event: SCXMLEvent? = nil, outbox: inout Outbox<SCXMLEvent>) {
        let first = self.state.withLock { $0.boundStates.insert(state).inserted }
        guard first else { return }
        do { try bind(event) } catch { raise(error, at: data.first?.position, outbox: &outbox) }
        bind(data, outbox: &outbox)
    }

    /// Runs a top-level script, whose element starts at `position`.
    func runScript(_ script: SCXMLExpression, at position: SCXMLSourcePosition, outbox: inout Outbox<SCXMLEvent>) {
        do { try dataModel.runScript(script) } catch { raise(error, at: position, outbox: &outbox) }
    }

    /// Evaluates `<donedata>` for the done event about to be raised; an error raises
    /// `error.execution` and leaves the event without data.
    func evaluateDoneData(_ doneData: SCXMLCompiledDoneData, event: SCXMLEvent?, outbox: inout Outbox<SCXMLEvent>) {
        var result: SCXMLValue?
        do {
            try bind(event)
            if let content = doneData.content {
                let value = try value(of: content)
                if case .undefined = value {} else { result = value }
            } else {
                var members: [SCXMLValue.Member] = []
                for param in doneData.params { members.append(.init(param.name, try dataModel.evaluateValue(param.value))) }
                result = .object(members)
            }
        } catch {
            raise(error, at: doneData.position, outbox: &outbox)
            result = nil
        }
        state.withLock { $0.pendingDoneData = result }
    }

    /// The data `<donedata>` left for the done event, once.
    func takeDoneData() -> SCXMLValue? {
        state.withLock { state in
            defer { state.pendingDoneData = nil }
            return state.pendingDoneData
        }
    }
}
