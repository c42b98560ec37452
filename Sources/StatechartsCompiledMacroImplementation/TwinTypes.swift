@_spi(CompiledCharts) import Statecharts

// The twin the macro compiles at build time: the chart read from its syntax, with the state IDs
// and event names as strings, an `Int` for the context, and each action and guard an empty
// closure of the same form named by its number in declaration order.

/// The twin's events: names are strings, matched exactly (as an enum's cases are).
struct TwinEvent: StatechartEvent, Hashable {
    typealias Name = String
    let name: String
}

typealias TwinState = StateDefinition<String, TwinEvent, Int>
typealias TwinTransition = TransitionDefinition<String, TwinEvent, Int>
typealias TwinAction = Action<TwinEvent, Int>
typealias TwinGuard = Guard<TwinEvent, Int>

/// Which closure form an action or guard takes (the core's, read from its parameter count): the
/// context; the context and the event; the context, the event and the outbox.
typealias ClosureForm = _ClosureForm

extension _ClosureForm {
    /// An empty twin action of this form, named `name`.
    func twinAction(_ name: String) -> TwinAction {
        switch self {
        case .context: return TwinAction(name) { (_: inout Int) in }
        case .contextEvent: return TwinAction(name) { (_: inout Int, _: TwinEvent?) in }
        case .full: return TwinAction(name) { (_: inout Int, _: TwinEvent?, _: inout Outbox<TwinEvent>) in }
        }
    }

    /// A twin guard of this form, named `name`.
    func twinGuard(_ name: String) -> TwinGuard {
        switch self {
        case .context: return TwinGuard(name) { (_: Int) in true }
        case .contextEvent: return TwinGuard(name) { (_: Int, _: TwinEvent?) in true }
        case .full: return TwinGuard(name) { (_: Int, _: TwinEvent?, _: inout Outbox<TwinEvent>) in true }
        }
    }
}
