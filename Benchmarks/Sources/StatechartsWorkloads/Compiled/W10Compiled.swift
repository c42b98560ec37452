import StatechartsCompiled

/// W10 large flat chart, compiled. Its definition is also the plain chart's: ``W10/makeChart()``
/// compiles it as a table chart.
@CompiledStatechart
public enum W10Compiled {
    public typealias StateID = W10.S
    public typealias Event = W10.E
    public typealias Context = W10.Context
    public static let definition = Definition("W10 flat") {
        State(.s0) { On(.e0, to: .s1, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s1) { On(.e1, to: .s2, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s2) { On(.e2, to: .s3, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s3) { On(.e3, to: .s4, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s4) { On(.e4, to: .s5, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s5) { On(.e5, to: .s6, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s6) { On(.e6, to: .s7, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s7) { On(.e7, to: .s8, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s8) { On(.e8, to: .s9, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s9) { On(.e9, to: .s10, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s10) { On(.e10, to: .s11, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s11) { On(.e11, to: .s12, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s12) { On(.e12, to: .s13, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s13) { On(.e13, to: .s14, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s14) { On(.e14, to: .s15, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s15) { On(.e15, to: .s16, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s16) { On(.e16, to: .s17, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s17) { On(.e17, to: .s18, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s18) { On(.e18, to: .s19, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s19) { On(.e19, to: .s20, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s20) { On(.e20, to: .s21, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s21) { On(.e21, to: .s22, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s22) { On(.e22, to: .s23, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s23) { On(.e23, to: .s24, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s24) { On(.e24, to: .s25, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s25) { On(.e25, to: .s26, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s26) { On(.e26, to: .s27, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s27) { On(.e27, to: .s28, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s28) { On(.e28, to: .s29, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s29) { On(.e29, to: .s30, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s30) { On(.e30, to: .s31, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s31) { On(.e31, to: .s32, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s32) { On(.e32, to: .s33, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s33) { On(.e33, to: .s34, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s34) { On(.e34, to: .s35, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s35) { On(.e35, to: .s36, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s36) { On(.e36, to: .s37, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s37) { On(.e37, to: .s38, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s38) { On(.e38, to: .s39, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s39) { On(.e39, to: .s40, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s40) { On(.e40, to: .s41, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s41) { On(.e41, to: .s42, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s42) { On(.e42, to: .s43, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s43) { On(.e43, to: .s44, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s44) { On(.e44, to: .s45, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s45) { On(.e45, to: .s46, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s46) { On(.e46, to: .s47, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s47) { On(.e47, to: .s48, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s48) { On(.e48, to: .s49, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
        State(.s49) { On(.e49, to: .s0, guard: Guard { $0.count >= 0 }) { $0.count += 1 } }
    }

    /// A started machine, in S0.
    public static func machine() -> CompiledMachine<W10Compiled> { CompiledMachine(context: Context()) }
}
