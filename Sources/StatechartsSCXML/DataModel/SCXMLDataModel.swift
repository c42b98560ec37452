/// A data model: the language of a chart's conditions, expressions and scripts, and the store of
/// its variables. One instance serves one running chart (one session).
///
/// ``SCXMLNullDataModel`` is the `null` data model; the `StatechartsECMAScript` module provides
/// `ecmascript` on the Duktape engine. Errors are thrown as ``SCXMLExecutionError`` and become
/// `error.execution` events. Calls come from one thread at a time (the one running the chart).
public protocol SCXMLDataModel: AnyObject, Sendable {
    /// Evaluates a condition to a boolean.
    func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> Bool
    /// Evaluates a value expression to a data value (for event data, `<log>` and the like).
    func evaluateValue(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> SCXMLValue
    /// Evaluates a value expression to a string, the way the language converts to strings (for
    /// `eventexpr`, `targetexpr`, `delayexpr`, …).
    func evaluateString(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> String
    /// Assigns the value of `expression` to `location` (`<assign>`), keeping it inside the engine.
    func assign(_ location: SCXMLExpression, from expression: SCXMLExpression) throws(SCXMLExecutionError)
    /// Assigns a data value to `location` (`idlocation`, `<assign>` with inline content).
    func assign(_ location: SCXMLExpression, value: SCXMLValue) throws(SCXMLExecutionError)
    /// Creates the variable `name` (a `<data>` element) with `value` (`.undefined` for none).
    func declare(_ name: String, value: SCXMLValue) throws(SCXMLExecutionError)
    /// Creates the variable `name` with the value of `expression`; when the evaluation fails the
    /// variable still exists, without a value, and the error is thrown.
    func declare(_ name: String, from expression: SCXMLExpression) throws(SCXMLExecutionError)
    /// Runs a script.
    func runScript(_ script: SCXMLExpression) throws(SCXMLExecutionError)
    /// `<foreach>`: runs `body` once per item of a shallow copy of the collection `array`
    /// evaluates to, with the item (and its index) assigned to the variables `item` and `index`,
    /// which are created when they do not exist. Throws when `array` is not a collection or
    /// `item`/`index` are not legal variable names; an error thrown by `body` stops the loop and
    /// is rethrown.
    func forEach(
        array: SCXMLExpression, item: String, index: String?,
        body: () throws(SCXMLExecutionError) -> Void
    ) throws(SCXMLExecutionError)
    /// Makes `event` the value of `_event`.
    func bindEvent(_ event: SCXMLEvent) throws(SCXMLExecutionError)
}

/// What a data model is told about the session it serves.
public struct SCXMLDataModelEnvironment: Sendable {
    /// The session id (`_sessionid`).
    public let sessionID: String
    /// The chart's name (`_name`).
    public let name: String
    /// The I/O processors (`_ioprocessors`): each type with the location that reaches this session.
    public let ioProcessors: [(type: String, location: String)]
    /// The active states, for `In(id)`.
    public let activeStates: SCXMLActiveStates

    /// Creates an environment.
    public init(sessionID: String, name: String, ioProcessors: [(type: String, location: String)], activeStates: SCXMLActiveStates) {
        self.sessionID = sessionID
        self.name = name
        self.ioProcessors = ioProcessors
        self.activeStates = activeStates
    }
}

/// Creates the data model a chart names in its `datamodel` attribute, once per running instance.
public struct SCXMLDataModelFactory: Sendable {
    /// The name documents use (`null`, `ecmascript`).
    public let name: String
    private let make: @Sendable (SCXMLDataModelEnvironment) throws(SCXMLExecutionError) -> any SCXMLDataModel

    /// Creates a factory.
    public init(name: String, make: @escaping @Sendable (SCXMLDataModelEnvironment) throws(SCXMLExecutionError) -> any SCXMLDataModel) {
        self.name = name
        self.make = make
    }

    /// A new data model for one session.
    public func makeDataModel(_ environment: SCXMLDataModelEnvironment) throws(SCXMLExecutionError) -> any SCXMLDataModel {
        try make(environment)
    }

    /// The `null` data model: no data, conditions are `In(id)` only.
    public static let null = SCXMLDataModelFactory(name: "null") { environment in
        SCXMLNullDataModel(activeStates: environment.activeStates)
    }
}
