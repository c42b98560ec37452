import StatechartsCompiledMacroImplementation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// A large chart written as `static let definition` builds in time that grows with the square of
/// its size: above 150 states the macro warns, with a fix-it that rewrites it in the function
/// form, which builds in time proportional to its size.
@Suite struct LargeChartWarningTests {
    /// A chart of `count` states in a ring, in the `static let` form or the function form.
    static func source(states count: Int, functionForm: Bool) -> String {
        let states = (0..<count).map { "        State(.s\($0)) { On(.t, to: .s\(($0 + 1) % count)) }" }.joined(separator: "\n")
        let head = functionForm ? "    static func makeDefinition() -> Definition {\n        Definition(\"ring\") {" : "    static let definition = Definition(\"ring\") {"
        let tail = functionForm ? "        }\n    }" : "    }"
        return "@CompiledStatechart\nenum Ring {\n    typealias StateID = S\n\(head)\n\(states)\n\(tail)\n}\n"
    }

    /// The macro's diagnostics for `source` (its members expanded as the compiler would).
    static func diagnostics(_ source: String) throws -> [Diagnostic] {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(EnumDeclSyntax.self))
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Charts", fullFilePath: "Ring.swift")])
        _ = try CompiledStatechartMacro.expansion(of: attribute, providingMembersOf: declaration, conformingTo: [], in: context)
        return context.diagnostics
    }

    @Test func aLargeLetChartIsWarnedAboutWithAFixIt() throws {
        let source = Self.source(states: 151, functionForm: false)
        let diagnostics = try Self.diagnostics(source)
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.diagMessage.severity == .warning)
        #expect(warning.message.hasPrefix("this chart has 151 states in `static let definition = ...`"))
        let fixIt = try #require(warning.fixIts.first)
        guard case .replace(let old, let new) = try #require(fixIt.changes.first) else {
            Issue.record("the fix-it does not replace the declaration")
            return
        }
        #expect(new.trimmedDescription.hasPrefix("static func makeDefinition() -> Definition {\nDefinition(\"ring\") {"))
        // The source as the fix-it leaves it: the function form, which the macro takes silently.
        let bytes = Array(source.utf8)
        let start = old.position.utf8Offset, end = old.endPosition.utf8Offset
        let fixed = String(decoding: bytes[..<start], as: UTF8.self) + new.description + String(decoding: bytes[end...], as: UTF8.self)
        #expect(fixed.contains("static func makeDefinition() -> Definition {"))
        #expect(try Self.diagnostics(fixed).isEmpty)
    }

    @Test func smallerChartsAndTheFunctionFormAreNot() throws {
        #expect(try Self.diagnostics(Self.source(states: 150, functionForm: false)).isEmpty)
        #expect(try Self.diagnostics(Self.source(states: 400, functionForm: true)).isEmpty)
    }
}
