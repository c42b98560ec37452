import SwiftSyntaxMacrosGenericTestSupport
import Testing

// What the macro generates, written out: W1's toggle and a chart with a guard, an exit, an
// entry and actions of every form.

@Suite struct ExpansionTests {
    @Test func toggle() {
        expectExpansion(
            """
            @CompiledStatechart
            public enum W1Chart {
                public typealias StateID = S
                static let definition = Definition("W1 toggle") {
                    State(.a) { On(.t, to: .b) { $0.count += 1 } }
                    State(.b) { On(.t, to: .a) { $0.count += 1 } }
                }
            }
            """,
            expanded: """
            public enum W1Chart {
                public typealias StateID = S
                static let definition = Definition("W1 toggle") {
                    State(.a) { On(.t, to: .b) { $0.count += 1 } }
                    State(.b) { On(.t, to: .a) { $0.count += 1 } }
                }

                public typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>

                public static let _generatedPlans: [Int32] = [1, 3, 3, 0, 2, 1, 0, 1, 0, 2, 1, 1, 1]

                public static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<W1Chart>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<W1Chart>._make()

                @inlinable public static func _runPlan(_ plan: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan {
                    default:
                        Self._action0(&context, event, &outbox)
                    }
                }

                @inlinable public static func _evaluateGuard(_ transition: Int32, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    switch transition {
                    default:
                        return true
                    }
                }

                @inlinable @inline(__always)
                static func _action0(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    let body: (inout Context) -> Void = { $0.count += 1 }
                    body(&context)
                }

                @inlinable @inline(__always)
                static func _action1(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    let body: (inout Context) -> Void = { $0.count += 1 }
                    body(&context)
                }
            }

            extension W1Chart: StatechartsCompiled.CompiledChart {}
            """)
    }

    @Test func guardsExitsEntriesAndEveryForm() {
        expectExpansion(
            """
            @CompiledStatechart
            enum Door {
                static let definition = Definition {
                    State(.closed) {
                        OnExit { c, e in c.log(e) }
                        On(.open, to: .opened, guard: Guard { $0.allowed }) { c, _, outbox in outbox.raise(.opened) }
                    }
                    State(.opened) { OnEntry { $0.count += 1 } }
                }
            }
            """,
            expanded: """
            enum Door {
                static let definition = Definition {
                    State(.closed) {
                        OnExit { c, e in c.log(e) }
                        On(.open, to: .opened, guard: Guard { $0.allowed }) { c, _, outbox in outbox.raise(.opened) }
                    }
                    State(.opened) { OnEntry { $0.count += 1 } }
                }

                typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>

                static let _generatedPlans: [Int32] = [1, 3, 2, 1, 0, 1, 1, 0, 3, 2, 0, 1]

                static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<Door>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<Door>._make()

                static func _runPlan(_ plan: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan {
                    default:
                        Self._action0(&context, event, &outbox)
                        Self._action1(&context, event, &outbox)
                        Self._action2(&context, event, &outbox)
                    }
                }

                static func _evaluateGuard(_ transition: Int32, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    switch transition {
                    case 0:
                        return Self._guard0(context, event, &outbox)
                    default:
                        return true
                    }
                }

                @inline(__always)
                static func _action0(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    let body: (inout Context, Event?) -> Void = { c, e in c.log(e) }
                    body(&context, event)
                }

                @inline(__always)
                static func _action1(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    let body: (inout Context, Event?, inout Statecharts.Outbox<Event>) -> Void = { c, _, outbox in outbox.raise(.opened) }
                    body(&context, event, &outbox)
                }

                @inline(__always)
                static func _action2(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    let body: (inout Context) -> Void = { $0.count += 1 }
                    body(&context)
                }

                @inline(__always)
                static func _guard0(_ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    let body: (Context) -> Bool = { $0.allowed }
                    return body(context)
                }
            }

            extension Door: StatechartsCompiled.CompiledChart {}
            """)
    }
}
