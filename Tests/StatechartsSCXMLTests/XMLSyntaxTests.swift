import Foundation
import StatechartsSCXML
import Testing

/// The XML the reader accepts and the errors it reports, seen through the documents it reads.
@Suite("XML syntax")
struct XMLSyntaxTests {
    @Test("inside a name, exactly the ASCII name characters of XML continue it")
    func asciiNameCharacters() {
        // Letters, digits, `-`, `.` and `_` (and `:`, which a qualified name takes only once).
        let nameCharacters = Set("-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        for value in UInt8(0x21)...UInt8(0x7E) where value != UInt8(ascii: ":") {
            let character = Unicode.Scalar(value)
            let document = Fixture.scxml("<state id=\"a\" e:a\(character)b=\"1\"/>", attributes: "xmlns:e=\"urn:extension\"")
            let reads = (try? SCXMLReader.read(string: document)) != nil
            #expect(reads == nameCharacters.contains(character), "byte \(value) ('\(character)')")
        }
    }

    static let open = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">"

    /// The source of the first `<script>` of a chart whose `<script>` holds `content`.
    static func script(_ content: String) throws -> String? {
        try SCXMLReader.read(string: open + "<script>" + content + "</script><state id=\"s\"/></scxml>").scripts.first?.source
    }

    /// The expression of `<data id="d" expr="…">` with `expr` written as given.
    static func expr(_ written: String) throws -> String? {
        try SCXMLReader.read(string: open + "<datamodel><data id=\"d\" expr=\"" + written + "\"/></datamodel><state id=\"s\"/></scxml>")
            .data.first?.expression
    }

