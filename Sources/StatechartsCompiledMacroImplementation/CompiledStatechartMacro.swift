@_spi(CompiledCharts) import Statecharts
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@CompiledStatechart`: reads the type's `static let definition = Definition { ... }` (or
/// `static func makeDefinition() -> Definition { Definition { ... } }`) from its syntax, compiles
/// a twin of it with the core's compiler (its problems become diagnostics at the DSL line of the
/// mistake), and generates the code that runs the twin's single-path plans with the user's action
/// and guard bodies inlined (see `PlanCodeGenerator`).
public struct CompiledStatechartMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    /// The generated code is written indented (`PlanCodeGenerator`): formatting it again would
    /// cost more than generating it (swift-syntax's formatter, built in debug with a debug build,
    /// on thousands of lines for a large chart, in both the module and the object compile).
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // Generated members are as visible as the type when it is public or package.
        let access = declaration.modifiers.first { ["public", "package"].contains($0.name.text) }
            .map { $0.name.text + " " } ?? ""
        let typeName = Self.typeName(of: declaration) ?? "Self"
        // The function form's chart is the function's result, made once.
        let fromFunction: [DeclSyntax] = definitionFunction(in: declaration) == nil
            ? [] : ["\(raw: access)static let definition: Definition = makeDefinition()"]
        guard let call = definitionCall(in: declaration) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: ChartDiagnostic.noDefinition))
            return fromFunction + PlanCodeGenerator.declarations(access: access, typeName: typeName, generated: nil)
        }
        var reader = ChartReader()
        reader.embeddable = EmbeddedCharts(declaration, typeName: Self.typeName(of: declaration))
        let twin = reader.readDefinition(call)
        reader.locateBodies(in: context)
        var diagnostics = reader.diagnostics
        var generated: GeneratedPlans?
        // What could not be read is left out of the twin: the core's problems would then be
        // echoes of it, so the twin is compiled only when everything was read.
        if diagnostics.isEmpty {
            do {
                let chart = try Statechart<String, TwinEvent, Int>(twin)
                generated = GeneratedPlans(chart: chart, reader: reader)
                if generated == nil { diagnostics.append(Diagnostic(node: Syntax(call), message: ChartDiagnostic.twinMismatch)) }
            } catch {
                for problem in error.problems {
                    diagnostics.append(Diagnostic(node: locate(problem, reader, fallback: Syntax(call)),
                                                  message: ChartDiagnostic.definition("\(problem.path): \(problem.message)")))
                }
            }
        }
        if fromFunction.isEmpty, let warning = largeLetChartWarning(declaration, states: reader.statesByPath.count) {
            diagnostics.append(warning)
        }
        for diagnostic in diagnostics { context.diagnose(diagnostic) }
        return fromFunction + PlanCodeGenerator.declarations(access: access, typeName: typeName, generated: generated)
    }

    /// Above this many states, a chart written as `static let definition` gets a warning: its
    /// type-checking time grows with the square of its size, the function form's linearly (at
    /// 1,000 states, 380 s against 30 s in a debug build here; the two meet below 100 states).
    static let largeLetChartStates = 150

    /// The warning for a large chart in the `static let` form, with a fix-it that rewrites it as
    /// `static func makeDefinition() -> Definition { ... }`; `nil` for a smaller chart.
    static func largeLetChartWarning(_ declaration: some DeclGroupSyntax, states: Int) -> Diagnostic? {
        guard states > largeLetChartStates else { return nil }
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first,
                  binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "definition",
                  let value = binding.initializer?.value
            else { continue }
            let modifiers = variable.modifiers.map { $0.name.text + " " }.joined()
            let function: DeclSyntax = "\(raw: modifiers)func makeDefinition() -> Definition {\n\(raw: value.trimmedDescription)\n}"
            let fixIt = FixIt(message: ChartFixIt(message: "write the chart as `static func makeDefinition() -> Definition`"),
                              changes: [.replace(oldNode: Syntax(variable),
                                                 newNode: Syntax(function.with(\.leadingTrivia, variable.leadingTrivia)
                                                    .with(\.trailingTrivia, variable.trailingTrivia)))])
            return Diagnostic(node: Syntax(variable.bindingSpecifier), message: ChartDiagnostic.largeLetChart(states), fixIts: [fixIt])
        }
        return nil
    }

    /// `makeDefinition()`, and the functions whose charts `Submachine` embeds, get
    /// `@_CompiledDefinitionBody` (see `DefinitionBodyMacro`).
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let function = member.as(FunctionDeclSyntax.self) else { return [] }
        guard isDefinitionFunction(function) || EmbeddedCharts.isEmbeddedFunction(function, in: declaration) else { return [] }
        return ["@StatechartsCompiled._CompiledDefinitionBody"]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): StatechartsCompiled.CompiledChart {}")]
    }

    static func typeName(of declaration: some DeclGroupSyntax) -> String? {
        if let e = declaration.as(EnumDeclSyntax.self) { return e.name.text }
        if let s = declaration.as(StructDeclSyntax.self) { return s.name.text }
        if let c = declaration.as(ClassDeclSyntax.self) { return c.name.text }
        return nil
    }

    /// The initializer of `static let definition = ...`, or the call `makeDefinition()` returns.
    static func definitionCall(in declaration: some DeclGroupSyntax) -> FunctionCallExprSyntax? {
        if let function = definitionFunction(in: declaration) {
            return function.body.flatMap(DefinitionBodyMacro.definitionCall(inBody:))
        }
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "definition" else { continue }
                return binding.initializer?.value.as(FunctionCallExprSyntax.self)
            }
        }
        return nil
    }

    /// `static func makeDefinition() -> ...`, the chart written as a function.
    static func definitionFunction(in declaration: some DeclGroupSyntax) -> FunctionDeclSyntax? {
        declaration.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first(where: isDefinitionFunction)
    }

    static func isDefinitionFunction(_ function: FunctionDeclSyntax) -> Bool {
        function.name.text == "makeDefinition" && function.signature.parameterClause.parameters.isEmpty
            && function.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    }

    /// Where a problem of the core's compiler is written: the ID literal of the other state the
    /// problem names (``StatechartDefinitionError/Problem/namedState``, an unknown target, say)
    /// among the state's own, else the state's DSL call.
    static func locate(_ problem: StatechartDefinitionError.Problem, _ reader: ChartReader, fallback: Syntax) -> Syntax {
        let states = reader.statesByPath[problem.path] ?? []
        // A duplicate is reported at the later of two states with the same path; the state it
        // names is the first, elsewhere.
        let isDuplicate = problem.kind == .duplicateState
        guard let state = isDuplicate ? states.last : states.first else { return fallback }
        if !isDuplicate, let named = problem.namedState {
            // An ID, or a path whose last component is the ID.
            let name = named.split(separator: "/").last.map(String.init) ?? named
            let ids = reader.idsByPath[problem.path] ?? []
            // The state's own ID is written first; a message names it only when nothing else is.
            if let match = ids.dropFirst().first(where: { $0.text == name }) { return match.node }
        }
        return state
    }
}
