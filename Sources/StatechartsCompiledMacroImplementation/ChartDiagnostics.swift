import SwiftDiagnostics
import SwiftSyntax

/// A compiler error of `@CompiledStatechart`: a definition problem found by the core's compiler,
/// or something the macro cannot read statically.
struct ChartDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    var severity: DiagnosticSeverity = .error
    var diagnosticID: MessageID { MessageID(domain: "StatechartsCompiled", id: id) }

    /// A problem the core's compiler found (a `StatechartDefinitionError` problem).
    static func definition(_ message: String) -> Self { Self(message: message, id: "definition") }

    static let notDSL = Self(
        message: "a compiled chart is read from its syntax: only State, Parallel, Final, History, Submachine, Initial, "
            + "On, OnAny, OnDone, Always, OnEntry, OnExit and Invoke may stand here; write each element out, or use the plain DSL "
            + "(`Statechart { ... }`) for a chart built with loops, conditions or helper functions",
        id: "notDSL")

    static let notLiteralID = Self(
        message: "state IDs and event names in a compiled chart must be literals such as `.closed`, `Door.closed` or "
            + "\"closed\"; compute them in a plain chart (`Statechart { ... }`) instead",
        id: "notLiteralID")

    static let notLiteralAction = Self(
        message: "an action or guard in a compiled chart must be written where it is used, as a closure literal or "
            + "`Action { ... }` / `Guard { ... }` with a trailing closure; a value made elsewhere cannot be inlined",
        id: "notLiteralAction")

    static let captureList = Self(
        message: "an action or guard in a compiled chart becomes a static function: it cannot capture values; "
            + "keep what it needs in the context",
        id: "captureList")

    static func closureForm(_ count: Int) -> Self {
        Self(message: "an action or guard takes 1 to 3 parameters (the context, the event, the outbox), not \(count)",
             id: "closureForm")
    }

    static let noDefinition = Self(
        message: "a compiled chart declares its chart as `static let definition = Definition(\"name\") { ... }`, or, for a large chart, as `static func makeDefinition() -> Definition { Definition(\"name\") { ... } }`",
        id: "noDefinition")

    static let misplaced = Self(
        message: "transitions, entry and exit actions and invocations cannot stand at the top level of the chart; "
            + "put them inside a state",
        id: "misplaced")

    static let twinMismatch = Self(
        message: "the library's compiler numbered this chart's actions or guards in a way this macro does not know; "
            + "use the macro and the library of the same version",
        id: "twinMismatch")

    /// A warning: a chart of `states` states written as `static let definition`, which Swift
    /// type-checks as one expression.
    static func largeLetChart(_ states: Int) -> Self {
        Self(message: "this chart has \(states) states in `static let definition = ...`, which Swift type-checks as one "
            + "expression, in time that grows with the square of its size; write it as `static func makeDefinition() -> "
            + "Definition { ... }`, which builds in time proportional to its size",
             id: "largeLetChart", severity: .warning)
    }

    static func badArgument(_ label: String) -> Self {
        Self(message: "the argument `\(label)` cannot be read statically in a compiled chart", id: "badArgument")
    }
}

/// A fix-it of `@CompiledStatechart`.
struct ChartFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "StatechartsCompiled", id: message) }
}
