import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

/// An event type one of whose events cannot be encoded: a step that sends it out fails after it
/// has written its instance row, timers and active states, and before its outbox.
enum FlakyEvent: StatechartEvent, Hashable, Codable {
    case go, poison

    struct Unencodable: Error {}

    init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(String.self) == "go" ? .go : .poison
    }

    func encode(to encoder: any Encoder) throws {
        guard self == .go else { throw Unencodable() }
        var container = encoder.singleValueContainer()
        try container.encode("go")
    }
}

let flakyChart = try! Statechart<OrderState, FlakyEvent, Order> {
    State(.placed) {
        On(.go, to: .paid) { order, _, outbox in
            order.payments += 1
            outbox.send(.go, after: .seconds(5))
            outbox.sendToParent(.poison)
        }
    }
    State(.paid)
}

@Suite("Durable store: a step commits whole or not at all")
struct DurableAtomicityTests {
    @Test("a step that fails after writing part of its rows leaves none of them", arguments: storageKinds)
    func failedStepLeavesNothing(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let storage = try await database.open()
            let store = DurableStore(chart: flakyChart, storage: storage.storage, clock: ManualClock().wallClock)
            try await store.create("o1", context: Order())
            await #expect(throws: DurableStoreError.self) { try await store.send(.go, to: "o1", idempotencyKey: "k") }
            let order = try #require(try await store.instance("o1"))
            #expect(order.version == 1)
            #expect(order.context.payments == 0)
            #expect(try await store.instances(inState: .placed) == ["o1"])
            #expect(try await store.instances(inState: .paid) == [])
            #expect(try await store.instancesWithPendingTimers() == [])
            #expect(try await store.eventLog(of: "o1").map(\.kind) == [.create])
            // The key was not recorded: the same key is applied when sent again (and fails again).
            await #expect(throws: DurableStoreError.self) { try await store.send(.go, to: "o1", idempotencyKey: "k") }
            try await storage.close()
        }
    }
}
