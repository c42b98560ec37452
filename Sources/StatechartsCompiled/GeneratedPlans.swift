@_spi(CompiledCharts) import Statecharts
import Statecharts

/// The generated code of a compiled chart, as the core's compiled route calls it.
@usableFromInline
internal enum _Runner<Chart: CompiledChart>: _GeneratedPlans {
    @usableFromInline typealias Event = Chart.Event
    @usableFromInline typealias Context = Chart.Context

    @inlinable @inline(__always)
    static func _runPlan(_ plan: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>) {
        Chart._runPlan(plan, &context, event, &outbox)
    }

    @inlinable @inline(__always)
    static func _runPlanPhase(_ plan: Int32, _ phase: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>) {
        Chart._runPlanPhase(plan, phase, &context, event, &outbox)
    }

    @inlinable @inline(__always)
    static func _runJoint(_ joint: Int32, _ context: inout Context, _ event: Event?, _ outbox: inout Outbox<Event>) {
        Chart._runJoint(joint, &context, event, &outbox)
    }

    @inlinable @inline(__always)
    static func _evaluateGuard(_ transition: Int32, _ context: Context, _ event: Event?, _ outbox: inout Outbox<Event>) -> Bool {
        Chart._evaluateGuard(transition, context, event, &outbox)
    }
}

/// What generated code says it was made for, decoded from ``CompiledChart/_generatedPlans``:
/// `[2, states, transitions, guardCount, guarded transitions..., planCount,
/// (leaf, transition, actionCount, actions...)..., jointCount, (pickCount, plans...)...]`.
struct GeneratedSignature {
    var states = 0
    var transitions = 0
    var guardedTransitions: [Int32] = []
    var plans: [_CompiledPlan] = []
    /// Each generated joint step's plans, in pick order (indices into `plans`).
    var joints: [[Int32]] = []

    /// Decodes `words`; `nil` when they are not a signature of this format.
    init?(_ words: [Int32]) {
        var i = 0
        func next() -> Int32? {
            guard i < words.count else { return nil }
            defer { i += 1 }
            return words[i]
        }
        guard next() == 2, let states = next(), let transitions = next(), let guardCount = next(), guardCount >= 0 else { return nil }
        self.states = Int(states)
        self.transitions = Int(transitions)
        for _ in 0..<guardCount {
            guard let t = next() else { return nil }
            guardedTransitions.append(t)
        }
        guard let planCount = next(), planCount >= 0 else { return nil }
        for _ in 0..<planCount {
            guard let leaf = next(), let t = next(), let n = next(), n >= 0 else { return nil }
            var actions: [Int32] = []
            for _ in 0..<n {
                guard let a = next() else { return nil }
                actions.append(a)
            }
            plans.append(_CompiledPlan(leaf: leaf, transition: t, actions: actions))
        }
        guard let jointCount = next(), jointCount >= 0 else { return nil }
        for _ in 0..<jointCount {
            guard let n = next(), n >= 0 else { return nil }
            var list: [Int32] = []
            for _ in 0..<n {
                guard let p = next() else { return nil }
                list.append(p)
            }
            joints.append(list)
        }
        guard i == words.count else { return nil }
    }
}
