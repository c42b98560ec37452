import ArgumentParser
import StatechartsGraphviz

/// Options shared by `render` and `trace`: how the diagram is laid out.
struct DiagramArguments: ParsableArguments {
    @Option(help: "Rank direction: TB (top to bottom) or LR (left to right).")
    var rankdir: String = "TB"

    @Option(help: "Graphviz layout engine: \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", ")).")
    var engine: String = "dot"

    @Flag(inversion: .prefixedNo, help: "Show action names on transitions and in states.")
    var actions = true

    /// The layout direction, or a usage error naming the valid ones.
    func direction() throws -> DiagramOptions.Direction {
        guard let direction = DiagramOptions.Direction(rawValue: rankdir.uppercased()) else {
            throw ValidationError("unknown rank direction '\(rankdir)': use TB or LR")
        }
        return direction
    }

    /// The layout engine, or a usage error naming the valid ones.
    func layoutEngine() throws -> LayoutEngine {
        guard let engine = LayoutEngine(rawValue: engine.lowercased()) else {
            throw ValidationError("unknown layout engine '\(engine)': use one of \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return engine
    }

    /// Diagram options with these settings.
    func options() throws -> DiagramOptions {
        DiagramOptions(direction: try direction(), showsActions: actions)
    }
}
