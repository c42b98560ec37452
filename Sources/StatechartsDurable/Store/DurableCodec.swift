import Foundation
import Statecharts

/// JSON for everything a store writes: snapshots, contexts, events, results.
struct DurableCodec: Sendable {
    func encode<T: Encodable>(_ value: T, what: String, id: String) throws(DurableStoreError) -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw .encodingFailed(id: id, reason: "\(what): \(error)")
        }
    }

    /// Decodes `data`, describing the problem in one line for quarantine reasons.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) -> Result<T, DecodeProblem> {
        do {
            return .success(try JSONDecoder().decode(type, from: data))
        } catch let DecodingError.dataCorrupted(context) {
            return .failure(DecodeProblem(message: "\(what) is not valid: \(context.debugDescription)\(Self.path(context))"))
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(DecodeProblem(message: "\(what) lacks '\(key.stringValue)'\(Self.path(context))"))
        } catch let DecodingError.typeMismatch(_, context) {
            return .failure(DecodeProblem(message: "\(what) has a wrong type: \(context.debugDescription)\(Self.path(context))"))
        } catch let DecodingError.valueNotFound(_, context) {
            return .failure(DecodeProblem(message: "\(what) lacks a value\(Self.path(context))"))
        } catch {
            return .failure(DecodeProblem(message: "\(what) does not decode: \(error)"))
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " (at \(context.codingPath.map(\.stringValue).joined(separator: ".")))"
    }
}

/// Why a stored value does not decode, one line.
struct DecodeProblem: Error, Sendable {
    let message: String
}
