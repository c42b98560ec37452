/// Why a compiled chart could not be made.
public enum CompiledChartError: Error, Sendable, CustomStringConvertible {
    /// The definition does not compile (the macro reports this at build time; it is thrown
    /// here only if the definition changed without the macro seeing it).
    case definition(StatechartDefinitionError)
    /// The generated code was made for another chart (another shape, other guards or other
    /// plans): it is never run then.
    case generatedCodeMismatch(String)
    /// The plain instance given to ``CompiledInstance/init(_:of:)`` runs another chart.
    case instanceOfAnotherChart

    /// A sentence.
    public var description: String {
        switch self {
        case .definition(let error): return error.description
        case .generatedCodeMismatch(let what):
            return "the generated code of this compiled chart does not fit the chart (\(what)); rebuild the module"
        case .instanceOfAnotherChart: return "the instance runs another chart than this compiled chart"
        }
    }
}
