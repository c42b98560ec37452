import StatechartsCompiled

/// W9 hierarchical player, compiled. Its definition is also the plain chart's: ``W9/makeChart()``
/// compiles it as a table chart.
@CompiledStatechart
public enum W9Compiled {
    public typealias StateID = W9.S
    public typealias Event = W9.E
    public typealias Context = W9.Context
    public static let definition = Definition("W9 player") {
        State(.stopped) { On(.play, to: .active) { $0.count += 1 } }
        State(.active) {
            On(.stop, to: .stopped) { $0.count += 1 }
            On(.next) { $0.track += 1 }
            On(.previous) { $0.track -= 1 }
            State(.playing) {
                On(.pause, to: .paused) { $0.count += 1 }
                State(.normalSpeed) {
                    On(.fastForward, to: .fastForwarding) { $0.count += 1 }
                    On(.rewind, to: .rewinding) { $0.count += 1 }
                }
                State(.fastForwarding) {
                    On(.rewind, to: .rewinding) { $0.count += 1 }
                    On(.play, to: .normalSpeed) { $0.count += 1 }
                }
                State(.rewinding) {
                    On(.fastForward, to: .fastForwarding) { $0.count += 1 }
                    On(.play, to: .normalSpeed) { $0.count += 1 }
                }
            }
            State(.paused) { On(.resume, to: .playing) { $0.count += 1 } }
        }
    }

    /// A started machine, in Stopped.
    public static func machine() -> CompiledMachine<W9Compiled> { CompiledMachine(context: Context()) }
}
