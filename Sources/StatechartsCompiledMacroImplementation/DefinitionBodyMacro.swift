import SwiftSyntax
import SwiftSyntaxMacros

/// `@_CompiledDefinitionBody`, which `@CompiledStatechart` attaches to `static func
/// makeDefinition() -> Definition { Definition("name") { ... } }`: it replaces the body, which the
/// compiler then never type-checks as written, with the same DSL calls split into one statement
/// per element.
///
/// Swift type-checks one expression as one constraint system, and the cost of each nested
/// closure and builder element grows with the size of the whole system: a chart written as one
/// `Definition { ... }` expression takes time in the square of its size to type-check. Each
/// statement of a function body is a system of its own, so the rewritten body type-checks in
/// time proportional to the chart. It makes the same calls in the same order, so it builds the
/// same definition:
///
/// ```swift
/// typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]
/// typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>
/// func _content() -> _Content {                     // the chart's body
///     func _content1() -> _Content {                // the body of State(.a)
///         var content: _Content = []
///         content += _Builder.buildExpression(Statecharts.On<StateID, Event, Context>(.go, to: .b))
///         return content
///     }
///     var content: _Content = []
///     content += _Builder.buildExpression(Statecharts.State<StateID, Event, Context>(.a) { _content1() })
///     return content
/// }
/// return Definition("name") { _content() }
/// ```
///
/// A body it cannot split (anything but the DSL's elements written out, which
/// `@CompiledStatechart` reports) is left as written.
public struct DefinitionBodyMacro: BodyMacro {
    /// The statements are written one a line; formatting them again would cost more than
    /// building them (swift-syntax's formatter, in a debug build, on a chart of thousands of lines).
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax, providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
        in context: some MacroExpansionContext
    ) throws -> [CodeBlockItemSyntax] {
        guard let body = declaration.body else { return [] }
        let locator = SourceLocator(declaration, in: context)
        let locate = { (node: Syntax) in locator?.origin(of: node) }
        guard let call = definitionCall(inBody: body), let statements = DefinitionSplitter.split(call, locate: locate) else {
            // As written, but for the line break before the first statement, which the
            // expansion adds.
            var items = Array(body.statements)
            if let first = items.first {
                items[0] = first.with(\.leadingTrivia, Trivia(pieces: Array(first.leadingTrivia.drop { $0.isNewline })))
            }
            return items
        }
        // One statement a line, indented in the function's body (the lines of the user's own
        // code stay as written: a multi-line string literal must not change).
        return statements.enumerated().map { i, statement in
            CodeBlockItemSyntax(stringLiteral: (i == 0 ? "    " : "\n    ") + statement)
        }
    }

    /// The DSL call a function body returns: its only statement, with or without `return`.
    static func definitionCall(inBody body: CodeBlockSyntax) -> FunctionCallExprSyntax? {
        guard body.statements.count == 1, let item = body.statements.first?.item else { return nil }
        switch item {
        case .expr(let expression): return expression.as(FunctionCallExprSyntax.self)
        case .stmt(let statement): return statement.as(ReturnStmtSyntax.self)?.expression?.as(FunctionCallExprSyntax.self)
        default: return nil
        }
    }
}

/// Splits a chart's DSL into statements: each state's body becomes a local function that builds
/// its content one element per statement, with the functions of its child states nested in it
/// (so that no scope holds more than one state's declarations), and a body of many elements is
/// built in parts of at most `partSize` statements (so that no function is long).
struct DefinitionSplitter {
    /// The elements written as they are, with their type's generic arguments made explicit.
    static let leaves: Set<String> = [
        "History", "Initial", "On", "OnAny", "OnDone", "Always", "OnEntry", "OnExit", "Invoke",
    ]
    /// The elements whose trailing closure holds DSL content.
    static let containers: Set<String> = ["State", "Parallel", "Final", "Submachine"]
    static let partSize = 32

    var count = 0
    /// Where a token is written in the user's file, when known.
    var locate: (Syntax) -> SourceOrigin?

