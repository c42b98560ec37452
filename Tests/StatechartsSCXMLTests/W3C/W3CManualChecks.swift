/// The W3C tests the manifest marks manual ("a person judges the log"), checked from what a run
/// shows: its `<log>` lines in order, the state it finished in, whether it halted at once, whether
/// the document was refused. The library's runner (``W3CSuite``) and the command line's
/// (`CLIW3CSuiteTests`) both judge them here, from their own runs.
enum W3CManualChecks {
    /// What one run of a test showed.
    struct Observed {
        /// The document was refused before anything ran.
        var rejected = false
        /// The active atomic states at the end, in document order.
        var leaves: [String] = []
        /// Whether the chart finished (reached a top-level final state).
        var finished = false
        /// Whether it finished in its initial macrostep, before any event from outside.
        var finishedAtStart = false
        /// Its `<log>` lines and those of the charts it invoked, in order, as `label: value`.
        var logs: [String] = []
    }

    /// The manual tests that stay manual, with why they cannot be judged from a run.
    static let stillManual: [String: String] = [
        "test178": "its log shows _event.raw, which is undefined here: the SCXML Event I/O Processor has no wire format (SCXML C.1 allows that)",
    ]

    /// `nil` when `observed` is what test `name` asks for, otherwise what was wrong.
    static func failure(of name: String, _ observed: Observed) -> String? {
        switch name {
        case "test230": return autoforwardedEventUnchanged(observed)
        case "test250": return cancelledChildRanOnexit(observed)
        case "test301":
            // The script cannot be fetched: the document must be refused.
            return observed.rejected ? nil : "the document with an unreadable <script src> was not refused"
        case "test307": return lateBindingConsistent(observed)
        case "test313", "test314":
            // The processor may refuse the illegal expression; if it runs it, the error must reach
            // the chart (in 314 only once the state that evaluates it is entered).
            if observed.rejected { return nil }
            return observed.finished && observed.leaves == ["pass"] ? nil : "finished in \(observed.leaves), not pass"
        case "test415":
            // Halts on entering the top-level final state, before the event it raises there.
            return observed.finishedAtStart && observed.leaves == ["final"]
                ? nil : "did not halt at once in final (finished at start: \(observed.finishedAtStart), in \(observed.leaves))"
        default: return "no check for \(name)"
        }
    }

    /// 230: the parent and the child log the seven fields of the same event, autoforwarded to
    /// the child: the two sets must be equal.
    private static func autoforwardedEventUnchanged(_ observed: Observed) -> String? {
        guard observed.finished, observed.leaves == ["final"] else { return "finished in \(observed.leaves), not final" }
        let labels = ["name is ", "type is ", "sendid is ", "origin is ", "origintype is ", "invokeid is ", "data is "]
        let fields = observed.logs.filter { line in labels.contains { line.hasPrefix($0 + ":") } }
        guard fields.count == 2 * labels.count else { return "expected the event's fields logged twice, got \(fields)" }
        let (first, second) = (Array(fields.prefix(labels.count)), Array(fields.suffix(labels.count)))
        guard zip(first, labels).allSatisfy({ $0.hasPrefix($1) }), zip(second, labels).allSatisfy({ $0.hasPrefix($1) }) else {
            return "the fields were not logged in order: \(fields)"
        }
        guard first[0] == "name is : childToParent" else { return "the event logged is \(first[0])" }
        return first == second ? nil : "the forwarded event differs: \(first) and \(second)"
    }

    /// 250: the invocation cancelled by the parent's transition runs the child's onexit
    /// handlers (innermost first) and never reaches its final state.
    private static func cancelledChildRanOnexit(_ observed: Observed) -> String? {
        guard observed.finished, observed.leaves == ["final"] else { return "finished in \(observed.leaves), not final" }
        if observed.logs.contains(where: { $0.contains("invocation was not cancelled") }) { return "the invocation was not cancelled" }
        let exits = observed.logs.filter { $0.hasPrefix("Exiting ") }
        return exits == ["Exiting sub01", "Exiting sub0"]
            ? nil : "the cancelled child's onexit handlers logged \(exits), not [Exiting sub01, Exiting sub0]"
    }

    /// 307: with late binding, reading a variable not yet bound (in s0) and a missing property of
    /// a bound one (in s1) must behave alike: the same value, and an error in both or in neither.
    private static func lateBindingConsistent(_ observed: Observed) -> String? {
        guard observed.finished, observed.leaves == ["final"] else { return "finished in \(observed.leaves), not final" }
        guard observed.logs.count == 4 else { return "expected 4 log lines, got \(observed.logs)" }
        let s0Value = observed.logs[0].components(separatedBy: "is: : ").dropFirst().first
        let s1Value = observed.logs[2].components(separatedBy: "is: : ").dropFirst().first
        guard observed.logs[0].hasPrefix("entering s0"), observed.logs[2].hasPrefix("entering s1"), let s0Value, let s1Value else {
            return "unexpected log lines \(observed.logs)"
        }
        let s0Error = observed.logs[1].hasPrefix("error in state s0")
        let s1Error = observed.logs[3].hasPrefix("error in state s1")
        guard s0Value == s1Value else { return "the two reads gave \(s0Value) and \(s1Value)" }
        return s0Error == s1Error ? nil : "an error in \(s0Error ? "s0" : "s1") only: \(observed.logs)"
    }
}
