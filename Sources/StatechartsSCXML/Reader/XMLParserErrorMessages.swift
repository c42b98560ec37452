/// Sentences for the error codes FoundationXML reports (libxml2's `xmlParserErrors`), whose
/// `localizedDescription` is empty on Linux.
enum XMLParserErrorMessages {
    static func message(forCode code: Int) -> String {
        switch code {
        case 4: return "no XML document found (the file is empty or not XML)"
        case 5: return "the document ends too early (an element is not closed)"
        case 6, 7, 8: return "invalid character reference"
        case 9: return "invalid character"
        case 22, 23: return "malformed entity reference (use &amp; for a literal '&')"
        case 26, 27: return "undeclared entity (use &amp; for a literal '&')"
        case 31, 32, 81: return "unsupported or invalid character encoding"
        case 33, 34, 43, 44: return "a quoted value is not closed"
        case 38: return "'<' is not allowed in an attribute value (write &lt;)"
        case 39: return "an attribute value must be quoted"
        case 40: return "an attribute value is not closed"
        case 41: return "an attribute has no value"
        case 42: return "an attribute is given twice"
        case 45: return "a comment is not closed"
        case 46, 47: return "a processing instruction is not closed"
        case 61: return "the DOCTYPE declaration is not closed"
        case 62: return "']]>' is not allowed in text"
        case 63: return "a CDATA section is not closed"
        case 64: return "names starting with 'xml' are reserved"
        case 65: return "whitespace is required here"
        case 68: return "a name is expected here"
        case 72: return "'<' is expected here"
        case 73: return "'>' is expected here (a start tag is not closed)"
        case 74: return "'</' is expected here"
        case 75: return "'=' is expected after an attribute name"
        case 76: return "the end tag does not match the open element"
        case 77: return "an element is not closed"
        case 85: return "the elements are not well balanced"
        case 86: return "extra content after the root element"
        case 89: return "an entity references itself"
        case 200...299: return "namespace error (an undeclared prefix, or a malformed namespace declaration)"
        default: return "malformed XML (parser error \(code))"
        }
    }
}
