/// ECMAScript 5.1 identifiers, for the variables `<foreach>` assigns.
enum ECMAScriptIdentifiers {
    /// Reserved words (ES5.1 7.6.1, strict mode included) and the literals `null`, `true`, `false`.
    static let reserved: Set<String> = [
        "break", "case", "catch", "continue", "debugger", "default", "delete", "do", "else", "finally", "for",
        "function", "if", "in", "instanceof", "new", "return", "switch", "this", "throw", "try", "typeof", "var",
        "void", "while", "with", "class", "const", "enum", "export", "extends", "import", "super", "implements",
        "interface", "let", "package", "private", "protected", "public", "static", "yield", "null", "true", "false",
    ]

    /// Whether `name` is an identifier that is not a reserved word.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !reserved.contains(name) else { return false }
        func start(_ c: Unicode.Scalar) -> Bool { c == "$" || c == "_" || c.properties.isAlphabetic }
        func part(_ c: Unicode.Scalar) -> Bool { start(c) || c.properties.numericType != nil || c == "\u{200C}" || c == "\u{200D}" }
        return start(first) && name.unicodeScalars.dropFirst().allSatisfy(part)
    }
}
