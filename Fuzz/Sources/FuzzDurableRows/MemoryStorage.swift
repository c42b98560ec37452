import Foundation
import StatechartsDurable

/// A `DurableStorage` in memory, for one input: the rows the store reads are the fuzzer's bytes,
/// no database server needed. Transactions run one at a time (a lock held for the whole body is
/// not possible across `await`, and the harness never runs two at once); a body that throws
/// puts the rows back as they were.
final class MemoryStorage: DurableStorage, @unchecked Sendable {
    struct Rows {
        var instances: [String: DurableInstanceRecord] = [:]
        var timers: [String: [DurableTimerRecord]] = [:]
        var activeStates: [String: [String]] = [:]
        var keys: [String: [String: (version: Int64, result: Data)]] = [:]
        var outbox: [DurableOutboxRecord] = []
        var delivered: Set<String> = []
        var outboxQuarantine: [String: String] = [:]
        var log: [DurableLogRecord] = []
    }

    var rows = Rows()

    func withTransaction<T: Sendable>(_ kind: DurableTransactionKind, _ body: (any DurableTransaction) async throws -> T) async throws -> T {
        let saved = rows
        do {
            return try await body(MemoryTransaction(storage: self))
        } catch {
            rows = saved
            throw error
        }
    }
}

struct MemoryTransaction: DurableTransaction, @unchecked Sendable {
    let storage: MemoryStorage

    func instance(_ id: String) async throws -> DurableInstanceRecord? { storage.rows.instances[id] }
    func insertInstance(_ record: DurableInstanceRecord) async throws { storage.rows.instances[record.id] = record }
    func updateInstance(_ record: DurableInstanceRecord, expectedVersion: Int64) async throws -> Bool {
        guard storage.rows.instances[record.id]?.version == expectedVersion else { return false }
        storage.rows.instances[record.id] = record
        return true
    }
    func deleteInstance(_ id: String) async throws {
        storage.rows.instances[id] = nil
        storage.rows.timers[id] = nil
        storage.rows.activeStates[id] = nil
        storage.rows.keys[id] = nil
        storage.rows.log.removeAll { $0.instanceID == id }
    }
    func quarantineInstance(_ id: String, reason: String) async throws { storage.rows.instances[id]?.quarantine = reason }
    func releaseQuarantine(_ id: String) async throws -> Bool {
        if storage.rows.instances[id]?.quarantine != nil { storage.rows.instances[id]?.quarantine = nil; return true }
        return storage.rows.outboxQuarantine.removeValue(forKey: id) != nil
    }
    func appliedResult(instanceID: String, key: String) async throws -> (version: Int64, result: Data)? { storage.rows.keys[instanceID]?[key] }
    func recordKey(instanceID: String, key: String, version: Int64, result: Data) async throws {
        storage.rows.keys[instanceID, default: [:]][key] = (version, result)
    }
    func replaceTimers(instanceID: String, with timers: [DurableTimerRecord]) async throws { storage.rows.timers[instanceID] = timers }
    func replaceActiveStates(instanceID: String, with states: [String]) async throws { storage.rows.activeStates[instanceID] = states }
    func insertOutbox(_ messages: [DurableOutboxRecord]) async throws { storage.rows.outbox += messages }
    func appendLog(_ records: [DurableLogRecord]) async throws { storage.rows.log += records }
    func instancesWithDueTimers(atOrBefore millis: Int64, limit: Int) async throws -> [String] {
        let rows = storage.rows
        let due = rows.timers.compactMap { id, timers -> (String, Int64)? in
            guard rows.instances[id]?.quarantine == nil, let first = timers.map(\.dueMillis).min(), first <= millis else { return nil }
            return (id, first)
        }
        return due.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }
    func pendingOutbox(limit: Int) async throws -> [DurableOutboxRecord] {
        let rows = storage.rows
        return Array(rows.outbox.filter { !rows.delivered.contains($0.id) && rows.outboxQuarantine[$0.id] == nil }.prefix(limit))
    }
    func markOutboxDelivered(_ id: String, atMillis millis: Int64) async throws { storage.rows.delivered.insert(id) }
    func recordOutboxFailure(_ id: String, error: String) async throws {
        guard let index = storage.rows.outbox.firstIndex(where: { $0.id == id }) else { return }
        storage.rows.outbox[index].failedAttempts += 1
        storage.rows.outbox[index].lastError = error
    }
    func quarantineOutbox(_ id: String, reason: String) async throws { storage.rows.outboxQuarantine[id] = reason }
    func instanceIDs(matching query: DurableInstanceQuery) async throws -> [String] {
        let rows = storage.rows
        let ids = rows.instances.values.filter { record in
            switch query {
            case .quarantined: return record.quarantine != nil
            case _ where record.quarantine != nil: return false
            case .inState(let state): return rows.activeStates[record.id]?.contains(state) ?? false
            case .withPendingTimers: return !(rows.timers[record.id] ?? []).isEmpty
            case .fingerprint(let fingerprint): return record.fingerprint == fingerprint
            case .all: return true
            }
        }.map(\.id)
        return ids.sorted()
    }
    func log(of instanceID: String) async throws -> [DurableLogRecord] { storage.rows.log.filter { $0.instanceID == instanceID } }
    func outbox(of instanceID: String?) async throws -> [(record: DurableOutboxRecord, delivered: Bool)] {
        let rows = storage.rows
        return rows.outbox.filter { instanceID == nil || $0.instanceID == instanceID }.map { ($0, rows.delivered.contains($0.id)) }
    }
    func quarantined() async throws -> [DurableQuarantineRecord] {
        let rows = storage.rows
        return rows.instances.values.compactMap { record in record.quarantine.map { DurableQuarantineRecord(id: record.id, reason: $0) } }
            + rows.outboxQuarantine.map { DurableQuarantineRecord(id: $0.key, reason: $0.value) }
    }
}
