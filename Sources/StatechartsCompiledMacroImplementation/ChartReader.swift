@_spi(CompiledCharts) import Statecharts
import SwiftDiagnostics
import SwiftSyntax

/// An action or guard body as written, and its closure form.
struct BodySource {
    let closure: ClosureExprSyntax
    let form: ClosureForm
    /// Where it is written in the user's file, when known.
    var origin: SourceOrigin?
}

/// Reads a chart written with the DSL from its syntax into a twin definition (string IDs and
/// names, numbered empty actions and guards), remembering where each state and each ID literal
/// is written so that the core's problems can be reported at the right line. Anything it cannot
/// read statically is a diagnostic.
struct ChartReader {
    typealias Content = StateContent<String, TwinEvent, Int>

    /// Action bodies in declaration order; twin action `i` is named "i".
    var actions: [BodySource] = []
    /// Guard bodies in declaration order; twin guard `i` is named "i".
    var guards: [BodySource] = []
    var diagnostics: [Diagnostic] = []
    /// The DSL call of each state, by path (`root/a/b`); several when paths repeat.
    var statesByPath: [String: [Syntax]] = [:]
    /// The ID literals written in each state's own arguments and transitions, by path.
    var idsByPath: [String: [(text: String, node: Syntax)]] = [:]
    /// The charts of the type that `Submachine` may embed.
    var embeddable = EmbeddedCharts()
    /// The DSL calls of the charts being read, the outermost first (an embedded chart that
    /// embeds one of them embeds itself).
    var embedding: [SyntaxIdentifier] = []
    /// The DSL calls of the charts embedded so far (each may be embedded once).
    var embedded: Set<SyntaxIdentifier> = []

    mutating func diagnose(_ node: some SyntaxProtocol, _ message: ChartDiagnostic, fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
    }

    /// Reads `Definition("name") { ... }` (or any call with that shape): the chart, or, under
    /// `path`, a chart a submachine embeds.
    mutating func readDefinition(_ call: FunctionCallExprSyntax, path: String = "root")
        -> StatechartDefinition<String, TwinEvent, Int> {
        embedding.append(call.id)
        defer { embedding.removeLast() }
        var name = "statechart"
        for argument in call.arguments {
            if argument.label == nil, let text = stringLiteral(argument.expression) { name = text } else {
                diagnose(argument, .badArgument(argument.label?.text ?? "name"))
            }
        }
        var definition = StatechartDefinition<String, TwinEvent, Int>(name: name, states: [])
        guard let closure = call.trailingClosure else {
            diagnose(call, .noDefinition)
            return definition
        }
        for (item, node) in readContent(closure.statements, path: path) {
            switch item {
            case .state(let state): definition.states.append(state)
            case .initial(let initial):
                if definition.initial == nil { definition.initial = initial } else {
                    diagnose(node, .definition("the chart has more than one initial transition"))
                }
            case .transition, .entry, .exit, .invocation: diagnose(node, .misplaced)
            }
        }
        return definition
    }

    /// Reads the elements of a state's body (or the chart's).
    mutating func readContent(_ items: CodeBlockItemListSyntax, path: String) -> [(Content, Syntax)] {
        var contents: [(Content, Syntax)] = []
        for item in items {
            guard case .expr(let expression) = item.item, let call = expression.as(FunctionCallExprSyntax.self),
                  let element = calleeName(call.calledExpression)
            else {
                diagnose(item, .notDSL)
                continue
            }
            for content in readElement(element, call, path: path) { contents.append((content, Syntax(call))) }
        }
        return contents
    }

    /// One DSL element: its content (an entry element may hold several actions).
    mutating func readElement(_ element: String, _ call: FunctionCallExprSyntax, path: String) -> [Content] {
        let args = ArgumentGroups(call)
        switch element {
        case "State", "Parallel", "Final":
            guard let idExpression = args.unlabeled.first, let id = readID(idExpression, in: nil) else {
                if args.unlabeled.isEmpty { diagnose(call, .badArgument("id")) }
                return []
            }
            let statePath = path + "/" + id
            statesByPath[statePath, default: []].append(Syntax(call))
            idsByPath[statePath, default: []].append((id, Syntax(idExpression)))
            var initial: String?
            var doneEvent: DoneEventBuilder<TwinEvent, Int>?
            for (label, values) in args.labeled {
                switch (element, label) {
                case ("State", "initial"): initial = values.first.flatMap { readID($0, in: statePath) }
                // The runtime builds done events from the real chart's builder, whatever it is
                // written as; the twin needs only to know there is one.
                case ("Final", "doneEvent"): doneEvent = DoneEventBuilder { _, _, _ in nil }
                default: diagnose(values.first ?? ExprSyntax(call), .badArgument(label))
                }
            }
            let body = call.trailingClosure.map { readContent($0.statements, path: statePath).map(\.0) } ?? []
            switch element {
            case "State": return [.state(State<String, TwinEvent, Int>(id, initial: initial) { body }.definition)]
            case "Parallel": return [.state(Parallel<String, TwinEvent, Int>(id) { body }.definition)]
            default: return [.state(Final<String, TwinEvent, Int>(id, doneEvent: doneEvent) { body }.definition)]
            }
        case "History":
            return readHistory(call, args, path: path).map { [.state($0)] } ?? []
        case "Initial":
            let targets = args.unlabeled.compactMap { readID($0, in: path) }
            let actions = readActions(args, call)
            return [.initial(InitialTransition(targets: targets, actions: actions))]
        case "On", "OnAny", "OnDone", "Always":
            return readTransition(element, call, args, path: path).map { [.transition($0)] } ?? []
        case "OnEntry", "OnExit":
            var actions: [TwinAction] = []
            if let closure = call.trailingClosure {
                for value in args.unlabeled where stringLiteral(value) == nil { diagnose(value, .notLiteralAction) }
                if let action = readClosureAction(closure) { actions.append(action) }
            } else {
                for value in args.unlabeled { if let action = readAction(value) { actions.append(action) } }
            }
            return actions.map { element == "OnEntry" ? .entry($0) : .exit($0) }
        case "Invoke":
            // The work runs through the ordinary runtime; the twin needs only to know it exists.
            return [.invocation(Invocation<TwinEvent, Int>(work: { _ in nil }))]
        case "Submachine":
            return readSubmachine(call, args, path: path).map { [.state($0)] } ?? []
        default:
            diagnose(call, .notDSL)
            return []
        }
    }

