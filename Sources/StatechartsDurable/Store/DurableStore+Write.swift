import Foundation
import Statecharts

extension DurableStore {
    /// Writes what a step did, in its transaction: the row with the new snapshot and version, the
    /// timers, the active states, the events sent out and the log. Throws (and so rolls back)
    /// when the step did something a durable instance cannot keep.
    func write(_ instance: inout StatechartInstance<StateID, Event, Context>, _ step: DurableStep,
               replacing old: DurableInstanceRecord?, in tx: any DurableTransaction) async throws {
        let id = step.id
        let requests = instance.takeInvocationRequests()
        if !requests.isEmpty {
            throw DurableStoreError.unsupported(id: id, reason: "the step started or cancelled invoked work (Invoke), "
                + "which a durable instance cannot run; send the work's result as an event instead")
        }
        let outgoing = instance.takeEventsForParent()
        let snapshot = instance.snapshot()
        if let running = snapshot.runningInvocations, !running.isEmpty {
            throw DurableStoreError.unsupported(id: id, reason: "the step left invoked charts or delayed events for "
                + "other sessions (\(running.joined(separator: ", "))), which a snapshot cannot hold; send a delayed event "
                + "to the instance itself and send out on its delivery")
        }
        let record = DurableInstanceRecord(
            id: id, fingerprint: chart.fingerprint, version: step.version, status: snapshot.status.rawValue,
            snapshot: try codec.encode(snapshot, what: "the snapshot", id: id),
            context: try encodeContext(instance.context, id: id),
            originMillis: step.originMillis, updatedMillis: step.nowMillis)
        if let old {
            guard try await tx.updateInstance(record, expectedVersion: old.version) else { throw VersionConflict() }
        } else {
            try await tx.insertInstance(record)
        }
        // The index rows are rewritten only when they change (a step that stays in its states
        // and sets no timer writes neither).
        let rows = indexRows(of: snapshot, id: id, originMillis: step.originMillis)
        if rows.timers != step.before?.timers { try await tx.replaceTimers(instanceID: id, with: rows.timers) }
        if rows.states != step.before?.states { try await tx.replaceActiveStates(instanceID: id, with: rows.states) }
        if !outgoing.isEmpty {
            var messages: [DurableOutboxRecord] = []
            for (ordinal, event) in outgoing.enumerated() {
                messages.append(DurableOutboxRecord(
                    id: "\(id)/\(step.originMillis)/\(step.version)/\(ordinal)/\(String(format: "%016llx", UInt64.random(in: .min ... .max)))",
                    instanceID: id, version: step.version, ordinal: ordinal,
                    event: try codec.encode(event, what: "an event sent out", id: id), createdMillis: step.nowMillis))
            }
            try await tx.insertOutbox(messages)
        }
        try await tx.appendLog(step.log)
    }

    /// The context's bytes; the coding's error rolls the step back.
    func encodeContext(_ context: Context, id: String) throws(DurableStoreError) -> Data {
        do {
            return try contextCoding.encode(context)
        } catch {
            throw .encodingFailed(id: id, reason: "the context: \(error)")
        }
    }

    /// The context a row's bytes hold, or why they do not.
    func decodeContext(_ data: Data, what: String) -> Result<Context, DecodeProblem> {
        do {
            return .success(try contextCoding.decode(data))
        } catch let error as DecodingError {
            return .failure(codec.describe(error, what: what))
        } catch {
            return .failure(DecodeProblem(message: "\(what) does not decode: \(error)"))
        }
    }

    /// The timers and active states a snapshot puts in the index tables.
    func indexRows(of snapshot: StatechartSnapshot<StateID, Event>, id: String, originMillis: Int64) -> DurableIndexRows {
        DurableIndexRows(
            states: snapshot.configuration.map { String(describing: $0) },
            timers: snapshot.pendingEvents.enumerated().map { ordinal, pending in
                DurableTimerRecord(instanceID: id, ordinal: ordinal, dueMillis: originMillis &+ pending.due.millisecondsRoundedUp,
                                   timerID: pending.id)
            })
    }
}

/// An instance's rows in the index tables: its active states and its pending timers.
struct DurableIndexRows: Sendable, Equatable {
    var states: [String]
    var timers: [DurableTimerRecord]
}
