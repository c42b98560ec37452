import StatechartsCompiled

/// W1 toggle, compiled: the same chart as ``W1/makeChart()``.
@CompiledStatechart
public enum W1Compiled {
    public typealias StateID = W1.S
    public typealias Event = W1.E
    public typealias Context = W1.Context
    public static let definition = Definition("W1 toggle") {
        State(.a) { On(.t, to: .b) { $0.count += 1 } }
        State(.b) { On(.t, to: .a) { $0.count += 1 } }
    }

    /// A started machine.
    public static func machine() -> CompiledMachine<W1Compiled> { CompiledMachine(context: Context()) }
}
