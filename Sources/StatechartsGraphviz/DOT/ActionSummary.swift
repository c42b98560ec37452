/// Readable one-line summaries of action names for diagrams.
///
/// Names that look like SCXML executable content (as the SCXML importer names actions, for example
/// `<assign location="plays" expr="plays + 1"/>`) become `plays = plays + 1`; `<send>` becomes
/// `send EVENT after DELAY`, `<raise>` `raise EVENT`, `<log>` `log "LABEL" EXPR`, `<cancel>`
/// `cancel ID`, `<if>` `if COND …`, `<foreach>` `foreach ITEM in ARRAY …`, `<script>` `script …`.
/// Any other name is kept as it is, and so is text that cannot be read as elements.
enum ActionSummary {
    /// The summary of one action name.
    static func summary(of name: String) -> String {
        guard name.first == "<", let elements = ElementScanner.topLevelElements(in: name), !elements.isEmpty else {
            return name
        }
        return elements.map(describe).joined(separator: "; ")
    }

    /// `text` cut to at most `limit` characters, with an ellipsis when cut.
    static func shortened(_ text: String, limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        let kept = text.prefix(limit - 1).trimmingTrailingSpaces()
        return kept + "…"
    }

    static func describe(_ element: ScannedElement) -> String {
        let a = element.attributes
        switch element.name {
        case "assign":
            let value = a["expr"] ?? (element.hasContent ? "…" : "")
            return "\(a["location"] ?? "?") = \(value)"
        case "raise":
            return "raise \(a["event"] ?? "?")"
        case "send":
            var text = "send " + (a["event"] ?? a["eventexpr"].map { "(\($0))" } ?? "…")
            if let target = a["target"] ?? a["targetexpr"].map({ "(\($0))" }) { text += " to \(target)" }
            if let delay = a["delay"] ?? a["delayexpr"].map({ "(\($0))" }) { text += " after \(delay)" }
            return text
        case "cancel":
            return "cancel " + (a["sendid"] ?? a["sendidexpr"].map { "(\($0))" } ?? "?")
        case "log":
            let parts = [a["label"].map { "\"\($0)\"" }, a["expr"]].compactMap { $0 }
            return (["log"] + parts).joined(separator: " ")
        case "if":
            return "if \(a["cond"] ?? "?") …"
        case "foreach":
            return "foreach \(a["item"] ?? "?") in \(a["array"] ?? "?") …"
        case "script":
            return a["src"].map { "script \($0)" } ?? "script …"
        case "datamodel":
            return "data"
        case "donedata":
            return "done data"
        case "scxml":
            return "initialize data"
        default:
            return element.name + (element.hasContent ? " …" : "")
        }
    }
}

/// One element found by ``ElementScanner``: its name, attributes, and whether it had content.
struct ScannedElement {
    var name: String
    var attributes: [String: String]
    var hasContent: Bool
}

/// A tolerant reader of the top-level elements of a compact XML fragment. It never traps: on
/// anything it does not understand it returns `nil`, and the caller keeps the original text.
struct ElementScanner {
    private let characters: [Character]
    private var position = 0

    private init(_ text: String) { characters = Array(text) }

    /// The top-level elements of `text`, or `nil` when it is not a sequence of elements.
    static func topLevelElements(in text: String) -> [ScannedElement]? {
        var scanner = ElementScanner(text)
        var result: [ScannedElement] = []
        while true {
            scanner.skipSpaces()
            if scanner.atEnd { return result }
            guard let element = scanner.element() else { return nil }
            result.append(element)
        }
    }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character? { atEnd ? nil : characters[position] }

    private mutating func skipSpaces() {
        while let c = current, c.isWhitespace { position += 1 }
    }

    private mutating func consume(_ c: Character) -> Bool {
        guard current == c else { return false }
        position += 1
        return true
    }

    private mutating func name() -> String? {
        var text = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" || c == "-" || c == ":" || c == "." {
            text.append(c)
            position += 1
        }
        return text.isEmpty ? nil : text
    }

    /// One element with its content skipped; the cursor is after it.
    private mutating func element() -> ScannedElement? {
        guard consume("<"), let tag = name() else { return nil }
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            if consume("/") { return consume(">") ? ScannedElement(name: tag, attributes: attributes, hasContent: false) : nil }
            if consume(">") { break }
            guard let key = name() else { return nil }
            skipSpaces()
            guard consume("=") else { return nil }
            skipSpaces()
            guard let quote = current, quote == "\"" || quote == "'" else { return nil }
            position += 1
            var value = ""
            while let c = current, c != quote {
                value.append(c)
                position += 1
            }
            guard consume(quote) else { return nil }
            attributes[key] = Self.unescape(value)
        }
        return skipContent(of: tag) ? ScannedElement(name: tag, attributes: attributes, hasContent: true) : nil
    }

    /// Moves past the content and the end tag of `tag`, counting nested elements of any name.
    private mutating func skipContent(of tag: String) -> Bool {
        var depth = 1
        while !atEnd {
            guard consume("<") else {
                position += 1
                continue
            }
            if consume("/") {
                depth -= 1
                _ = name()
                while let c = current, c != ">" { position += 1 }
                guard consume(">") else { return false }
                if depth == 0 { return true }
            } else if consume("!") || consume("?") {
                while let c = current, c != ">" { position += 1 }
                guard consume(">") else { return false }
            } else {
                var previous: Character = "<"
                while let c = current, c != ">" {
                    previous = c
                    position += 1
                }
                guard consume(">") else { return false }
                if previous != "/" { depth += 1 }
            }
        }
        return false
    }

    /// Attribute text with the five predefined entities and numeric references replaced.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            let entity = String(rest[afterAmpersand..<semicolon])
            if let replacement = replacement(for: entity) {
                result += replacement
            } else {
                result += "&" + entity + ";"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func replacement(for entity: String) -> String? {
        switch entity {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            guard entity.hasPrefix("#"), let value = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while let last = text.last, last == " " { text = text.dropLast() }
        return String(text)
    }
}
