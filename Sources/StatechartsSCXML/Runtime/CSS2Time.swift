import Foundation

/// CSS2 time values, as SCXML's `delay` uses them: a non-negative decimal number followed by
/// `ms` or `s` (`500ms`, `1s`, `.5s`, `1.5s`).
public enum CSS2Time {
    /// The duration `text` denotes, or `nil` when it is not a CSS2 time.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let unitIsMilliseconds: Bool
        let number: Substring
        if trimmed.hasSuffix("ms") {
            unitIsMilliseconds = true
            number = trimmed.dropLast(2)
        } else if trimmed.hasSuffix("s") {
            unitIsMilliseconds = false
            number = trimmed.dropLast(1)
        } else {
            return nil
        }
        guard let value = decimal(number) else { return nil }
        let milliseconds = unitIsMilliseconds ? value : value * 1000
        guard milliseconds.isFinite, milliseconds < 1e15 else { return nil }
        return .nanoseconds(Int64((milliseconds * 1_000_000).rounded()))
    }

    /// A non-negative decimal: digits with at most one point, at least one digit.
    static func decimal(_ text: Substring) -> Double? {
        var digits = 0
        var points = 0
        for c in text {
            if c.isASCII && c.isNumber { digits += 1 } else if c == "." { points += 1 } else { return nil }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }
}
