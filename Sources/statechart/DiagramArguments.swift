import ArgumentParser
import Statecharts
import StatechartsGraphviz

/// Options shared by `render` and `trace`: how the diagram is laid out.
struct DiagramArguments: ParsableArguments {
    @Option(help: "Rank direction: TB (top to bottom) or LR (left to right).")
    var rankdir: String = "TB"

    @Option(help: "Graphviz layout engine: \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", ")).")
    var engine: String = "dot"

    @Option(help: ArgumentHelp(
        "How actions are shown on transitions and in states: full, short (summaries cut with an ellipsis; the SVG tooltip has the full text) or none.",
        valueName: "full|short|none"))
    var actions: String = "short"

    @Flag(name: .customLong("no-actions"), help: "Hide actions (the same as --actions none).")
    var noActions = false

    @Option(name: .customLong("max-states"), help: ArgumentHelp(
        "The most states a chart may have to be laid out (default: \(DiagramLimits.default.maximumStates)); DOT output is never limited.",
        valueName: "N"))
    var maxStates: Int?

    @Option(name: .customLong("max-transitions"), help: ArgumentHelp(
        "The most transition arrows a chart may have to be laid out (default: \(DiagramLimits.default.maximumTransitions)).",
        valueName: "N"))
    var maxTransitions: Int?

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

    /// The size limits: the defaults, with `--max-states` and `--max-transitions` applied, or a
    /// usage error for a value below 1.
    func limits() throws -> DiagramLimits {
        var limits = DiagramLimits.default
        if let maxStates {
            guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1") }
            limits.maximumStates = maxStates
        }
        if let maxTransitions {
            guard maxTransitions >= 1 else { throw ValidationError("--max-transitions must be at least 1") }
            limits.maximumTransitions = maxTransitions
        }
        return limits
    }

    /// How actions are shown, or a usage error naming the valid styles.
    func actionLabels() throws -> DiagramOptions.ActionLabels {
        if noActions { return .none }
        guard let labels = DiagramOptions.ActionLabels(rawValue: actions.lowercased()) else {
            throw ValidationError("unknown action style '\(actions)': use full, short or none")
        }
        return labels
    }

    /// Diagram options with these settings.
    func options() throws -> DiagramOptions {
        DiagramOptions(direction: try direction(), actions: try actionLabels())
    }

    /// Checks that `chart` is within ``limits()`` before anything is laid out; otherwise prints
    /// why on standard error and fails with exit status 1.
    func checkSize<StateID, Event, Context>(of chart: Statechart<StateID, Event, Context>, path: String) throws {
        let message = try limits().exceededMessage(
            for: DiagramSize(of: chart), subject: path, stateLimitName: "--max-states",
            transitionLimitName: "--max-transitions", alternative: "render DOT (--format dot) and lay it out elsewhere")
        guard let message else { return }
        Console.error("statechart: \(message)")
        throw ExitCodeError.failure
    }
}
