import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import StatechartsCompiledMacroImplementation
import Testing

/// Expands a chart `Chart` whose definition's content is `content` (from line 5, indented by 8
/// columns) followed by the type's other members `members` (indented by 4 columns, from the line
/// after the definition's closing brace), and expects `diagnostics`, with the fallback members. A
/// function the chart embeds gets `@_CompiledDefinitionBody`, on a line of its own.
func expectSubmachineDiagnostics(
    _ content: String, members: String, _ diagnostics: [DiagnosticSpec],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    func indent(_ text: String, by n: Int) -> String {
        let pad = String(repeating: " ", count: n)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
            .joined(separator: "\n")
    }
    func type(_ members: String) -> String {
        """
        enum Chart {
            typealias StateID = S
            static let definition = Definition {
        \(indent(content, by: 8))
            }
        """ + (members.isEmpty ? "" : "\n" + indent(members, by: 4))
    }
    let expandedMembers = members.replacingOccurrences(
        of: "static func makeDoor()", with: "@StatechartsCompiled._CompiledDefinitionBody\nstatic func makeDoor()")
    expectExpansion(
        "@CompiledStatechart\n" + type(members) + "\n}",
        expanded: type(expandedMembers) + "\n\n" + fallbackMembers("Chart")
            + "\n}\n\nextension Chart: StatechartsCompiled.CompiledChart {}",
        diagnostics: diagnostics, sourceLocation: sourceLocation)
}

// Every way a `Submachine` in a compiled chart can go wrong is a compiler error at the
// `Submachine` call's chart argument (or at the embedded chart's own line, for its states).
@Suite struct SubmachineDiagnostics {
    @Test func mapStateIsNotSupported() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door, mapState: { .frontDoor($0) })
            """, members: """
            static let door = Definition("door") { State(.closed) }
            """, [DiagnosticSpec(message: SubmachineMessages.mapState, line: 5, column: 44)])
    }

    @Test func aChartOfAnotherType() {
        expectSubmachineDiagnostics("""
            Submachine(.front, Doors.door)
            """, members: "", [DiagnosticSpec(message: SubmachineMessages.elsewhere("Doors.door"), line: 5, column: 28)])
    }

    @Test func aChartThatIsNotAMember() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door)
            """, members: "", [DiagnosticSpec(message: SubmachineMessages.elsewhere("door"), line: 5, column: 28)])
    }

    @Test func aChartMadeWithArguments() {
        expectSubmachineDiagnostics("""
            Submachine(.front, makeDoor(locked: true))
            """, members: "", [DiagnosticSpec(message: SubmachineMessages.elsewhere("makeDoor(locked: true)"),
                                              line: 5, column: 28)])
    }

    @Test func aMemberThatIsNotWrittenWithTheDSL() {
        expectSubmachineDiagnostics("""
            Submachine(.front, Self.door)
            """, members: """
            static let door = Doors.make(3)
            """, [DiagnosticSpec(
                message: SubmachineMessages.unreadable("`door` is not written with the DSL; write it as `static let door = "
                                                       + "Definition(\"name\") { ... }` so that the macro can read its states"),
                line: 5, column: 28)])
    }

    @Test func aFunctionThatDoesNotReturnTheDSL() {
        expectSubmachineDiagnostics("""
            Submachine(.front, makeDoor())
            """, members: """
            static func makeDoor() -> Definition { let d = Doors.make(3); return d }
            """, [DiagnosticSpec(
                message: SubmachineMessages.unreadable("`makeDoor()` does not return a chart written with the DSL; write it "
                                                       + "as `static func makeDoor() -> Definition { Definition(\"name\") { ... } }`"),
                line: 5, column: 28)])
    }

    @Test func aStaticVarHasAFixIt() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door)
            """, members: """
            static var door = Definition("door") { State(.closed) }
            """, [DiagnosticSpec(
                message: SubmachineMessages.unreadable("`door` is a `static var`, which may change after the macro read it; "
                                                       + "declare it `static let`"),
                line: 5, column: 28, fixIts: [FixItSpec(message: "declare it with `let`")])])
    }

    @Test func anInstanceMember() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door)
            """, members: """
            let door = Definition("door") { State(.closed) }
            """, [DiagnosticSpec(
                message: SubmachineMessages.unreadable("`door` is not a static member; declare it `static let door = "
                                                       + "Definition(\"name\") { ... }`"),
                line: 5, column: 28)])
    }

    @Test func theChartItself() {
        expectSubmachineDiagnostics("""
            State(.a)
            Submachine(.again, definition)
            """, members: "", [DiagnosticSpec(message: SubmachineMessages.cycle("definition"), line: 6, column: 28)])
    }

    @Test func anEmbeddedChartThatEmbedsItselfThroughAnother() {
        expectSubmachineDiagnostics("""
            Submachine(.outer, Self.outer)
            """, members: """
            static let outer = Definition { Submachine(.inner, inner) }
            static let inner = Definition { State(.x); Submachine(.loop, outer) }
            """, [DiagnosticSpec(message: SubmachineMessages.cycle("outer"), line: 8, column: 66)])
    }

    @Test func aChartEmbeddedTwice() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door)
            Submachine(.back, door)
            """, members: """
            static let door = Definition("door") { State(.closed) }
            """, [DiagnosticSpec(message: SubmachineMessages.twice("door"), line: 6, column: 27)])
    }

    @Test func aDuplicateStateInTheEmbeddedChartIsReportedAtItsLine() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door)
            """, members: """
            static let door = Definition("door") {
                State(.closed)
                State(.closed)
            }
            """, [DiagnosticSpec(message: "root/front/closed: duplicate state 'closed' (first defined at root/front/closed)",
                                 line: 9, column: 9)])
    }

    @Test func anUnknownTargetInTheEmbeddedChartIsReportedAtItsLine() {
        expectSubmachineDiagnostics("""
            Submachine(.front, makeDoor()) { On(.reset, to: .front) }
            """, members: """
            static func makeDoor() -> Definition {
                Definition("door") {
                    State(.closed) { On(.open, to: .opnd) }
                }
            }
            """, [DiagnosticSpec(message: "root/front/closed: unknown target 'opnd'", line: 9, column: 44)])
    }

    @Test func aStateOfTheContentThatDuplicatesAnEmbeddedOneIsReportedInTheContent() {
        expectSubmachineDiagnostics("""
            Submachine(.front, door) {
                State(.closed)
            }
            """, members: """
            static let door = Definition("door") { State(.closed) }
            """, [DiagnosticSpec(message: "root/front/closed: duplicate state 'closed' (first defined at root/front/closed)",
                                 line: 6, column: 13)])
    }
}

