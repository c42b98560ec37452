/// How actions and guards built from SCXML are named: by their SCXML source, so that diagrams
/// show what they do and ``SCXMLWriter`` can write them back.
///
/// - A guard is named by its `cond` expression.
/// - An `<onentry>`/`<onexit>` block, a transition's or `<initial>`'s content is named by its
///   executable content as compact XML (`<raise event="go"/><log expr="x"/>`).
/// - The chart's initialization (data binding and top-level scripts), the first action of its
///   initial transition, is named by the `<scxml>` element without its states.
/// - A state's data binding is named `<datamodel>…</datamodel>`, a final state's done data
///   `<donedata>…</donedata>`.
/// - The bookkeeping that keeps `In()` informed is named ``activeStateTracking``.
public enum SCXMLActionNames {
    /// The name of the entry and exit actions that record the active states for `In()`.
    public static let activeStateTracking = "In() tracking"
}
