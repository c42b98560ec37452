import Foundation
import Statecharts

extension DurableStore {
    /// Sends `event` to the instance `id` in one transaction and returns what the macrostep did.
    ///
    /// First the delayed events that fell due since the last step are delivered (see
    /// ``DurableStore``), then `event`'s macrostep runs; everything commits together.
    ///
    /// - Parameters:
    ///   - event: the event.
    ///   - id: the instance.
    ///   - idempotencyKey: when given, the send happens at most once per instance and key: a send
    ///     with a key already applied returns the first send's result and changes nothing.
    /// - Throws: ``DurableStoreError/instanceNotFound(id:)``; ``DurableStoreError`` when the row
    ///   cannot be read (it is then quarantined) or the step did something a durable instance
    ///   cannot keep; the storage's errors. Nothing is written when it throws.
    @discardableResult
    public func send(_ event: Event, to id: String, idempotencyKey: String? = nil) async throws -> SendResult {
        try await writeStep(id) { tx, now in
            guard let record = try await tx.instance(id) else { return .failure(.instanceNotFound(id: id)) }
            if let reason = record.quarantine { return .failure(.quarantined(id: id, reason: reason)) }
            if let idempotencyKey, let applied = try await tx.appliedResult(instanceID: id, key: idempotencyKey) {
                switch self.codec.decode(SendResult.self, from: applied.result, what: "the result stored for key '\(idempotencyKey)'") {
                case .success(let result): return .success(result)
                case .failure(let problem): return .failure(.corruptRow(id: id, reason: problem.message))
                }
            }
            var instance: StatechartInstance<StateID, Event, Context>
            var step: DurableStep
            switch try await self.beginStep(record, at: now, in: tx) {
            case .success(let begun): (instance, step) = begun
            case .failure(let error): return .failure(error)
            }
            let result = instance.send(event)
            let resultData = try self.codec.encode(result, what: "the result", id: id)
            step.log.append(DurableLogRecord(
                instanceID: id, version: step.version, kind: .send, event: try self.codec.encode(event, what: "the event", id: id),
                idempotencyKey: idempotencyKey, result: resultData, atMillis: now))
            try await self.write(&instance, step, replacing: record, in: tx)
            if let idempotencyKey {
                try await tx.recordKey(instanceID: id, key: idempotencyKey, version: step.version, result: resultData)
            }
            return .success(result)
        }
    }

    /// Runs `body` in a write transaction, retrying it when the storage reports a version
    /// conflict; a `.failure` it returns commits (a quarantine is kept) and is then thrown.
    func writeStep<T: Sendable>(
        _ id: String, _ body: @escaping (any DurableTransaction, Int64) async throws -> Result<T, DurableStoreError>
    ) async throws -> T {
        var attempt = 0
        while true {
            do {
                let outcome = try await storage.withTransaction(.write) { tx in try await body(tx, self.clock.milliseconds()) }
                return try outcome.get()
            } catch is VersionConflict {
                attempt += 1
                if attempt > conflictRetries { throw DurableStoreError.tooManyConflicts(id: id, attempts: attempt) }
            }
        }
    }

    /// The instance a row holds, or why it cannot be trusted.
    func restore(_ record: DurableInstanceRecord) -> Result<StatechartInstance<StateID, Event, Context>, DurableStoreError> {
        let id = record.id
        if let reason = record.quarantine { return .failure(.quarantined(id: id, reason: reason)) }
        guard record.fingerprint == chart.fingerprint else {
            if let migration = migrations[record.fingerprint] { return restore(record, through: migration) }
            return .failure(.unknownFingerprint(id: id, found: record.fingerprint, expected: chart.fingerprint))
        }
        let snapshot: StatechartSnapshot<StateID, Event>
        switch codec.decode(StatechartSnapshot<StateID, Event>.self, from: record.snapshot, what: "the snapshot") {
        case .success(let value): snapshot = value
        case .failure(let problem): return .failure(.corruptRow(id: id, reason: problem.message))
        }
        let context: Context
        switch decodeContext(record.context, what: "the context") {
        case .success(let value): context = value
        case .failure(let problem): return .failure(.corruptRow(id: id, reason: problem.message))
        }
        do {
            return .success(try chart.restore(snapshot, context: context))
        } catch {
            return .failure(.corruptRow(id: id, reason: error.problems.joined(separator: "; ")))
        }
    }

    /// The instance a row holds, caught up with the delayed events due by `now`, and the step
    /// that will write it back; or why the row cannot be trusted (then quarantined).
    func beginStep(
        _ record: DurableInstanceRecord, at now: Int64, in tx: any DurableTransaction
    ) async throws -> Result<(StatechartInstance<StateID, Event, Context>, DurableStep), DurableStoreError> {
        var instance: StatechartInstance<StateID, Event, Context>
        switch restore(record) {
        case .success(let restored): instance = restored
        case .failure(let error):
            try await quarantine(error, in: tx)
            return .failure(error)
        }
        var step = DurableStep(id: record.id, version: record.version + 1, originMillis: record.originMillis, nowMillis: now,
                               log: [], before: indexRows(of: instance.snapshot(), id: record.id, originMillis: record.originMillis))
        if record.fingerprint != chart.fingerprint {
            // Read through a migration: the index rows hold the old chart's names, so rewrite them.
            step.before = nil
            step.log.append(migrationLog(record, version: step.version, at: now))
        }
        try catchUp(&instance, &step)
        return .success((instance, step))
    }

    /// Quarantines the instance an error names, when the error is about its row.
    func quarantine(_ error: DurableStoreError, in tx: any DurableTransaction) async throws {
        switch error {
        case .unknownFingerprint(let id, _, _), .corruptRow(let id, _), .migrationFailed(let id, _, _):
            try await tx.quarantineInstance(id, reason: error.description)
        default:
            break
        }
    }

    /// Delivers the delayed events due by the step's wall time, each at its due time on the
    /// instance's clock, and logs each; then the clock reads the wall time since the origin.
    func catchUp(_ instance: inout StatechartInstance<StateID, Event, Context>, _ step: inout DurableStep) throws {
        let target = Duration.milliseconds(max(0, step.nowMillis - step.originMillis))
        guard target > instance.now else { return }
        for delivery in instance.advanceClock(by: target - instance.now) {
            let due = step.originMillis &+ delivery.time.millisecondsRoundedUp
            step.log.append(DurableLogRecord(
                instanceID: step.id, version: step.version, kind: .timer,
                event: try codec.encode(delivery.event, what: "a delayed event", id: step.id), idempotencyKey: nil,
                result: try codec.encode(delivery.result, what: "the result", id: step.id),
                atMillis: step.nowMillis, lateMillis: max(0, step.nowMillis - due)))
        }
    }
}

/// One step's identity and its log rows, while it is built.
struct DurableStep: Sendable {
    let id: String
    /// The version the step writes.
    let version: Int64
    let originMillis: Int64
    let nowMillis: Int64
    var log: [DurableLogRecord]
    /// The index rows before the step (`nil` when creating the instance).
    var before: DurableIndexRows? = nil
}

/// A storage's optimistic version check failed: the step is retried.
struct VersionConflict: Error {}
