import Foundation

/// How a ``DurableStore`` writes an instance's context into its row and reads it back.
///
/// A `Codable` context needs none: the store writes it as JSON (``json``). A context that is not
/// a value, such as an SCXML chart's session with its live data model, brings its own coding
/// (StatechartsDurableSCXML's `SCXMLDurableStore` does).
public struct DurableContextCoding<Context: Sendable>: Sendable {
    let encode: @Sendable (Context) throws -> Data
    let decode: @Sendable (Data) throws -> Context

    /// A coding from two functions.
    /// - Parameters:
    ///   - encode: the bytes stored for a context; throwing rolls the step back, with the error.
    ///   - decode: the context the bytes hold, in a fresh value that no other instance shares;
    ///     throwing makes the row corrupt (it is quarantined with the error).
    public init(encode: @escaping @Sendable (Context) throws -> Data, decode: @escaping @Sendable (Data) throws -> Context) {
        self.encode = encode
        self.decode = decode
    }
}

extension DurableContextCoding where Context: Codable {
    /// The context as JSON (`JSONEncoder` and `JSONDecoder` with their default settings).
    public static var json: DurableContextCoding<Context> {
        DurableContextCoding(encode: { try JSONEncoder().encode($0) }, decode: { try JSONDecoder().decode(Context.self, from: $0) })
    }
}
