import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite

enum OrderState: String, Hashable, Sendable, Codable { case placed, paid, shipped, delivered, cancelled }
enum OrderEvent: String, StatechartEvent, Hashable, Codable {
    case pay, ship, deliver, cancel, paymentTimeout, bump, paidNotice, shippedNotice
}
struct Order: Codable, Sendable, Equatable {
    var payments = 0
    var bumps = 0
}

/// An order: payment within 60 s or cancelled; shipped 5 s after payment; tells the outside world
/// (sendToParent) when paid and when shipped.
let orderChart = try! Statechart<OrderState, OrderEvent, Order> {
    State(.placed) {
        OnEntry { _, _, outbox in outbox.send(.paymentTimeout, after: .seconds(60), id: "payment") }
        On(.pay, to: .paid) { order, _, outbox in
            order.payments += 1
            outbox.cancel("payment")
        }
        On(.paymentTimeout, to: .cancelled)
        On(.cancel, to: .cancelled)
        On(.bump) { $0.bumps += 1 }
    }
    State(.paid) {
        OnEntry { _, _, outbox in
            outbox.send(.ship, after: .seconds(5), id: "ship")
            outbox.sendToParent(.paidNotice)
        }
        On(.ship, to: .shipped) { _, _, outbox in outbox.sendToParent(.shippedNotice) }
        On(.bump) { $0.bumps += 1 }
    }
    State(.shipped) {
        On(.deliver, to: .delivered)
        On(.bump) { $0.bumps += 1 }
    }
    Final(.delivered)
    Final(.cancelled)
}

/// Another chart of the same types, with another state tree (so another fingerprint).
let shortOrderChart = try! Statechart<OrderState, OrderEvent, Order> {
    State(.placed) { On(.pay, to: .paid) }
    Final(.paid)
}

/// A chart whose step sends a delayed event out, which a durable instance cannot keep.
let delayedOutChart = try! Statechart<OrderState, OrderEvent, Order> {
    State(.placed) { On(.pay, to: .paid) { _, _, outbox in outbox.sendToParent(.paidNotice, after: .seconds(1)) } }
    State(.paid)
}

/// A wall clock the test moves by hand.
final class ManualClock: Sendable {
    private let now = Locked<Int64>(1_700_000_000_000)
    var millis: Int64 { now.withLock { $0 } }
    func advance(by duration: Duration) {
        now.withLock { $0 += duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 }
    }
    var wallClock: WallClock { WallClock { self.millis } }
}

/// A new folder for one test's database files, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("durable-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databasePath: String { url.appendingPathComponent("store.sqlite").path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

typealias OrderStore = DurableStore<OrderState, OrderEvent, Order>

/// Opens a store of `chart` on `database`.
func openStore(_ database: TestDatabase, chart: Statechart<OrderState, OrderEvent, Order> = orderChart,
               clock: ManualClock, locking: TestLocking = .rowLock) async throws -> (OrderStore, TestStorage) {
    let storage = try await database.open(locking: locking)
    return (DurableStore(chart: chart, storage: storage.storage, clock: clock.wallClock), storage)
}

extension DurableMessage {
    /// Where the message stands in what its instance sent: `<instance>/<version>/<n>` (its id
    /// has a random part besides).
    var position: String { "\(instanceID)/\(version)/\(ordinal)" }
}

/// Something a test handler can fail with.
struct DeliveryRefused: Error {}

/// Messages a handler received, across tasks.
final class Received: Sendable {
    private let ids = Locked<[String]>([])
    func append(_ id: String) { ids.withLock { $0.append(id) } }
    var all: [String] { ids.withLock { $0 } }
}

/// Runs `body` with a store on a new database of `kind`, and closes and removes everything after.
func withStore<T>(_ kind: StorageKind, clock: ManualClock = ManualClock(),
                  _ body: (OrderStore, TestDatabase, ManualClock) async throws -> T) async throws -> T {
    try await withDatabase(kind) { database in
        let (store, storage) = try await openStore(database, clock: clock)
        do {
            let value = try await body(store, database, clock)
            try await storage.close()
            return value
        } catch {
            try? await storage.close()
            throw error
        }
    }
}
