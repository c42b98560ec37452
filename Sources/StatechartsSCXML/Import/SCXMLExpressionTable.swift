/// Numbers a chart's expressions, one entry per distinct (kind, text), so that an engine compiles
/// each once per instance.
struct SCXMLExpressionTable {
    private(set) var expressions: [SCXMLExpression] = []
    private var index: [Key: Int] = [:]

    private struct Key: Hashable {
        var kind: SCXMLExpression.Kind
        var source: String
    }

    /// The expression for `source` used as `kind`, registered on first use.
    mutating func add(_ kind: SCXMLExpression.Kind, _ source: String, at position: SCXMLSourcePosition) -> SCXMLExpression {
        let key = Key(kind: kind, source: source)
        if let i = index[key] { return expressions[i] }
        let expression = SCXMLExpression(id: expressions.count, kind: kind, source: source, position: position)
        index[key] = expressions.count
        expressions.append(expression)
        return expression
    }

    /// Whether any registered expression calls `In(…)`.
    var mentionsIn: Bool { expressions.contains { Self.mentionsIn($0.source) } }

    /// Whether `text` contains the identifier `In` followed by `(`.
    static func mentionsIn(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i + 1 < scalars.count {
            if scalars[i] == "I", scalars[i + 1] == "n" {
                let before = i == 0 ? nil : scalars[i - 1]
                let isStart = before.map { !isIdentifierPart($0) } ?? true
                var j = i + 2
                while j < scalars.count, scalars[j] == " " || scalars[j] == "\t" || scalars[j] == "\n" { j += 1 }
                if isStart, j < scalars.count, scalars[j] == "(" { return true }
            }
            i += 1
        }
        return false
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || c.properties.isAlphabetic || (c.value >= 0x30 && c.value <= 0x39)
    }
}
