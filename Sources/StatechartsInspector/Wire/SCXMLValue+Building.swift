import StatechartsSCXML

// The inspector's messages are JSON built as `SCXMLValue`s (JSON's model, members in order,
// `json` writes them); these make building them read like the message.
extension SCXMLValue {
    /// An object with these members, in order.
    static func members(_ pairs: KeyValuePairs<String, SCXMLValue>) -> SCXMLValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// A string, or `null` for `nil`.
    static func text(_ value: String?) -> SCXMLValue { value.map { .string($0) } ?? .null }

    /// An integer.
    static func int<I: BinaryInteger>(_ value: I) -> SCXMLValue { .number(Double(value)) }

    /// An array of strings.
    static func texts<S: Sequence>(_ values: S) -> SCXMLValue where S.Element == String { .array(values.map { .string($0) }) }

    /// The value as text for a message (JSON; `null` for `undefined`).
    var messageText: String { json ?? "null" }
}

extension SCXMLValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer, when it is a whole number an `Int` holds.
    var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }
}
