import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

@Suite("Durable store: bad rows")
struct DurableQuarantineTests {
    /// Rewrites an instance's row through the storage, as a bug or another program might.
    func damage(_ id: String, in storage: TestStorage, _ change: @Sendable (inout DurableInstanceRecord) -> Void) async throws {
        try await storage.storage.withTransaction(.write) { tx in
            var record = try #require(try await tx.instance(id))
            change(&record)
            #expect(try await tx.updateInstance(record, expectedVersion: record.version))
        }
    }

    @Test("a corrupt snapshot and an unknown fingerprint are refused, quarantined and skipped by workers", arguments: storageKinds)
    func quarantine(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let clock = ManualClock()
            let (store, storage) = try await openStore(database, clock: clock)
            for id in ["corrupt", "foreign", "good"] {
                try await store.create(id, context: Order())
                try await store.send(.pay, to: id)
            }
            try await damage("corrupt", in: storage) { $0.snapshot = Data("{\"status\":".utf8) }
            try await damage("foreign", in: storage) { $0.fingerprint = shortOrderChart.fingerprint }

            clock.advance(by: .seconds(10))
            let round = await store.deliverDueTimers()
            #expect(round.delivered == 1)
            #expect(Set(round.failures.map(\.id)) == ["corrupt", "foreign"])
            #expect(try await store.instance("good")?.activeLeaves == [.shipped])

            let quarantined = try await store.quarantined()
            #expect(quarantined.map(\.id) == ["corrupt", "foreign"])
            #expect(quarantined[0].reason.contains("the snapshot is not valid"))
            #expect(quarantined[1].reason.contains("fingerprint \(String(shortOrderChart.fingerprint, radix: 16))"))
            await #expect(throws: DurableStoreError.self) { try await store.send(.ship, to: "corrupt") }
            do {
                try await store.send(.ship, to: "foreign")
                Issue.record("a quarantined instance took a send")
            } catch let error as DurableStoreError {
                guard case .quarantined(let id, _) = error else { throw error }
                #expect(id == "foreign")
            }
            // Quarantined instances leave the queries and the timer rounds.
            #expect(try await store.instances() == ["good"])
            #expect(try await store.instancesWithPendingTimers() == [])
            #expect(await store.deliverDueTimers().failures.isEmpty)

            // Repaired, and released, an instance goes back to work; a release is not a repair.
            try await damage("foreign", in: storage) { $0.fingerprint = orderChart.fingerprint }
            #expect(try await store.releaseFromQuarantine("foreign"))
            #expect(try await store.releaseFromQuarantine("foreign") == false)
            #expect(await store.deliverDueTimers().delivered == 1)
            #expect(try await store.instance("foreign")?.activeLeaves == [.shipped])
            #expect(try await store.releaseFromQuarantine("corrupt"))
            await #expect(throws: DurableStoreError.self) { try await store.instance("corrupt") }
            #expect(try await store.quarantined().map(\.id) == ["corrupt"])
            try await storage.close()
        }
    }

    @Test("reading a corrupt context quarantines the row with the reason", arguments: storageKinds)
    func corruptContext(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let (store, storage) = try await openStore(database, clock: ManualClock())
            try await store.create("o1", context: Order())
            try await damage("o1", in: storage) { $0.context = Data("[1, 2]".utf8) }
            do {
                _ = try await store.instance("o1")
                Issue.record("a corrupt context was read")
            } catch let error as DurableStoreError {
                guard case .corruptRow(let id, let reason) = error else { throw error }
                #expect(id == "o1")
                #expect(reason.contains("the context"))
            }
            #expect(try await store.quarantined().map(\.id) == ["o1"])
            try await storage.close()
        }
    }

    @Test("an outbox message that does not decode is quarantined; the others are delivered", arguments: storageKinds)
    func unreadableMessage(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, _, _ in
            try await store.create("o1", context: Order())
            try await store.send(.pay, to: "o1")
            try await store.storage.withTransaction(.write) { tx in
                try await tx.insertOutbox([DurableOutboxRecord(id: "stray/1/0", instanceID: "stray", version: 1, ordinal: 0,
                                                               event: Data("\"noSuchEvent\"".utf8), createdMillis: 0)])
            }
            let received = Received()
            let round = await store.deliverOutbox { received.append($0.position) }
            #expect(round.delivered == 1)
            #expect(round.failures.map(\.id) == ["stray/1/0"])
            #expect(received.all == ["o1/2/0"])
            #expect(try await store.quarantined().map(\.id) == ["stray/1/0"])
            #expect(await store.deliverOutbox { received.append($0.position) }.failures.isEmpty)
        }
    }
}
