import Foundation
import PackagePlugin

/// Typed SCXML at build time: each `.scxml` file among a target's sources becomes a Swift file
/// with the document's states, events and variables as enums and a typed wrapper over
/// `SCXMLChart` (see "Typed SCXML at build time" in docs/scxml.md).
///
/// Add it to a target that depends on the `StatechartsSCXML` product (and on
/// `StatechartsECMAScript` when a document uses the ecmascript data model):
///
/// ```
/// .target(name: "Doors",
///         dependencies: [.product(name: "StatechartsSCXML", package: "Statecharts")],
///         plugins: [.plugin(name: "StatechartsSCXMLPlugin", package: "Statecharts")])
/// ```
/// A mistake in a document fails the build with `FILE:LINE:COLUMN: error: MESSAGE`.
@main
struct StatechartsSCXMLPlugin: BuildToolPlugin {
    /// One command per `.scxml` file: `statechart-scxml-codegen FILE OUTPUT.swift`.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "statechart-scxml-codegen")
        let linked = Set(target.recursiveTargetDependencies.map(\.name))
        var dataModels = ["null"]
        if linked.contains("StatechartsECMAScript") { dataModels.append("ecmascript") }
        return target.sourceFiles(withSuffix: "scxml").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name).scxml.swift")
            return .buildCommand(
                displayName: "Generating typed Swift for \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [file.url.path, output.path, "--data-models", dataModels.joined(separator: ",")],
                inputFiles: [file.url],
                outputFiles: [output]
            )
        }
    }
}
