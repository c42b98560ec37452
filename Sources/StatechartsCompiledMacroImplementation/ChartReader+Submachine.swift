import Statecharts
import SwiftDiagnostics
import SwiftSyntax

extension ChartReader {
    /// `Submachine(.id, lock) { content }`: the chart embedded is a static member of this type
    /// written with the DSL, read as the main chart is, its states under the submachine's path so
    /// that their problems are reported at their own lines. The twin is built by the DSL's own
    /// `Submachine`, so it has the shape the real one has (embedded states first, then the
    /// content's; the embedded initial transition unless the content has one).
    mutating func readSubmachine(_ call: FunctionCallExprSyntax, _ args: ArgumentGroups, path: String) -> TwinState? {
        guard let idExpression = args.unlabeled.first, let id = readID(idExpression, in: nil) else {
            if args.unlabeled.isEmpty { diagnose(call, .badArgument("id")) }
            return nil
        }
        let statePath = path + "/" + id
        statesByPath[statePath, default: []].append(Syntax(call))
        idsByPath[statePath, default: []].append((id, Syntax(idExpression)))
        for (label, values) in args.labeled {
            diagnose(values.first ?? ExprSyntax(call), label == "mapState" ? .submachineMapState : .badArgument(label))
        }
        guard args.labeled.isEmpty else { return nil }
        guard args.unlabeled.count == 2, let reference = args.unlabeled.last else {
            diagnose(call, .badArgument("chart"))
            return nil
        }
        guard let embeddedCall = embeddedChart(reference) else { return nil }
        // The embedded chart's states first, as `Submachine` puts them first (a duplicate of one
        // of them in the content is then reported at the content's).
        let embedded = readDefinition(embeddedCall, path: statePath)
        let body = call.trailingClosure.map { readContent($0.statements, path: statePath).map(\.0) } ?? []
        return Submachine<String, TwinEvent, Int>(id, embedded) { body }.definition
    }

    /// The DSL call of the chart `reference` names, or `nil` with a diagnostic at `reference`.
    mutating func embeddedChart(_ reference: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let key = embeddable.key(of: reference) else {
            diagnose(reference, .submachineElsewhere(reference.trimmedDescription, typeName: embeddable.typeName))
            return nil
        }
        switch embeddable.lookUp(key) {
        case .elsewhere:
            diagnose(reference, .submachineElsewhere(reference.trimmedDescription, typeName: embeddable.typeName))
            return nil
        case .unreadable(let why, let changes):
            let fixIts = changes.map {
                FixIt(message: ChartFixIt(message: $0.message), changes: [.replace(oldNode: $0.oldNode, newNode: $0.newNode)])
            }
            diagnose(reference, .submachineUnreadable(why), fixIts: fixIts)
            return nil
        case .chart(let embeddedCall):
            if embedding.contains(embeddedCall.id) {
                diagnose(reference, .submachineCycle(key))
                return nil
            }
            if embedded.contains(embeddedCall.id) {
                diagnose(reference, .submachineTwice(key))
                return nil
            }
            embedded.insert(embeddedCall.id)
            return embeddedCall
        }
    }
}
