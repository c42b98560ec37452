/// The cost floor of the action model, measured beside W3's baseline: a hand-written `switch`
/// whose counting actions are Swift closures stored in boxes and called out of line, one call per
/// action, the way a compiled chart calls the actions its user wrote.
///
/// A chart's entry, exit and transition actions are closures the user passes to the DSL; the
/// runtime can only call them through a pointer. The baselines increment their counters inline.
/// Timing both floors in the same run separates what the core costs (`chart ÷ closure floor`)
/// from what calling user code out of line costs (`closure floor ÷ baseline`); see
/// docs/benchmarks.md.

/// A counting action as the floors store it: a final class holding the closure in a `let`, like
/// the library's own action boxes, so that a call retains nothing.
public final class FloorAction<Context>: @unchecked Sendable {
    public let body: @Sendable (inout Context) -> Void
    public init(_ body: @escaping @Sendable (inout Context) -> Void) { self.body = body }
}

/// A fixed list of actions kept as unretained pointers to their boxes (the boxes are owned by
/// `owners`), read the way the runtime reads a plan's action slots.
public final class FloorPlan<Context>: @unchecked Sendable {
    let owners: [FloorAction<Context>]
    public let actions: UnsafeMutablePointer<UnsafeRawPointer>
    public let count: Int

    public init(_ actions: [FloorAction<Context>]) {
        owners = actions
        count = actions.count
        self.actions = .allocate(capacity: max(1, actions.count))
        for (i, action) in actions.enumerated() {
            self.actions[i] = UnsafeRawPointer(Unmanaged.passUnretained(action).toOpaque())
        }
    }

    deinit { actions.deallocate() }

    /// Calls the actions `start..<start + length` in order, each through its box.
    @inline(__always)
    public func run(_ start: Int, _ length: Int, _ context: inout Context) {
        var i = start
        let end = start &+ length
        while i < end {
            Unmanaged<FloorAction<Context>>.fromOpaque(actions[i])._withUnsafeGuaranteedRef { $0.body(&context) }
            i &+= 1
        }
    }
}
