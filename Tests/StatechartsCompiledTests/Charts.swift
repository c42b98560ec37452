import StatechartsCompiled

// The charts the compiled tests run, each compiled by the macro; `PlainTwin` builds the same
// definition as a plain chart.

enum Door: Hashable, Sendable { case closed, opened, locked }
enum DoorEvent: StatechartEvent, Hashable, CaseIterable { case open, close, lock, unlock }
struct DoorStats: Sendable, Equatable {
    var openings = 0
    var log: [String] = []
}

/// The README's door, compiled.
@CompiledStatechart
enum DoorChart {
    typealias StateID = Door
    typealias Event = DoorEvent
    typealias Context = DoorStats
    static let definition = Definition("door") {
        State(.closed) {
            OnEntry { $0.log.append("enter closed") }
            On(.open, to: .opened) { $0.openings += 1 }
            On(.lock, to: .locked, guard: Guard { $0.openings < 3 }) { $0.log.append("locking") }
        }
        State(.opened) {
            OnExit { $0.log.append("exit opened") }
            On(.close, to: .closed)
        }
        State(.locked) { On(.unlock, to: .closed) { context, event, _ in context.log.append("unlock \(String(describing: event))") } }
    }
}

enum Toggle: Hashable, Sendable { case a, b }
enum ToggleEvent: StatechartEvent, Hashable, CaseIterable { case t, unused }
struct Count: Sendable, Equatable { var count = 0 }

/// W1's toggle, compiled.
@CompiledStatechart
enum ToggleChart {
    typealias StateID = Toggle
    typealias Event = ToggleEvent
    typealias Context = Count
    static let definition = Definition("toggle") {
        State(.a) { On(.t, to: .b) { $0.count += 1 } }
        State(.b) { On(.t, to: .a) { $0.count += 1 } }
    }
}
