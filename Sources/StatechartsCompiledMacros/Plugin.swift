import StatechartsCompiledMacroImplementation
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin that provides `@CompiledStatechart`.
///
/// The macros' work is done in `StatechartsCompiledMacroImplementation`, a plain library: its
/// tests run it in-process without depending on this macro target, which would make SwiftPM build
/// every test target, and everything they use, a second time for the host. The compiler finds a
/// macro by this module's name and the type's (`#externalMacro(module:type:)`), so the types it
/// names are declared here and hand each expansion to the implementation.
@main
struct StatechartsCompiledPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [CompiledStatechartMacro.self, DefinitionBodyMacro.self]
}

/// `@CompiledStatechart`, as the compiler names it; see
/// `StatechartsCompiledMacroImplementation.CompiledStatechartMacro`.
public struct CompiledStatechartMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    private typealias Implementation = StatechartsCompiledMacroImplementation.CompiledStatechartMacro

    public static var formatMode: FormatMode { Implementation.formatMode }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try Implementation.expansion(of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        try Implementation.expansion(of: node, attachedTo: declaration, providingAttributesFor: member, in: context)
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try Implementation.expansion(of: node, attachedTo: declaration, providingExtensionsOf: type,
                                     conformingTo: protocols, in: context)
    }
}

/// `@_CompiledDefinitionBody`, as the compiler names it; see
/// `StatechartsCompiledMacroImplementation.DefinitionBodyMacro`.
public struct DefinitionBodyMacro: BodyMacro {
    private typealias Implementation = StatechartsCompiledMacroImplementation.DefinitionBodyMacro

    public static var formatMode: FormatMode { Implementation.formatMode }

    public static func expansion(
        of node: AttributeSyntax, providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
        in context: some MacroExpansionContext
    ) throws -> [CodeBlockItemSyntax] {
        try Implementation.expansion(of: node, providingBodyFor: declaration, in: context)
    }
}
