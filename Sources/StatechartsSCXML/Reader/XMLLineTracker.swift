/// Turns byte offsets into 1-based lines and columns (columns counted in Unicode scalars). A line
/// ends at `\n`, `\r\n` or a lone `\r` (XML 1.0 §2.11). Offsets asked for in increasing order cost
/// one pass over the document in all; an earlier offset starts again from the beginning.
struct XMLLineTracker {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func position(of target: Int) -> SCXMLSourcePosition {
        if target < offset { (offset, line, column) = (0, 1, 1) }
        let end = min(max(target, 0), bytes.count)
        // In locals, over the buffer: the offsets stay within `offset..<end`, inside `bytes`.
        var (offset, line, column) = (self.offset, self.line, self.column)
        bytes.withUnsafeBufferPointer { bytes in
            while offset < end {
                let byte = bytes[offset]
                // Printable ASCII, most of a document: one test.
                if byte &- 0x20 < 0x60 {
                    column += 1
                } else if byte == 0x0A {
                    // The `\n` of `\r\n` ends the line the `\r` already ended.
                    if offset == 0 || bytes[offset - 1] != 0x0D { line += 1; column = 1 }
                } else if byte == 0x0D {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
        }
        (self.offset, self.line, self.column) = (offset, line, column)
        return SCXMLSourcePosition(line: line, column: column)
    }

    /// The position of `offset` in `bytes`, computed from the start.
    static func position(of offset: Int, in bytes: [UInt8]) -> SCXMLSourcePosition {
        var tracker = XMLLineTracker(bytes)
        return tracker.position(of: offset)
    }
}
