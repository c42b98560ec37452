import StatechartsSCXML
import Testing

/// `encoding="UTF-32"` crashed FoundationXML while it switched encodings.
@Suite("Hostile input: a UTF-32 encoding declaration")
struct UTF32DeclarationTests {
    @Test("encoding UTF-32 is refused, pointing at the encoding name")
    func refused() {
        #expect(HostileInput.problems("<?xml version=\"1.0\" encoding=\"UTF-32\"?><a/>")
                == ["1:31: unsupported encoding 'UTF-32': save the document as UTF-8"])
    }

    @Test("other encodings are refused too; EBCDIC's first bytes are recognized")
    func others() {
        #expect(HostileInput.problems("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>")
                == ["1:31: unsupported encoding 'Shift_JIS': save the document as UTF-8"])
        #expect(HostileInput.problems([0x4C, 0x6F, 0xA7, 0x94, 0x93])
                == ["1:1: unsupported encoding (EBCDIC, judging by the first bytes): save the document as UTF-8"])
    }
}
