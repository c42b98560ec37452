// What the code `@CompiledStatechart` generates says it was made for: the tables' single-path
// plans (``_CompiledPlan``, ``_CompiledPlanPhases``), and the signature, as numbers, written by
// the macro (StatechartsCompiledMacroImplementation) into the generated `_generatedPlans`, read by
// StatechartsCompiled when the chart is made, and checked against the real chart's tables.
// Encoded and decoded here only, so that the writer and the reader cannot drift apart.

/// One single-path plan: taking `transition` while `leaf` is the active atomic state runs the
/// chart's actions `actions` (indices in the compiler's action numbering: transition actions
/// state by state in document order, then initial and history-default actions, then every
/// state's entry actions, then every state's exit actions), in order.
@_spi(CompiledCharts)
public struct _CompiledPlan: Sendable, Hashable {
    /// The active atomic state the plan starts from (its index in document order).
    public let leaf: Int32
    /// The transition the plan takes.
    public let transition: Int32
    /// The actions the plan runs, in order: exits, the transition's, entries.
    public let actions: [Int32]

    /// Creates a plan description.
    public init(leaf: Int32, transition: Int32, actions: [Int32]) {
        self.leaf = leaf
        self.transition = transition
        self.actions = actions
    }
}

/// How a single-path plan's actions (``_CompiledPlan/actions``) split into the phases of a
/// microstep: the first `exitCount` are exit actions, the next `transitionCount` the
/// transition's own, the rest entry actions. The regions route runs several plans together,
/// phase by phase.
@_spi(CompiledCharts)
public struct _CompiledPlanPhases: Sendable, Hashable {
    /// How many of the plan's actions are exit actions.
    public let exitCount: Int
    /// How many of the plan's actions, after the exit actions, are the transition's own.
    public let transitionCount: Int
    /// Whether the plan's leaf lies inside a parallel state: only then can the plan be taken
    /// together with others (outside one, the configuration is a single path).
    public let insideParallel: Bool

    /// Creates a description of a plan's phases.
    public init(exitCount: Int, transitionCount: Int, insideParallel: Bool) {
        self.exitCount = exitCount
        self.transitionCount = transitionCount
        self.insideParallel = insideParallel
    }
}

/// The plans, guards and joint steps generated code was made for: the numbers
/// `[format, states, transitions, guardCount, guarded transitions..., planCount,
/// (leaf, transition, actionCount, actions...)..., jointCount, (pickCount, plans...)...]`.
/// Not for use outside StatechartsCompiled and its macro.
@_spi(CompiledCharts)
public struct _GeneratedSignature: Sendable, Hashable {
    /// The version of the layout above; a signature of another version does not decode.
    public static let format: Int32 = 2

    /// How many states the chart has.
    public var states: Int
    /// How many transitions the chart has (pseudo-transitions included).
    public var transitions: Int
    /// The transitions with a guard, in order.
    public var guardedTransitions: [TransitionID]
    /// The single-path plans, in the order of the generated plan numbers.
    public var plans: [_CompiledPlan]
    /// Each generated joint step's plans, in pick order (indices into `plans`).
    public var joints: [[_GeneratedPlan]]

    /// A signature of these parts.
    public init(states: Int, transitions: Int, guardedTransitions: [TransitionID], plans: [_CompiledPlan],
                joints: [[_GeneratedPlan]]) {
        self.states = states
        self.transitions = transitions
        self.guardedTransitions = guardedTransitions
        self.plans = plans
        self.joints = joints
    }

    /// The signature as numbers.
    public var words: [Int32] {
        var words: [Int32] = [Self.format, Int32(states), Int32(transitions), Int32(guardedTransitions.count)]
        words += guardedTransitions.map { $0.rawValue }
        words.append(Int32(plans.count))
        for plan in plans { words += [plan.leaf, plan.transition, Int32(plan.actions.count)] + plan.actions }
        words.append(Int32(joints.count))
        for joint in joints { words += [Int32(joint.count)] + joint.map { $0.rawValue } }
        return words
    }

    /// Decodes `words`; `nil` when they are not a signature of this format (another version,
    /// a negative count, too few or too many numbers).
    public init?(words: [Int32]) {
        var reader = Reader(words: words)
        guard reader.next() == Self.format, let states = reader.next(), let transitions = reader.next(),
              let guarded = reader.list() else { return nil }
        guard let planCount = reader.count() else { return nil }
        var plans: [_CompiledPlan] = []
        for _ in 0..<planCount {
            guard let leaf = reader.next(), let transition = reader.next(), let actions = reader.list() else { return nil }
            plans.append(_CompiledPlan(leaf: leaf, transition: transition, actions: actions))
        }
        guard let jointCount = reader.count() else { return nil }
        var joints: [[_GeneratedPlan]] = []
        for _ in 0..<jointCount {
            guard let picks = reader.list() else { return nil }
            joints.append(picks.map(_GeneratedPlan.init(rawValue:)))
        }
        guard reader.isAtEnd else { return nil }
        self.init(states: Int(states), transitions: Int(transitions), guardedTransitions: guarded.map(TransitionID.init(rawValue:)),
                  plans: plans, joints: joints)
    }

    /// Reads numbers in order, never past the end.
    private struct Reader {
        let words: [Int32]
        var position = 0

        var isAtEnd: Bool { position == words.count }

        mutating func next() -> Int32? {
            guard position < words.count else { return nil }
            defer { position += 1 }
            return words[position]
        }

        /// A count that is not negative and not more than the numbers left.
        mutating func count() -> Int? {
            guard let n = next(), n >= 0, Int(n) <= words.count - position else { return nil }
            return Int(n)
        }

        /// A count, then that many numbers.
        mutating func list() -> [Int32]? {
            guard let n = count() else { return nil }
            defer { position += n }
            return Array(words[position..<position + n])
        }
    }
}
