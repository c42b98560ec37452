import SwiftSyntax
import SwiftSyntaxMacros

/// Where a piece of the user's code is written in the user's file. The generated code that copies
/// it is preceded by a `#sourceLocation` directive naming that file and line, so that the
/// compiler reports a problem in it (a type error in an action body, say) at the user's line
/// rather than in the macro's expansion; `#sourceLocation()` after it restores the expansion's
/// own locations.
struct SourceOrigin: Equatable {
    /// The file's path as the string literal the compiler gave.
    let fileLiteral: String
    let line: Int
    let column: Int

    /// The directive that makes the line after it line `line` of the user's file.
    func directive(nextLine line: Int) -> String { "#sourceLocation(file: \(fileLiteral), line: \(line))" }

    /// The directive that restores the expansion's own locations.
    static let reset = "#sourceLocation()"

    /// `prefix` (one line, ending where the code starts) and then `code` written at the line and
    /// column it has in the user's file: the code on a line of its own, indented to its column,
    /// its further lines as written (they keep their columns). Without an origin, the two on one
    /// line, each line indented by `indent`.
    static func place(_ code: String, after prefix: String, origin: SourceOrigin?, indent: String) -> String {
        guard let origin else { return indent + prefix + " " + code }
        return [origin.directive(nextLine: origin.line - 1), indent + prefix,
                String(repeating: " ", count: origin.column - 1) + code, reset].joined(separator: "\n")
    }
}

/// Finds where the nodes of one syntax tree are written in the user's file: one question to the
/// macro's context, for where the tree starts, and lines and columns counted in the tree from
/// there. (The context answers each question with new syntax nodes, which in a large chart costs
/// more than the rest of the work.)
final class SourceLocator {
    private let root: Syntax
    private let fileLiteral: String
    private let line: Int
    private let column: Int
    private let converter: SourceLocationConverter

    /// A locator for the tree `node` is in; `nil` when the context does not know its file.
    init?(_ node: some SyntaxProtocol, in context: some MacroExpansionContext) {
        root = Syntax(node).root
        guard let location = context.location(of: root, at: .beforeLeadingTrivia, filePathMode: .filePath),
              let file = location.file.as(StringLiteralExprSyntax.self), stringLiteral(ExprSyntax(file)) != nil,
              let line = location.line.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
              let column = location.column.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) })
        else { return nil }
        fileLiteral = file.trimmedDescription
        self.line = line
        self.column = column
        converter = SourceLocationConverter(fileName: "", tree: root)
    }

    /// Where `node` (of this tree) starts, after its leading trivia.
    func origin(of node: some SyntaxProtocol) -> SourceOrigin? {
        guard node.root == root else { return nil }
        let local = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        let line = self.line + local.line - 1
        let column = local.line == 1 ? self.column + local.column - 1 : local.column
        // A line before it is needed for the directive (see `place`).
        guard line > 1, column >= 1 else { return nil }
        return SourceOrigin(fileLiteral: fileLiteral, line: line, column: column)
    }
}

extension ChartReader {
    /// Notes where each action and guard body is written.
    mutating func locateBodies(in context: some MacroExpansionContext) {
        guard let first = actions.first?.closure ?? guards.first?.closure,
              let locator = SourceLocator(first, in: context)
        else { return }
        for i in actions.indices { actions[i].origin = locator.origin(of: actions[i].closure) }
        for i in guards.indices { guards[i].origin = locator.origin(of: guards[i].closure) }
    }
}
