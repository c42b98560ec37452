import StatechartsSCXML
import Testing

/// Two million references in one text: FoundationXML's text was rebuilt at each one (34 s);
/// one buffer per run of text keeps it linear.
@Suite("Hostile input: two million references in one text")
struct ManyEntityReferencesTests {
    @Test("2,000,000 predefined entity references read into one text")
    func predefined() throws {
        let text = HostileInput.chart("<script>" + String(repeating: "&amp;", count: 2_000_000) + "</script>")
        let source = try SCXMLReader.read(string: text).scripts.first?.source
        #expect(source?.utf8.count == 2_000_000)
        #expect(source?.allSatisfy { $0 == "&" } == true)
    }

    @Test("2,000,000 character references read into one text")
    func characterReferences() throws {
        let text = HostileInput.chart("<script>" + String(repeating: "&#x41;", count: 2_000_000) + "</script>")
        #expect(try SCXMLReader.read(string: text).scripts.first?.source.utf8.count == 2_000_000)
    }
}
