import StatechartsCompiled

/// W8 compiled: W2's ring over ``W8/HashedE``, events that are not `CaseIterable` and so are
/// resolved by hashing (the compiled twin of W8's hashed-enum case; a compiled instance has no
/// prepared handles).
@CompiledStatechart
public enum W8Compiled {
    public typealias StateID = W2.S
    public typealias Event = W8.HashedE
    public typealias Context = W2.Context
    public static let definition = Definition("W2 ring") {
        State(.s0) { On(.next, to: .s1) { $0.count += 1 } }
        State(.s1) { On(.next, to: .s2) { $0.count += 1 } }
        State(.s2) { On(.next, to: .s3) { $0.count += 1 } }
        State(.s3) { On(.next, to: .s4) { $0.count += 1 } }
        State(.s4) { On(.next, to: .s5) { $0.count += 1 } }
        State(.s5) { On(.next, to: .s6) { $0.count += 1 } }
        State(.s6) { On(.next, to: .s7) { $0.count += 1 } }
        State(.s7) { On(.next, to: .s8) { $0.count += 1 } }
        State(.s8) { On(.next, to: .s9) { $0.count += 1 } }
        State(.s9) { On(.next, to: .s0) { $0.count += 1 } }
    }

    /// A started machine.
    public static func machine() -> CompiledMachine<W8Compiled> { CompiledMachine(context: Context()) }
}
