import Statecharts

extension Counterexample {
    /// A Swift Testing test that replays this counterexample and expects the property to hold on
    /// it: it fails while the bug is there and passes once it is fixed, so the bug stays fixed.
    ///
    /// The expressions are pasted as given: `chart` evaluates to the `Statechart`, `property` to
    /// the ``Property``, `context` to the start context (`nil` for a chart without one). Events
    /// are written `.` followed by their description (`.open`), unless `event` says otherwise.
    ///
    /// - Parameters:
    ///   - name: the test function's name.
    ///   - chart: a Swift expression for the chart.
    ///   - property: a Swift expression for the property.
    ///   - context: a Swift expression for the start context; `nil` for `Void`.
    ///   - event: writes an event as a Swift expression.
    /// - Returns: the test's source, ending in a newline.
    public func swiftTest(
        named name: String, chart: String, property: String, context: String? = nil,
        event: (Event) -> String = { ".\($0)" }
    ) -> String {
        var lines = ["@Test func \(name)() throws {"]
        lines.append("    let run = \(chart).replay([")
        for step in steps {
            switch step.step {
            case .event(let value): lines.append("        .event(\(event(value))),")
            case .advance(let duration): lines.append("        .advance(\(Self.literal(duration))),")
            }
        }
        lines.append("    ], context: \(context ?? "()"))")
        var arguments = "ending: \(Self.literal(ending))"
        if let triggerStep { arguments += ", triggerStep: \(triggerStep)" }
        lines.append("    #expect(!run.violates(\(property), \(arguments)))")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The steps as `statechart run` takes them: event names and `+DURATION` clock advances.
    public var eventList: [String] { steps.map(\.step.description) }

    static func literal(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let perNanosecond: Int64 = 1_000_000_000
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / perNanosecond
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }

    static func literal(_ ending: CounterexampleEnding) -> String {
        switch ending {
        case .badSituation: return ".badSituation"
        case .stops: return ".stops"
        case .loops(let loopStart): return ".loops(loopStart: \(loopStart))"
        case .cannotReach: return ".cannotReach"
        }
    }
}
