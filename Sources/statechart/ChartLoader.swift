import Foundation
import StatechartsECMAScript
import StatechartsSCXML

/// Loads a chart named on the command line: an SCXML document, read, validated and compiled
/// with every data model this package provides, ECMAScript under the limits given.
enum ChartLoader {
    /// Why a chart could not be loaded: every problem, with where it is.
    struct Failure: Error {
        /// The path as given.
        var path: String
        /// The problems.
        var diagnostics: [SCXMLDiagnostic]

        /// One `PATH:LINE:COLUMN: message` line per problem.
        var lines: [String] { diagnostics.map { $0.formatted(file: path) } }
    }

    /// The data models charts may use.
    static func dataModels(_ limits: ECMAScriptLimits) -> [SCXMLDataModelFactory] {
        [.null, .ecmascript(limits: limits)]
    }

    /// Reads, validates and compiles the chart at `path`; `options` say which files its `src`
    /// attributes may read, `limits` bound its scripts.
    static func load(
        _ path: String, options: SCXMLReader.Options, limits: ECMAScriptLimits = .standard
    ) throws(Failure) -> SCXMLChart {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Failure(path: path, diagnostics: [SCXMLDiagnostic("cannot read the file: it is a directory", at: .start)])
        }
        do {
            return try SCXMLChart(contentsOf: URL(fileURLWithPath: path), dataModels: dataModels(limits), options: options)
        } catch {
            throw Failure(path: path, diagnostics: error.diagnostics)
        }
    }
}
