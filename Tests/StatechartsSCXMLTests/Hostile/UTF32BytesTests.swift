import StatechartsSCXML
import Testing

/// The bytes `00 00 00 3C 20 FF 3D FF` (UTF-32 big-endian by their first bytes) crashed
/// FoundationXML.
@Suite("Hostile input: bytes that look like UTF-32")
struct UTF32BytesTests {
    @Test("00 00 00 3C 20 FF 3D FF is refused at 1:1")
    func refused() {
        #expect(HostileInput.problems([0x00, 0x00, 0x00, 0x3C, 0x20, 0xFF, 0x3D, 0xFF])
                == ["1:1: unsupported encoding (UTF-32 or UCS-4, judging by the first bytes): save the document as UTF-8"])
    }

    @Test("UTF-32 byte order marks and UTF-16 without one are refused")
    func otherPatterns() {
        let expected = "1:1: unsupported encoding (UTF-32 or UCS-4, judging by the first bytes): save the document as UTF-8"
        #expect(HostileInput.problems([0xFF, 0xFE, 0x00, 0x00, 0x3C, 0x00, 0x00, 0x00]) == [expected])
        #expect(HostileInput.problems([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C]) == [expected])
        #expect(HostileInput.problems([0x3C, 0x00, 0x3F, 0x00])
                == ["1:1: unsupported encoding (UTF-16 without a byte order mark, judging by the first bytes): save the document as UTF-8"])
    }

    @Test("a NUL byte is not a character XML allows")
    func nul() {
        #expect(HostileInput.problems([0x3C, 0x61, 0x3E, 0x00, 0x3C, 0x2F, 0x61, 0x3E]) == ["1:4: the character U+0000 is not allowed in XML"])
    }
}
