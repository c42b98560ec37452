import StatechartsCompiled

/// W2 with distinct actions, compiled: the same chart as ``W2/Distinct/makeChart()``, each
/// transition adding its own amount.
@CompiledStatechart
public enum W2DistinctCompiled {
    public typealias StateID = W2.S
    public typealias Event = W2.E
    public typealias Context = W2.Context
    public static let definition = Definition("W2 ring, distinct actions") {
        State(.s0) { On(.next, to: .s1) { $0.count += 1 } }
        State(.s1) { On(.next, to: .s2) { $0.count += 2 } }
        State(.s2) { On(.next, to: .s3) { $0.count += 3 } }
        State(.s3) { On(.next, to: .s4) { $0.count += 4 } }
        State(.s4) { On(.next, to: .s5) { $0.count += 5 } }
        State(.s5) { On(.next, to: .s6) { $0.count += 6 } }
        State(.s6) { On(.next, to: .s7) { $0.count += 7 } }
        State(.s7) { On(.next, to: .s8) { $0.count += 8 } }
        State(.s8) { On(.next, to: .s9) { $0.count += 9 } }
        State(.s9) { On(.next, to: .s0) { $0.count += 10 } }
    }

    /// A started machine.
    public static func machine() -> CompiledMachine<W2DistinctCompiled> { CompiledMachine(context: Context()) }
}
