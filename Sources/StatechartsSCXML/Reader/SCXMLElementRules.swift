/// Which attributes and child elements each SCXML element may have (SCXML 1.0, section 3 to 6).
enum SCXMLElementRules {
    /// The SCXML namespace.
    static let namespace = "http://www.w3.org/2005/07/scxml"

    /// Executable content elements.
    static let executable: Set<String> = ["raise", "if", "foreach", "log", "assign", "script", "send", "cancel"]

    /// The attributes each element accepts (without prefix).
    static let attributes: [String: Set<String>] = [
        "scxml": ["initial", "name", "version", "datamodel", "binding", "exmode"],
        "state": ["id", "initial"],
        "parallel": ["id"],
        "final": ["id"],
        "history": ["id", "type"],
        "initial": [],
        "transition": ["event", "cond", "target", "type"],
        "onentry": [], "onexit": [],
        "datamodel": [],
        "data": ["id", "src", "expr"],
        "donedata": [],
        "content": ["expr"],
        "param": ["name", "expr", "location"],
        "script": ["src"],
        "raise": ["event"],
        "send": ["event", "eventexpr", "target", "targetexpr", "type", "typeexpr", "id", "idlocation",
                 "delay", "delayexpr", "namelist"],
        "cancel": ["sendid", "sendidexpr"],
        "log": ["label", "expr"],
        "assign": ["location", "expr"],
        "if": ["cond"], "elseif": ["cond"], "else": [],
        "foreach": ["array", "item", "index"],
        "invoke": ["type", "typeexpr", "src", "srcexpr", "id", "idlocation", "namelist", "autoforward"],
        "finalize": [],
    ]

    /// Every element name SCXML defines.
    static let knownElements: Set<String> = Set(attributes.keys)

    /// The attributes of each element as a short list, compared one by one (names of a few
    /// bytes compare faster than they hash).
    static let attributeLists: [String: [String]] = attributes.mapValues { $0.sorted() }
    /// The attributes of `<state>`.
    static let stateAttributes = attributeLists["state"] ?? []
    /// The attributes of `<transition>`.
    static let transitionAttributes = attributeLists["transition"] ?? []

    /// The attributes `element` may have (none for an unknown element); the two elements
    /// every chart is mostly made of are found without a lookup.
    static func attributeList(of element: String) -> [String] {
        switch element {
        case "transition": return transitionAttributes
        case "state": return stateAttributes
        default: return attributeLists[element] ?? []
        }
    }

    /// The child elements each kind of state may have.
    static let stateChildren: Set<String> = ["onentry", "onexit", "transition", "initial", "state", "parallel", "final", "history",
                                             "datamodel", "invoke"]
    static let parallelChildren: Set<String> = ["onentry", "onexit", "transition", "state", "parallel", "history", "datamodel", "invoke"]
    static let finalChildren: Set<String> = ["onentry", "onexit", "donedata"]
    static let historyChildren: Set<String> = ["transition"]
    static let documentChildren: Set<String> = ["state", "parallel", "final", "datamodel", "script"]

    /// Whether `element` belongs to SCXML (the SCXML namespace, or no namespace at all).
    static func isSCXML(_ element: XMLElementNode) -> Bool {
        element.namespaceURI == nil || element.namespaceURI == "" || element.namespaceURI == namespace
    }
}
