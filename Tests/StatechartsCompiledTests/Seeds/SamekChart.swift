import StatechartsCompiled

// Miro Samek's hierarchical state machine (QHsmTst), as Tests/StatechartsTests/SamekTests.swift
// writes it with helper functions, here written out element by element so that the macro can
// compile it: every entry, exit, initial and transition action appends its line to the log.

enum SamekState: Hashable, Sendable { case s, s1, s11, s2, s21, s211 }
enum SamekEvent: StatechartEvent, Hashable, CaseIterable { case a, b, c, d, e, f, g, h, i, j }
struct SamekLog: Sendable, Equatable {
    var foo = 0
    var lines: [String] = []
}

@CompiledStatechart
enum SamekChart {
    typealias StateID = SamekState
    typealias Event = SamekEvent
    typealias Context = SamekLog
    static let definition = Definition("samek") {
        Initial(.s2, actions: [Action { $0.foo = 0; $0.lines.append("top-INIT") }])
        State(.s) {
            OnEntry { $0.lines.append("s-ENTRY") }
            OnExit { $0.lines.append("s-EXIT") }
            Initial(.s11, actions: [Action { $0.lines.append("s-INIT") }])
            On(.e, to: .s11) { $0.lines.append("s-E") }
            On(.i, guard: Guard { $0.foo != 0 }) { $0.foo = 0; $0.lines.append("s-I") }
            State(.s1) {
                OnEntry { $0.lines.append("s1-ENTRY") }
                OnExit { $0.lines.append("s1-EXIT") }
                Initial(.s11, actions: [Action { $0.lines.append("s1-INIT") }])
                On(.a, to: .s1) { $0.lines.append("s1-A") }
                On(.b, to: .s11) { $0.lines.append("s1-B") }
                On(.c, to: .s2) { $0.lines.append("s1-C") }
                On(.d, to: .s, guard: Guard { $0.foo == 0 }) { $0.foo = 1; $0.lines.append("s1-D") }
                On(.f, to: .s211) { $0.lines.append("s1-F") }
                On(.i) { $0.lines.append("s1-I") }
                State(.s11) {
                    OnEntry { $0.lines.append("s11-ENTRY") }
                    OnExit { $0.lines.append("s11-EXIT") }
                    On(.d, to: .s1, guard: Guard { $0.foo != 0 }) { $0.foo = 0; $0.lines.append("s11-D") }
                    On(.g, to: .s211) { $0.lines.append("s11-G") }
                    On(.h, to: .s) { $0.lines.append("s11-H") }
                }
            }
            State(.s2) {
                OnEntry { $0.lines.append("s2-ENTRY") }
                OnExit { $0.lines.append("s2-EXIT") }
                Initial(.s211, actions: [Action { $0.lines.append("s2-INIT") }])
                On(.c, to: .s1) { $0.lines.append("s2-C") }
                On(.f, to: .s11) { $0.lines.append("s2-F") }
                On(.i, guard: Guard { $0.foo == 0 }) { $0.foo = 1; $0.lines.append("s2-I") }
                State(.s21) {
                    OnEntry { $0.lines.append("s21-ENTRY") }
                    OnExit { $0.lines.append("s21-EXIT") }
                    Initial(.s211, actions: [Action { $0.lines.append("s21-INIT") }])
                    On(.a, to: .s21) { $0.lines.append("s21-A") }
                    On(.b, to: .s211) { $0.lines.append("s21-B") }
                    On(.g, to: .s1) { $0.lines.append("s21-G") }
                    State(.s211) {
                        OnEntry { $0.lines.append("s211-ENTRY") }
                        OnExit { $0.lines.append("s211-EXIT") }
                        On(.d, to: .s21) { $0.lines.append("s211-D") }
                        On(.h, to: .s) { $0.lines.append("s211-H") }
                    }
                }
            }
        }
    }
}
