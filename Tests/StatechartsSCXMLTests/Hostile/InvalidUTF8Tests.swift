import StatechartsSCXML
import Testing

/// Bytes that are not UTF-8 in a document that says nothing of its encoding.
@Suite("Hostile input: invalid UTF-8")
struct InvalidUTF8Tests {
    static func document(_ bytes: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<a>\n  é".utf8) + bytes + Array("</a>".utf8)
    }

    @Test("a stray byte is an error at its line and column (columns count characters)")
    func strayByte() {
        #expect(HostileInput.problems(Self.document([0xFF]))
                == ["3:4: invalid UTF-8 (the byte 0xFF): save the document as UTF-8, or declare its encoding"])
    }

    @Test("overlong forms, surrogates, truncated sequences and values past U+10FFFF are refused")
    func malformedSequences() {
        for sequence: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            #expect(HostileInput.problems(Self.document(sequence)).first?.hasPrefix("3:4: invalid UTF-8") == true)
        }
    }

    @Test("the noncharacter U+FFFF is not a character XML allows")
    func noncharacter() {
        #expect(HostileInput.problems(Self.document([0xEF, 0xBF, 0xBF])) == ["3:4: the character U+FFFF is not allowed in XML"])
    }

    @Test("a document declared ISO-8859-1 may hold any byte")
    func latin1() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><scxml xmlns=\"http://www.w3.org/2005/07/scxml\" name=\"caf".utf8)
            + [0xE9] + Array("\"><state id=\"s\"/></scxml>".utf8)
        #expect(try SCXMLReader.read(data: .init(bytes)).name == "café")
    }
}
