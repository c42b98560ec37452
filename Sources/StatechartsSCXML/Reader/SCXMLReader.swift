import Foundation

/// Reads SCXML documents, with an XML parser of its own that loads nothing from outside the document.
///
/// ```swift
/// let document = try SCXMLReader.read(contentsOf: URL(fileURLWithPath: "door.scxml"))
/// ```
/// Every problem is reported with its line and column: malformed XML (the first error), unknown
/// or misplaced elements, unknown attributes, missing or conflicting attributes, unknown targets,
/// duplicate ids and structural mistakes. Elements and attributes of other namespaces are
/// extensions and are ignored. An `<invoke>` document inside `<content>` is read (and reported)
/// with its parent; one named by `src` or `srcexpr` is read when the invocation starts.
///
/// `src` attributes load files only as ``Options/sourceAccess`` allows: by default, files in
/// the document's own folder.
public enum SCXMLReader {
    /// Reads and validates the document at `url`; `src` attributes resolve next to it.
    /// - Parameters:
    ///   - url: the SCXML file.
    ///   - options: which files `src` may load, and the limits; the defaults allow files in the
    ///     document's folder.
    public static func read(contentsOf url: URL, options: Options = Options()) throws(SCXMLError) -> SCXMLDocument {
        let bytes: [UInt8]
        switch CappedFileReader.bytes(atPath: url.path, maximumBytes: options.maximumDocumentBytes, regularFilesOnly: false) {
        case .success(let read): bytes = read
        case .failure(.system(let reason)): throw SCXMLError("cannot read the file: \(reason)", file: url.path)
        case .failure(.directory): throw SCXMLError("cannot read the file: it is a directory", file: url.path)
        case .failure(.notRegularFile): throw SCXMLError("cannot read the file: it is not a regular file", file: url.path)
        case .failure(.tooLarge(let limit)): throw tooLarge(limit: limit, file: url.path)
        }
        return try read(bytes: consume bytes, baseURL: url.deletingLastPathComponent(), file: url.path, options: options)
    }

    /// Reads and validates a document from its text. `baseURL` is the document's folder: where
    /// `src` attributes resolve, and what ``SourceAccess/documentFolder`` allows; without it,
    /// `src` files are only loaded from the folders ``SourceAccess/allowing(_:)`` names, by
    /// absolute path. `file` names the document in errors.
    public static func read(string: String, baseURL: URL? = nil, file: String? = nil,
                            options: Options = Options()) throws(SCXMLError) -> SCXMLDocument {
        try read(bytes: Array(string.utf8), baseURL: baseURL, file: file, options: options)
    }

    /// Reads and validates a document from its bytes (UTF-8 unless a byte order mark or its XML
    /// declaration says otherwise). `baseURL` and `file` are as for ``read(string:baseURL:file:options:)``.
    public static func read(data: Data, baseURL: URL? = nil, file: String? = nil,
                            options: Options = Options()) throws(SCXMLError) -> SCXMLDocument {
        try read(bytes: Array(data), baseURL: baseURL, file: file, options: options)
    }

    private static func read(bytes: consuming [UInt8], baseURL: URL?, file: String?, options: Options) throws(SCXMLError) -> SCXMLDocument {
        guard bytes.count <= options.maximumDocumentBytes else { throw tooLarge(limit: options.maximumDocumentBytes, file: file) }
        let sources = SCXMLSourceLoader(baseURL: baseURL, access: options.sourceAccess, maximumBytes: options.maximumDocumentBytes)
        // The document is built while the XML is parsed, one top-level element at a time: the
        // whole element tree is never in memory. A well-formedness error is still the only
        // problem reported for a document that has one.
        var stream = SCXMLDocumentStream(sources: sources)
        do {
            _ = try XMLTreeParser.parse(consume bytes, limits: options.parserLimits, into: &stream)
        } catch {
            throw SCXMLError(error.message, at: error.position, file: file)
        }
        let document = stream.finish()
        var diagnostics = stream.builder.diagnostics
        if let document { diagnostics += SCXMLValidator.validate(document) }
        guard diagnostics.isEmpty, let document else { throw SCXMLError(diagnostics, file: file) }
        return document
    }

    private static func tooLarge(limit: Int, file: String?) -> SCXMLError {
        SCXMLError("the document is larger than \(limit) bytes (SCXMLReader.Options.maximumDocumentBytes)", file: file)
    }
}
