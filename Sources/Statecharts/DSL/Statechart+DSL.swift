// Charts written with the DSL: the initializers that build a definition from the DSL's content
// and compile it.

extension Statechart {
    /// Builds and compiles a chart written with the DSL.
    ///
    /// - Throws: ``StatechartDefinitionError`` listing each problem with its state path.
    public convenience init(
        _ name: String = "statechart",
        microstepLimit: Int = 10_000,
        externalEventLimit: Int = 10_000,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>]
    ) throws(StatechartDefinitionError) {
        try self.init(compiling: StatechartDefinition(name: name, content: content()), microstepLimit: microstepLimit,
                      externalEventLimit: externalEventLimit, singlePathPlans: true)
    }

    /// Builds and compiles a chart written with the DSL, with or without the single-path plans
    /// (for tests only; see ``init(_:microstepLimit:externalEventLimit:singlePathPlans:)``).
    ///
    /// - Throws: ``StatechartDefinitionError`` listing each problem with its state path.
    @_spi(Testing)
    public convenience init(
        _ name: String = "statechart",
        microstepLimit: Int = 10_000,
        externalEventLimit: Int = 10_000,
        singlePathPlans: Bool,
        @StateContentBuilder<StateID, Event, Context> _ content: () -> [StateContent<StateID, Event, Context>]
    ) throws(StatechartDefinitionError) {
        try self.init(compiling: StatechartDefinition(name: name, content: content()), microstepLimit: microstepLimit,
                      externalEventLimit: externalEventLimit, singlePathPlans: singlePathPlans)
    }
}
