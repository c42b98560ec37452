import StatechartsCompiled

/// W5 history, compiled. Its definition is also the plain chart's: ``W5/makeChart()`` compiles it
/// as a table chart.
@CompiledStatechart
public enum W5Compiled {
    public typealias StateID = W5.S
    public typealias Event = W5.E
    public typealias Context = W5.Context
    public static let definition = Definition("W5 history") {
        State(.main) {
            History(.history, .deep, default: .c1)
            On(.leave, to: .away) { $0.count += 1 }
            State(.l1) {
                State(.l2) {
                    State(.c1) { On(.flip, to: .c2) }
                    State(.c2) { On(.flip, to: .c1) }
                }
            }
        }
        State(.away) { On(.back, to: .history) { $0.count += 1 } }
    }

    /// A started machine, moved to C2 (so history restores C2, not the default C1), as W5 runs.
    public static func machine() -> CompiledMachine<W5Compiled> {
        var machine = CompiledMachine<W5Compiled>(context: Context())
        _ = machine.send(.flip)
        return machine
    }
}
