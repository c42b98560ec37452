import StatechartsSCXML
import Testing

/// `<?e?>`: a processing instruction without data crashed FoundationXML (strlen on a null
/// pointer in its callback).
@Suite("Hostile input: processing instructions without data")
struct EmptyProcessingInstructionTests {
    @Test("a file holding only <?e?> has no root element")
    func alone() {
        #expect(HostileInput.problems("<?e?>") == ["1:6: the document has no root element"])
    }

    @Test("<?foo?> inside <scxml> is skipped, and the chart reads")
    func insideTheChart() throws {
        let document = try SCXMLReader.read(string: HostileInput.chart("<?foo?><?bar data?>"))
        #expect(document.states.map(\.id) == ["s"])
    }

    @Test("a processing instruction named xml after the start is an error")
    func misplacedDeclaration() {
        #expect(HostileInput.problems(HostileInput.chart("<?xml version=\"1.0\"?>"))
                == ["1:85: the XML declaration is only allowed at the very start of the document"])
        #expect(HostileInput.problems(" <?xml version=\"1.0\"?><a/>")
                == ["1:2: the XML declaration is only allowed at the very start of the document"])
    }

    @Test("an unclosed processing instruction is an error at its start")
    func unclosed() {
        #expect(HostileInput.problems(HostileInput.chart("<?foo data")) == ["1:85: a processing instruction is not closed ('?>' is missing)"])
        #expect(HostileInput.problems(HostileInput.chart("<?foo")) == ["1:90: whitespace is required after the name of the processing instruction 'foo'"])
    }
}
