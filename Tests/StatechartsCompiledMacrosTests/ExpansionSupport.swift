import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import StatechartsCompiledMacroImplementation
import Testing

/// The macro under test, as the compiler sees it.
let macroSpecs = ["CompiledStatechart": MacroSpec(type: CompiledStatechartMacro.self, conformances: ["CompiledChart"])]

/// `assertMacroExpansion` reporting to Swift Testing.
func expectExpansion(
    _ source: String, expanded: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macroSpecs,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

/// What the macro adds to a chart `name` whose definition has errors (already diagnosed):
/// members that keep the type well-formed and whose empty signature the runtime rejects.
func fallbackMembers(_ name: String) -> String {
    """
        typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>

        static let _generatedPlans: [Int32] = []

        static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<\(name)>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<\(name)>._make()

        static func _runPlan(_ plan: Statecharts._GeneratedPlan, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
            switch plan.rawValue {
            default:
                break
            }
        }

        static func _evaluateGuard(_ transition: Statecharts.TransitionID, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
            switch transition.rawValue {
            default:
                return true
            }
        }

        static func _runJoint(_ joint: Statecharts._GeneratedJoint, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
            switch joint.rawValue {
            default:
                break
            }
        }
    """
}

/// Expands a chart `Chart` whose definition's content is `content` (lines inside
/// `Definition { ... }`, which starts on line 5) and expects `diagnostics`, with the fallback
/// members.
func expectDiagnostics(
    _ content: String, _ diagnostics: [DiagnosticSpec], sourceLocation: SourceLocation = #_sourceLocation
) {
    let body = content.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
    let head = """
        enum Chart {
            typealias StateID = S
            static let definition = Definition {
        \(body)
            }
        """
    expectExpansion(
        "@CompiledStatechart\n" + head + "\n}",
        expanded: head + "\n\n" + fallbackMembers("Chart") + "\n}\n\nextension Chart: StatechartsCompiled.CompiledChart {}",
        diagnostics: diagnostics, sourceLocation: sourceLocation)
}
