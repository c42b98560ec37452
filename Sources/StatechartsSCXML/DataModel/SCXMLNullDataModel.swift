import Foundation

/// The `null` data model (SCXML B.1): no variables and no expressions; the only condition is
/// `In(id)` (also written `In('id')`), true when the state `id` is active. Everything that needs
/// an expression fails with `error.execution`.
public final class SCXMLNullDataModel: SCXMLDataModel {
    private let activeStates: SCXMLActiveStates

    /// Creates the data model over the session's active states.
    public init(activeStates: SCXMLActiveStates) {
        self.activeStates = activeStates
    }

    /// The state id of an `In(id)` condition (`In(s1)`, `In('s1')`, `In("s1")`), or `nil`.
    public static func inStateID(_ condition: String) -> String? {
        var text = Substring(condition.trimmingCharacters(in: .whitespacesAndNewlines))
        guard text.hasPrefix("In"), text.hasSuffix(")") else { return nil }
        text = text.dropFirst(2)
        text = text.drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("(") else { return nil }
        text = text.dropFirst().dropLast()
        var id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if id.count >= 2, let first = id.first, first == id.last, first == "'" || first == "\"" {
            id = String(id.dropFirst().dropLast())
        }
        guard !id.isEmpty, !id.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == "(" || $0 == ")" }) else { return nil }
        return id
    }

    private func unsupported(_ expression: SCXMLExpression) -> SCXMLExecutionError {
        SCXMLExecutionError("the null data model has no expressions ('\(expression.source)' at \(expression.position))")
    }

    /// `In(id)`; anything else is an error.
    public func evaluateCondition(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> Bool {
        guard let id = Self.inStateID(expression.source) else {
            throw SCXMLExecutionError("the null data model supports only In(id) conditions ('\(expression.source)' at \(expression.position))")
        }
        return activeStates.contains(id)
    }

    /// Always an error.
    public func evaluateValue(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> SCXMLValue { throw unsupported(expression) }
    /// Always an error.
    public func evaluateString(_ expression: SCXMLExpression) throws(SCXMLExecutionError) -> String { throw unsupported(expression) }
    /// Always an error.
    public func assign(_ location: SCXMLExpression, from expression: SCXMLExpression) throws(SCXMLExecutionError) { throw unsupported(location) }
    /// Always an error.
    public func assign(_ location: SCXMLExpression, value: SCXMLValue) throws(SCXMLExecutionError) { throw unsupported(location) }
    /// Always an error: the null data model has no variables.
    public func declare(_ name: String, value: SCXMLValue) throws(SCXMLExecutionError) {
        throw SCXMLExecutionError("the null data model has no variables ('\(name)')")
    }
    /// Always an error: the null data model has no variables.
    public func declare(_ name: String, from expression: SCXMLExpression) throws(SCXMLExecutionError) {
        throw SCXMLExecutionError("the null data model has no variables ('\(name)')")
    }
    /// Always an error.
    public func runScript(_ script: SCXMLExpression) throws(SCXMLExecutionError) { throw unsupported(script) }
    /// Always an error.
    public func forEach(array: SCXMLExpression, item: String, index: String?,
                        body: () throws(SCXMLExecutionError) -> Void) throws(SCXMLExecutionError) {
        throw unsupported(array)
    }
    /// Nothing to bind: the null data model has no `_event`.
    public func bindEvent(_ event: SCXMLEvent) throws(SCXMLExecutionError) {}
}
