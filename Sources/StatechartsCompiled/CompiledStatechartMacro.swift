@_exported import Statecharts

/// Compiles the chart declared in the type it is attached to into Swift code, at build time.
///
/// ```swift
/// @CompiledStatechart
/// enum DoorChart {
///     typealias StateID = Door
///     typealias Event = DoorEvent
///     typealias Context = DoorStats
///     static let definition = Definition("door") {
///         State(.closed) {
///             On(.open, to: .opened) { $0.openings += 1 }
///             On(.lock, to: .locked)
///         }
///         State(.opened) { On(.close, to: .closed) }
///         State(.locked) { On(.unlock, to: .closed) }
///     }
/// }
///
/// var door = try DoorChart.start(context: DoorStats())
/// door.send(.open)
/// ```
///
/// The macro reads `definition` from its syntax, validates and compiles it with the library's
/// own compiler (every ``StatechartDefinitionError`` becomes a compiler error at the DSL line of
/// the mistake), and generates a `switch` that runs each single-path plan, its exit, transition
/// and entry actions, as straight-line code with the action and guard bodies inlined (and, for
/// plans inside parallel states, each phase of them, which the regions route runs). The chart
/// stays a ``Statechart`` (``CompiledChart/statechart``) for everything else.
///
/// What the definition may contain is in <doc:CompiledCharts>.
@attached(member, names: named(Definition), named(_generatedPlans), named(_compiledChart), named(_runPlan),
          named(_runPlanPhase), named(_evaluateGuard), arbitrary)
@attached(extension, conformances: CompiledChart)
public macro CompiledStatechart() = #externalMacro(module: "StatechartsCompiledMacros", type: "CompiledStatechartMacro")
