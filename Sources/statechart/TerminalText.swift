/// Makes text safe to print on a terminal: chart-provided text (state ids, event names, `<log>`
/// labels and values, data) must not be able to send control sequences to the user's terminal.
enum TerminalText {
    /// `text` with every control character written as a Swift-style escape, `\u{HEX}`
    /// (uppercase hexadecimal, no leading zeros): all of C0 (U+0000–U+001F, including tab,
    /// line feed and carriage return), DEL (U+007F) and C1 (U+0080–U+009F). Everything else,
    /// backslashes included, is left as it is, so text without control characters is unchanged.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is in C0, is DEL, or is in C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
