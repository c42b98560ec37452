/// Escaping for XML text and attribute values.
enum XMLEscaping {
    /// Escapes `&`, `<` and `>` in character data.
    static func text(_ string: String) -> String {
        guard string.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return string }
        var out = ""
        out.reserveCapacity(string.count + 8)
        for c in string {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Escapes an attribute value for double quotes, keeping whitespace characters as they are
    /// (tabs and line breaks become character references, which attribute normalization keeps).
    static func attribute(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { "&<>\"\t\n\r".unicodeScalars.contains($0) }) else { return string }
        var out = ""
        for c in string.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
