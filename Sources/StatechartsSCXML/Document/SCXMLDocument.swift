/// An SCXML document as read: the `<scxml>` element with its states, data and scripts.
///
/// The reader (``SCXMLReader``) builds it and ``SCXMLValidator`` checks it; ``SCXMLChart`` turns it
/// into a runnable `StatechartDefinition`; ``SCXMLWriter`` writes it back as XML.
/// Expressions are kept as written: what they mean is the data model's business.
public struct SCXMLDocument: Sendable, Equatable {
    /// The `name` attribute (the `_name` system variable).
    public var name: String?
    /// The `initial` attribute: the states entered first; empty means the first child state.
    public var initial: [String]
    /// The `datamodel` attribute (`null`, `ecmascript`, …); `nil` when absent (the null data model).
    public var dataModel: String?
    /// The `binding` attribute.
    public var binding: SCXMLBinding
    /// The `version` attribute, `1.0` when absent.
    public var version: String?
    /// The `<data>` elements of the top-level `<datamodel>`.
    public var data: [SCXMLData]
    /// Top-level `<script>` elements, run once when the chart starts.
    public var scripts: [SCXMLScript]
    /// The top-level states in document order.
    public var states: [SCXMLState]
    /// Where the `<scxml>` element starts.
    public var position: SCXMLSourcePosition

    /// Creates a document.
    public init(
        name: String? = nil, initial: [String] = [], dataModel: String? = nil, binding: SCXMLBinding = .early,
        version: String? = "1.0", data: [SCXMLData] = [], scripts: [SCXMLScript] = [], states: [SCXMLState] = [],
        position: SCXMLSourcePosition = .start
    ) {
        self.name = name
        self.initial = initial
        self.dataModel = dataModel
        self.binding = binding
        self.version = version
        self.data = data
        self.scripts = scripts
        self.states = states
        self.position = position
    }

    /// The name of the data model in effect: the `datamodel` attribute, `null` when absent.
    public var effectiveDataModel: String { dataModel ?? "null" }

    /// Every state in document order (pre-order), history and final states included.
    public var allStates: [SCXMLState] {
        var result: [SCXMLState] = []
        func visit(_ state: SCXMLState) {
            result.append(state)
            state.children.forEach(visit)
        }
        states.forEach(visit)
        return result
    }

    /// Calls `body` with every state in document order (pre-order), as ``allStates`` lists them,
    /// without copying them into an array.
    func forEachState(_ body: (SCXMLState) throws -> Void) rethrows {
        // By index, so that no state is copied (and its fields retained) on the way.
        func visit(_ state: SCXMLState) throws {
            try body(state)
            for index in state.children.indices { try visit(state.children[index]) }
        }
        for index in states.indices { try visit(states[index]) }
    }
}

/// When `<data>` elements get their values (SCXML `binding`).
public enum SCXMLBinding: String, Sendable, Hashable, CaseIterable {
    /// Every data element is assigned when the chart starts (the default).
    case early
    /// A state's data elements are assigned when the state is first entered.
    case late
}
