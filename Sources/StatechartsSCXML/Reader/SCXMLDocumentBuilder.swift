import Foundation
import Statecharts

/// Turns the XML tree of an SCXML document into an ``SCXMLDocument``, reporting unknown or
/// misplaced elements, unknown attributes, missing or conflicting attributes and stray text.
/// Cross-references (targets, ids) are checked afterwards by ``SCXMLValidator``.
struct SCXMLDocumentBuilder {
    var diagnostics: [SCXMLDiagnostic] = []
    /// Loads the files `src` attributes name.
    let sources: SCXMLSourceLoader
    /// How many state ids were generated: `_state1`, `_state2`, … in document order. They are
    /// given before the ids written further on are known; `build` numbers them again in the rare
    /// document that also writes one of them (``avoidWrittenIDs(in:)``).
    var generatedCount = 0
    /// The event lists already made, by `event` attribute: see ``eventTokens(_:)``.
    var sharedEventLists: [String: [String]] = [:]

    init(sources: SCXMLSourceLoader) { self.sources = sources }

    mutating func problem(_ message: String, _ element: XMLElementNode) {
        diagnostics.append(SCXMLDiagnostic(message, at: element.position))
    }

    // MARK: Document

    /// The document of the tree `root`, which it consumes: each top-level element's subtree is
    /// released once its state is built, so that the tree and the document are not both whole
    /// in memory. ``SCXMLDocumentStream`` builds a document with no tree at all.
    mutating func build(_ root: consuming XMLElementNode) -> SCXMLDocument? {
        var children = root.children
        root.children = []
        guard var document = begin(root) else { return nil }
        document.states.reserveCapacity(children.reduce(0) { if case .element = $1 { $0 + 1 } else { $0 } })
        for index in children.indices {
            // Each child leaves the list as it is read, so that its subtree is released once its
            // state is built (and the tree and the document are never both whole).
            let node = children[index]
            children[index] = .text("")
            add(node, of: root, to: &document)
        }
        finish(&document)
        return document
    }

    /// The document that the root element `root` starts (its attributes read and checked), or
    /// `nil` when it is not `<scxml>`. Its children are added with ``add(_:of:to:)``, in order,
    /// and the document is completed by ``finish(_:)``.
    mutating func begin(_ root: XMLElementNode) -> SCXMLDocument? {
        guard SCXMLElementRules.isSCXML(root), root.name == "scxml" else {
            problem("the root element must be <scxml> in namespace \(SCXMLElementRules.namespace), not <\(root.qualifiedName)>", root)
            return nil
        }
        checkAttributes(root)
        var document = SCXMLDocument(position: root.position)
        document.name = root.attribute("name")
        document.initial = root.attribute("initial").map(Self.tokens) ?? []
        document.dataModel = root.attribute("datamodel")
        document.version = root.attribute("version")
        if let version = document.version, version != "1.0" {
            problem("unsupported SCXML version '\(version)' (expected 1.0)", root)
        }
        if let binding = root.attribute("binding") {
            if let value = SCXMLBinding(rawValue: binding) { document.binding = value } else {
                problem("binding must be 'early' or 'late', not '\(binding)'", root)
            }
        }
        if root.attribute("initial") != nil && document.initial.isEmpty {
            problem("an empty initial attribute", root)
        }
        return document
    }

    /// Reads the next child of the document's root element `root` into `document`.
    mutating func add(_ node: XMLChildNode, of root: XMLElementNode, to document: inout SCXMLDocument) {
        guard let child = allowedChild(node, of: root, allowing: SCXMLElementRules.documentChildren) else { return }
        switch child.name {
        case "datamodel": document.data += dataModel(child)
        case "script": if let script = script(child) { document.scripts.append(script) }
        default: document.states.append(state(child))
        }
    }

