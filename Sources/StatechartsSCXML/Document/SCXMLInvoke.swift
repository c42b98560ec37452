/// An `<invoke>` element: a child session the state runs while it is active (SCXML 6.4).
public struct SCXMLInvoke: Sendable, Equatable {
    /// What the child is written in: `type` (the SCXML type URI or `scxml` by default)…
    public var type: String?
    /// …or `typeexpr`, evaluated when the invocation starts.
    public var typeExpression: String?
    /// The child's document: `src`, resolved against the document's URL…
    public var src: String?
    /// …or `srcexpr`, evaluated when the invocation starts.
    public var srcExpression: String?
    /// The invocation id (`id`), or `nil` for a generated one.
    public var id: String?
    /// Where the generated id is stored (`idlocation`).
    public var idLocation: String?
    /// Variables whose values initialize the child's data of the same names (`namelist`).
    public var namelist: [String]
    /// Whether the parent's external events are forwarded to the child (`autoforward`).
    public var autoforward: Bool
    /// Values that initialize the child's data (`<param>`).
    public var params: [SCXMLParam]
    /// The child inline: a document, or an expression whose value is the document's text.
    public var content: SCXMLInvokeContent?
    /// Run on each event from the child before it is processed (`<finalize>`).
    public var finalize: [SCXMLExecutable]
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Where `src` and `srcexpr` are read from (the reader's document URL and options).
    var sources: SCXMLSourceLoader = .none

    /// Creates an `<invoke>`.
    public init(
        type: String? = nil, typeExpression: String? = nil, src: String? = nil, srcExpression: String? = nil,
        id: String? = nil, idLocation: String? = nil, namelist: [String] = [], autoforward: Bool = false,
        params: [SCXMLParam] = [], content: SCXMLInvokeContent? = nil, finalize: [SCXMLExecutable] = [],
        position: SCXMLSourcePosition = .start
    ) {
        self.type = type
        self.typeExpression = typeExpression
        self.src = src
        self.srcExpression = srcExpression
        self.id = id
        self.idLocation = idLocation
        self.namelist = namelist
        self.autoforward = autoforward
        self.params = params
        self.content = content
        self.finalize = finalize
        self.position = position
    }
}

/// The inline child of an `<invoke>` (its `<content>`).
public indirect enum SCXMLInvokeContent: Sendable, Equatable {
    /// An `<scxml>` document written inside `<content>`.
    case document(SCXMLDocument)
    /// `<content expr="…">`: the expression's value, the document's text, is read when the
    /// invocation starts.
    case expression(String)
}
