import CDuktape
import StatechartsSCXML

/// The `ecmascript` data model (SCXML B.2) on Duktape, an ECMAScript 5.1 engine: one heap per
/// running chart, variables as globals, expressions compiled once per heap (strict mode), the
/// system variables `_event`, `_sessionid`, `_name` and `_ioprocessors` read-only, and `In(id)`.
///
/// Each evaluation runs under ``ECMAScriptLimits`` (by default one second, and a 64 MiB heap);
/// one that exceeds them fails with `error.execution`. XML content (`SCXMLValue.xml(_:)`)
/// becomes a read-only DOM `Document`, and a `Document` or `Element` an expression yields becomes
/// XML content again. Other values cross between charts and events as JSON (functions and cycles
/// do not survive; a DOM node inside an array or object becomes its markup).
public final class ECMAScriptDataModel: SCXMLDataModel, @unchecked Sendable {
    let heap: DuktapeHeap

    /// Creates the data model for one session: a fresh heap with the system variables defined,
    /// whose evaluations run under `limits`.
    public init(environment: SCXMLDataModelEnvironment, limits: ECMAScriptLimits = .standard) throws(SCXMLExecutionError) {
        heap = try DuktapeHeap(activeStates: environment.activeStates, limits: limits)
        try defineConstant("_sessionid", .string(environment.sessionID))
        try defineConstant("_name", .string(environment.name))
        try defineConstant("_ioprocessors", .object(environment.ioProcessors.map {
            SCXMLValue.Member($0.type, .object([SCXMLValue.Member("location", .string($0.location))]))
        }))
        try defineConstant("_event", .undefined)
    }

    private func defineConstant(_ name: String, _ value: SCXMLValue) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.push(.defineConstant)
            heap.push(name)
            try heap.push(value)
            try heap.call(2)
        }
    }

    /// Runs one evaluation: under a fresh time budget, with the value stack restored afterwards.
    private func evaluation<T>(_ body: () throws(SCXMLExecutionError) -> T) throws(SCXMLExecutionError) -> T {
        try heap.evaluation { () throws(SCXMLExecutionError) in try heap.balanced(body) }
    }

    /// Evaluates `expression` and leaves its value on top.
    private func pushValue(_ expression: SCXMLExpression) throws(SCXMLExecutionError) {
        try heap.pushCompiled(expression)
        try heap.call(0)
    }

    /// The condition's value, converted to a boolean as ECMAScript does.
    public func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> Bool {
        try evaluation { () throws(SCXMLExecutionError) in
            try pushValue(expression)
            return scxml_duk_to_boolean(heap.context, -1) != 0
        }
    }

    /// The expression's value, as data.
    public func evaluateValue(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> SCXMLValue {
        try evaluation { () throws(SCXMLExecutionError) in
            try pushValue(expression)
            return try heap.topAsValue()
        }
    }

    /// `String(value)`.
    public func evaluateString(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> String {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.push(.toString)
            try pushValue(expression)
            try heap.call(1)
            return heap.topString() ?? ""
        }
    }

    /// `location = expression`, in strict mode: an undeclared or read-only location is an error.
    public func assign(_ location: SCXMLExpression, from expression: SCXMLExpression) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.pushCompiled(location)
            try pushValue(expression)
            try heap.call(1)
        }
    }

    /// `location = value`.
    public func assign(_ location: SCXMLExpression, value: SCXMLValue) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.pushCompiled(location)
            try heap.push(value)
            try heap.call(1)
        }
    }

    /// Creates the global `name` with `value`.
    public func declare(_ name: String, value: SCXMLValue) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.push(.setGlobal)
            heap.push(name)
            try heap.push(value)
            try heap.call(2)
        }
    }

    /// Creates the global `name` with the value of `expression` (undefined when it fails).
    public func declare(_ name: String, from expression: SCXMLExpression) throws(SCXMLExecutionError) {
        do {
            try evaluation { () throws(SCXMLExecutionError) in
                try heap.push(.setGlobal)
                heap.push(name)
                try pushValue(expression)
                try heap.call(2)
            }
        } catch {
            try declare(name, value: .undefined)
            throw error
        }
    }

    /// Runs a script as strict global code: its `var` and function declarations become globals.
    public func runScript(_ script: SCXMLExpression) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.pushCompiled(script)
            try heap.call(0)
        }
    }

    /// Iterates over a shallow copy of an array, assigning the global variables `item` and
    /// `index` (which must be identifiers) before each run of `body`.
    public func forEach(
        array: SCXMLExpression, item: String, index: String?,
        body: () throws(SCXMLExecutionError) -> Void
    ) throws(SCXMLExecutionError) {
        for name in [item] + (index.map { [$0] } ?? []) where !ECMAScriptIdentifiers.isIdentifier(name) {
            throw SCXMLExecutionError("'\(name)' is not a legal variable name for <foreach>")
        }
        try heap.balanced { () throws(SCXMLExecutionError) in
            try heap.evaluation { () throws(SCXMLExecutionError) in
                try heap.push(.foreachCopy)
                try pushValue(array)
                try heap.call(1)
            }
            let copy = scxml_duk_get_top(heap.context) - 1
            let count = Int(scxml_duk_get_length(heap.context, copy))
            for i in 0..<count {
                try evaluation { () throws(SCXMLExecutionError) in
                    try heap.push(.foreachStep)
                    scxml_duk_dup(heap.context, copy)
                    scxml_duk_push_number(heap.context, Double(i))
                    heap.push(item)
                    heap.push(index)
                    try heap.call(4)
                }
                try body()
            }
        }
    }

    /// Binds `_event` (read-only, its fields frozen).
    public func bindEvent(_ event: SCXMLEvent) throws(SCXMLExecutionError) {
        try evaluation { () throws(SCXMLExecutionError) in
            try heap.push(.setEvent)
            heap.push(event.name)
            heap.push(event.type.rawValue)
            heap.push(event.sendid)
            heap.push(event.origin)
            heap.push(event.origintype)
            heap.push(event.invokeid)
            try heap.push(event.data ?? .undefined)
            heap.push(event.raw)
            try heap.call(8)
        }
    }
}

extension SCXMLDataModelFactory {
    /// The `ecmascript` data model, on Duktape, with the standard limits (one second per
    /// evaluation, a 64 MiB heap).
    public static let ecmascript = SCXMLDataModelFactory.ecmascript(limits: .standard)

    /// The `ecmascript` data model, on Duktape, whose evaluations run under `limits`.
    public static func ecmascript(limits: ECMAScriptLimits) -> SCXMLDataModelFactory {
        SCXMLDataModelFactory(name: "ecmascript") { environment throws(SCXMLExecutionError) in
            try ECMAScriptDataModel(environment: environment, limits: limits)
        }
    }

    /// Every data model this package provides: `null` and `ecmascript`.
    public static let all: [SCXMLDataModelFactory] = [.null, .ecmascript]
}
