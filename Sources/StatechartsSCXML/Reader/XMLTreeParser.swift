/// Parses an XML document's bytes into an ``XMLElementNode`` tree, or reports the first
/// well-formedness error with its line and column.
///
/// The parser reads the subset of XML 1.0 (fifth edition) with Namespaces that documents use:
/// UTF-8 (and UTF-16 with a byte order mark, ISO-8859-1, US-ASCII), the XML declaration,
/// comments, processing instructions (skipped), CDATA sections, character references, the
/// predefined entities, and a DOCTYPE whose internal subset declares internal entities. Nothing
/// outside the document is ever loaded. It works on one byte array, without recursion, so that
/// no input can exhaust the stack, and bounds nesting and entity expansion.
enum XMLTreeParser {
    /// How deeply elements may nest by default: far beyond any real chart, and shallow enough
    /// that reading and compiling, which recurse over the tree, stay well within a thread's stack.
    static let maximumDepth = 100

    /// How many characters entity references may expand to in one document, by default.
    static let maximumEntityExpansion = 1_000_000

    /// The bounds a document must stay within.
    struct Limits: Sendable {
        /// How deeply elements may nest.
        var maximumDepth = XMLTreeParser.maximumDepth
        /// How many characters references to declared entities may produce (each reference
        /// counts as one more).
        var maximumEntityExpansion = XMLTreeParser.maximumEntityExpansion
    }

    /// A well-formedness error.
    struct Failure: Error {
        var message: String
        var position: SCXMLSourcePosition
    }

    /// Parses the document in `bytes`.
    static func parse(_ bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(Failure) -> XMLElementNode {
        var kept = XMLKeptRootChildren()
        return try parse(Array(bytes), limits: limits, into: &kept)
    }

    /// Parses the document in `bytes`, handing the root's children to `sink` as they are read
    /// (see ``XMLRootChildSink``); returns the root.
    static func parse<Sink: XMLRootChildSink>(_ bytes: [UInt8], limits: Limits, into sink: inout Sink) throws(Failure) -> XMLElementNode {
        let decoded: XMLByteDecoding.Decoded
        do {
            decoded = try XMLByteDecoding.decode(bytes)
        } catch {
            throw Failure(message: error.error.message, position: error.position)
        }
        var builder = XMLTreeBuilder(decoded.bytes, from: decoded.contentStart, limits: limits, sink: sink)
        defer { sink = builder.sink }
        do {
            return try builder.build()
        } catch {
            throw Failure(message: error.message, position: XMLLineTracker.position(of: error.offset, in: decoded.bytes))
        }
    }
}
