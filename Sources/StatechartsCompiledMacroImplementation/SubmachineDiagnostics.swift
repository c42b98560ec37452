extension ChartDiagnostic {
    /// `Submachine(.id, chart, mapState: ...)`.
    static let submachineMapState = Self(
        message: "`mapState:` renames the embedded chart's states with a closure, which the macro cannot run; in a "
            + "compiled chart the embedded chart is written with this chart's `StateID` (its states keep their "
            + "IDs), or embed it in a plain chart (`Statechart { ... }`)",
        id: "submachineMapState")

    /// `Submachine(.id, Other.chart)`: not a static member of this type.
    static func submachineElsewhere(_ reference: String, typeName: String?) -> Self {
        let type = typeName.map { "`\($0)`" } ?? "this type"
        return Self(
            message: "the chart a compiled chart embeds must be a static member of \(type) written with the DSL, "
                + "which the macro reads from its syntax; `\(reference)` is not (a chart from another type or module, "
                + "or made at run time, is a value the macro cannot read): declare it in \(type) as `static let name = "
                + "Definition(\"name\") { ... }` and write `Submachine(.id, name)`, or embed it in a plain chart",
            id: "submachineElsewhere")
    }

    /// A member of this type that is not a chart written with the DSL.
    static func submachineUnreadable(_ why: String) -> Self {
        Self(message: "the chart a compiled chart embeds is read from its syntax: \(why)", id: "submachineUnreadable")
    }

    /// An embedded chart that embeds itself, directly or through others.
    static func submachineCycle(_ key: String) -> Self {
        Self(message: "`\(key)` embeds itself: a chart cannot contain itself; embed another chart here",
             id: "submachineCycle")
    }

    /// The same chart embedded twice.
    static func submachineTwice(_ key: String) -> Self {
        Self(message: "`\(key)` is embedded twice: its states would be in the chart twice with the same IDs, and "
                + "a compiled chart cannot rename them (`mapState:`); declare a second chart with other state IDs, "
                + "or embed it twice in a plain chart",
             id: "submachineTwice")
    }
}
