import Foundation
import StatechartsSCXML

/// Reading hostile documents: each must end in a clear error (or a correct document), never a
/// crash, a hang or a wrong value.
enum HostileInput {
    /// The problems found reading `bytes`, as `line:column: message`; empty when it reads.
    static func problems(_ bytes: [UInt8], options: SCXMLReader.Options = SCXMLReader.Options()) -> [String] {
        do {
            _ = try SCXMLReader.read(data: Data(bytes), options: options)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// The problems found reading `text`.
    static func problems(_ text: String, options: SCXMLReader.Options = SCXMLReader.Options()) -> [String] {
        problems(Array(text.utf8), options: options)
    }

    /// A document in the SCXML namespace with `body` in its `<scxml>`, after `prolog`.
    static func chart(_ body: String, prolog: String = "") -> String {
        prolog + "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">"
            + body + "<state id=\"s\"/></scxml>"
    }

    /// A folder with the chart `text` in it as `chart.scxml`, and the chart's URL.
    static func chartFile(_ text: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("chart.scxml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
