import Foundation
import Statecharts
import StatechartsDurable
#if canImport(StatechartsDurablePostgres)
import StatechartsDurablePostgres
#endif
import StatechartsDurableSQLite
import Testing

// The samples of docs/durable.md, compiled and run.

enum ShipmentState: String, Hashable, Sendable, Codable { case placed, paid, shipped }
enum ShipmentEvent: String, StatechartEvent, Hashable, Codable { case pay, ship, receipt, count }
struct Shipment: Codable, Sendable { var total = 0; var receipts = 0 }

/// What the docs' handler does with a message: here, remember it.
let notified = Locked<[String]>([])
func notifyCustomer(of instance: String, _ event: ShipmentEvent, messageID: String) async throws {
    notified.withLock { $0.append("\(instance) \(event) \(messageID)") }
}

@Suite("Docs: durable.md samples")
struct DurableSampleTests {
    @Test("the samples run")
    func samples() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let databasePath = folder.databasePath
        let shipments = try Statechart<ShipmentState, ShipmentEvent, Shipment> {
            State(.placed) {
                On(.pay, to: .paid)
                On(.count) { $0.receipts += 1 }
            }
            State(.paid) {
                OnEntry { shipment, _, outbox in
                    shipment.receipts += 1                                // the context: kept
                    outbox.sendToParent(.receipt)                         // sent out: the outbox
                    outbox.send(.ship, after: .seconds(3), id: "ship")    // a timer: the timers table
                }
                On(.ship, to: .shipped)
            }
            Final(.shipped)
        }

        let storage = try await SQLiteDurableStorage.open(path: databasePath)
        let store = DurableStore(chart: shipments, storage: storage)
        try await store.create("order-1", context: Shipment(total: 30))

        let result = try await store.send(.pay, to: "order-1", idempotencyKey: "payment-77")
        let order = try await store.instance("order-1")        // order?.activeLeaves == [.paid]
        #expect(result.outcome == .transitioned)
        #expect(order?.activeLeaves == [.paid])

        let paid = try await store.instances(inState: .paid)
        let waiting = try await store.instancesWithPendingTimers()
        let quarantined = try await store.quarantined()
        #expect(paid == ["order-1"] && waiting == ["order-1"] && quarantined.isEmpty)

        let worker = DurableWorker(store: store, outbox: { message in
            try await notifyCustomer(of: message.instanceID, message.event, messageID: message.id)
        })
        let running = Task { await worker.run() }
        running.cancel()
        await running.value
        _ = await worker.runOnce()
        let receiptID = try #require(try await store.outboxMessages(of: "order-1").first?.message.id)
        #expect(notified.withLock { $0 } == ["order-1 receipt \(receiptID)"])

        try await store.create("ledger", context: Shipment())
        let toLedger = store.deliveringToInstances { message in
            message.event == .receipt ? (instance: "ledger", event: .count) : nil
        }
        try await store.create("order-2", context: Shipment(total: 12))
        try await store.send(.pay, to: "order-2")
        #expect(await store.deliverOutbox(to: toLedger).delivered == 1)
        #expect(try await store.instance("ledger")?.context.receipts == 1)
        try await storage.close()
    }

    #if canImport(StatechartsDurablePostgres)
    @Test("the PostgreSQL samples run", .enabled(if: PostgresTestServer.shouldTest))
    func postgresSamples() async throws {
        try await withDatabase(.postgres) { database in
            let databaseURL = database.location
            let shipments = try Statechart<ShipmentState, ShipmentEvent, Shipment> {
                State(.placed) { On(.pay, to: .paid) }
                State(.paid) { On(.ship, to: .shipped) }
                Final(.shipped)
            }

            let storage = try await PostgresDurableStorage.connect(url: databaseURL, poolSize: 8, locking: .rowLock)
            let store = DurableStore(chart: shipments, storage: storage)
            try await store.create("order-1", context: Shipment(total: 30))

            let result = try await store.send(.pay, to: "order-1", idempotencyKey: "payment-77")
            #expect(result.outcome == .transitioned)
            #expect(try await store.instance("order-1")?.activeLeaves == [.paid])

            await storage.close()
        }
    }
    #endif
}
