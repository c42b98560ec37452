/// A `<data>` element: a variable of the data model and how it gets its value.
public struct SCXMLData: Sendable, Equatable {
    /// The variable's name.
    public var id: String
    /// The `expr` attribute.
    public var expression: String?
    /// The `src` attribute.
    public var src: String?
    /// Inline content.
    public var content: SCXMLInlineContent?
    /// What the reader found at ``src``: the file's text, or why it could not be read (which
    /// becomes `error.execution` when the data is bound).
    public var loadedSource: SCXMLLoadedSource?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(id: String, expression: String? = nil, src: String? = nil, content: SCXMLInlineContent? = nil,
                loadedSource: SCXMLLoadedSource? = nil, position: SCXMLSourcePosition = .start) {
        self.id = id
        self.expression = expression
        self.src = src
        self.content = content
        self.loadedSource = loadedSource
        self.position = position
    }
}

/// The result of loading a `src` attribute.
public enum SCXMLLoadedSource: Sendable, Equatable {
    /// The text that was loaded.
    case text(String)
    /// Why nothing could be loaded.
    case failure(String)
}

/// `<donedata>` of a final state: the data of the done event its parent raises.
public struct SCXMLDoneData: Sendable, Equatable {
    /// The `<param>` children (the data is an object of them).
    public var params: [SCXMLParam]
    /// The `<content>` child (the data is its value).
    public var content: SCXMLContent?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(params: [SCXMLParam] = [], content: SCXMLContent? = nil, position: SCXMLSourcePosition = .start) {
        self.params = params
        self.content = content
        self.position = position
    }
}
