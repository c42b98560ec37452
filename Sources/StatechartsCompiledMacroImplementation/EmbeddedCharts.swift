import SwiftSyntax

/// The charts a `@CompiledStatechart` type declares as its own static members, which `Submachine`
/// may embed: `static let lock = Definition("lock") { ... }` or `static func makeLock() ->
/// Definition { Definition("lock") { ... } }`, referred to as `lock`, `Self.lock`, `Chart.lock`,
/// `makeLock()`, `Self.makeLock()` or `Chart.makeLock()`.
struct EmbeddedCharts {
    /// What a reference to an embedded chart names.
    enum Lookup {
        /// A chart written with the DSL: its `Definition("name") { ... }` call.
        case chart(FunctionCallExprSyntax)
        /// A member of this type that the macro cannot embed, and why.
        case unreadable(String, fixIts: [FixItChange])
        /// Not a static member of this type (another type's, another module's, a local value).
        case elsewhere
    }

    /// A change a fix-it makes.
    struct FixItChange {
        let message: String
        let oldNode: Syntax
        let newNode: Syntax
    }

    /// The type's name, as a reference may qualify a member with it.
    var typeName: String?
    /// Stored members by name (`lock`), functions by name with empty parentheses (`makeLock()`).
    var members: [String: MemberDeclSyntax] = [:]

    /// A member declaration this reader can look at.
    enum MemberDeclSyntax {
        case variable(VariableDeclSyntax, PatternBindingSyntax)
        case function(FunctionDeclSyntax)
    }

    init() {}

    /// The embeddable members of `declaration`. In the function form the chart is
    /// `makeDefinition()`, and the `definition` the macro declares for it names the same chart.
    init(_ declaration: some DeclGroupSyntax, typeName: String?) {
        self.typeName = typeName
        for member in declaration.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    members[name] = .variable(variable, binding)
                }
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                // A function with parameters builds a chart from values known only at run time.
                let key = function.name.text + "()"
                if function.signature.parameterClause.parameters.isEmpty || members[key] == nil {
                    members[key] = .function(function)
                }
            }
        }
        if members["definition"] == nil, let make = members["makeDefinition()"] { members["definition"] = make }
    }

    /// The member key an embedded-chart expression names (`lock`, `makeLock()`), or `nil` when it
    /// does not name a member of this type.
    func key(of expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.arguments.isEmpty, call.trailingClosure == nil, let name = memberName(call.calledExpression) else {
                return nil
            }
            return name + "()"
        }
        return memberName(expression)
    }

    /// `name`, `Self.name` or `TypeName.name`.
    private func memberName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return reference.baseName.text
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
              let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let qualifier = base.baseName.text
        guard qualifier == "Self" || qualifier == typeName else { return nil }
        return member.declName.baseName.text
    }

    /// What member `key` is.
    func lookUp(_ key: String) -> Lookup {
        guard let member = members[key] else { return .elsewhere }
        switch member {
        case .variable(let variable, let binding):
            guard variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else {
                return .unreadable("`\(key)` is not a static member; declare it `static let \(key) = Definition(\"name\") { ... }`",
                                   fixIts: [])
            }
            guard let value = binding.initializer?.value, let call = Self.dslCall(value) else {
                return .unreadable("`\(key)` is not written with the DSL; write it as `static let \(key) = "
                                   + "Definition(\"name\") { ... }` so that the macro can read its states", fixIts: [])
            }
            guard variable.bindingSpecifier.tokenKind == .keyword(.let) else {
                let fixed = variable.bindingSpecifier.with(\.tokenKind, .keyword(.let))
                return .unreadable(
                    "`\(key)` is a `static var`, which may change after the macro read it; declare it `static let`",
                    fixIts: [FixItChange(message: "declare it with `let`", oldNode: Syntax(variable.bindingSpecifier),
                                         newNode: Syntax(fixed))])
            }
            return .chart(call)
        case .function(let function):
            guard function.signature.parameterClause.parameters.isEmpty else {
                return .unreadable("`\(function.name.text)` takes parameters: the chart it makes is known only at run "
                                   + "time; embed it in a plain chart (`Statechart { ... }`)", fixIts: [])
            }
            guard function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else {
                return .unreadable("`\(key)` is not a static member; declare it `static func \(key) -> Definition`",
                                   fixIts: [])
            }
            guard let body = function.body, let call = DefinitionBodyMacro.definitionCall(inBody: body),
                  let dsl = Self.dslCall(ExprSyntax(call))
            else {
                return .unreadable("`\(key)` does not return a chart written with the DSL; write it as `static func "
                                   + "\(key) -> Definition { Definition(\"name\") { ... } }`", fixIts: [])
            }
            return .chart(dsl)
        }
    }

    /// `Definition(...) { ... }` or `StatechartDefinition(...) { ... }` (qualified or specialized).
    static func dslCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure != nil,
              let name = calleeName(call.calledExpression), ["Definition", "StatechartDefinition"].contains(name)
        else { return nil }
        return call
    }

    /// Whether `function` is a static function without parameters whose chart a `Submachine` call
    /// in `declaration` embeds (`makeLock`): its body gets the same rewriting as `makeDefinition()`.
    static func isEmbeddedFunction(_ function: FunctionDeclSyntax, in declaration: some DeclGroupSyntax) -> Bool {
        guard function.signature.parameterClause.parameters.isEmpty,
              function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
        else { return false }
        let visitor = SubmachineVisitor(viewMode: .sourceAccurate)
        visitor.walk(declaration.memberBlock)
        return visitor.functionNames.contains(function.name.text)
    }
}

/// Collects the names of the functions whose result a `Submachine` call embeds.
final class SubmachineVisitor: SyntaxVisitor {
    var functionNames: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if calleeName(node.calledExpression) == "Submachine", node.arguments.count >= 2,
           let embedded = node.arguments.dropFirst().first?.expression.as(FunctionCallExprSyntax.self),
           embedded.arguments.isEmpty {
            if let reference = embedded.calledExpression.as(DeclReferenceExprSyntax.self) {
                functionNames.insert(reference.baseName.text)
            } else if let member = embedded.calledExpression.as(MemberAccessExprSyntax.self) {
                functionNames.insert(member.declName.baseName.text)
            }
        }
        return .visitChildren
    }
}
