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