    /// `History(.h, .deep, default: .a, actions: [...])`.
    mutating func readHistory(_ call: FunctionCallExprSyntax, _ args: ArgumentGroups, path: String) -> TwinState? {
        guard let idExpression = args.unlabeled.first, let id = readID(idExpression, in: nil) else {
            diagnose(call, .badArgument("id"))
            return nil
        }
        let statePath = path + "/" + id
        statesByPath[statePath, default: []].append(Syntax(call))
        idsByPath[statePath, default: []].append((id, Syntax(idExpression)))
        var kind = HistoryKind.shallow
        for value in args.unlabeled.dropFirst() {
            switch value.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
            case "shallow": kind = .shallow
            case "deep": kind = .deep
            default: diagnose(value, .badArgument("kind"))
            }
        }
        let targets = (args.values("default") ?? []).compactMap { readID($0, in: statePath) }
        let actions = readActions(args, call)
        let transitions = targets.isEmpty && actions.isEmpty
            ? [] : [TwinTransition(trigger: .eventless, targets: targets, actions: actions)]
        return TwinState(id, kind: .history(kind), transitions: transitions)
    }

    /// `On(.e, to: .s, kind:, whenIn:, guard:, actions:) { action }`, `OnAny`, `OnDone`, `Always`.
    mutating func readTransition(_ element: String, _ call: FunctionCallExprSyntax, _ args: ArgumentGroups,
                                 path: String) -> TwinTransition? {
        let trigger: Trigger<String, String>
        switch element {
        case "On":
            let names = args.unlabeled.compactMap { readID($0, in: path) }
            guard names.count == args.unlabeled.count else { return nil }
            trigger = .events(names)
        case "OnAny": trigger = .anyEvent
        case "OnDone": trigger = .done(args.values("of")?.first.flatMap { readID($0, in: path) })
        default: trigger = .eventless
        }
        var kind = TransitionKind.external
        if let value = args.values("kind")?.first {
            switch value.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
            case "internal", "`internal`": kind = .internal
            case "external": kind = .external
            default: diagnose(value, .badArgument("kind"))
            }
        }
        var whenIn: [String] = []
        if let value = args.values("whenIn")?.first {
            if let array = value.as(ArrayExprSyntax.self) {
                whenIn = array.elements.compactMap { readID($0.expression, in: path) }
            } else {
                diagnose(value, .badArgument("whenIn"))
            }
        }
        var guardCondition: TwinGuard?
        if let value = args.values("guard")?.first { guardCondition = readGuard(value) }
        for (label, values) in args.labeled where !["to", "of", "kind", "whenIn", "guard", "actions", "action"].contains(label) {
            diagnose(values.first ?? ExprSyntax(call), .badArgument(label))
        }
        let targets = (args.values("to") ?? []).compactMap { readID($0, in: path) }
        return TwinTransition(trigger: trigger, targets: targets, kind: kind, requiredActiveStates: whenIn,
                              guard: guardCondition, actions: readActions(args, call))
    }

    /// The actions of an element: `actions: [...]`, `action: { ... }` or a trailing closure.
    mutating func readActions(_ args: ArgumentGroups, _ call: FunctionCallExprSyntax) -> [TwinAction] {
        var actions: [TwinAction] = []
        if let value = args.values("actions")?.first {
            if let array = value.as(ArrayExprSyntax.self) {
                for element in array.elements { if let action = readAction(element.expression) { actions.append(action) } }
            } else {
                diagnose(value, .notLiteralAction)
            }
        }
        if let value = args.values("action")?.first, let action = readAction(value) { actions.append(action) }
        if let closure = call.trailingClosure, let action = readClosureAction(closure) { actions.append(action) }
        return actions
    }

    /// An action written as a closure literal or as `Action("name") { ... }`.
    mutating func readAction(_ expression: ExprSyntax) -> TwinAction? {
        if let closure = expression.as(ClosureExprSyntax.self) { return readClosureAction(closure) }
        if let call = expression.as(FunctionCallExprSyntax.self), calleeName(call.calledExpression) == "Action",
           let closure = bodyClosure(call) {
            return readClosureAction(closure)
        }
        diagnose(expression, .notLiteralAction)
        return nil
    }

    mutating func readClosureAction(_ closure: ClosureExprSyntax) -> TwinAction? {
        guard let form = closureForm(closure) else { return nil }
        actions.append(BodySource(closure: closure, form: form))
        return form.twinAction(String(actions.count - 1))
    }

    /// A guard written as `Guard("name") { ... }`.
    mutating func readGuard(_ expression: ExprSyntax) -> TwinGuard? {
        guard let call = expression.as(FunctionCallExprSyntax.self), calleeName(call.calledExpression) == "Guard",
              let closure = bodyClosure(call)
        else {
            diagnose(expression, .notLiteralAction)
            return nil
        }
        guard let form = closureForm(closure) else { return nil }
        guards.append(BodySource(closure: closure, form: form))
        return form.twinGuard(String(guards.count - 1))
    }

    /// The closure of `Action(...)` or `Guard(...)`: trailing, or the last argument; a name, if
    /// any, must be a string literal.
    mutating func bodyClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        var closure = call.trailingClosure
        for argument in call.arguments {
            if let literal = argument.expression.as(ClosureExprSyntax.self), closure == nil {
                closure = literal
            } else if stringLiteral(argument.expression) == nil {
                diagnose(argument, .notLiteralAction)
                return nil
            }
        }
        return closure
    }

    /// The closure's form from its parameters (written, or the highest `$n` used); a capture
    /// list is diagnosed with a fix-it that removes it.
    mutating func closureForm(_ closure: ClosureExprSyntax) -> ClosureForm? {
        if let signature = closure.signature, let capture = signature.capture {
            let fixed = signature.with(\.capture, nil)
            let fixIt = FixIt(message: ChartFixIt(message: "remove the capture list"),
                              changes: [.replace(oldNode: Syntax(signature), newNode: Syntax(fixed))])
            diagnose(capture, .captureList, fixIts: [fixIt])
            return nil
        }
        var count: Int
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): count = list.count
        case .parameterClause(let clause): count = clause.parameters.count
        case nil:
            let visitor = AnonymousParameterVisitor(viewMode: .sourceAccurate)
            visitor.walk(closure.statements)
            count = max(1, visitor.highest + 1)
        }
        guard let form = ClosureForm(parameterCount: count) else {
            diagnose(closure, .closureForm(count))
            return nil
        }
        return form
    }

    /// A state ID or event name literal: `.closed`, `Door.closed` or `"closed"`. Recorded as
    /// written in state `path` (when given) for locating problems.
    mutating func readID(_ expression: ExprSyntax, in path: String?) -> String? {
        var text: String?
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
           member.base == nil || member.base?.is(DeclReferenceExprSyntax.self) == true {
            text = member.declName.baseName.text.trimmingCharacters(in: "`")
        } else {
            text = stringLiteral(expression)
        }
        guard let text else {
            diagnose(expression, .notLiteralID)
            return nil
        }
        if let path { idsByPath[path, default: []].append((text, Syntax(expression))) }
        return text
    }
}

