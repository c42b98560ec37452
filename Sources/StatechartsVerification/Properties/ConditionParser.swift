/// Why a condition written as text could not be read: what, and at which column (from 1).
public struct ConditionSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The column of the character where it is wrong, from 1.
    public let column: Int

    /// `column 7: expected ')'`.
    public var description: String { "column \(column): \(message)" }
}

extension Condition where StateID == String {
    /// Reads a condition written as SCXML's null data model writes them: `In('id')` (quotes
    /// optional, single or double), `&&`, `||`, `!`, parentheses, `true` and `false`.
    ///
    /// ```swift
    /// let unsafe = try Condition<String, Void>.parse("In('opened') && !In('stopped')")
    /// ```
    ///
    /// - Parameters:
    ///   - text: the condition.
    ///   - states: when given, the state ids the chart has: any other is an error at its column.
    ///   - columnOffset: added to every column reported (for a condition inside a longer text).
    /// - Throws: ``ConditionSyntaxError`` with the column; also for a condition nested more than
    ///   200 levels deep (each `!`, parenthesis and operand of a chain of `&&` or `||` is a level).
    public static func parse(_ text: String, states: Set<String>? = nil, columnOffset: Int = 0) throws(ConditionSyntaxError) -> Condition {
        var parser = ConditionParser(characters: Array(text), states: states, offset: columnOffset)
        let form = try parser.parseOr(depth: 0).node
        parser.skipSpaces()
        if parser.position < parser.characters.count {
            throw parser.error("unexpected '\(parser.characters[parser.position])'")
        }
        return Condition(form.map())
    }
}

/// A recursive-descent reader of condition text: `or := and ('||' and)*`, `and := unary ('&&'
/// unary)*`, `unary := '!' unary | '(' or ')' | In(id) | true | false`.
///
/// A condition is at most ``maximumDepth`` levels deep (each `!`, parenthesis and operand of a
/// chain of `&&` or `||` is one): the reader, and everything that walks a condition later
/// (writing, checking), recurses once per level, and a condition from the command line may be
/// 128 KiB long.
struct ConditionParser {
    /// The deepest condition read; deeper ones are an error, at the column where they get too deep.
    static let maximumDepth = 200

    /// The structure read, before it is given a context type.
    indirect enum Node {
        case active(String), constant(Bool), not(Node), and(Node, Node), or(Node, Node)

        func map<Context>() -> Condition<String, Context>.Form {
            switch self {
            case .active(let id): return .active(id)
            case .constant(let value): return .constant(value)
            case .not(let inner): return .not(inner.map())
            case .and(let a, let b): return .and(a.map(), b.map())
            case .or(let a, let b): return .or(a.map(), b.map())
            }
        }
    }

    let characters: [Character]
    let states: Set<String>?
    let offset: Int
    var position = 0

    init(characters: [Character], states: Set<String>?, offset: Int) {
        self.characters = characters
        self.states = states
        self.offset = offset
    }

    func error(_ message: String, at column: Int? = nil) -> ConditionSyntaxError {
        ConditionSyntaxError(message: message, column: (column ?? position) + 1 + offset)
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    mutating func take(_ token: String) -> Bool {
        skipSpaces()
        let token = Array(token)
        guard position + token.count <= characters.count, Array(characters[position..<position + token.count]) == token else { return false }
        position += token.count
        return true
    }

    /// `error` when a node `depth` levels deep is one too many.
    func checkDepth(_ depth: Int) throws(ConditionSyntaxError) {
        if depth > Self.maximumDepth { throw error("the condition is nested more than \(Self.maximumDepth) levels deep") }
    }

    /// The nodes read below `depth` levels, and how deep the result goes (from `depth`).
    mutating func parseOr(depth: Int) throws(ConditionSyntaxError) -> (node: Node, depth: Int) {
        var (node, deepest) = try parseAnd(depth: depth)
        while take("||") {
            // A chain nests to the left: each operand is one level more.
            deepest = max(deepest + 1, depth + 1)
            try checkDepth(deepest)
            let (right, rightDepth) = try parseAnd(depth: depth + 1)
            node = .or(node, right)
            deepest = max(deepest, rightDepth)
        }
        return (node, deepest)
    }

    mutating func parseAnd(depth: Int) throws(ConditionSyntaxError) -> (node: Node, depth: Int) {
        var (node, deepest) = try parseUnary(depth: depth)
        while take("&&") {
            deepest = max(deepest + 1, depth + 1)
            try checkDepth(deepest)
            let (right, rightDepth) = try parseUnary(depth: depth + 1)
            node = .and(node, right)
            deepest = max(deepest, rightDepth)
        }
        return (node, deepest)
    }

    mutating func parseUnary(depth: Int) throws(ConditionSyntaxError) -> (node: Node, depth: Int) {
        try checkDepth(depth)
        skipSpaces()
        guard position < characters.count else { throw error("expected In('state'), '!' or '(' but the condition ends") }
        if take("!") {
            let (inner, innerDepth) = try parseUnary(depth: depth + 1)
            return (.not(inner), innerDepth)
        }
        if take("(") {
            let inner = try parseOr(depth: depth + 1)
            guard take(")") else { throw error("expected ')'") }
            return inner
        }
        let start = position
        var word = ""
        while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
            word.append(characters[position])
            position += 1
        }
        switch word {
        case "true": return (.constant(true), depth)
        case "false": return (.constant(false), depth)
        case "In": return (try parseIn(), depth)
        case "": throw error("expected In('state'), '!' or '(' but found '\(characters[position])'")
        default: throw error("unknown name '\(word)' (conditions use In('state'), &&, ||, ! and parentheses)", at: start)
        }
    }

    /// The rest of `In(id)`, after `In`.
    mutating func parseIn() throws(ConditionSyntaxError) -> Node {
        guard take("(") else { throw error("expected '(' after In") }
        skipSpaces()
        var quote: Character?
        if position < characters.count, characters[position] == "'" || characters[position] == "\"" {
            quote = characters[position]
            position += 1
        }
        let start = position
        var id = ""
        while position < characters.count {
            let c = characters[position]
            if let quote, c == quote { break }
            if quote == nil, c.isWhitespace || c == ")" { break }
            id.append(c)
            position += 1
        }
        if let quote {
            guard position < characters.count else { throw error("the state id has no closing \(quote)", at: start - 1) }
            position += 1
        }
        guard !id.isEmpty else { throw error("expected a state id", at: start) }
        guard take(")") else { throw error("expected ')' after the state id") }
        if let states, !states.contains(id) { throw error("the chart has no state '\(id)'", at: start) }
        return .active(id)
    }
}

extension Property where StateID == String {
    /// Reads `TRIGGER -> RESPONSE` into ``respondsTo(_:with:)``.
    ///
    /// - Throws: ``ConditionSyntaxError`` with the column.
    public static func parseResponse(_ text: String, states: Set<String>? = nil) throws(ConditionSyntaxError) -> Property {
        let characters = Array(text)
        var arrow: Int?
        var i = 0
        while i + 1 < characters.count {
            if characters[i] == "-" && characters[i + 1] == ">" { arrow = i; break }
            i += 1
        }
        guard let arrow else {
            throw ConditionSyntaxError(message: "expected TRIGGER -> RESPONSE", column: 1)
        }
        let trigger = try Condition<String, Context>.parse(String(characters[..<arrow]), states: states)
        let response = try Condition<String, Context>.parse(String(characters[(arrow + 2)...]), states: states, columnOffset: arrow + 2)
        return .respondsTo(trigger, with: response)
    }
}
