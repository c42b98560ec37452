import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

@Suite("Durable store: concurrent sends")
struct DurableConcurrencyTests {
    @Test("sends from many tasks through two store objects on one file are serialized: none is lost", arguments: storageKinds)
    func concurrentSendsSerialize(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            try await store.create("o1", context: Order())
            let (second, storage) = try await openStore(database, clock: clock)
            let perStore = 20
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0..<perStore {
                    group.addTask { try await store.send(.bump, to: "o1", idempotencyKey: "first-\(i)") }
                    group.addTask { try await second.send(.bump, to: "o1", idempotencyKey: "second-\(i)") }
                }
                try await group.waitForAll()
            }
            let order = try #require(try await store.instance("o1"))
            #expect(order.context.bumps == 2 * perStore)
            #expect(order.version == Int64(1 + 2 * perStore))
            let versions = try await store.eventLog(of: "o1").filter { $0.kind == .send }.map(\.version)
            #expect(versions == Array(2...Int64(1 + 2 * perStore)))
            try await storage.close()
        }
    }

    @Test("the same key sent concurrently from two stores is applied once", arguments: storageKinds)
    func concurrentSameKey(_ kind: StorageKind) async throws {
        try await withStore(kind) { store, database, clock in
            try await store.create("o1", context: Order())
            let (second, storage) = try await openStore(database, clock: clock)
            let results = try await withThrowingTaskGroup(of: SendResult.self) { group in
                for i in 0..<10 {
                    group.addTask { try await (i.isMultiple(of: 2) ? store : second).send(.bump, to: "o1", idempotencyKey: "once") }
                }
                return try await group.reduce(into: [SendResult]()) { $0.append($1) }
            }
            #expect(Set(results).count == 1)
            #expect(try await store.instance("o1")?.context.bumps == 1)
            #expect(try await store.instance("o1")?.version == 2)
            try await storage.close()
        }
    }
}