    @Test("namespaces: a prefixed SCXML namespace, other namespaces by default or prefix, xml:")
    func namespaces() throws {
        let prefixed = try SCXMLReader.read(string: """
        <s:scxml xmlns:s="http://www.w3.org/2005/07/scxml" version="1.0"><s:state id="a"/></s:scxml>
        """)
        #expect(prefixed.states.map(\.id) == ["a"])
        let mixed = try SCXMLReader.read(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:e="urn:e" version="1.0" xml:lang="en">
          <state id="a" e:color="red"><editor xmlns="urn:other"><state id="ignored"/></editor></state>
          <datamodel><data id="d"><e:x e:k="v"><y xmlns="urn:y"/></e:x></data></datamodel>
        </scxml>
        """)
        #expect(mixed.allStates.map(\.id) == ["a"])
        #expect(mixed.data.first?.content?.text == "<e:x xmlns:e=\"urn:e\" e:k=\"v\"><y xmlns=\"urn:y\"/></e:x>")
    }

    @Test("namespace errors: undeclared prefixes, undeclaring a prefix, the same attribute twice")
    func namespaceErrors() {
        #expect(Fixture.problems("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n  <p:state/></scxml>").map(\.description)
                == ["2:3: undeclared namespace prefix 'p' in <p:state> (declare it with xmlns:p=\"...\")"])
        #expect(Fixture.problems("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" q:x=\"1\"/>").map(\.description)
                == ["1:48: undeclared namespace prefix 'q' in the attribute 'q:x' (declare it with xmlns:q=\"...\")"])
        #expect(Fixture.problems("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:p=\"\"/>").map(\.description)
                == ["1:48: the prefix 'p' cannot be undeclared (xmlns:p=\"\" is not allowed)"])
        #expect(Fixture.problems("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:a=\"urn:x\" xmlns:b=\"urn:x\" a:k=\"1\" b:k=\"2\"/>")
            .map(\.description) == ["1:88: the attributes 'a:k' and 'b:k' are the same attribute (their prefixes both stand for urn:x)"])
        #expect(Fixture.problems("<a:b:c/>").map(\.description)
                == ["1:1: 'a:b:c' is not a valid name with namespaces (at most one ':', between a prefix and a local name)"])
    }

    @Test("CDATA sections, comments and processing instructions in text")
    func markupInText() throws {
        #expect(try Self.script("<![CDATA[if (a < b && c) { x = ']]'; }]]>") == "if (a < b && c) { x = ']]'; }")
        #expect(try Self.script("a<!-- comment -->b<?pi data?>c<![CDATA[d]]>e") == "abcde")
        #expect(Fixture.problems(Self.open + "<script><!-- a -- b --></script></scxml>").map(\.description)
                == ["1:100: '--' is not allowed inside a comment"])
        #expect(Fixture.problems(Self.open + "<script><![CDATA[x</script></scxml>").map(\.description)
                == ["1:93: a CDATA section is not closed (']]>' is missing)"])
        #expect(Fixture.problems(Self.open + "<script>a ]]> b</script></scxml>").map(\.description)
                == ["1:95: ']]>' is not allowed in text"])
    }

    @Test("character references and predefined entities")
    func characterReferences() throws {
        #expect(try Self.expr("&#x3C;&#60;&#65;&lt;&gt;&amp;&apos;&quot;&#x1F600;") == "<<A<>&'\"😀")
        #expect(try Self.script("&#x3C;b&#62;") == "<b>")
        #expect(Fixture.problems(Self.open + "<script>&#xD800;</script></scxml>").map(\.description)
                == ["1:93: the character reference &#xD800; is not a character XML allows"])
        #expect(Fixture.problems(Self.open + "<script>&#0;</script></scxml>").map(\.description)
                == ["1:93: the character reference &#0; is not a character XML allows"])
        #expect(Fixture.problems(Self.open + "<script>a & b</script></scxml>").map(\.description)
                == ["1:95: malformed entity reference (use &amp; for a literal '&')"])
        #expect(Fixture.problems(Self.open + "<script>&#x;</script></scxml>").map(\.description)
                == ["1:93: malformed character reference (expected &#NNN; or &#xHHH;)"])
    }

    @Test("line ends in text become \\n; positions count \\r\\n and a lone \\r as one line end")
    func lineEnds() throws {
        // Compared as scalars: "\r\n" is one Character, like "\n".
        let text = try Self.script("a\r\nb\rc\nd<![CDATA[e\r\nf\rg]]>")
        #expect(text.map { Array($0.unicodeScalars) } == Array("a\nb\nc\nde\nf\ng".unicodeScalars))
        let document = try SCXMLReader.read(string: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\r\n<state id=\"a\"/>\r  <state id=\"b\"/>\n</scxml>")
        #expect(document.states.map(\.position) == [SCXMLSourcePosition(line: 2, column: 1), SCXMLSourcePosition(line: 3, column: 3)])
        #expect(Fixture.problems("\r\n\r\n<a>\r\n é€😀&x;</a>").map(\.description) == ["4:5: undeclared entity 'x' (use &amp; for a literal '&')"])
    }

    @Test("attribute values: literal tabs and line ends become spaces, character references stay")
    func attributeNormalization() throws {
        #expect(try Self.expr("a\tb\r\nc\nd\re&#10;f&#9;g&#13;h") == "a b c d e\nf\tg\rh")
    }

    @Test("UTF-16 with a byte order mark, and UTF-8 with one")
    func encodings() throws {
        let text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" name=\"é😀\"><state id=\"s\"/></scxml>"
        var littleEndian: [UInt8] = [0xFF, 0xFE]
        var bigEndian: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        #expect(try SCXMLReader.read(data: Data(littleEndian)).name == "é😀")
        #expect(try SCXMLReader.read(data: Data(bigEndian)).name == "é😀")
        #expect(try SCXMLReader.read(data: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))).name == "é😀")
        let declared = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(HostileInput.problems([0xFF, 0xFE] + declared)
                == ["1:31: the document starts with a UTF-16 byte order mark but declares encoding 'UTF-8'"])
        #expect(HostileInput.problems([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00]) == ["1:2: invalid UTF-16: an unpaired surrogate"])
    }

    @Test("the XML declaration is checked")
    func declaration() {
        #expect(HostileInput.problems("<?xml encoding=\"UTF-8\"?><a/>") == ["1:1: the XML declaration needs a version (version=\"1.0\")"])
        #expect(HostileInput.problems("<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><a/>")
                == ["1:38: malformed XML declaration: 'encoding' is not expected here (version, encoding and standalone, in that order)"])
        #expect(HostileInput.problems("<?xml version=\"2.0\"?><a/>") == ["1:16: unsupported XML version '2.0' (expected 1.0)"])
        #expect(HostileInput.problems("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>") == ["1:33: standalone must be 'yes' or 'no', not 'maybe'"])
        #expect(HostileInput.problems("<?xml version=\"1.0\"") == ["1:20: the XML declaration is not closed ('?>' is missing)"])
    }

    @Test("well-formedness errors, each with its line and column")
    func errors() {
        func problems(_ text: String) -> [String] { HostileInput.problems(text) }
        #expect(problems("<a>\n  <b>\n</a>") == ["3:1: the end tag </a> does not match the open element <b> (line 2, column 3)"])
        #expect(problems("<a>\n  <b>") == ["2:6: the document ends before <b> (line 2, column 3) is closed"])
        #expect(problems("<a/>\n<b/>") == ["2:1: extra content after the root element"])
        #expect(problems("<a/>\ntext") == ["2:1: extra content after the root element"])
        #expect(problems("<!-- c -->text<a/>") == ["1:11: text is not allowed before the root element"])
        #expect(problems("<!-- only a comment -->") == ["1:24: the document has no root element"])
        #expect(problems("<a b=1/>") == ["1:6: the value of the attribute 'b' must be quoted"])
        #expect(problems("<a b/>") == ["1:5: the attribute 'b' has no value ('=' and a quoted value are expected after its name)"])
        #expect(problems("<a b='<'/>") == ["1:7: '<' is not allowed in an attribute value (write &lt;)"])
        #expect(problems("<a b='1'c='2'/>") == ["1:9: whitespace is required between attributes"])
        #expect(problems("<a b='1' b='2'/>") == ["1:10: the attribute 'b' is given twice"])
        #expect(problems("<a b='1") == ["1:6: the value of the attribute 'b' is not closed (the quote is missing)"])
        #expect(problems("<a>x < y</a>") == ["1:6: '<' does not start a tag here (write &lt; for a literal '<')"])
        #expect(problems("<a><1b/></a>") == ["1:4: '<' does not start a tag here (write &lt; for a literal '<')"])
        #expect(problems("<a><!-- x</a>") == ["1:4: a comment is not closed ('-->' is missing)"])
        #expect(problems("<a><!DOCTYPE a></a>") == ["1:4: a DOCTYPE declaration is only allowed before the root element"])
        #expect(problems("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"s\"></state ></scxml >") == [])
        #expect(problems("<a></a") == ["1:7: '>' is expected to close the end tag </a>"])
    }
}
