import StatechartsCompiled

/// W3 deep, compiled. Its definition is also the plain chart's: ``W3/makeChart()`` compiles it
/// as a table chart.
@CompiledStatechart
public enum W3Compiled {
    public typealias StateID = W3.S
    public typealias Event = W3.E
    public typealias Context = W3.Context
    public static let definition = Definition("W3 deep") {
        State(.root) {
            OnEntry { $0.rootIn += 1 }
            OnExit { $0.rootOut += 1 }
            State(.a) {
                OnEntry { $0.aIn += 1 }
                OnExit { $0.aOut += 1 }
                State(.a1) {
                    OnEntry { $0.a1In += 1 }
                    OnExit { $0.a1Out += 1 }
                    State(.a11) {
                        OnEntry { $0.a11In += 1 }
                        OnExit { $0.a11Out += 1 }
                        State(.a111) {
                            OnEntry { $0.a111In += 1 }
                            OnExit { $0.a111Out += 1 }
                            On(.x, to: .b112)
                        }
                        State(.a112) {
                            OnEntry { $0.a112In += 1 }
                            OnExit { $0.a112Out += 1 }
                        }
                    }
                }
            }
            State(.b) {
                OnEntry { $0.bIn += 1 }
                OnExit { $0.bOut += 1 }
                State(.b1) {
                    OnEntry { $0.b1In += 1 }
                    OnExit { $0.b1Out += 1 }
                    State(.b11) {
                        OnEntry { $0.b11In += 1 }
                        OnExit { $0.b11Out += 1 }
                        State(.b111) {
                            OnEntry { $0.b111In += 1 }
                            OnExit { $0.b111Out += 1 }
                        }
                        State(.b112) {
                            OnEntry { $0.b112In += 1 }
                            OnExit { $0.b112Out += 1 }
                            On(.x, to: .a111)
                        }
                    }
                }
            }
        }
    }

    /// A started machine.
    public static func machine() -> CompiledMachine<W3Compiled> { CompiledMachine(context: Context()) }
}
