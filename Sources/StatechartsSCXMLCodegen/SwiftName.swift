/// How an SCXML id (a state id, an event name, a variable) becomes a Swift identifier, the same
/// way on every build.
///
/// The rules, in order:
/// 1. Every character that is not an ASCII letter, an ASCII digit or `_` separates words:
///    `door.open` is the words `door` and `open`, `s-1` is `s` and `1`, `état` is `tat`.
/// 2. The words are joined in lower camel case from the second word on; the first word is kept
///    as written: `door.open` → `doorOpen`, `error.execution` → `errorExecution`, `Closed` →
///    `Closed`, `s-1` → `s1`.
/// 3. A name that starts with a digit gets a leading `_`: `1st` → `_1st`.
/// 4. A name that a generated type already uses (``reservedMembers``) gets a trailing `_`:
///    `rawValue` → `rawValue_`, `Type` → `Type_`.
/// 5. A Swift keyword is written between backticks: `class` → `` `class` ``, `default` →
///    `` `default` ``.
///
/// An id without any letter or digit (`-`, `.`) has no name; two ids that become the same name
/// in one enum are refused (``SCXMLTypedNames``).
public struct SwiftName: Sendable, Hashable, CustomStringConvertible {
    /// The identifier without backticks (`class`, `doorOpen`).
    public let identifier: String

    /// Maps `id` by the rules above; `nil` when it has no letter or digit.
    public init?(mapping id: String) {
        var words: [String] = []
        var word = ""
        for scalar in id.unicodeScalars {
            if Self.isIdentifierScalar(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first, words.contains(where: { $0 != String(repeating: "_", count: $0.count) }) else {
            return nil
        }
        var name = first
        for next in words.dropFirst() { name += next.prefix(1).uppercased() + next.dropFirst() }
        if let head = name.unicodeScalars.first, ("0"..."9").contains(head) { name = "_" + name }
        if Self.reservedMembers.contains(name) { name += "_" }
        identifier = name
    }

    /// Creates a name from an identifier that needs no mapping (used for type names).
    init(verbatim identifier: String) {
        self.identifier = identifier
    }

    /// The identifier as Swift source: between backticks when it is a keyword.
    public var source: String { Self.keywords.contains(identifier) ? "`\(identifier)`" : identifier }

    /// The same as ``source``.
    public var description: String { source }

    /// The name with its first letter in upper case, for a type: `door-lock` → `DoorLock`.
    public var typeName: String {
        identifier.hasPrefix("_") ? identifier : identifier.prefix(1).uppercased() + identifier.dropFirst()
    }

    /// ASCII letters, digits and `_`.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// Names the generated enums and wrapper already use, or that cannot name an enum case or a
    /// member even between backticks (`self`, `Type`, `init`): a trailing `_` is added.
    public static let reservedMembers: Set<String> = [
        "allCases", "rawValue", "hashValue", "hash", "init", "self", "Self", "Type", "Protocol", "instance",
    ]

    /// Swift's keywords: written between backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "inout", "internal", "let", "nonisolated", "open",
        "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super",
        "throws", "true", "try", "_",
    ]
}
