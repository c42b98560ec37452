import Foundation
import Statecharts

extension DurableStore {
    /// Migrates every instance written by the chart with `fingerprint` to the store's chart, in
    /// one transaction: all of them, or none.
    ///
    /// Each row is read through the store's ``DurableMigration`` from `fingerprint` first; when
    /// one cannot be (its snapshot maps to nothing the new chart can be in, its context does not
    /// convert), nothing is written and the error lists every such instance. Otherwise each row is
    /// written back under the new fingerprint with version + 1 and a `migration` row in its event
    /// log. Pending delayed events keep their due times; they are delivered by the next step or
    /// worker round, not by the migration. Quarantined rows are left as they are (release them
    /// first).
    ///
    /// Rows are migrated lazily anyway, by the first step that reads them; this is for doing it
    /// at a time of your choosing, and for learning before that time whether every row can be.
    /// Run the static check (`ChartMigration.check` or `statechart migrate-check`) before either:
    /// it covers every situation the old chart can be in, not only the rows there are today.
    ///
    /// - Returns: how many instances were migrated.
    /// - Throws: ``DurableStoreError/noMigration(fingerprint:)``,
    ///   ``DurableStoreError/migrationRefused(fingerprint:failures:)``, the storage's errors.
    @discardableResult
    public func migrateAll(from fingerprint: UInt64) async throws -> Int {
        guard fingerprint != chart.fingerprint else { return 0 }
        guard migrations[fingerprint] != nil else { throw DurableStoreError.noMigration(fingerprint: fingerprint) }
        return try await storage.withTransaction(.write) { tx in
            var migrated: [(record: DurableInstanceRecord, instance: StatechartInstance<StateID, Event, Context>)] = []
            var failures: [String: String] = [:]
            for id in try await tx.instanceIDs(matching: .fingerprint(fingerprint)) {
                guard let record = try await tx.instance(id), record.quarantine == nil else { continue }
                switch self.restore(record) {
                case .success(let instance): migrated.append((record, instance))
                case .failure(let error): failures[id] = Self.reason(error)
                }
            }
            guard failures.isEmpty else { throw DurableStoreError.migrationRefused(fingerprint: fingerprint, failures: failures) }
            let now = self.clock.milliseconds()
            for (record, var instance) in migrated {
                let version = record.version + 1
                let step = DurableStep(id: record.id, version: version, originMillis: record.originMillis, nowMillis: now,
                                       log: [self.migrationLog(record, version: version, at: now)], before: nil)
                try await self.write(&instance, step, replacing: record, in: tx)
            }
            return migrated.count
        }
    }

    /// An old row read through its migration; the failure names the row.
    func restore(_ record: DurableInstanceRecord,
                 through migration: DurableMigration<StateID, Event, Context>) -> Result<StatechartInstance<StateID, Event, Context>, DurableStoreError> {
        let failed = { (reason: String) in DurableStoreError.migrationFailed(id: record.id, fingerprint: record.fingerprint, reason: reason) }
        let old: StatechartSnapshot<StateID, Event>
        switch codec.decode(StatechartSnapshot<StateID, Event>.self, from: record.snapshot, what: "the snapshot") {
        case .success(let value): old = value
        case .failure(let problem): return .failure(failed(problem.message))
        }
        let snapshot: StatechartSnapshot<StateID, Event>
        let context: Context
        do {
            (snapshot, context) = try migration.apply(old, record.context, codec, contextCoding)
        } catch let problem as DecodeProblem {
            return .failure(failed(problem.message))
        } catch {
            return .failure(failed("\(error)"))
        }
        do {
            return .success(try chart.restore(snapshot, context: context))
        } catch {
            return .failure(failed("the migrated snapshot does not fit the chart: " + error.problems.joined(separator: "; ")))
        }
    }

    /// The event-log row of a migration: its event is the old fingerprint.
    func migrationLog(_ record: DurableInstanceRecord, version: Int64, at now: Int64) -> DurableLogRecord {
        DurableLogRecord(instanceID: record.id, version: version, kind: .migration,
                         event: Data("\"\(DurableStoreError.hex(record.fingerprint))\"".utf8),
                         idempotencyKey: nil, result: nil, atMillis: now)
    }

    /// Why a row cannot be migrated, without the instance's name (the caller lists it).
    private static func reason(_ error: DurableStoreError) -> String {
        switch error {
        case .migrationFailed(_, _, let reason), .corruptRow(_, let reason), .quarantined(_, let reason): return reason
        default: return error.description
        }
    }
}
