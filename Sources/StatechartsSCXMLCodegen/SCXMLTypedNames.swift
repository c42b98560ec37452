import StatechartsSCXML

/// The Swift names of a document's states, events and variables, each id mapped by
/// ``SwiftName``'s rules and checked for collisions.
///
/// - States: every `<state>`, `<parallel>` and `<final>` with an `id`, in document order
///   (history pseudo-states and states without an `id` are left out: they cannot be active on
///   their own or have no name).
/// - Events: every event descriptor of every `<transition>`, in document order, once each;
///   `*` is left out and a trailing `.*` or `.` is dropped (`error.*` is the event `error`, which
///   SCXML's prefix rule makes match `error.execution` too).
/// - Variables: every `<data>` id, top-level first, then each state's, once each, with the type
///   of the value it is declared with (``SCXMLVariableType``); none for the null data model.
public struct SCXMLTypedNames: Sendable {
    /// One id and its Swift name.
    public struct Entry: Sendable, Hashable {
        /// The id as written in the document.
        public let id: String
        /// Its Swift name.
        public let name: SwiftName
        /// Where the id is declared (its first use, for events).
        public let position: SCXMLSourcePosition
    }

    /// One variable: its id, Swift name and accessor type.
    public struct Variable: Sendable, Hashable {
        /// The id, name and position.
        public let entry: Entry
        /// The type of its typed accessor.
        public let type: SCXMLVariableType
    }

    /// The states, in document order.
    public let states: [Entry]
    /// The events, in document order.
    public let events: [Entry]
    /// The variables, in declaration order.
    public let variables: [Variable]

    /// Names the states, events and variables of `document`.
    /// - Throws: ``SCXMLError`` with a problem per id that has no Swift name or whose name another
    ///   id of the same kind already took; `file` names the document in it.
    public init(_ document: SCXMLDocument, file: String? = nil) throws(SCXMLError) {
        var problems: [SCXMLDiagnostic] = []
        let stateIDs = document.allStates
            .filter { !$0.isHistory && !$0.hasGeneratedID }
            .map { ($0.id, $0.position) }
        states = Self.entries(stateIDs, kind: "state id", problems: &problems)

        var eventIDs: [(String, SCXMLSourcePosition)] = []
        for state in document.allStates {
            for transition in state.transitions + (state.initialTransition.map { [$0] } ?? []) {
                for descriptor in transition.events {
                    let event = Self.eventName(descriptor)
                    if !event.isEmpty { eventIDs.append((event, transition.position)) }
                }
            }
        }
        events = Self.entries(eventIDs, kind: "event", problems: &problems)

        var variableIDs: [(String, SCXMLSourcePosition)] = []
        var types: [String: SCXMLVariableType] = [:]
        if document.effectiveDataModel != "null" {
            for data in document.data + document.allStates.flatMap(\.data) where types[data.id] == nil {
                types[data.id] = SCXMLVariableType(declaredBy: data)
                variableIDs.append((data.id, data.position))
            }
        }
        variables = Self.entries(variableIDs, kind: "variable", problems: &problems).map {
            Variable(entry: $0, type: types[$0.id] ?? .value)
        }
        guard problems.isEmpty else { throw SCXMLError(problems, file: file) }
    }

    /// The event a descriptor names: `*` none, `a.b.*` and `a.b.` are `a.b`.
    static func eventName(_ descriptor: String) -> String {
        var name = Substring(descriptor)
        if name.hasSuffix(".*") { name = name.dropLast(2) } else if name.hasSuffix(".") { name = name.dropLast() }
        return name == "*" ? "" : String(name)
    }

    /// Maps each id once (the first occurrence wins), reporting ids without a name and names
    /// taken by another id.
    static func entries(_ ids: [(String, SCXMLSourcePosition)], kind: String,
                        problems: inout [SCXMLDiagnostic]) -> [Entry] {
        var entries: [Entry] = []
        var byID: Set<String> = []
        var byName: [String: Entry] = [:]
        for (id, position) in ids where byID.insert(id).inserted {
            guard let name = SwiftName(mapping: id) else {
                problems.append(SCXMLDiagnostic(
                    "\(kind) '\(id)' has no ASCII letter or digit to make a Swift name from; rename it", at: position))
                continue
            }
            if let other = byName[name.identifier] {
                problems.append(SCXMLDiagnostic(
                    "\(kind) '\(id)' becomes the Swift name '\(name.identifier)', as does \(kind) '\(other.id)' "
                        + "at \(other.position); rename one of them", at: position))
                continue
            }
            let entry = Entry(id: id, name: name, position: position)
            byName[name.identifier] = entry
            entries.append(entry)
        }
        return entries
    }
}