    /// The statements of a function returning `call` (`Definition("name") { ... }`), or `nil`
    /// when the chart holds something other than the DSL's elements written out. An element with
    /// code of the user's in its arguments (an action, a guard, a done-event builder) has its
    /// arguments at their line and column in the user's file, where the compiler then reports a
    /// problem in that code (see `SourceOrigin`).
    static func split(_ call: FunctionCallExprSyntax,
                      locate: @escaping (Syntax) -> SourceOrigin? = { _ in nil }) -> [String]? {
        guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty else { return nil }
        var splitter = DefinitionSplitter(locate: locate)
        guard let root = splitter.function(named: "_content", for: closure) else { return nil }
        let definition = call.with(\.trailingClosure, nil).trimmedDescription
        return [
            "typealias _Content = [Statecharts.StateContent<StateID, Event, Context>]",
            "typealias _Builder = Statecharts.StateContentBuilder<StateID, Event, Context>",
            root.enumerated().map { $0 == 0 ? $1 : "    " + $1 }.joined(separator: "\n"),
            "return \(definition) { _content() }",
        ]
    }

    /// The lines of a local function `name` returning `closure`'s content.
    mutating func function(named name: String, for closure: ClosureExprSyntax) -> [String]? {
        guard closure.signature == nil else { return nil }
        var nested: [String] = []
        var appends: [String] = []
        for item in closure.statements {
            guard case .expr(let expression) = item.item, let call = expression.as(FunctionCallExprSyntax.self),
                  let element = calleeName(call.calledExpression),
                  Self.leaves.contains(element) || Self.containers.contains(element)
            else { return nil }
            let callee = ExprSyntax(stringLiteral: "Statecharts.\(element)<StateID, Event, Context>")
                .with(\.trailingTrivia, call.calledExpression.trailingTrivia)
            let typed = call.with(\.calledExpression, callee)
            var text = typed.trimmedDescription
            if Self.containers.contains(element), let body = call.trailingClosure {
                count += 1
                let child = "_content\(count)"
                guard call.additionalTrailingClosures.isEmpty, let lines = function(named: child, for: body) else { return nil }
                nested += lines
                text = typed.with(\.trailingClosure, nil).trimmedDescription + " { \(child)() }"
            }
            if Self.holdsUserCode(call, element), let placed = placed(text, typed, writtenAs: call) {
                appends.append(placed)
            } else {
                appends.append("content += _Builder.buildExpression(\(text))")
            }
        }
        var body = nested
        if appends.count <= Self.partSize {
            body += ["var content: _Content = []"] + appends
        } else {
            let parts = stride(from: 0, to: appends.count, by: Self.partSize).map {
                Array(appends[$0..<min($0 + Self.partSize, appends.count)])
            }
            for (k, part) in parts.enumerated() {
                body += ["func _part\(k)() -> _Content {", "    var content: _Content = []"]
                    + part.map { "    " + $0 } + ["    return content", "}"]
            }
            body += ["var content: _Content = []"] + parts.indices.map { "content += _part\($0)()" }
        }
        return ["func \(name)() -> _Content {"] + (body + ["return content"]).map { "    " + $0 } + ["}"]
    }

    /// The statement appending element `typed` (written `text`), its arguments at the line and
    /// column they have in the user's file: the callee and `(` end the line before, and the
    /// arguments start where they are written (an element without parentheses gets `(` there and
    /// `)` before its trailing closure). `nil` when the user's file is not known. `call` is the
    /// element as written, in the user's file.
    func placed(_ text: String, _ typed: FunctionCallExprSyntax, writtenAs call: FunctionCallExprSyntax) -> String? {
        let callee = typed.calledExpression.trimmedDescription
        let head = "content += _Builder.buildExpression(" + callee + "("
        // What follows the callee: trivia, then `(` or the trailing closure's `{`.
        let body = text.dropFirst(callee.count)
        let rest: String
        let origin: SourceOrigin
        if let leftParen = call.leftParen, let found = locate(Syntax(leftParen)), found.column >= 1 {
            // What follows the `(` as written, from the column after it.
            rest = String(repeating: " ", count: found.column) + String(body.drop { $0 != "(" }.dropFirst())
            origin = found
        } else if let closure = call.trailingClosure, let found = locate(Syntax(closure)), found.column > 2 {
            rest = String(repeating: " ", count: found.column - 3) + ") " + body.drop { $0 != "{" }
            origin = found
        } else {
            return nil
        }
        return [origin.directive(nextLine: origin.line - 1), head, rest + ")", SourceOrigin.reset].joined(separator: "\n")
    }

    /// Whether an element's own arguments hold a closure (a container's trailing closure is its
    /// content, not code of the user's).
    static func holdsUserCode(_ call: FunctionCallExprSyntax, _ element: String) -> Bool {
        let visitor = ClosureFinder(viewMode: .sourceAccurate)
        visitor.walk(call.arguments)
        if !containers.contains(element), let closure = call.trailingClosure { visitor.walk(closure) }
        return visitor.found
    }
}

/// Whether a syntax tree holds a closure.
final class ClosureFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
}
