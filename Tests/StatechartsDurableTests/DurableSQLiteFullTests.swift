import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

/// A SQLite database that cannot grow (`maximumSize`, SQLite's `max_page_count`): a send that
/// needs more room fails with a thrown error and changes nothing; once there is room, the next
/// send is applied, and a key that failed is applied once.
@Suite("Durable store: a full SQLite database")
struct DurableSQLiteFullTests {
    @Test("a send into a full database throws, leaves the instance as it was, and succeeds once there is room")
    func fullDatabase() async throws {
        try await withDatabase(.sqlite) { database in
            // Big enough for the tables and a few hundred sends, not for a thousand.
            var storage = try await SQLiteDurableStorage.open(path: database.location, maximumSize: 160 * 1024)
            var store = DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock)
            try await store.create("o1", context: Order())

            var failure: (any Error)?
            var before: DurableInstance<OrderState, OrderEvent, Order>?
            var failedKey = ""
            for n in 0..<1_000 {
                before = try await store.instance("o1")
                do {
                    _ = try await store.send(.bump, to: "o1", idempotencyKey: "bump-\(n)")
                } catch {
                    failure = error
                    failedKey = "bump-\(n)"
                    break
                }
            }
            let error = try #require(failure, "1,000 sends fitted in 160 KB")
            #expect("\(error)".contains("full"), "\(error)")

            // Nothing of the failed send was kept.
            let after = try #require(try await store.instance("o1"))
            let last = try #require(before)
            #expect(after.version == last.version)
            #expect(after.context == last.context)
            #expect(after.instance.configuration == last.instance.configuration)

            // Room again (the storage opened with a larger size): the failed key is applied once.
            try await storage.close()
            storage = try await SQLiteDurableStorage.open(path: database.location, maximumSize: 16 * 1024 * 1024)
            store = DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock)
            _ = try await store.send(.bump, to: "o1", idempotencyKey: failedKey)
            _ = try await store.send(.bump, to: "o1", idempotencyKey: failedKey)
            let resumed = try #require(try await store.instance("o1"))
            #expect(resumed.version == last.version + 1)
            #expect(resumed.context.bumps == last.context.bumps + 1)
            try await storage.close()
        }
    }
}