/// The arguments of a DSL call: the unlabeled ones first, then each label with its values (a
/// variadic parameter's further values are unlabeled and join the label before them).
struct ArgumentGroups {
    var unlabeled: [ExprSyntax] = []
    var labeled: [(String, [ExprSyntax])] = []

    init(_ call: FunctionCallExprSyntax) {
        for argument in call.arguments {
            if let label = argument.label?.text {
                labeled.append((label, [argument.expression]))
            } else if labeled.isEmpty {
                unlabeled.append(argument.expression)
            } else {
                labeled[labeled.count - 1].1.append(argument.expression)
            }
        }
    }

    func values(_ label: String) -> [ExprSyntax]? { labeled.first { $0.0 == label }?.1 }
}

/// The highest `$n` a closure body uses, outside nested closures.
final class AnonymousParameterVisitor: SyntaxVisitor {
    var highest = -1

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier(let text) = token.tokenKind, let n = Int(text.dropFirst()) { highest = max(highest, n) }
        return .visitChildren
    }
}

/// The name a DSL call is made with: `State`, `Statecharts.State` or `State<...>`.
func calleeName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
    if let generic = expression.as(GenericSpecializationExprSyntax.self) { return calleeName(generic.expression) }
    return nil
}

/// The text of a string literal without interpolation.
func stringLiteral(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
        guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
        text += plain.content.text
    }
    return text
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