    /// Completes a document whose root's children have all been added.
    mutating func finish(_ document: inout SCXMLDocument) {
        if generatedCount > 0 { Self.avoidWrittenIDs(in: &document.states) }
        // Read in one pass, the top-level list grew by doubling: up to half of it is spare room,
        // which would stay as long as the document.
        if document.states.capacity - document.states.count > 1_024 {
            let states = document.states
            document.states = [SCXMLState](unsafeUninitializedCapacity: states.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: states)
            }
        }
    }

    mutating func generatedID() -> String {
        generatedCount += 1
        return "_state\(generatedCount)"
    }

    /// Generated ids skip the ids the document writes: when a generated id is also written
    /// somewhere, every generated id is given again, in document order (the states' order, each
    /// before its children), skipping the written ones. Nothing refers to a generated id yet.
    static func avoidWrittenIDs(in states: inout [SCXMLState]) {
        var written: Set<String> = []
        var generated: Set<String> = []
        func collect(_ states: [SCXMLState]) {
            for index in states.indices {
                if states[index].hasGeneratedID { generated.insert(states[index].id) } else { written.insert(states[index].id) }
                collect(states[index].children)
            }
        }
        collect(states)
        guard !written.isDisjoint(with: generated) else { return }
        var count = 0
        func renumber(_ states: inout [SCXMLState]) {
            for index in states.indices {
                if states[index].hasGeneratedID {
                    repeat { count += 1 } while written.contains("_state\(count)")
                    states[index].id = "_state\(count)"
                }
                renumber(&states[index].children)
            }
        }
        renumber(&states)
    }

    // MARK: States

    mutating func state(_ element: XMLElementNode) -> SCXMLState {
        checkAttributes(element)
        let kind: SCXMLState.Kind
        switch element.name {
        case "parallel": kind = .parallel
        case "final": kind = .final
        case "history":
            switch element.attribute("type") ?? "shallow" {
            case "shallow": kind = .history(.shallow)
            case "deep": kind = .history(.deep)
            case let other:
                problem("history type must be 'shallow' or 'deep', not '\(other)'", element)
                kind = .history(.shallow)
            }
        default: kind = .state
        }
        var state: SCXMLState
        if let id = element.attribute("id"), !id.isEmpty {
            state = SCXMLState(kind: kind, id: id, position: element.position)
        } else {
            if element.attribute("id") != nil { problem("an empty id", element) }
            state = SCXMLState(kind: kind, id: generatedID(), hasGeneratedID: true, position: element.position)
        }
        if let initial = element.attribute("initial") {
            state.initial = Self.tokens(initial)
            if state.initial.isEmpty { problem("an empty initial attribute", element) }
        }
        let allowed: Set<String>
        switch kind {
        case .state: allowed = SCXMLElementRules.stateChildren
        case .parallel: allowed = SCXMLElementRules.parallelChildren
        case .final: allowed = SCXMLElementRules.finalChildren
        case .history: allowed = SCXMLElementRules.historyChildren
        }
        for child in children(of: element, allowing: allowed) {
            switch child.name {
            case "onentry":
                checkAttributes(child)
                state.onEntry.append(executableContent(of: child))
            case "onexit":
                checkAttributes(child)
                state.onExit.append(executableContent(of: child))
            case "transition":
                state.transitions.append(transition(child))
            case "initial":
                if state.initialTransition != nil { problem("a state has at most one <initial> element", child) }
                state.initialTransition = initial(child)
            case "datamodel":
                state.data += dataModel(child)
            case "donedata":
                if state.doneData != nil { problem("a final state has at most one <donedata> element", child) }
                state.doneData = doneData(child)
            case "invoke":
                if let invoke = invoke(child) { state.invokes.append(invoke) }
            default:
                state.children.append(self.state(child))
            }
        }
        return state
    }

    mutating func transition(_ element: XMLElementNode) -> SCXMLTransition {
        checkAttributes(element)
        var transition = SCXMLTransition(position: element.position)
        if let event = element.attribute("event") {
            transition.events = eventTokens(event)
            if transition.events.isEmpty { problem("an empty event attribute (omit it for an eventless transition)", element) }
        }
        transition.condition = element.attribute("cond")
        if let target = element.attribute("target") {
            transition.targets = Self.tokens(target)
            if transition.targets.isEmpty { problem("an empty target attribute (omit it for a targetless transition)", element) }
        }
        switch element.attribute("type") ?? "external" {
        case "external": transition.type = .external
        case "internal": transition.type = .internal
        case let other: problem("transition type must be 'internal' or 'external', not '\(other)'", element)
        }
        transition.content = executableContent(of: element)
        return transition
    }

    mutating func initial(_ element: XMLElementNode) -> SCXMLTransition? {
        checkAttributes(element)
        let transitions = children(of: element, allowing: ["transition"])
        guard transitions.count == 1, let only = transitions.first else {
            problem("<initial> must contain exactly one <transition>", element)
            return nil
        }
        let transition = self.transition(only)
        if !transition.events.isEmpty || transition.condition != nil {
            problem("the transition of <initial> has no event and no cond", only)
        }
        if transition.targets.isEmpty { problem("the transition of <initial> needs a target", only) }
        return transition
    }

    // MARK: Children and attributes

    /// The SCXML element children of `element`, reporting unknown and misplaced elements and
    /// stray text. Elements of other namespaces are extensions and are skipped.
    mutating func children(of element: XMLElementNode, allowing allowed: Set<String>, text: Bool = false) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        for child in element.children {
            if let allowedElement = allowedChild(child, of: element, allowing: allowed, text: text) { result.append(allowedElement) }
        }
        return result
    }

    /// The child `node` of `element` when it is an SCXML element allowed there; `nil`, and a
    /// problem when it is an unknown or misplaced element or stray text, otherwise.
    mutating func allowedChild(_ node: XMLChildNode, of element: XMLElementNode, allowing allowed: Set<String>,
                               text: Bool = false) -> XMLElementNode? {
        switch node {
        case .text(let string):
            if !text && !Self.isWhitespace(string) {
                problem("unexpected text in <\(element.name)>", element)
            }
            return nil
        case .element(let child):
            guard SCXMLElementRules.isSCXML(child) else { return nil }
            // Every allowed element is known: one lookup for the common case.
            if allowed.contains(child.name) { return child }
            if !SCXMLElementRules.knownElements.contains(child.name) {
                problem("unknown element <\(child.qualifiedName)>", child)
            } else {
                problem("<\(child.name)> is not allowed in <\(element.name)>", child)
            }
            return nil
        }
    }

    /// Reports attributes the element does not define (attributes in other namespaces are
    /// extensions and allowed).
    mutating func checkAttributes(_ element: XMLElementNode) {
        let known = SCXMLElementRules.attributeList(of: element.name)
        for attribute in element.attributes where attribute.prefix == nil && !known.contains(attribute.name) {
            problem("unknown attribute '\(attribute.name)' on <\(element.name)>", element)
        }
    }

    /// Reports when more than one of `names` is present.
    mutating func exclusive(_ element: XMLElementNode, _ names: [String]) {
        let present = names.filter { element.attribute($0) != nil }
        if present.count > 1 {
            problem("<\(element.name)> takes only one of " + present.map { "'\($0)'" }.joined(separator: ", "), element)
        }
    }

    /// Whether `text` is whitespace only: ASCII whitespace read byte by byte (what documents
    /// hold between elements), any other text character by character.
    static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy(XMLCharacters.isWhitespace) || text.allSatisfy(\.isWhitespace)
    }

    /// The tokens of an `event` attribute. A document names few distinct events on many
    /// transitions, so equal values share one array (up to `maximumSharedEventLists` values).
    mutating func eventTokens(_ value: String) -> [String] {
        if let shared = sharedEventLists[value] { return shared }
        let tokens = Self.tokens(value)
        if sharedEventLists.count < Self.maximumSharedEventLists { sharedEventLists[value] = tokens }
        return tokens
    }

    /// How many distinct `event` values ``eventTokens(_:)`` keeps to share.
    static let maximumSharedEventLists = 4_096

    /// Splits an attribute into whitespace-separated tokens.
    static func tokens(_ value: String) -> [String] {
        // Most values are one token: no separator byte means no split to make.
        if !value.utf8.contains(where: XMLCharacters.isWhitespace) {
            return value.isEmpty ? [] : [value]
        }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}
