// Invocations: asynchronous work of active states. The instance only decides when work starts
// and stops (SCXML: invocations start after the macrostep that entered their state, and are
// cancelled when it is exited); a driver such as StatechartRunner runs it. Child charts run inside
// the instance (Children/).

extension StatechartInstance {
    /// Starts the invocations of the states entered in this macrostep and still active, in entry
    /// order (SCXML's `statesToInvoke`).
    @usableFromInline
    mutating func startInvocations() {
        guard let pending = extras?.value.statesToInvoke, !pending.isEmpty else { return }
        let context = self.context
        let starting = pending.sorted().filter { isActive(index: $0) }
        let invocations = chart.invocations
        var children: [(ChartInvocation<Event, Context>, _StateIndex, UInt64)] = []
        withExtras { extras in
            extras.statesToInvoke = []
            for s in starting {
                for invocation in invocations[s] ?? [] {
                    let token = extras.nextInvocationToken
                    extras.nextInvocationToken += 1
                    if let child = invocation.chart {
                        children.append((child, s, token))
                        continue
                    }
                    extras.activeInvocations.append((token, s))
                    extras.invocationRequests.append(.start(token: InvocationToken(rawValue: token), invocation: invocation, context: context))
                }
            }
        }
        // Child charts start in document order, each seeing the context as the ones before left it.
        for (child, s, token) in children where status == .running && isActive(index: s) {
            startChild(child, state: s, token: token)
        }
    }

    /// Cancels the running invocations of state `s`, which is being exited.
    @usableFromInline
    mutating func cancelInvocations(of s: _StateIndex) {
        withExtras { extras in
            extras.statesToInvoke.removeAll { $0 == s }
            for (token, state) in extras.activeInvocations where state == s {
                extras.invocationRequests.append(.cancel(token: InvocationToken(rawValue: token)))
            }
            extras.activeInvocations.removeAll { $0.state == s }
        }
        stopChildren(of: s)
    }

    /// Hands out what the driver must do about invocations (start some, cancel others), in the
    /// order decided, and forgets them.
    public mutating func takeInvocationRequests() -> [InvocationRequest<Event, Context>] {
        guard extras?.value.invocationRequests.isEmpty == false else { return [] }
        return withExtras { extras in
            defer { extras.invocationRequests = [] }
            return extras.invocationRequests
        }
    }

    /// Whether the invocation with this token is still running (its state still active).
    public func isInvocationActive(_ token: InvocationToken) -> Bool {
        extras?.value.activeInvocations.contains { $0.token == token.rawValue } ?? false
    }

    /// Sends the event an invocation produced, unless its state was exited meanwhile (then the
    /// result is dropped and this returns `nil`). The invocation is over either way.
    @discardableResult
    public mutating func deliverInvocationResult(_ event: Event, token: InvocationToken) -> SendResult? {
        guard isInvocationActive(token) else { return nil }
        withExtras { $0.activeInvocations.removeAll { $0.token == token.rawValue } }
        return send(event)
    }

    /// Marks an invocation finished without an event.
    public mutating func invocationFinished(_ token: InvocationToken) {
        guard isInvocationActive(token) else { return }
        withExtras { $0.activeInvocations.removeAll { $0.token == token.rawValue } }
    }
}