@Suite struct EmbeddedFunctionBody {
    /// The member attributes `@CompiledStatechart` gives each member of `source`'s type, by name.
    func attributes(_ source: String) throws -> [String: [String]] {
        let file = Parser.parse(source: source)
        let type = try #require(file.statements.first?.item.as(EnumDeclSyntax.self))
        let attribute = try #require(type.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext()
        var result: [String: [String]] = [:]
        for member in type.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
            let attached = try CompiledStatechartMacro.expansion(
                of: attribute, attachedTo: type, providingAttributesFor: function, in: context)
            result[function.name.text] = attached.map { $0.trimmedDescription }
        }
        return result
    }

    @Test func aFunctionItEmbedsHasItsBodySplitToo() throws {
        let found = try attributes("""
            @CompiledStatechart
            enum Chart {
                static func makeDefinition() -> Definition { Definition { Submachine(.door, Self.makeDoor()) } }
                static func makeDoor() -> Definition { Definition { State(.closed) } }
                static func makeOther() -> Definition { Definition { State(.closed) } }
            }
            """)
        #expect(found == [
            "makeDefinition": ["@StatechartsCompiled._CompiledDefinitionBody"],
            "makeDoor": ["@StatechartsCompiled._CompiledDefinitionBody"],
            "makeOther": [],
        ])
    }

    @Test func aSubmachineIsSplitAsAState() {
        expectBodyExpansion(
            """
            @_CompiledDefinitionBody
            static func makeDefinition() -> Definition {
                Definition("house") {
                    Submachine(.front, door) { On(.reset, to: .front) }
                    Submachine(.back, makeBackDoor())
                }
            }
            """,
            expanded: """
            static func makeDefinition() -> Definition {
                typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]
                typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>
                func _content() -> _Content {
                    func _content1() -> _Content {
                        var content: _Content = []
                        content += _Builder.buildExpression(Statecharts.On<StateID, Event, Context>(.reset, to: .front))
                        return content
                    }
                    var content: _Content = []
                    content += _Builder.buildExpression(Statecharts.Submachine<StateID, Event, Context>(.front, door) { _content1() })
                    content += _Builder.buildExpression(Statecharts.Submachine<StateID, Event, Context>(.back, makeBackDoor()))
                    return content
                }
                return Definition("house") { _content() }
            }
            """)
    }
}

/// The `Submachine` messages, as a user reads them.
enum SubmachineMessages {
    static let mapState = "`mapState:` renames the embedded chart's states with a closure, which the macro cannot run; in a "
        + "compiled chart the embedded chart is written with this chart's `StateID` (its states keep their IDs), or embed "
        + "it in a plain chart (`Statechart { ... }`)"

    static func elsewhere(_ reference: String) -> String {
        "the chart a compiled chart embeds must be a static member of `Chart` written with the DSL, which the macro reads "
            + "from its syntax; `\(reference)` is not (a chart from another type or module, or made at run time, is a value "
            + "the macro cannot read): declare it in `Chart` as `static let name = Definition(\"name\") { ... }` and write "
            + "`Submachine(.id, name)`, or embed it in a plain chart"
    }

    static func unreadable(_ why: String) -> String {
        "the chart a compiled chart embeds is read from its syntax: " + why
    }

    static func cycle(_ key: String) -> String {
        "`\(key)` embeds itself: a chart cannot contain itself; embed another chart here"
    }

    static func twice(_ key: String) -> String {
        "`\(key)` is embedded twice: its states would be in the chart twice with the same IDs, and a compiled chart cannot "
            + "rename them (`mapState:`); declare a second chart with other state IDs, or embed it twice in a plain chart"
    }
}
