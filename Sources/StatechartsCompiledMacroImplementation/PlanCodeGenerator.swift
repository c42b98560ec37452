@_spi(CompiledCharts) import Statecharts
import SwiftSyntax

/// What the twin's compilation gives the generated code: its plans with the DSL numbers of their
/// actions, its guarded transitions with the DSL numbers of their guards, and the signature that
/// `CompiledStatechart._make()` checks against the real chart.
struct GeneratedPlans {
    /// The bodies, by DSL number.
    var actions: [BodySource]
    var guards: [BodySource]
    /// Each plan's actions as DSL numbers.
    var planActions: [[Int]]
    /// How each plan's actions split into exits, the transition's own and entries.
    var planPhases: [_CompiledPlanPhases]
    /// (transition, DSL guard number) for every guarded transition.
    var guardOfTransition: [(TransitionID, Int)]
    /// Each joint step's plans (several plans the regions route takes together), in pick order.
    var joints: [[_GeneratedPlan]]
    /// The numbers of a `_GeneratedSignature`, with actions in the compiler's numbering (the same
    /// in the twin and the real chart).
    var signature: [Int32]
    /// Whether the twin's direct table names candidates in slow entries (see
    /// `_GeneratedPlans._hasNamedDirectEntries`).
    var hasNamedDirectEntries: Bool
    /// Whether the twin has joint steps (see `_GeneratedPlans._hasJointSteps`).
    var hasJointSteps: Bool

    /// `nil` when the twin's actions or guards are not the ones the reader numbered (cannot
    /// happen unless the core changes how it names them).
    init?(chart: Statechart<String, TwinEvent, Int>, reader: ChartReader) {
        actions = reader.actions
        guards = reader.guards
        let names = chart._actionNames
        let dslNumberOf: [Int] = names.compactMap { $0.flatMap(Int.init) }
        guard dslNumberOf.count == names.count else { return nil }
        let plans = chart._singlePathPlans
        planActions = []
        for plan in plans {
            var list: [Int] = []
            for a in plan.actions {
                guard a >= 0 && Int(a) < dslNumberOf.count else { return nil }
                list.append(dslNumberOf[Int(a)])
            }
            planActions.append(list)
        }
        planPhases = chart._singlePathPlanPhases
        guard planPhases.count == plans.count else { return nil }
        let guarded = chart._guardedTransitions
        guardOfTransition = []
        for t in guarded {
            guard let number = chart._guardName(of: t).flatMap(Int.init) else { return nil }
            guardOfTransition.append((t, number))
        }
        guard let planOf = chart._planIndices(matching: plans) else { return nil }
        joints = chart._jointPlanLists(planOf: planOf)
        guard joints.allSatisfy({ $0.allSatisfy { !$0.isNone } }) else { return nil }
        hasNamedDirectEntries = chart._hasNamedDirectEntries
        hasJointSteps = chart._hasJointSteps
        let shape = chart._shape
        signature = _GeneratedSignature(states: shape.states, transitions: shape.transitions,
                                        guardedTransitions: guarded, plans: plans, joints: joints).words
    }
}

