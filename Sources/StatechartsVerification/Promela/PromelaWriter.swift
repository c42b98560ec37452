/// Writes a ``SinglePathModel`` as Promela for SPIN: one process whose loop takes, in each
/// situation, any event that makes a transition (a `d_step` per step, so a macrostep is one
/// step for SPIN too), printing `EV n` as it does; `IN_k` macros for SCXML's `In` of state `k`;
/// an `ltl` formula per property. Reaching a top-level final state ends the process (a valid end
/// state); a situation where no event does anything blocks it (an invalid end state: SPIN's
/// deadlock).
public enum PromelaWriter {
    /// The model, with an `ltl` claim `p0`, `p1`, … per property in order (``Property/deadlockFree``
    /// has none: SPIN checks it as invalid end states, without a claim).
    ///
    /// - Throws: ``PromelaExportError`` for a property SPIN cannot check here
    ///   (``Property/canAlwaysReach(_:)-(Condition<StateID,Context>)``, conditions on the context).
    public static func promela<Context>(_ model: SinglePathModel, name: String, properties: [Property<String, Context>] = []) throws(PromelaExportError) -> String {
        var lines = header(model, name: name)
        lines.append("active proctype chart() {")
        lines.append("  do")
        lines += options(model, replayLength: nil)
        lines.append("  :: finished -> break")
        lines.append("  od")
        lines.append("}")
        var problems: [String] = []
        for (i, property) in properties.enumerated() {
            do { if let formula = try ltl(property, model) { lines.append("ltl p\(i) { \(formula) }") } } catch {
                problems.append("property \(i + 1) (\(property)): \(error.problems.joined(separator: "; "))")
            }
        }
        guard problems.isEmpty else { throw PromelaExportError(problems) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A model that can only take `events` in order (indices into the model's events): SPIN's
    /// simulation of it prints `AT leaf` after each step and `REPLAYED leaf finished` at the end,
    /// or blocks at the first event the model cannot take.
    public static func replay(_ model: SinglePathModel, name: String, events: [Int]) -> String {
        var lines = header(model, name: name)
        lines.append("byte next = 0;")
        lines.append("byte script[\(max(1, events.count))];")
        lines.append("active proctype chart() {")
        if !events.isEmpty {
            lines.append("  d_step {")
            for (i, e) in events.enumerated() { lines.append("    script[\(i)] = \(e + 1);") }
            lines.append("  }")
        }
        lines.append("  do")
        lines += options(model, replayLength: events.count)
        lines.append("  :: next == \(events.count) -> break")
        lines.append("  od;")
        lines.append("  printf(\"REPLAYED %d %d\\n\", leaf, finished)")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func header(_ model: SinglePathModel, name: String) -> [String] {
        var lines = ["/* The chart '\(name.replacingOccurrences(of: "*/", with: "* /"))' as Promela, written by `statechart export --promela`. */"]
        for (k, id) in model.states.enumerated() { lines.append("/* state \(k): \(id.replacingOccurrences(of: "*/", with: "* /")) */") }
        for (e, event) in model.events.enumerated() { lines.append("/* event \(e + 1): \(event.replacingOccurrences(of: "*/", with: "* /")) */") }
        lines.append("byte leaf = \(model.start);")
        lines.append("bool finished = \(model.startFinishes ? 1 : 0);")
        lines.append("byte ev = 0;")
        for k in model.states.indices {
            let leaves = model.states.indices.filter { model.isActive(k, leaf: $0) }
            lines.append("#define IN_\(k) (\(leaves.map { "leaf == \($0)" }.joined(separator: " || ")))")
        }
        return lines
    }

    static func options(_ model: SinglePathModel, replayLength: Int?) -> [String] {
        model.steps.map { step in
            let replay = replayLength != nil
            let guardText = replayLength.map { "next < \($0) && script[next] == \(step.event + 1) && !finished && leaf == \(step.from)" }
                ?? "!finished && leaf == \(step.from)"
            var body = "ev = \(step.event + 1); leaf = \(step.to); finished = \(step.finishes ? 1 : 0); "
            body += replay ? "next++; printf(\"AT %d\\n\", leaf)" : "printf(\"EV \(step.event + 1)\\n\")"
            return "  :: d_step { \(guardText); \(body) }"
        }
    }

    /// The LTL formula of a property; `nil` for ``Property/deadlockFree``.
    static func ltl<Context>(_ property: Property<String, Context>, _ model: SinglePathModel) throws(PromelaExportError) -> String? {
        switch property.kind {
        case .never(let c): return "[] !(\(try expression(c.form, model)))"
        case .always(let c): return "[] (\(try expression(c.form, model)))"
        case .eventually(let c): return "<> (\(try expression(c.form, model)))"
        case .respondsTo(let t, let r): return "[] ((\(try expression(t.form, model))) -> <> (\(try expression(r.form, model))))"
        case .deadlockFree: return nil
        case .canAlwaysReach: throw PromelaExportError(["'can always reach' is not expressible in LTL"])
        }
    }

    static func expression<Context>(_ form: Condition<String, Context>.Form, _ model: SinglePathModel) throws(PromelaExportError) -> String {
        switch form {
        case .active(let id):
            guard let k = model.states.firstIndex(of: id) else { throw PromelaExportError(["the chart has no state '\(id)'"]) }
            return "IN_\(k)"
        case .finished: return "finished"
        case .constant(let value): return value ? "true" : "false"
        case .context: throw PromelaExportError(["conditions on the context are not exported"])
        case .not(let inner): return "!(\(try expression(inner, model)))"
        case .and(let a, let b): return "(\(try expression(a, model)) && \(try expression(b, model)))"
        case .or(let a, let b): return "(\(try expression(a, model)) || \(try expression(b, model)))"
        }
    }
}
