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
/// A chart of more than a few dozen states is better written as a function, which builds in time
/// proportional to its size (Swift type-checks `static let definition = ...` as one expression,
/// in time that grows with the square of the chart):
///
/// ```swift
/// @CompiledStatechart
/// enum DoorChart {
///     typealias StateID = Door
///     typealias Event = DoorEvent
///     typealias Context = DoorStats
///     static func makeDefinition() -> Definition {
///         Definition("door") {
///             State(.closed) { On(.open, to: .opened) { $0.openings += 1 } }
///             State(.opened) { On(.close, to: .closed) }
///         }
///     }
/// }
/// ```
///
/// The macro then declares `static let definition = makeDefinition()` and replaces the function's
/// body with the same DSL calls, one statement per element.
///
/// The macro reads the definition from its syntax, validates and compiles it with the library's
/// own compiler (every ``StatechartDefinitionError`` becomes a compiler error at the DSL line of
/// the mistake), and generates a `switch` that runs each single-path plan, its exit, transition
/// and entry actions, as straight-line code with the action and guard bodies inlined (and, for
/// plans inside parallel states, each phase of them, which the regions route runs). The chart
/// stays a ``Statechart`` (``CompiledChart/statechart``) for everything else.
///
/// What the definition may contain is in <doc:CompiledCharts>.
@attached(member, names: named(Definition), named(definition), named(_generatedPlans), named(_compiledChart),
          named(_runPlan), named(_runPlanPhase), named(_runJoint), named(_evaluateGuard), arbitrary)
@attached(memberAttribute)
@attached(extension, conformances: CompiledChart)
public macro CompiledStatechart() = #externalMacro(module: "StatechartsCompiledMacros", type: "CompiledStatechartMacro")

/// Attached by ``CompiledStatechart()`` to a chart's `static func makeDefinition()`: replaces its
/// body with the same DSL calls, one statement per element, which the compiler type-checks in
/// time proportional to the chart rather than as one expression. Not written by hand.
@attached(body)
public macro _CompiledDefinitionBody() = #externalMacro(module: "StatechartsCompiledMacros", type: "DefinitionBodyMacro")
