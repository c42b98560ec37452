import Statecharts

/// A statement about one situation of a chart: which states are active and what the context
/// holds. Conditions combine with `&&`, `||` and `!`:
///
/// ```swift
/// let unsafe: Condition<Car, Sensors> = .active(.doorOpen) && .active(.moving)
/// ```
public struct Condition<StateID: Hashable & Sendable, Context>: Sendable, CustomStringConvertible {
    /// The condition's structure: what exports (Promela) and messages read.
    public indirect enum Form: Sendable {
        /// The state is active.
        case active(StateID)
        /// A test of the context, with its description.
        case context(String, @Sendable (Context) -> Bool)
        /// The chart reached a top-level final state.
        case finished
        /// Always this value.
        case constant(Bool)
        /// The condition does not hold.
        case not(Form)
        /// Both hold.
        case and(Form, Form)
        /// Either holds.
        case or(Form, Form)
    }

    /// The condition's structure.
    public let form: Form

    /// Creates a condition from its structure.
    public init(_ form: Form) { self.form = form }

    /// The state is active (SCXML's `In(id)`).
    public static func active(_ state: StateID) -> Condition { Condition(.active(state)) }

    /// A test of the context; `description` names it in reports.
    ///
    /// ```swift
    /// let positive: Condition<Car, Sensors> = .context("speed >= 0") { $0.speed >= 0 }
    /// ```
    public static func context(_ description: String = "context", _ test: @escaping @Sendable (Context) -> Bool) -> Condition {
        Condition(.context(description, test))
    }

    /// The chart reached a top-level final state.
    public static var finished: Condition { Condition(.finished) }

    /// Always true.
    public static var always: Condition { Condition(.constant(true)) }

    /// Both conditions hold.
    public static func && (lhs: Condition, rhs: Condition) -> Condition { Condition(.and(lhs.form, rhs.form)) }

    /// Either condition holds.
    public static func || (lhs: Condition, rhs: Condition) -> Condition { Condition(.or(lhs.form, rhs.form)) }

    /// The condition does not hold.
    public static prefix func ! (condition: Condition) -> Condition { Condition(.not(condition.form)) }

    /// `active(doorOpen) && active(moving)`, with context tests by their description.
    public var description: String { Self.text(form, parent: 0) }

    /// The states the condition names, in the order written.
    public var states: [StateID] {
        var found: [StateID] = []
        func visit(_ form: Form) {
            switch form {
            case .active(let state): found.append(state)
            case .context, .finished, .constant: break
            case .not(let inner): visit(inner)
            case .and(let a, let b), .or(let a, let b): visit(a); visit(b)
            }
        }
        visit(form)
        return found
    }

    /// Whether the condition reads the context.
    public var readsContext: Bool {
        func reads(_ form: Form) -> Bool {
            switch form {
            case .context: return true
            case .active, .finished, .constant: return false
            case .not(let inner): return reads(inner)
            case .and(let a, let b), .or(let a, let b): return reads(a) || reads(b)
            }
        }
        return reads(form)
    }

    /// Precedence: 1 for `||`, 2 for `&&`, 3 for `!` and atoms.
    private static func text(_ form: Form, parent: Int) -> String {
        switch form {
        case .active(let state): return "active(\(state))"
        case .context(let description, _): return "context(\(description))"
        case .finished: return "finished"
        case .constant(let value): return value ? "true" : "false"
        case .not(let inner): return "!" + text(inner, parent: 3)
        case .and(let a, let b):
            let body = text(a, parent: 2) + " && " + text(b, parent: 2)
            return parent > 2 ? "(\(body))" : body
        case .or(let a, let b):
            let body = text(a, parent: 1) + " || " + text(b, parent: 1)
            return parent > 1 ? "(\(body))" : body
        }
    }
}

extension Condition {
    /// Evaluates the condition on a running instance.
    func holds<Event: StatechartEvent>(in instance: StatechartInstance<StateID, Event, Context>) -> Bool {
        Self.evaluate(form, instance)
    }

    private static func evaluate<Event: StatechartEvent>(_ form: Form, _ instance: StatechartInstance<StateID, Event, Context>) -> Bool {
        switch form {
        case .active(let state): return instance.isActive(state)
        case .context(_, let test): return test(instance.context)
        case .finished: return instance.isFinished
        case .constant(let value): return value
        case .not(let inner): return !evaluate(inner, instance)
        case .and(let a, let b): return evaluate(a, instance) && evaluate(b, instance)
        case .or(let a, let b): return evaluate(a, instance) || evaluate(b, instance)
        }
    }
}
