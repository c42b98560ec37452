/// Escaping for the two kinds of DOT text the writer emits.
enum DOTEscaping {
    /// The inside of a double-quoted DOT string: quotes and backslashes escaped, line breaks as
    /// `\n` (which Graphviz draws as a centred line break).
    static func quoted(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 2)
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n", "\r\n": result += "\\n"
            case "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return "\"" + result + "\""
    }

    /// Text inside an HTML-like label: `&`, `<`, `>`, quotes as entities; line breaks as `<BR/>`.
    static func html(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\r\n", "\r": result += "<BR/>"
            default: result.append(character)
            }
        }
        return result
    }
}
