/// A well-formedness error found while scanning, at a byte offset into the document's UTF-8
/// bytes; ``XMLTreeParser`` turns the offset into a line and column.
struct XMLSyntaxError: Error {
    var message: String
    var offset: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
