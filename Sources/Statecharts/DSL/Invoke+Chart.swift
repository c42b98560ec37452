extension Invoke {
    #if !hasFeature(Embedded)  // no child charts there (see _AnyChildSession)
    /// Runs `chart` as a child instance while the enclosing state is active; see
    /// ``ChartInvocation``.
    ///
    /// ```swift
    /// State(.paying) {
    ///     Invoke(chart: payment, id: "payment",
    ///            context: { order in Payment(amount: order.total) },
    ///            toChild: { event in event == .cancel ? .abort : nil },
    ///            fromChild: { event in event == .declined ? .paymentDeclined : nil },
    ///            onDone: { payment in .paid(payment.receipt) })
    ///     On(.paid, to: .shipping)
    /// }
    /// // In an action of the order: outbox.send(.cancel, toInvocation: "payment")
    /// ```
    ///
    /// - Parameters:
    ///   - chart: the child chart; it may have states, events and context of any types.
    ///   - id: the invocation id that ``Outbox/send(_:toInvocation:after:ifUnreachable:)`` names;
    ///     `nil` generates `STATE.N`.
    ///   - autoforward: whether every external event the parent processes goes to the child too
    ///     (through `toChild`).
    ///   - context: the child's context, made from the parent's when the child starts.
    ///   - toChild: the child's event for an event the parent sends it; `nil` drops it.
    ///   - fromChild: the parent's event for one the child sends with ``Outbox/sendToParent(_:after:)``;
    ///     `nil` drops it.
    ///   - onDone: the parent's event when the child reaches a top-level final state, from its
    ///     final context; `nil` sends nothing.
    ///   - finalize: run in the parent on each event from the child, right before it is processed.
    public init<ChildState: Hashable & Sendable, ChildEvent: StatechartEvent, ChildContext: Sendable>(
        chart: Statechart<ChildState, ChildEvent, ChildContext>,
        id: String? = nil,
        autoforward: Bool = false,
        context: @escaping @Sendable (Context) -> ChildContext,
        toChild: @escaping @Sendable (Event) -> ChildEvent? = { _ in nil },
        fromChild: @escaping @Sendable (ChildEvent) -> Event? = { _ in nil },
        onDone: @escaping @Sendable (ChildContext) -> Event? = { _ in nil },
        finalize: Action<Event, Context>? = nil
    ) {
        let launch: @Sendable (inout Context, String, inout Outbox<Event>) -> InvokedChart<Event>? = { parent, _, _ in
            InvokedChart(chart.makeInstance(context: context(parent)), toChild: toChild, fromChild: fromChild, onDone: onDone)
        }
        invocation = Invocation(id, chart: ChartInvocation(id: id, autoforward: autoforward, finalize: finalize, launch: launch))
    }

    /// Runs `chart`, whose events are the parent's own type, as a child instance: events cross
    /// unchanged; see ``init(chart:id:autoforward:context:toChild:fromChild:onDone:finalize:)``.
    public init<ChildState: Hashable & Sendable, ChildContext: Sendable>(
        chart: Statechart<ChildState, Event, ChildContext>,
        id: String? = nil,
        autoforward: Bool = false,
        context: @escaping @Sendable (Context) -> ChildContext,
        onDone: @escaping @Sendable (ChildContext) -> Event? = { _ in nil },
        finalize: Action<Event, Context>? = nil
    ) {
        self.init(chart: chart, id: id, autoforward: autoforward, context: context,
                  toChild: { $0 }, fromChild: { $0 }, onDone: onDone, finalize: finalize)
    }

    #endif

    /// Runs a child chart that `invocation` starts; see ``ChartInvocation``.
    public init(_ name: String? = nil, chart invocation: ChartInvocation<Event, Context>) {
        self.invocation = Invocation(name, chart: invocation)
    }
}
