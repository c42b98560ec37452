import Foundation
import SQLiteNIO
import StatechartsDurable

/// A row of the store's tables that does not hold what the schema says.
public struct SQLiteDurableStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, one sentence.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension SQLiteData {
    static func int64(_ value: Int64) -> SQLiteData { .integer(SQLiteInt64(value)) }
    static func blob(_ data: Data) -> SQLiteData { .blob(ByteBuffer(data: data)) }
    /// A fingerprint as SQLite's signed 64-bit integer, bit for bit.
    static func fingerprint(_ value: UInt64) -> SQLiteData { .int64(Int64(bitPattern: value)) }
}

extension SQLiteDurableTransaction {
    static func string(_ row: SQLiteRow, _ column: String) throws -> String {
        guard let value = row.column(column)?.string else { throw missing(column) }
        return value
    }

    static func int64(_ row: SQLiteRow, _ column: String) throws -> Int64 {
        guard let value = row.column(column)?.integer else { throw missing(column) }
        return Int64(value)
    }

    static func data(_ row: SQLiteRow, _ column: String) throws -> Data {
        guard let value = optionalData(row, column) else { throw missing(column) }
        return value
    }

    static func optionalData(_ row: SQLiteRow, _ column: String) -> Data? {
        row.column(column).flatMap { Data(sqliteData: $0) }
    }

    static func missing(_ column: String) -> SQLiteDurableStorageError {
        SQLiteDurableStorageError(message: "a row of the durable store lacks '\(column)' or holds another type there")
    }

    static func instanceRecord(_ row: SQLiteRow) throws -> DurableInstanceRecord {
        DurableInstanceRecord(
            id: try string(row, "id"), fingerprint: UInt64(bitPattern: try int64(row, "fingerprint")),
            version: try int64(row, "version"), status: try string(row, "status"),
            // A snapshot or context of the wrong type reads as empty, which does not decode: the
            // store then quarantines the row with that reason.
            snapshot: optionalData(row, "snapshot") ?? Data(), context: optionalData(row, "context") ?? Data(),
            originMillis: try int64(row, "origin_ms"), updatedMillis: try int64(row, "updated_ms"),
            quarantine: row.column("quarantine")?.string)
    }

    static func outboxRecord(_ row: SQLiteRow) throws -> DurableOutboxRecord {
        DurableOutboxRecord(
            id: try string(row, "id"), instanceID: try string(row, "instance_id"), version: try int64(row, "version"),
            ordinal: Int(try int64(row, "ordinal")), event: optionalData(row, "event") ?? Data(),
            createdMillis: try int64(row, "created_ms"), failedAttempts: Int(try int64(row, "attempts")),
            lastError: row.column("last_error")?.string)
    }
}
