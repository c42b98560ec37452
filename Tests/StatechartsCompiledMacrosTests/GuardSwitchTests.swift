import StatechartsCompiledMacroImplementation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The generated `_evaluateGuard`: transitions whose guards have the same body share a case, and
/// the function is inlined where it is called while the chart has few distinct guard bodies.
@Suite struct GuardSwitchTests {
    /// A ring of `count` states, each taking `.t` to the next under guard `guardOf(i)`.
    static func source(states count: Int, guardOf: (Int) -> String) -> String {
        let states = (0..<count).map { i in
            "        State(.s\(i)) { On(.t, to: .s\((i + 1) % count), guard: Guard { \(guardOf(i)) }) }"
        }.joined(separator: "\n")
        return "@CompiledStatechart\nenum Ring {\n    typealias StateID = S\n    static let definition = Definition(\"ring\") {\n\(states)\n    }\n}\n"
    }

    /// The `_evaluateGuard` member the macro adds to `source`, as text.
    static func evaluateGuard(_ source: String) throws -> String {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(EnumDeclSyntax.self))
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Charts", fullFilePath: "Ring.swift")])
        let members = try CompiledStatechartMacro.expansion(of: attribute, providingMembersOf: declaration, conformingTo: [], in: context)
        #expect(context.diagnostics.isEmpty)
        let text = try #require(members.map(\.description).first { $0.contains("func _evaluateGuard") })
        return text
    }

    @Test func oneBodyIsOneInlinedCase() throws {
        let text = try Self.evaluateGuard(Self.source(states: 6) { _ in "$0.count >= 0" })
        #expect(text.hasPrefix("@inline(__always)"))
        #expect(text.contains("case 0, 1, 2, 3, 4, 5:\n        return Self._guard0(context, event, &outbox)"))
        #expect(!text.contains("_guard1("))
        #expect(text.contains("default:\n        return true"))
    }

    @Test func twoBodiesAlternating() throws {
        let text = try Self.evaluateGuard(Self.source(states: 4) { $0 % 2 == 0 ? "$0.count >= 0" : "$0.count < 9" })
        #expect(text.hasPrefix("@inline(__always)"))
        #expect(text.contains("case 0, 2:\n        return Self._guard0("))
        #expect(text.contains("case 1, 3:\n        return Self._guard1("))
    }

    @Test func manyDistinctBodiesStayOutOfLine() throws {
        let text = try Self.evaluateGuard(Self.source(states: 5) { "$0.count >= \($0)" })
        #expect(!text.contains("@inline(__always)"))
        for i in 0..<5 { #expect(text.contains("case \(i):\n        return Self._guard\(i)(")) }
    }
}
