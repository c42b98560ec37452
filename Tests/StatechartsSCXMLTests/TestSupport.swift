import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML

/// Helpers shared by the SCXML tests.
enum Fixture {
    /// A document in the SCXML namespace with `body` inside `<scxml>`.
    static func scxml(_ body: String, attributes: String = "") -> String {
        "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" \(attributes)>\n\(body)\n</scxml>"
    }

    /// An ECMAScript chart.
    static func ecmascript(_ body: String, attributes: String = "") -> String {
        scxml(body, attributes: "datamodel=\"ecmascript\" " + attributes)
    }

    /// Loads a chart with every data model.
    static func chart(_ xml: String) throws(SCXMLError) -> SCXMLChart {
        try SCXMLChart(string: xml, dataModels: SCXMLDataModelFactory.all)
    }

    /// Starts a chart from its text, keeping its log.
    static func start(_ xml: String) throws -> StatechartInstance<String, SCXMLEvent, SCXMLContext> {
        try chart(xml).start(sessionID: "test-session")
    }

    /// The diagnostics of a document that does not load.
    static func problems(_ xml: String) -> [SCXMLDiagnostic] {
        do {
            _ = try chart(xml)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statecharts-scxml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh temporary directory holding `text` as `chart.scxml`; the caller removes it.
    static func workspace(holding text: String) throws -> URL {
        let directory = try temporaryDirectory()
        try text.write(to: directory.appendingPathComponent("chart.scxml"), atomically: true, encoding: .utf8)
        return directory
    }
}

extension StatechartInstance where Context == SCXMLContext {
    /// The `<log>` output so far, as `label: value` lines.
    var logLines: [String] { context.session.logRecords.map(\.description) }
}
