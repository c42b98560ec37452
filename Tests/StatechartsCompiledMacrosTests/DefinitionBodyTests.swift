import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import StatechartsCompiledMacroImplementation
import Testing

// A chart written as `static func makeDefinition()`: `@CompiledStatechart` declares `definition`
// from it and marks it with `@_CompiledDefinitionBody`, which splits the DSL into statements.

/// `assertMacroExpansion` of `@_CompiledDefinitionBody` alone, reporting to Swift Testing.
func expectBodyExpansion(_ source: String, expanded: String, sourceLocation: SourceLocation = #_sourceLocation) {
    assertMacroExpansion(
        source, expandedSource: expanded,
        macroSpecs: ["_CompiledDefinitionBody": MacroSpec(type: DefinitionBodyMacro.self)],
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

@Suite struct DefinitionBodyTests {
    @Test func eachStateBodyBecomesAFunctionOfStatements() {
        expectBodyExpansion(
            """
            @_CompiledDefinitionBody
            static func makeDefinition() -> Definition {
                Definition("door") {
                    State(.closed, initial: .shut) {
                        OnEntry { $0.count += 1 }
                        State(.shut) { On(.open, to: .opened) }
                        Final(.done)
                    }
                    Statecharts.State(.opened) { On(.close, to: .closed, guard: Guard { $0.allowed }) { c, _ in c.count -= 1 } }
                }
            }
            """,
            expanded: """
            static func makeDefinition() -> Definition {
                typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]
                typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>
                func _content() -> _Content {
                    func _content1() -> _Content {
                        func _content2() -> _Content {
                            var content: _Content = []
                            content += _Builder.buildExpression(Statecharts.On<StateID, Event, Context>(.open, to: .opened))
                            return content
                        }
                        var content: _Content = []
                        #sourceLocation(file: "test.swift", line: 4)
            content += _Builder.buildExpression(Statecharts.OnEntry<StateID, Event, Context>(
                              ) { $0.count += 1 })
            #sourceLocation()
                        content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.shut) { _content2() })
                        content += _Builder.buildExpression(Statecharts.Final<StateID, Event, Context>(.done))
                        return content
                    }
                    func _content3() -> _Content {
                        var content: _Content = []
                        #sourceLocation(file: "test.swift", line: 8)
            content += _Builder.buildExpression(Statecharts.On<StateID, Event, Context>(
                                                    .close, to: .closed, guard: Guard { $0.allowed }) { c, _ in c.count -= 1 })
            #sourceLocation()
                        return content
                    }
                    var content: _Content = []
                    content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.closed, initial: .shut) { _content1() })
                    content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.opened) { _content3() })
                    return content
                }
                return Definition("door") { _content() }
            }
            """)
    }

    /// Anything but the DSL's elements written out (here a loop) is left as written:
    /// `@CompiledStatechart` reports it, and the compiler reads the body as it is.
    @Test func aBodyItCannotSplitIsLeftAsWritten() {
        expectBodyExpansion(
            """
            @_CompiledDefinitionBody
            static func makeDefinition() -> Definition {
                Definition {
                    for id in ids { State(id) }
                }
            }
            """,
            expanded: """
            static func makeDefinition() -> Definition {
                Definition {
                    for id in ids { State(id) }
                }
            }
            """)
    }

    /// The user's code is copied as written, line breaks and all: a multi-line string keeps its
    /// value.
    @Test func actionsAreCopiedAsWritten() {
        expectBodyExpansion(
            #"""
            @_CompiledDefinitionBody
            static func makeDefinition() -> Definition {
                Definition {
                    State(.a) {
                        OnEntry {
                            $0.log.append("""
                                in a
                                """)
                        }
                    }
                }
            }
            """#,
            expanded: #"""
            static func makeDefinition() -> Definition {
                typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]
                typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>
                func _content() -> _Content {
                    func _content1() -> _Content {
                        var content: _Content = []
                        #sourceLocation(file: "test.swift", line: 4)
            content += _Builder.buildExpression(Statecharts.OnEntry<StateID, Event, Context>(
                              ) {
                            $0.log.append("""
                                in a
                                """)
                        })
            #sourceLocation()
                        return content
                    }
                    var content: _Content = []
                    content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.a) { _content1() })
                    return content
                }
                return Definition { _content() }
            }
            """#)
    }

    /// A state with more elements than a part holds is built in parts.
    @Test func aLongBodyIsBuiltInParts() {
        let states = (0..<40).map { "        State(.s\($0))" }.joined(separator: "\n")
        let source = "@_CompiledDefinitionBody\nstatic func makeDefinition() -> Definition {\n    return Definition {\n" + states + "\n    }\n}"
        let appends = (0..<40).map { "content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.s\($0)))" }
        let first = appends[0..<32].map { "            " + $0 }.joined(separator: "\n")
        let second = appends[32...].map { "            " + $0 }.joined(separator: "\n")
        expectBodyExpansion(
            source,
            expanded: """
            static func makeDefinition() -> Definition {
                typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]
                typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>
                func _content() -> _Content {
                    func _part0() -> _Content {
                        var content: _Content = []
            \(first)
                        return content
                    }
                    func _part1() -> _Content {
                        var content: _Content = []
            \(second)
                        return content
                    }
                    var content: _Content = []
                    content += _part0()
                    content += _part1()
                    return content
                }
                return Definition { _content() }
            }
            """)
    }
}

@Suite struct FunctionFormExpansionTests {
    /// `@CompiledStatechart` reads the chart from `makeDefinition()`, marks the function for
    /// `@_CompiledDefinitionBody` and declares `definition` from it.
    @Test func theFunctionIsMarkedAndDefinitionDeclared() {
        expectExpansion(
            """
            @CompiledStatechart
            enum Chart {
                static func makeDefinition() -> Definition {
                    Definition { State(.a) }
                }
            }
            """,
            expanded: """
            enum Chart {
                @StatechartsCompiled._CompiledDefinitionBody
                static func makeDefinition() -> Definition {
                    Definition { State(.a) }
                }

                static let definition: Definition = makeDefinition()

                typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>

                static let _generatedPlans: [Int32] = [2, 2, 1, 0, 0, 0]

                static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<Chart>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<Chart>._make()

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
            }

            extension Chart: StatechartsCompiled.CompiledChart {}
            """)
    }

    /// A mistake in the function form is reported at its line, as in `static let definition`.
    @Test func aMistakeIsReportedAtItsLine() {
        expectExpansion(
            """
            @CompiledStatechart
            enum Chart {
                static func makeDefinition() -> Definition {
                    Definition { State(.a) { On(.go, to: .b) } }
                }
            }
            """,
            expanded: """
            enum Chart {
                @StatechartsCompiled._CompiledDefinitionBody
                static func makeDefinition() -> Definition {
                    Definition { State(.a) { On(.go, to: .b) } }
                }

                static let definition: Definition = makeDefinition()

            \(fallbackMembers("Chart"))
            }

            extension Chart: StatechartsCompiled.CompiledChart {}
            """,
            diagnostics: [DiagnosticSpec(message: "root/a: unknown target 'b'", line: 4, column: 46)])
    }
}
