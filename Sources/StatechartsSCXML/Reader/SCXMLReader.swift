import Foundation

/// Reads SCXML documents, with an XML parser of its own that loads nothing from outside the document.
///
/// ```swift
/// let document = try SCXMLReader.read(contentsOf: URL(fileURLWithPath: "door.scxml"))
/// ```
/// Every problem is reported with its line and column: malformed XML (the first error), unknown
/// or misplaced elements, unknown attributes, missing or conflicting attributes, unknown targets,
/// duplicate ids and structural mistakes. Elements and attributes of other namespaces are
/// extensions and are ignored; `<invoke>` is reported as not supported.
public enum SCXMLReader {
    /// Reads and validates the document at `url`; `src` attributes resolve next to it.
    public static func read(contentsOf url: URL) throws(SCXMLError) -> SCXMLDocument {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw SCXMLError("cannot read the file: \(Self.reason(error))", file: url.path)
        }
        return try read(data: data, baseURL: url.deletingLastPathComponent(), file: url.path)
    }

    /// Reads and validates a document from its text.
    public static func read(string: String, baseURL: URL? = nil, file: String? = nil) throws(SCXMLError) -> SCXMLDocument {
        try read(data: Data(string.utf8), baseURL: baseURL, file: file)
    }

    /// Reads and validates a document from its bytes (UTF-8 unless its XML declaration says
    /// otherwise). `baseURL` is the directory `src` attributes resolve from; `file` names the
    /// document in errors.
    public static func read(data: Data, baseURL: URL? = nil, file: String? = nil) throws(SCXMLError) -> SCXMLDocument {
        let root = try parseTree(data, file: file)
        var builder = SCXMLDocumentBuilder(baseURL: baseURL)
        let document = builder.build(root)
        var diagnostics = builder.diagnostics
        if let document { diagnostics += SCXMLValidator.validate(document) }
        guard diagnostics.isEmpty, let document else { throw SCXMLError(diagnostics, file: file) }
        return document
    }

    /// Parses well-formed XML into a tree, or throws the first well-formedness error.
    static func parseTree(_ data: Data, file: String?) throws(SCXMLError) -> XMLElementNode {
        do {
            return try XMLTreeParser.parse(data)
        } catch {
            throw SCXMLError(error.message, at: error.position, file: file)
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
           let posix = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(posix.rawValue))
        }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return error.localizedDescription
    }
}
