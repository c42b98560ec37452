import Statecharts

/// What one round of ``DurableStore/deliverDueTimers(limit:)`` did.
public struct DurableTimerRound: Sendable {
    /// Delayed events delivered, over all instances.
    public var delivered: Int = 0
    /// Instances whose timers could not be delivered (a quarantined or unreadable row, a step
    /// that was refused, a storage error), with the error. The other instances were not held up.
    public var failures: [(id: String, error: any Error)] = []

    /// An empty round.
    public init() {}
}

extension DurableStore {
    /// Delivers the delayed events that are due, of at most `limit` instances, earliest first:
    /// each instance in one transaction, as a step that delivers every delayed event due by now.
    ///
    /// Each transaction first claims the instance it delivers to
    /// (``DurableTransaction/claimInstanceWithDueTimer(atOrBefore:excluding:)``): on PostgreSQL
    /// workers skip the instances other workers hold (`FOR UPDATE SKIP LOCKED`) rather than
    /// queue on them; on SQLite the database write lock is the claim. Each instance is claimed at
    /// most once per round.
    ///
    /// Each delayed event is delivered exactly once: its delivery and its removal from the
    /// instance's pending events commit together, and a worker that finds nothing due any more
    /// (another worker or a send was first) writes nothing. A timer that fell due while no
    /// process ran is delivered by the first round after the start (or by the instance's next
    /// send, which delivers due timers first). It is then late: the chart sees it at its due time
    /// on the instance's clock, and the event log records how late it was in wall time
    /// (``DurableLogRecord/lateMillis``).
    public func deliverDueTimers(limit: Int = 100) async -> DurableTimerRound {
        var round = DurableTimerRound()
        var claimed: Set<String> = []
        while claimed.count < max(1, limit) {
            do {
                guard let (id, outcome) = try await deliverNextDueTimers(excluding: claimed) else { break }
                claimed.insert(id)
                switch outcome {
                case .success(let count): round.delivered += count
                case .failure(let error): round.failures.append((id: id, error: error))
                }
            } catch let failure as ClaimedInstanceFailure {
                claimed.insert(failure.id)
                round.failures.append((id: failure.id, error: failure.error))
            } catch {
                // The claim itself failed (the storage): end the round.
                round.failures.append((id: "", error: error))
                break
            }
        }
        return round
    }

    /// Claims the next instance with a due timer and delivers its due timers, in one
    /// transaction; returns its id and how many it delivered (or why it could not: the refusal
    /// commits, so a quarantine is kept), or `nil` when no instance is left to claim.
    func deliverNextDueTimers(excluding claimed: Set<String>) async throws -> (String, Result<Int, DurableStoreError>)? {
        try await writeStep("(the next instance with a due timer)") { tx, now in
            guard let id = try await tx.claimInstanceWithDueTimer(atOrBefore: now, excluding: claimed) else { return .success(nil) }
            do {
                return .success((id, try await self.deliverDue(of: id, at: now, in: tx)))
            } catch let conflict as VersionConflict {
                throw conflict
            } catch {
                throw ClaimedInstanceFailure(id: id, error: error)
            }
        }
    }

    /// Delivers the instance's timers due by `now` in the transaction; returns how many, or why
    /// the row cannot take them (a row that cannot be read is quarantined).
    func deliverDue(of id: String, at now: Int64, in tx: any DurableTransaction) async throws -> Result<Int, DurableStoreError> {
        guard let record = try await tx.instance(id) else { return .success(0) }
        if let reason = record.quarantine { return .failure(.quarantined(id: id, reason: reason)) }
        var instance: StatechartInstance<StateID, Event, Context>
        let step: DurableStep
        switch try await beginStep(record, at: now, in: tx) {
        case .success(let begun): (instance, step) = begun
        case .failure(let error): return .failure(error)
        }
        // Nothing due any more: someone delivered it first. Write nothing (unless the row was
        // read through a migration, whose log row is then written with it).
        guard !step.log.isEmpty else { return .success(0) }
        try await write(&instance, step, replacing: record, in: tx)
        return .success(step.log.count { $0.kind == .timer })
    }
}

/// A step on a claimed instance threw (and rolled back): the round records it against the
/// instance and goes on with the others.
struct ClaimedInstanceFailure: Error {
    let id: String
    let error: any Error
}
