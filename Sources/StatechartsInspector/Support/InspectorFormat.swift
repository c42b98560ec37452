import Foundation

/// How times and durations read on the page.
enum InspectorFormat {
    /// `0 s`, `1.5 s`, `250 ms`, `2 min 3 s`.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        if milliseconds == 0 { return "0 s" }
        if abs(milliseconds) < 1_000 { return "\(milliseconds) ms" }
        if abs(seconds) < 60 {
            let text = String(format: "%.3f", Double(milliseconds) / 1_000)
            return trimmed(text) + " s"
        }
        let minutes = seconds / 60
        let rest = Double(milliseconds - minutes * 60_000) / 1_000
        return "\(minutes) min " + trimmed(String(format: "%.3f", rest)) + " s"
    }

    /// A wall-clock time of day, `HH:MM:SS.mmm` (UTC).
    static func timeOfDay(secondsSince1970: Double) -> String {
        let total = Int64((secondsSince1970 * 1_000).rounded())
        let millis = Int(total % 1_000)
        let daySeconds = Int((total / 1_000) % 86_400)
        return String(format: "%02d:%02d:%02d.%03d", daySeconds / 3_600, daySeconds / 60 % 60, daySeconds % 60, millis)
    }

    /// Parses a duration the page typed: `1.5s`, `+100ms`, `2m`, `1h`, `250` (milliseconds).
    static func parseDuration(_ text: String) -> Duration? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("+") { body.removeFirst() }
        let units: [(String, Double)] = [("ms", 1e-3), ("s", 1), ("min", 60), ("m", 60), ("h", 3_600)]
        var scale = 1e-3
        for (unit, factor) in units where body.hasSuffix(unit) {
            body = String(body.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            scale = factor
            break
        }
        guard let value = Double(body), value.isFinite, value >= 0, value * scale < 1e9 else { return nil }
        return .nanoseconds(Int64((value * scale * 1e9).rounded()))
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
