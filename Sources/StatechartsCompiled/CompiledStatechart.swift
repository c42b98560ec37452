@_spi(CompiledCharts) import Statecharts

/// A chart compiled at build time: the plain ``Statechart`` (the tables, the source of truth for
/// everything) and, for each candidate of its candidate table, the generated plan that runs it.
public final class CompiledStatechart<Chart: CompiledChart>: @unchecked Sendable {
    /// The chart as a plain ``Statechart``.
    public let statechart: Statechart<Chart.StateID, Chart.Event, Chart.Context>
    /// The map from the chart's candidates and joint steps to the generated plans and joint
    /// steps, in storage the core owns and frees.
    let planTables: _CompiledPlanTables

    private init(_ statechart: Statechart<Chart.StateID, Chart.Event, Chart.Context>, planOf plans: [_GeneratedPlan],
                         jointOf joints: [_GeneratedJoint]) {
        self.statechart = statechart
        planTables = _CompiledPlanTables(chart: statechart, planOf: plans, jointOf: joints)
    }

    /// Compiles `Chart.definition` with the chart's limits and checks that the generated code was made for it: the same
    /// number of states and transitions, the same guarded transitions, and for every candidate
    /// with a single-path plan a generated plan with the same leaf, transition and actions, and
    /// for every joint step a generated one with the same plans.
    /// Called by the generated `_compiledChart`.
    public static func _make() -> Result<CompiledStatechart<Chart>, CompiledChartError> {
        Result { () throws(CompiledChartError) -> CompiledStatechart<Chart> in
            let chart: Statechart<Chart.StateID, Chart.Event, Chart.Context>
            do throws(StatechartDefinitionError) {
                chart = try Statechart(Chart.definition, microstepLimit: Chart.microstepLimit,
                                       externalEventLimit: Chart.externalEventLimit)
            } catch {
                throw .definition(error)
            }
            guard let signature = _GeneratedSignature(words: Chart._generatedPlans) else {
                throw .generatedCodeMismatch("the signature of the generated code cannot be read")
            }
            let shape = chart._shape
            guard shape.states == signature.states, shape.transitions == signature.transitions else {
                throw .generatedCodeMismatch("made for \(signature.states) states and \(signature.transitions) transitions, "
                                             + "the chart has \(shape.states) and \(shape.transitions)")
            }
            guard chart._guardedTransitions == signature.guardedTransitions else {
                throw .generatedCodeMismatch("the guarded transitions differ")
            }
            guard let planOf = chart._planIndices(matching: signature.plans) else {
                throw .generatedCodeMismatch("a single-path plan of the chart has no generated plan")
            }
            guard let jointOf = chart._jointIndices(planOf: planOf, matching: signature.joints) else {
                throw .generatedCodeMismatch("a joint step of the chart has no generated joint step")
            }
            return CompiledStatechart(chart, planOf: planOf, jointOf: jointOf)
        }
    }

    /// A new compiled instance with `context`, started.
    public func start(context: Chart.Context) -> CompiledInstance<Chart> {
        CompiledInstance(statechart.start(context: context), compiled: self)
    }

    /// A new compiled instance with `context`, not started yet.
    public func makeInstance(context: Chart.Context) -> CompiledInstance<Chart> {
        CompiledInstance(statechart.makeInstance(context: context), compiled: self)
    }
}
