import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@CompiledStatechart`.
@main
struct StatechartsCompiledPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [CompiledStatechartMacro.self, DefinitionBodyMacro.self]
}
