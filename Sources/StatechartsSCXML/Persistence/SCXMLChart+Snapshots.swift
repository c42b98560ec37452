/// Taking a running instance's session apart and putting it together again, in this process or
/// another: the part of persistence that `StatechartInstance.snapshot()` leaves to the context.
///
/// ```swift
/// let state = instance.snapshot()                        // configuration, history, clock, timers
/// let session = chart.snapshot(of: instance.context)     // variables, In(), send ids, _event
/// // … later, anywhere the chart is loaded:
/// let context = try chart.makeContext(restoring: session)
/// var restored = try chart.statechart.restore(state, context: context)
/// ```
extension SCXMLChart {
    /// The session's state in `context`: its variables and what `In()`, send ids and `_event`
    /// need. Sessions it invoked are not part of it.
    public func snapshot(of context: SCXMLContext) -> SCXMLSessionSnapshot {
        let session = context.session
        // The names once: each step of a durable instance takes a snapshot.
        let variables = variableNames.enumerated().compactMap { index, name in
            value(ofVariableAt: index, named: name, in: context).map { SCXMLValue.Member(name, $0) }
        }
        let (sendCount, boundStates, lastEvent) = session.state.withLock { ($0.sendCount, $0.boundStates.sorted(), $0.lastBoundEvent) }
        return SCXMLSessionSnapshot(sessionID: session.sessionID, variables: variables, activeStates: session.activeStates.ids,
                                    boundStates: boundStates, sendCount: sendCount, lastEvent: lastEvent)
    }

    /// A context whose new session continues the one `snapshot` was taken of: the same session
    /// id, the variables declared with their values, `In()` answering for the same states, send
    /// ids counting on, and `_event` bound again. Start nothing on it: restore the instance
    /// (`Statechart.restore(_:context:)`) with it.
    /// - Parameters:
    ///   - snapshot: from ``snapshot(of:)``.
    ///   - ioProcessors: I/O processors besides the SCXML one (see ``SCXMLEventIOProcessor``).
    ///   - processorSends: when sends through them are handed over (see ``SCXMLSession/ProcessorSends``).
    ///   - log: where `<log>` output goes; by default it is kept in the session's `logRecords`.
    /// - Throws: ``SCXMLError`` when the data model cannot be created, or refuses a variable or
    ///   the event (naming it).
    public func makeContext(
        restoring snapshot: SCXMLSessionSnapshot, ioProcessors: [any SCXMLEventIOProcessor] = [],
        processorSends: SCXMLSession.ProcessorSends = .immediately, log: (@Sendable (SCXMLLogRecord) -> Void)? = nil
    ) throws(SCXMLError) -> SCXMLContext {
        let context = try makeContext(sessionID: snapshot.sessionID, ioProcessors: ioProcessors, log: log)
        let session = context.session
        session.processorSends = processorSends
        for variable in snapshot.variables {
            do {
                try session.dataModel.declare(variable.key, value: variable.value)
            } catch {
                throw SCXMLError("cannot restore the variable '\(variable.key)': \(error.message)", at: document.position)
            }
        }
        for state in snapshot.activeStates { session.activeStates.insert(state) }
        do {
            try session.bind(snapshot.lastEvent)
        } catch {
            throw SCXMLError("cannot restore _event '\(snapshot.lastEvent?.name ?? "")': \(error.message)", at: document.position)
        }
        session.state.withLock { state in
            state.sendCount = snapshot.sendCount
            state.boundStates = Set(snapshot.boundStates)
        }
        return context
    }
}
