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

                public static let _generatedPlans: [Int32] = [2, 3, 3, 0, 2, 1, 0, 1, 0, 2, 1, 1, 1, 0]

                public static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<W1Chart>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<W1Chart>._make()

                @inlinable public static func _runPlan(_ plan: Statecharts._GeneratedPlan, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan.rawValue {
                    default:
                        Self._action0(&context, event, &outbox)
                    }
                }

                @inlinable public static func _evaluateGuard(_ transition: Statecharts.TransitionID, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    switch transition.rawValue {
                    default:
                        return true
                    }
                }

                @inlinable public static func _runJoint(_ joint: Statecharts._GeneratedJoint, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch joint.rawValue {
                    default:
                        break
                    }
                }

                @inlinable @inline(__always)
                static func _action0(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 4)
                    let body: (inout Context) -> Void =
                                                   { $0.count += 1 }
                #sourceLocation()
                    body(&context)
                }

                @inlinable @inline(__always)
                static func _action1(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 5)
                    let body: (inout Context) -> Void =
                                                   { $0.count += 1 }
                #sourceLocation()
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

                static let _generatedPlans: [Int32] = [2, 3, 2, 1, 0, 1, 1, 0, 3, 2, 0, 1, 0]

                static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<Door>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<Door>._make()

                static func _runPlan(_ plan: Statecharts._GeneratedPlan, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan.rawValue {
                    default:
                        Self._action0(&context, event, &outbox)
                        Self._action1(&context, event, &outbox)
                        Self._action2(&context, event, &outbox)
                    }
                }

                @inline(__always)
                static func _evaluateGuard(_ transition: Statecharts.TransitionID, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    switch transition.rawValue {
                    case 0:
                        return Self._guard0(context, event, &outbox)
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

                @inline(__always)
                static func _action0(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 4)
                    let body: (inout Context, Event?) -> Void =
                                   { c, e in c.log(e) }
                #sourceLocation()
                    body(&context, event)
                }

                @inline(__always)
                static func _action1(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 5)
                    let body: (inout Context, Event?, inout Statecharts.Outbox<Event>) -> Void =
                                                                                { c, _, outbox in outbox.raise(.opened) }
                #sourceLocation()
                    body(&context, event, &outbox)
                }

                @inline(__always)
                static func _action2(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 7)
                    let body: (inout Context) -> Void =
                                                 { $0.count += 1 }
                #sourceLocation()
                    body(&context)
                }

                @inline(__always)
                static func _guard0(_ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                #sourceLocation(file: "test.swift", line: 5)
                    let body: (Context) -> Bool =
                                                                { $0.allowed }
                #sourceLocation()
                    return body(context)
                }
            }

            extension Door: StatechartsCompiled.CompiledChart {}
            """)
    }

    /// A parallel chart whose plans have exit and entry actions: `_runPlanPhase` runs each phase
    /// of those plans (0 exits, 1 the transition's actions, 2 entries); the others fall to the
    /// default, which runs a plan whole in the transition phase. `_runJoint` runs each set of
    /// plans taken together in one configuration (all exits, last region first, then the
    /// transitions' actions, then the entries): in {a1, b1}, a1's exit, then a1→a2's count, then
    /// b2's entry.
    @Test func parallelPlanPhases() {
        expectExpansion(
            """
            @CompiledStatechart
            enum Pair {
                static let definition = Definition {
                    Parallel(.p) {
                        State(.a) {
                            State(.a1) {
                                OnExit { $0.log("a1") }
                                On(.t, to: .a2) { $0.count += 1 }
                            }
                            State(.a2) { On(.t, to: .a1) { $0.count += 1 } }
                        }
                        State(.b) {
                            State(.b1) { On(.t, to: .b2) }
                            State(.b2) { OnEntry { $0.log("b2") } }
                        }
                    }
                }
            }
            """,
            expanded: """
            enum Pair {
                static let definition = Definition {
                    Parallel(.p) {
                        State(.a) {
                            State(.a1) {
                                OnExit { $0.log("a1") }
                                On(.t, to: .a2) { $0.count += 1 }
                            }
                            State(.a2) { On(.t, to: .a1) { $0.count += 1 } }
                        }
                        State(.b) {
                            State(.b1) { On(.t, to: .b2) }
                            State(.b2) { OnEntry { $0.log("b2") } }
                        }
                    }
                }

                typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>

                static let _generatedPlans: [Int32] = [2, 8, 6, 0, 3, 3, 0, 2, 3, 0, 4, 1, 1, 1, 6, 2, 1, 2, 4, 2, 1, 2, 1, 0, 1, 1, 2, 0, 2]

                static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<Pair>, StatechartsCompiled.CompiledChartError> = StatechartsCompiled.CompiledStatechart<Pair>._make()

                static func _runPlan(_ plan: Statecharts._GeneratedPlan, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan.rawValue {
                    case 0:
                        Self._action0(&context, event, &outbox)
                        Self._action1(&context, event, &outbox)
                    case 1:
                        Self._action1(&context, event, &outbox)
                    default:
                        Self._action3(&context, event, &outbox)
                    }
                }

                static func _evaluateGuard(_ transition: Statecharts.TransitionID, _ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                    switch transition.rawValue {
                    default:
                        return true
                    }
                }

                static func _runPlanPhase(_ plan: Statecharts._GeneratedPlan, _ phase: Statecharts._GeneratedPhase, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch plan.rawValue {
                    case 0:
                        switch phase.rawValue {
                        case 0:
                            Self._action0(&context, event, &outbox)
                        case 1:
                            Self._action1(&context, event, &outbox)
                        default:
                            break
                        }
                    case 2:
                        switch phase.rawValue {
                        case 2:
                            Self._action3(&context, event, &outbox)
                        default:
                            break
                        }
                    default:
                        if phase == .transition {
                            Self._runPlan(plan, &context, event, &outbox)
                        }
                    }
                }

                static func _runJoint(_ joint: Statecharts._GeneratedJoint, _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                    switch joint.rawValue {
                    case 0:
                        Self._action1(&context, event, &outbox)
                        Self._action3(&context, event, &outbox)
                    case 1:
                        Self._action0(&context, event, &outbox)
                        Self._action1(&context, event, &outbox)
                    case 2:
                        Self._action1(&context, event, &outbox)
                    default:
                        Self._action0(&context, event, &outbox)
                        Self._action1(&context, event, &outbox)
                        Self._action3(&context, event, &outbox)
                    }
                }

                static var _hasJointSteps: Bool { true }

                @inline(__always)
                static func _action0(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 6)
                    let body: (inout Context) -> Void =
                                           { $0.log("a1") }
                #sourceLocation()
                    body(&context)
                }

                @inline(__always)
                static func _action1(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 7)
                    let body: (inout Context) -> Void =
                                                    { $0.count += 1 }
                #sourceLocation()
                    body(&context)
                }

                @inline(__always)
                static func _action2(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 9)
                    let body: (inout Context) -> Void =
                                                             { $0.count += 1 }
                #sourceLocation()
                    body(&context)
                }

                @inline(__always)
                static func _action3(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                #sourceLocation(file: "test.swift", line: 13)
                    let body: (inout Context) -> Void =
                                                     { $0.log("b2") }
                #sourceLocation()
                    body(&context)
                }
            }

            extension Pair: StatechartsCompiled.CompiledChart {}
            """)
    }
}
