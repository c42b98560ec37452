/// Executable content ready to run: the document's elements with every expression registered in
/// the chart's expression table, literal attributes checked and parsed.
indirect enum SCXMLInstruction: Sendable {
    case raise(String)
    case send(SCXMLCompiledSend)
    case cancel(literal: String?, expression: SCXMLExpression?)
    case log(label: String?, expression: SCXMLExpression?)
    case assign(location: SCXMLExpression, value: SCXMLCompiledValue)
    case `if`([SCXMLCompiledBranch])
    case foreach(array: SCXMLExpression, item: String, index: String?, body: [SCXMLPlacedInstruction])
    case script(SCXMLExpression)
}

/// An instruction and where its element starts, which the errors it raises report.
struct SCXMLPlacedInstruction: Sendable {
    var instruction: SCXMLInstruction
    var position: SCXMLSourcePosition
}

/// One branch of an `<if>`: its condition (none for `<else>`), content, and where the `<if>`,
/// `<elseif>` or `<else>` starts.
struct SCXMLCompiledBranch: Sendable {
    var condition: SCXMLExpression?
    var body: [SCXMLPlacedInstruction]
    var position: SCXMLSourcePosition
}

/// Where a value comes from: an expression, a literal (inline content), or nowhere.
enum SCXMLCompiledValue: Sendable {
    case none
    case expression(SCXMLExpression)
    case literal(SCXMLValue)
    /// A `src` that could not be loaded: binding it raises `error.execution` with this message.
    case failure(String)
}

/// A `<send>` ready to run.
struct SCXMLCompiledSend: Sendable {
    var event: String?
    var eventExpression: SCXMLExpression?
    var target: String?
    var targetExpression: SCXMLExpression?
    var type: String?
    var typeExpression: SCXMLExpression?
    var id: String?
    var idLocation: SCXMLExpression?
    var delay: Duration?
    var delayExpression: SCXMLExpression?
    var namelist: [(name: String, value: SCXMLExpression)]
    var params: [(name: String, value: SCXMLExpression)]
    var content: SCXMLCompiledValue
}

/// A `<data>` element ready to bind.
struct SCXMLCompiledData: Sendable {
    var id: String
    var value: SCXMLCompiledValue
    /// Where the `<data>` element starts.
    var position: SCXMLSourcePosition
}

/// A `<donedata>` ready to evaluate.
struct SCXMLCompiledDoneData: Sendable {
    var params: [(name: String, value: SCXMLExpression)]
    var content: SCXMLCompiledValue?
    /// Where the `<donedata>` element starts.
    var position: SCXMLSourcePosition
}
