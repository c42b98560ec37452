import Foundation
import StatechartsSCXML

/// The Swift type of a data model variable's typed accessor, read off the value it is declared
/// with. A variable can hold anything later (a script may assign a string to a number), so the
/// accessor is optional: `nil` when the variable holds a value of another type, or none.
public enum SCXMLVariableType: String, Sendable, Hashable, CaseIterable {
    /// A number literal (`expr="0"`, `expr="-2.5e3"`, or JSON content `4`): `Double`.
    case number
    /// A string literal (`expr="'idle'"`, `expr='"idle"'`, or text content): `String`.
    case string
    /// `expr="true"` or `expr="false"` (or JSON content `true`): `Bool`.
    case bool
    /// Anything else (an expression, an array, an object, XML, no value): ``SCXMLValue`` itself.
    case value

    /// The type as Swift source.
    public var swiftType: String {
        switch self {
        case .number: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .value: return "SCXMLValue"
        }
    }

    /// The type a `<data>` element declares its variable with.
    public init(declaredBy data: SCXMLData) {
        if let expression = data.expression {
            self = Self.literalType(of: expression.trimmingCharacters(in: .whitespacesAndNewlines))
        } else if let content = data.content, !content.isXML {
            switch SCXMLValue.fromInlineText(content.text) {
            case .number: self = .number
            case .string: self = .string
            case .bool: self = .bool
            default: self = .value
            }
        } else {
            self = .value
        }
    }

    /// The type of an ECMAScript literal: a number, a quoted string without that quote or a
    /// backslash inside, `true` or `false`; ``value`` for any other expression.
    static func literalType(of expression: String) -> SCXMLVariableType {
        if expression == "true" || expression == "false" { return .bool }
        if let quote = expression.first, quote == "'" || quote == "\"", expression.count >= 2, expression.last == quote {
            let inner = expression.dropFirst().dropLast()
            return inner.contains(quote) || inner.contains("\\") ? .value : .string
        }
        return isNumberLiteral(expression) ? .number : .value
    }

    /// `-?(digits[.digits] | .digits)([eE][+-]?digits)?`: a decimal number literal.
    static func isNumberLiteral(_ text: String) -> Bool {
        var characters = Substring(text)
        if characters.first == "-" || characters.first == "+" { characters = characters.dropFirst() }
        let mantissaEnd = characters.firstIndex { $0 == "e" || $0 == "E" } ?? characters.endIndex
        let mantissa = characters[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        guard mantissaEnd < characters.endIndex else { return true }
        var exponent = characters[characters.index(after: mantissaEnd)...]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