/// Writes the members `@CompiledStatechart` adds.
enum PlanCodeGenerator {
    /// The generated members; without `generated` (the chart has errors, already diagnosed),
    /// members that keep the type well-formed and whose signature `_make()` rejects.
    static func declarations(access: String, typeName: String, generated: GeneratedPlans?) -> [DeclSyntax] {
        // A public or package chart's plans, guards and bodies are inlinable: a compiled
        // instance's `send`, specialized in another module, then runs them inline rather than
        // calling into the chart's module.
        let inlinable = access.isEmpty ? "" : "@inlinable "
        var code: [String] = [
            "\(access)typealias Definition = Statecharts.StatechartDefinition<StateID, Event, Context>",
            "\(access)static let _generatedPlans: [Int32] = \(signatureLiteral(generated?.signature ?? []))",
            """
            \(access)static let _compiledChart: Result<StatechartsCompiled.CompiledStatechart<\(typeName)>, StatechartsCompiled.CompiledChartError> = \
            StatechartsCompiled.CompiledStatechart<\(typeName)>._make()
            """,
            inlinable + runPlan(access: access, generated),
            inlinable + evaluateGuard(access: access, generated),
        ]
        if let phases = runPlanPhase(access: access, generated) { code.append(inlinable + phases) }
        code.append(inlinable + runJoint(access: access, generated))
        if generated?.hasNamedDirectEntries == true {
            code.append(inlinable + "\(access)static var _hasNamedDirectEntries: Bool { true }")
        }
        if generated?.hasJointSteps == true {
            code.append(inlinable + "\(access)static var _hasJointSteps: Bool { true }")
        }
        if let generated {
            for (i, action) in generated.actions.enumerated() { code.append(inlinable + actionFunction(i, action)) }
            for (i, body) in generated.guards.enumerated() { code.append(inlinable + guardFunction(i, body)) }
        }
        return code.map { DeclSyntax(stringLiteral: $0) }
    }

    /// Above this many numbers the signature is written as a string, decoded when the chart is
    /// made: Swift compiles an array literal in time that grows with the square of its length
    /// (45,000 numbers, a 2,000-state chart's, take 4.9 s in a debug build, 22,000 take 1.2 s).
    static let longSignature = 256

    /// The signature as an array literal, or as a string of numbers a long one.
    static func signatureLiteral(_ signature: [Int32]) -> String {
        let numbers = signature.map(String.init)
        guard numbers.count > longSignature else { return "[" + numbers.joined(separator: ", ") + "]" }
        // A number that does not decode is left out, and the signature check rejects the result.
        return "\"" + numbers.joined(separator: " ") + "\".split(separator: \" \").compactMap { Int32($0) }"
    }

    /// `_runPlan`: one `switch` over the plans; plans whose actions have the same bodies share a
    /// case, and the last case is `default`. Plan numbers come from the table checked against
    /// these plans when the chart was made, so no other number reaches the switch; a chart whose
    /// plans all run the same bodies (a counter on every transition) has no switch left at all.
    static func runPlan(access: String, _ generated: GeneratedPlans?) -> String {
        var lists: [[Int]] = []
        if let generated {
            let canonical = canonicalActions(generated.actions)
            lists = generated.planActions.map { list in list.map { canonical[$0] } }
        }
        let cases = sharedCases(lists)
        return """
            \(access)static func _runPlan(_ plan: Statecharts._GeneratedPlan, _ context: inout Context, _ event: Event?, \
            _ outbox: inout Statecharts.Outbox<Event>) {
                switch plan.rawValue {
            \(indented(cases))
                }
            }
            """
    }

    /// The cases of a `switch` over numbers `0..<lists.count` where number `i` runs the action
    /// bodies `lists[i]`: numbers with the same bodies share a case, and the last case is
    /// `default` (the numbers come from tables checked against this code, so no other reaches
    /// it); one `default: break` when there are none.
    static func sharedCases(_ lists: [[Int]]) -> [String] {
        var order: [[Int]] = []
        var numbersOf: [[Int]: [Int]] = [:]
        for (i, bodies) in lists.enumerated() {
            if numbersOf[bodies] == nil { order.append(bodies) }
            numbersOf[bodies, default: []].append(i)
        }
        guard !order.isEmpty else { return ["default:\n    break"] }
        return order.enumerated().map { n, list in
            let labels = n == order.count - 1 ? "default" : "case " + (numbersOf[list] ?? []).map(String.init).joined(separator: ", ")
            let body = list.isEmpty ? "    break" : list.map { "    Self._action\($0)(&context, event, &outbox)" }.joined(separator: "\n")
            return "\(labels):\n\(body)"
        }
    }

