/// One STEP of `statechart run`: an event sent to the chart, or the virtual clock advanced.
enum Step: Equatable {
    /// Send the event with this name (an external event).
    case event(String)
    /// Advance the clock, firing the delayed events that fall due.
    case advance(Duration, text: String)

    /// Why a STEP is malformed.
    struct ParseError: Error, CustomStringConvertible {
        /// The STEP as given.
        var step: String
        /// What is wrong.
        var reason: String

        var description: String { "invalid step '\(step)': \(reason)" }
    }

    /// Parses `+DURATION` (`+100ms`, `+1.5s`, `+2m`, `+1h`) or an event name.
    static func parse(_ text: String) throws(ParseError) -> Step {
        guard text.hasPrefix("+") else {
            if text.isEmpty { throw ParseError(step: text, reason: "an event name cannot be empty") }
            if text.contains(where: \.isWhitespace) { throw ParseError(step: text, reason: "an event name cannot contain whitespace") }
            return .event(text)
        }
        let body = text.dropFirst()
        let number = body.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = body.dropFirst(number.count)
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number.contains(where: \.isNumber),
              let value = Double(number.hasPrefix(".") ? "0" + number : String(number)) else {
            throw ParseError(step: text, reason: "expected a duration such as +100ms, +1.5s, +2m or +1h")
        }
        let nanosecondsPerUnit: Double
        switch unit {
        case "ms": nanosecondsPerUnit = 1e6
        case "s": nanosecondsPerUnit = 1e9
        case "m": nanosecondsPerUnit = 60e9
        case "h": nanosecondsPerUnit = 3600e9
        case "": throw ParseError(step: text, reason: "the duration needs a unit: ms, s, m or h")
        default: throw ParseError(step: text, reason: "unknown unit '\(unit)' (use ms, s, m or h)")
        }
        let nanoseconds = value * nanosecondsPerUnit
        guard nanoseconds < 1e18 else { throw ParseError(step: text, reason: "the duration is too long") }
        return .advance(.nanoseconds(Int64(nanoseconds.rounded())), text: text)
    }
}
