import StatechartsCompiled

/// W4 parallel, compiled: the same chart as ``W4/makeChart()`` (4 regions of 3 states, `step`
/// moves each region on with a counting action), its states written out, since a compiled
/// chart's IDs are literal cases.
@CompiledStatechart
public enum W4Compiled {
    /// The machine, its regions `r0`…`r3` and region r's states `sR0`, `sR1`, `sR2`.
    public enum S: Hashable, Sendable {
        case machine, r0, r1, r2, r3
        case s00, s01, s02, s10, s11, s12, s20, s21, s22, s30, s31, s32
    }
    public typealias StateID = S
    public typealias Event = W4.E
    public typealias Context = W4.Context
    public static let definition = Definition("W4 parallel") {
        Parallel(.machine) {
            State(.r0) {
                State(.s00) { On(.step, to: .s01) { $0.count += 1 } }
                State(.s01) { On(.step, to: .s02) { $0.count += 1 } }
                State(.s02) { On(.step, to: .s00) { $0.count += 1 } }
            }
            State(.r1) {
                State(.s10) { On(.step, to: .s11) { $0.count += 1 } }
                State(.s11) { On(.step, to: .s12) { $0.count += 1 } }
                State(.s12) { On(.step, to: .s10) { $0.count += 1 } }
            }
            State(.r2) {
                State(.s20) { On(.step, to: .s21) { $0.count += 1 } }
                State(.s21) { On(.step, to: .s22) { $0.count += 1 } }
                State(.s22) { On(.step, to: .s20) { $0.count += 1 } }
            }
            State(.r3) {
                State(.s30) { On(.step, to: .s31) { $0.count += 1 } }
                State(.s31) { On(.step, to: .s32) { $0.count += 1 } }
                State(.s32) { On(.step, to: .s30) { $0.count += 1 } }
            }
        }
    }

    /// A started machine.
    public static func machine() -> CompiledMachine<W4Compiled> { CompiledMachine(context: Context()) }
}
