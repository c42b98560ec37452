import SwiftSyntaxMacrosGenericTestSupport
import Testing

// Every problem of a compiled chart is a compiler error at the line (and column) where it is
// written. Lines: the definition's content starts on line 5, indented by 8 columns.

@Suite struct DefinitionErrorDiagnostics {
    @Test func unknownTarget() {
        expectDiagnostics("""
            State(.a) { On(.t, to: .nowhere) }
            State(.b)
            """, [DiagnosticSpec(message: "root/a: unknown target 'nowhere'", line: 5, column: 32)])
    }

    @Test func duplicateState() {
        expectDiagnostics("""
            State(.a)
            State(.a)
            """, [DiagnosticSpec(message: "root/a: duplicate state 'a' (first defined at root/a)", line: 6, column: 9)])
    }

    @Test func historyAtTheTopLevel() {
        expectDiagnostics("""
            State(.a)
            History(.h, default: .a)
            """, [DiagnosticSpec(
                message: "root/h: a history state must be inside a compound or parallel state, not at the top level",
                line: 6, column: 9)])
    }

    @Test func unknownInitialState() {
        expectDiagnostics("""
            State(.a, initial: .missing) { State(.a1) }
            """, [DiagnosticSpec(message: "root/a: unknown initial state 'missing'", line: 5, column: 28)])
    }

    @Test func finalStateWithTransitions() {
        expectDiagnostics("""
            State(.a)
            Final(.f) { On(.t, to: .a) }
            """, [DiagnosticSpec(message: "root/f: a final state cannot have transitions", line: 6, column: 9)])
    }

    @Test func targetsNotInParallelRegions() {
        expectDiagnostics("""
            State(.a) {
                On(.t, to: .b1, .b2)
            }
            State(.b) { State(.b1); State(.b2) }
            """, [DiagnosticSpec(
                message: "root/a: targets 'root/b/b1' and 'root/b/b2' are not in different regions of a parallel state",
                line: 6, column: 24)])
    }

    @Test func unknownWhenInState() {
        expectDiagnostics("""
            State(.a) { On(.t, to: .b, whenIn: [.ghost]) }
            State(.b)
            """, [DiagnosticSpec(message: "root/a: unknown state in whenIn 'ghost'", line: 5, column: 45)])
    }
}

@Suite struct StaticReadingDiagnostics {
    @Test func computedStateID() {
        expectDiagnostics("""
            State(Door.all[0])
            """, [DiagnosticSpec(message: ChartMessages.notLiteralID, line: 5, column: 15)])
    }

    @Test func loopInTheDSL() {
        expectDiagnostics("""
            State(.a)
            for s in extra { State(s) }
            """, [DiagnosticSpec(message: ChartMessages.notDSL, line: 6, column: 9)])
    }

    @Test func helperFunction() {
        expectDiagnostics("""
            State(.a)
            makeStates()
            """, [DiagnosticSpec(message: ChartMessages.notDSL, line: 6, column: 9)])
    }

    @Test func actionMadeElsewhere() {
        expectDiagnostics("""
            State(.a) { OnEntry(countAction) }
            """, [DiagnosticSpec(message: ChartMessages.notLiteralAction, line: 5, column: 29)])
    }

    @Test func captureListHasAFixIt() {
        expectDiagnostics("""
            State(.a) { OnEntry { [limit] in $0.count = limit } }
            """, [DiagnosticSpec(message: ChartMessages.captureList, line: 5, column: 31,
                                 fixIts: [FixItSpec(message: "remove the capture list")])])
    }

    @Test func tooManyParameters() {
        expectDiagnostics("""
            State(.a) { OnEntry { a, b, c, d in } }
            """, [DiagnosticSpec(message: "an action or guard takes 1 to 3 parameters (the context, the event, the outbox), not 4",
                                 line: 5, column: 29)])
    }

    @Test func aDoneEventOnlyOnAFinalState() {
        expectDiagnostics("""
            State(.a, doneEvent: finish)
            """, [DiagnosticSpec(message: "the argument `doneEvent` cannot be read statically in a compiled chart",
                                 line: 5, column: 30)])
    }

    @Test func transitionAtTheTopLevel() {
        expectDiagnostics("""
            State(.a)
            On(.t, to: .a)
            """, [DiagnosticSpec(message: ChartMessages.misplaced, line: 6, column: 9)])
    }

    @Test func missingDefinition() {
        expectExpansion(
            "@CompiledStatechart\nenum Chart {\n    static let states = 1\n}",
            expanded: "enum Chart {\n    static let states = 1\n\n" + fallbackMembers("Chart")
                + "\n}\n\nextension Chart: StatechartsCompiled.CompiledChart {}",
            diagnostics: [DiagnosticSpec(message: ChartMessages.noDefinition, line: 1, column: 1)])
    }
}

/// The macro's fixed messages, as a user reads them.
enum ChartMessages {
    static let notDSL = "a compiled chart is read from its syntax: only State, Parallel, Final, History, Submachine, Initial, "
        + "On, OnAny, OnDone, Always, OnEntry, OnExit and Invoke may stand here; write each element out, or use the plain DSL "
        + "(`Statechart { ... }`) for a chart built with loops, conditions or helper functions"
    static let notLiteralID = "state IDs and event names in a compiled chart must be literals such as `.closed`, `Door.closed` or "
        + "\"closed\"; compute them in a plain chart (`Statechart { ... }`) instead"
    static let notLiteralAction = "an action or guard in a compiled chart must be written where it is used, as a closure literal or "
        + "`Action { ... }` / `Guard { ... }` with a trailing closure; a value made elsewhere cannot be inlined"
    static let captureList = "an action or guard in a compiled chart becomes a static function: it cannot capture values; "
        + "keep what it needs in the context"
    static let noDefinition = "a compiled chart declares its chart as `static let definition = Definition(\"name\") { ... }`, or, for a large chart, as `static func makeDefinition() -> Definition { Definition(\"name\") { ... } }`"
    static let misplaced = "transitions, entry and exit actions and invocations cannot stand at the top level of the chart; "
        + "put them inside a state"
}