    /// For each action, the first action with the same body: two actions with the same form and
    /// the same text are the same code (both are static members of the chart's type and capture
    /// nothing).
    static func canonicalActions(_ actions: [BodySource]) -> [Int] {
        var firstOfBody: [String: Int] = [:]
        return actions.enumerated().map { i, action in
            let key = "\(action.form)|\(action.closure.trimmedDescription)"
            if let first = firstOfBody[key] { return first }
            firstOfBody[key] = i
            return i
        }
    }

    /// `_runPlanPhase`, for the regions route, which runs several plans together phase by phase:
    /// a `switch` over the plans inside parallel states that have exit or entry actions, and in
    /// each a `switch` over the phase. `nil` when no plan needs one: the library's default then
    /// runs a plan whole in the transition phase, which is right for every other plan (it has
    /// only the transition's actions, or, outside parallel states, is only ever taken alone).
    static func runPlanPhase(access: String, _ generated: GeneratedPlans?) -> String? {
        guard let generated else { return nil }
        let canonical = canonicalActions(generated.actions)
        var order: [[[Int]]] = []
        var plansOf: [[[Int]]: [Int]] = [:]
        for (p, list) in generated.planActions.enumerated() {
            let phases = generated.planPhases[p]
            let transitionEnd = phases.exitCount + phases.transitionCount
            guard phases.insideParallel, phases.exitCount > 0 || transitionEnd < list.count,
                  transitionEnd <= list.count else { continue }
            let bodies = list.map { canonical[$0] }
            let split = [Array(bodies[..<phases.exitCount]), Array(bodies[phases.exitCount..<transitionEnd]),
                         Array(bodies[transitionEnd...])]
            if plansOf[split] == nil { order.append(split) }
            plansOf[split, default: []].append(p)
        }
        guard !order.isEmpty else { return nil }
        var cases: [String] = order.map { split in
            var phaseCases: [String] = []
            for (phase, list) in split.enumerated() where !list.isEmpty {
                phaseCases.append("case \(phase):\n" + list.map { "    Self._action\($0)(&context, event, &outbox)" }.joined(separator: "\n"))
            }
            phaseCases.append("default:\n    break")
            let labels = (plansOf[split] ?? []).map(String.init).joined(separator: ", ")
            return "case \(labels):\n    switch phase.rawValue {\n\(indented(phaseCases))\n    }"
        }
        cases.append("default:\n    if phase == .transition {\n        Self._runPlan(plan, &context, event, &outbox)\n    }")
        return """
            \(access)static func _runPlanPhase(_ plan: Statecharts._GeneratedPlan, _ phase: Statecharts._GeneratedPhase, \
            _ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
                switch plan.rawValue {
            \(indented(cases))
                }
            }
            """
    }

    /// `_runJoint`: one `switch` over the joint steps, each its plans' exit actions (last pick
    /// first), then their transitions' actions, then their entry actions (first pick first), as
    /// SCXML orders a microstep's exit set, transitions and entry set. Joint steps with the same
    /// bodies share a case, the last case is `default`, as in `_runPlan`.
    static func runJoint(access: String, _ generated: GeneratedPlans?) -> String {
        var lists: [[Int]] = []
        if let generated {
            let canonical = canonicalActions(generated.actions)
            lists = generated.joints.map { plans in
                var exits: [Int] = [], transitions: [Int] = [], entries: [Int] = []
                for p in plans {
                    let list = generated.planActions[Int(p.rawValue)].map { canonical[$0] }
                    let phases = generated.planPhases[Int(p.rawValue)]
                    let transitionEnd = min(phases.exitCount + phases.transitionCount, list.count)
                    let exitEnd = min(phases.exitCount, transitionEnd)
                    exits = Array(list[..<exitEnd]) + exits
                    transitions += list[exitEnd..<transitionEnd]
                    entries += list[transitionEnd...]
                }
                return exits + transitions + entries
            }
        }
        let cases = sharedCases(lists)
        return """
            \(access)static func _runJoint(_ joint: Statecharts._GeneratedJoint, _ context: inout Context, _ event: Event?, \
            _ outbox: inout Statecharts.Outbox<Event>) {
                switch joint.rawValue {
            \(indented(cases))
                }
            }
            """
    }

