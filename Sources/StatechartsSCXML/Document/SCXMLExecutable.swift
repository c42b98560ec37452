/// One element of executable content.
public enum SCXMLExecutable: Sendable, Equatable {
    /// `<raise event="…"/>`.
    case raise(SCXMLRaise)
    /// `<send>`.
    case send(SCXMLSend)
    /// `<cancel>`.
    case cancel(SCXMLCancel)
    /// `<log>`.
    case log(SCXMLLog)
    /// `<assign>`.
    case assign(SCXMLAssign)
    /// `<if>` with its `<elseif>` and `<else>` branches.
    case `if`(SCXMLIf)
    /// `<foreach>`.
    case foreach(SCXMLForeach)
    /// `<script>`.
    case script(SCXMLScript)

    /// Where the element starts.
    public var position: SCXMLSourcePosition {
        switch self {
        case .raise(let e): return e.position
        case .send(let e): return e.position
        case .cancel(let e): return e.position
        case .log(let e): return e.position
        case .assign(let e): return e.position
        case .if(let e): return e.position
        case .foreach(let e): return e.position
        case .script(let e): return e.position
        }
    }
}

/// `<raise event="…"/>`: puts an event on the internal queue.
public struct SCXMLRaise: Sendable, Equatable {
    /// The event name.
    public var event: String
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(event: String, position: SCXMLSourcePosition = .start) {
        self.event = event
        self.position = position
    }
}

/// `<cancel sendid="…"/>` or `<cancel sendidexpr="…"/>`.
public struct SCXMLCancel: Sendable, Equatable {
    /// The `sendid` attribute.
    public var sendID: String?
    /// The `sendidexpr` attribute.
    public var sendIDExpression: String?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(sendID: String? = nil, sendIDExpression: String? = nil, position: SCXMLSourcePosition = .start) {
        self.sendID = sendID
        self.sendIDExpression = sendIDExpression
        self.position = position
    }
}

/// `<log label="…" expr="…"/>`.
public struct SCXMLLog: Sendable, Equatable {
    /// The `label` attribute.
    public var label: String?
    /// The `expr` attribute.
    public var expression: String?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(label: String? = nil, expression: String? = nil, position: SCXMLSourcePosition = .start) {
        self.label = label
        self.expression = expression
        self.position = position
    }
}

/// `<assign location="…" expr="…"/>`, or with inline content as the value.
public struct SCXMLAssign: Sendable, Equatable {
    /// The `location` attribute.
    public var location: String
    /// The `expr` attribute.
    public var expression: String?
    /// Inline content, used as the value when there is no `expr`.
    public var content: SCXMLInlineContent?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(location: String, expression: String? = nil, content: SCXMLInlineContent? = nil,
                position: SCXMLSourcePosition = .start) {
        self.location = location
        self.expression = expression
        self.content = content
        self.position = position
    }
}

/// `<if cond="…">` with its branches: the first is the `<if>` itself, then each `<elseif>`, then
/// an `<else>` (a branch without condition).
public struct SCXMLIf: Sendable, Equatable {
    /// One branch: a condition (none for `<else>`) and its content.
    public struct Branch: Sendable, Equatable {
        /// The `cond` attribute; `nil` for `<else>`.
        public var condition: String?
        /// The content run when this branch is chosen.
        public var content: [SCXMLExecutable]
        /// Where the `<if>`, `<elseif>` or `<else>` element starts.
        public var position: SCXMLSourcePosition

        /// Creates a branch.
        public init(condition: String?, content: [SCXMLExecutable] = [], position: SCXMLSourcePosition = .start) {
            self.condition = condition
            self.content = content
            self.position = position
        }
    }

    /// The branches in document order.
    public var branches: [Branch]
    /// Where the `<if>` element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(branches: [Branch], position: SCXMLSourcePosition = .start) {
        self.branches = branches
        self.position = position
    }
}

/// `<foreach array="…" item="…" index="…">`: runs its content once per item of a shallow copy of
/// the array.
public struct SCXMLForeach: Sendable, Equatable {
    /// The `array` expression.
    public var array: String
    /// The `item` variable.
    public var item: String
    /// The `index` variable.
    public var index: String?
    /// The content run for each item.
    public var content: [SCXMLExecutable]
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(array: String, item: String, index: String? = nil, content: [SCXMLExecutable] = [],
                position: SCXMLSourcePosition = .start) {
        self.array = array
        self.item = item
        self.index = index
        self.content = content
        self.position = position
    }
}

/// `<script>`: code in the data model's language, inline or loaded from `src` when read.
public struct SCXMLScript: Sendable, Equatable {
    /// The script's source (the inline text, or the loaded file's text).
    public var source: String
    /// The `src` attribute, when the script was loaded from it.
    public var src: String?
    /// Where the element starts.
    public var position: SCXMLSourcePosition

    /// Creates the element.
    public init(source: String, src: String? = nil, position: SCXMLSourcePosition = .start) {
        self.source = source
        self.src = src
        self.position = position
    }
}
