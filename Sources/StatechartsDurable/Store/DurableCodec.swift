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
        } catch let error as DecodingError {
            return .failure(describe(error, what: what))
        } catch {
            return .failure(DecodeProblem(message: "\(what) does not decode: \(error)"))
        }
    }

    /// A decoding error in one line.
    func describe(_ error: DecodingError, what: String) -> DecodeProblem {
        switch error {
        case .dataCorrupted(let context):
            return DecodeProblem(message: "\(what) is not valid: \(context.debugDescription)\(Self.path(context))")
        case .keyNotFound(let key, let context):
            return DecodeProblem(message: "\(what) lacks '\(key.stringValue)'\(Self.path(context))")
        case .typeMismatch(_, let context):
            return DecodeProblem(message: "\(what) has a wrong type: \(context.debugDescription)\(Self.path(context))")
        case .valueNotFound(_, let context):
            return DecodeProblem(message: "\(what) lacks a value\(Self.path(context))")
        @unknown default:
            return DecodeProblem(message: "\(what) does not decode: \(error)")
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
