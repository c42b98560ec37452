/// The source text split into lines of Unicode scalars, to find where an element's start tag
/// begins: the XML parser reports the position of the tag's end.
struct SourceText {
    private let lines: [[Unicode.Scalar]]

    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append([]) }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        self.lines = lines
    }

    /// The position of the `<` that opens the start tag of `qualifiedName`, searching backwards
    /// from `end` (the parser's position at the end of that tag). Falls back to `end`.
    func startOfTag(_ qualifiedName: String, endingAt end: SCXMLSourcePosition) -> SCXMLSourcePosition {
        guard end.line >= 1, end.line <= lines.count else { return end }
        let name = Array(qualifiedName.unicodeScalars)
        var line = end.line - 1
        var column = min(max(end.column - 1, 0), lines[line].count)
        while line >= 0 {
            let scalars = lines[line]
            var i = min(column, scalars.count - 1)
            while i >= 0 {
                if scalars[i] == "<" {
                    if matches(name, in: scalars, at: i + 1) { return SCXMLSourcePosition(line: line + 1, column: i + 1) }
                    return end
                }
                i -= 1
            }
            line -= 1
            if line >= 0 { column = lines[line].count }
            if end.line - line > 200 { break }
        }
        return end
    }

    private func matches(_ name: [Unicode.Scalar], in scalars: [Unicode.Scalar], at start: Int) -> Bool {
        guard start + name.count <= scalars.count else { return false }
        for (k, c) in name.enumerated() where scalars[start + k] != c { return false }
        let next = start + name.count
        if next == scalars.count { return true }
        let c = scalars[next]
        return c == " " || c == "\t" || c == "/" || c == ">"
    }
}
