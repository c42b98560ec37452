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
    /// Each delayed event is delivered exactly once: its delivery and its removal from the
    /// instance's pending events commit together, and a worker that finds nothing due any more
    /// (another worker or a send was first) writes nothing. A timer that fell due while no
    /// process ran is delivered by the first round after the start (or by the instance's next
    /// send, which delivers due timers first). It is then late: the chart sees it at its due time
    /// on the instance's clock, and the event log records how late it was in wall time
    /// (``DurableLogRecord/lateMillis``).
    public func deliverDueTimers(limit: Int = 100) async -> DurableTimerRound {
        var round = DurableTimerRound()
        let ids: [String]
        do {
            let now = clock.milliseconds()
            ids = try await storage.withTransaction(.read) { try await $0.instancesWithDueTimers(atOrBefore: now, limit: max(1, limit)) }
        } catch {
            round.failures.append((id: "", error: error))
            return round
        }
        for id in ids {
            do {
                round.delivered += try await deliverTimers(of: id)
            } catch {
                round.failures.append((id: id, error: error))
            }
        }
        return round
    }

    /// Delivers the instance's due timers in one transaction; returns how many.
    func deliverTimers(of id: String) async throws -> Int {
        try await writeStep(id) { tx, now in
            guard let record = try await tx.instance(id) else { return .success(0) }
            if let reason = record.quarantine { return .failure(.quarantined(id: id, reason: reason)) }
            var instance: StatechartInstance<StateID, Event, Context>
            let step: DurableStep
            switch try await self.beginStep(record, at: now, in: tx) {
            case .success(let begun): (instance, step) = begun
            case .failure(let error): return .failure(error)
            }
            // Nothing due any more: someone delivered it first. Write nothing.
            guard !step.log.isEmpty else { return .success(0) }
            try await self.write(&instance, step, replacing: record, in: tx)
            return .success(step.log.count)
        }
    }
}
