/// `<send>`: sends an event, now or after a delay, to this session or another target.
public struct SCXMLSend: Sendable, Equatable {
    /// The `event` attribute.
    public var event: String?
    /// The `eventexpr` attribute.
    public var eventExpression: String?
    /// The `target` attribute.
    public var target: String?
    /// The `targetexpr` attribute.
    public var targetExpression: String?
    /// The `type` attribute (the I/O processor).
    public var type: String?
    /// The `typeexpr` attribute.
    public var typeExpression: String?
    /// The `id` attribute.
    public var id: String?
    /// The `idlocation` attribute: where to store the generated send id.
    public var idLocation: String?
    /// The `delay` attribute, a CSS2 time (`500ms`, `1.5s`).
    public var delay: String?
    /// The `delayexpr` attribute.
    public var delayExpression: String?
    /// The `namelist` attribute's locations.
    public var namelist: [String]
    /// The `<param>` children.
    public var params: [SCXMLParam]
    /// The `<content>` child.
    public var content: SCXMLContent?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(
        event: String? = nil, eventExpression: String? = nil, target: String? = nil, targetExpression: String? = nil,
        type: String? = nil, typeExpression: String? = nil, id: String? = nil, idLocation: String? = nil,
        delay: String? = nil, delayExpression: String? = nil, namelist: [String] = [], params: [SCXMLParam] = [],
        content: SCXMLContent? = nil, position: SCXMLSourcePosition = .start
    ) {
        self.event = event
        self.eventExpression = eventExpression
        self.target = target
        self.targetExpression = targetExpression
        self.type = type
        self.typeExpression = typeExpression
        self.id = id
        self.idLocation = idLocation
        self.delay = delay
        self.delayExpression = delayExpression
        self.namelist = namelist
        self.params = params
        self.content = content
        self.position = position
    }
}

/// `<param name="…" expr="…"/>` or `<param name="…" location="…"/>`.
public struct SCXMLParam: Sendable, Equatable {
    /// The key in the event's data.
    public var name: String
    /// The `expr` attribute.
    public var expression: String?
    /// The `location` attribute.
    public var location: String?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(name: String, expression: String? = nil, location: String? = nil, position: SCXMLSourcePosition = .start) {
        self.name = name
        self.expression = expression
        self.location = location
        self.position = position
    }
}

/// `<content expr="…"/>` or `<content>inline</content>`.
public struct SCXMLContent: Sendable, Equatable {
    /// The `expr` attribute.
    public var expression: String?
    /// The inline children.
    public var inline: SCXMLInlineContent?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(expression: String? = nil, inline: SCXMLInlineContent? = nil, position: SCXMLSourcePosition = .start) {
        self.expression = expression
        self.inline = inline
        self.position = position
    }
}

/// Inline content of `<content>`, `<data>` or `<assign>`, kept as written.
public struct SCXMLInlineContent: Sendable, Equatable {
    /// The children as XML text: plain text (entities resolved) or markup.
    public var text: String
    /// Whether the children include elements (XML markup) rather than only text.
    public var isXML: Bool
    /// The XML the reader found, with each element's namespace (including a default namespace
    /// inherited from the enclosing document); `nil` for text, or when created from markup alone.
    public var xml: SCXMLXMLDocument?

    /// Creates inline content.
    public init(text: String, isXML: Bool = false, xml: SCXMLXMLDocument? = nil) {
        self.text = text
        self.isXML = isXML || xml != nil
        self.xml = xml
    }
}
