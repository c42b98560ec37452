import StatechartsSCXML
import Testing

/// `encoding="UTF-7"` followed by a byte above 127 crashed FoundationXML.
@Suite("Hostile input: a UTF-7 declaration and a byte above 127")
struct UTF7DeclarationTests {
    @Test("encoding UTF-7 is refused before any other byte is looked at")
    func refused() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?><a>".utf8) + [0xFF, 0xFE, 0x80] + Array("</a>".utf8)
        #expect(HostileInput.problems(bytes) == ["1:31: unsupported encoding 'UTF-7': save the document as UTF-8"])
    }

    @Test("a byte above 127 in a document declared US-ASCII is an error at that byte")
    func asciiDeclared() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<a>x".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(HostileInput.problems(bytes) == ["2:5: the byte 0xE9 is not US-ASCII, the declared encoding: save the document as UTF-8"])
    }
}