    /// `_evaluateGuard`: one `switch` over the guarded transitions (`true` for the others);
    /// transitions whose guards have the same body (form and text, as for actions) share a case.
    /// Inlined into the routes that call it when there are at most ``inlinedGuardBodies`` distinct
    /// bodies (a chart whose every transition checks the same condition: one range test, no
    /// call); a chart with more keeps one out-of-line `switch`.
    static func evaluateGuard(access: String, _ generated: GeneratedPlans?) -> String {
        var order: [Int] = []
        var transitionsOf: [Int: [Int32]] = [:]
        if let generated {
            let canonical = canonicalActions(generated.guards)
            for (t, g) in generated.guardOfTransition {
                let body = g >= 0 && g < canonical.count ? canonical[g] : g
                if transitionsOf[body] == nil { order.append(body) }
                transitionsOf[body, default: []].append(t.rawValue)
            }
        }
        var cases = order.map { g in
            "case " + (transitionsOf[g] ?? []).map(String.init).joined(separator: ", ")
                + ":\n    return Self._guard\(g)(context, event, &outbox)"
        }
        cases.append("default:\n    return true")
        let inline = !order.isEmpty && order.count <= inlinedGuardBodies ? "@inline(__always)\n" : ""
        return """
            \(inline)\(access)static func _evaluateGuard(_ transition: Statecharts.TransitionID, _ context: Context, _ event: Event?, \
            _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
                switch transition.rawValue {
            \(indented(cases))
                }
            }
            """
    }

    /// At most this many distinct guard bodies, `_evaluateGuard` is inlined where it is called.
    static let inlinedGuardBodies = 4

    /// The cases of a `switch`, each line indented to stand in a function's body.
    static func indented(_ cases: [String]) -> String {
        cases.flatMap { $0.split(separator: "\n") }.map { "    " + $0 }.joined(separator: "\n")
    }

    /// An action's body as a static function: the closure literal as written, bound to a local
    /// and applied at once, which the optimizer inlines. The closure stands at its line and column
    /// in the user's file (see `SourceOrigin`), where a problem in it is reported.
    static func actionFunction(_ i: Int, _ action: BodySource) -> String {
        let (type, call): (String, String)
        switch action.form {
        case .context: (type, call) = ("(inout Context) -> Void", "body(&context)")
        case .contextEvent: (type, call) = ("(inout Context, Event?) -> Void", "body(&context, event)")
        case .full: (type, call) = ("(inout Context, Event?, inout Statecharts.Outbox<Event>) -> Void", "body(&context, event, &outbox)")
        }
        return """
            @inline(__always)
            static func _action\(i)(_ context: inout Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) {
            \(SourceOrigin.place(action.closure.trimmedDescription, after: "let body: \(type) =", origin: action.origin, indent: "    "))
                \(call)
            }
            """
    }

    /// A guard's body as a static function, as for actions.
    static func guardFunction(_ i: Int, _ body: BodySource) -> String {
        let (type, call): (String, String)
        switch body.form {
        case .context: (type, call) = ("(Context) -> Bool", "body(context)")
        case .contextEvent: (type, call) = ("(Context, Event?) -> Bool", "body(context, event)")
        case .full: (type, call) = ("(Context, Event?, inout Statecharts.Outbox<Event>) -> Bool", "body(context, event, &outbox)")
        }
        return """
            @inline(__always)
            static func _guard\(i)(_ context: Context, _ event: Event?, _ outbox: inout Statecharts.Outbox<Event>) -> Bool {
            \(SourceOrigin.place(body.closure.trimmedDescription, after: "let body: \(type) =", origin: body.origin, indent: "    "))
                return \(call)
            }
            """
    }
}
