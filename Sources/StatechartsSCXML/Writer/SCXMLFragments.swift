import Foundation

/// Reads the SCXML source that actions built from SCXML carry as their names back into the
/// document model (see ``SCXMLActionNames``).
enum SCXMLFragments {
    /// The element tree of `xml` wrapped in a container in the SCXML namespace, or `nil` when it
    /// is not well-formed.
    static func container(_ xml: String) -> XMLElementNode? {
        let text = "<fragment xmlns=\"\(SCXMLElementRules.namespace)\">" + xml + "</fragment>"
        return try? XMLTreeParser.parse(text.utf8)
    }

    /// Executable content; `nil` unless `xml` is only executable content, without problems.
    static func executableContent(_ xml: String) -> [SCXMLExecutable]? {
        guard let root = container(xml), !root.elements.isEmpty else { return nil }
        var builder = SCXMLDocumentBuilder(sources: .none)
        let content = builder.executableContent(of: root)
        return builder.diagnostics.isEmpty ? content : nil
    }

    /// The data of a `<datamodel>` element.
    static func dataModel(_ xml: String) -> [SCXMLData]? {
        guard let root = container(xml), root.elements.count == 1, let element = root.elements.first,
              element.name == "datamodel", !root.text.contains(where: { !$0.isWhitespace }) else { return nil }
        var builder = SCXMLDocumentBuilder(sources: .none)
        let data = builder.dataModel(element)
        return builder.diagnostics.isEmpty ? data : nil
    }

    /// A `<donedata>` element.
    static func doneData(_ xml: String) -> SCXMLDoneData? {
        guard let root = container(xml), root.elements.count == 1, let element = root.elements.first,
              element.name == "donedata", !root.text.contains(where: { !$0.isWhitespace }) else { return nil }
        var builder = SCXMLDocumentBuilder(sources: .none)
        let doneData = builder.doneData(element)
        return builder.diagnostics.isEmpty ? doneData : nil
    }

    /// The document attributes, data and scripts of an `<scxml>` element without states.
    static func header(_ xml: String) -> SCXMLDocument? {
        guard xml.hasPrefix("<scxml"), let root = try? XMLTreeParser.parse(xml.utf8) else { return nil }
        var builder = SCXMLDocumentBuilder(sources: .none)
        guard let document = builder.build(root), builder.diagnostics.isEmpty, document.states.isEmpty else { return nil }
        return document
    }
}
