/// Reading the chart's variables (its `<data>` elements) from a running instance, for tools that
/// show what a step changed.
extension SCXMLChart {
    /// The ids of the chart's `<data>` elements, top-level first, then each state's in document
    /// order; each name once.
    public var variableNames: [String] {
        (document.data + document.allStates.flatMap(\.data)).map(\.id).uniqued()
    }

    /// The current value of the variable `name` in `context`'s data model, or `nil` when it has no
    /// value yet (a variable bound late), when `name` is not one of ``variableNames``, or when the
    /// data model has no variables (the null data model). Reading raises no error event.
    public func value(ofVariable name: String, in context: SCXMLContext) -> SCXMLValue? {
        guard let index = variableNames.firstIndex(of: name) else { return nil }
        return value(ofVariableAt: index, named: name, in: context)
    }

    /// The value of the variable `name`, the `index`-th of ``variableNames``.
    func value(ofVariableAt index: Int, named name: String, in context: SCXMLContext) -> SCXMLValue? {
        // A number past the chart's own expressions, the same for the same name on every read,
        // so an engine that compiles each expression once compiles each read once.
        let expression = SCXMLExpression(id: expressions.count + index, kind: .value, source: name, position: .start)
        return try? context.session.dataModel.evaluateValue(expression)
    }
}
