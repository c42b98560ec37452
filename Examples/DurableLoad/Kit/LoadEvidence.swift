import Foundation
import Statecharts
import StatechartsDurable

/// What the store holds about one instance after a load run: what the checker compares with its
/// reference run.
public struct LoadInstanceEvidence: Sendable {
    /// The instance's id.
    public var id: String
    /// The context it was created with (from the plan).
    public var initialContext: LoadOrder
    /// The keys the plan sent it.
    public var expectedKeys: Set<String>
    /// The wall time its clock started from; `nil` when the store has no such instance.
    public var originMillis: Int64?
    /// Its version in the store.
    public var version: Int64
    /// Its snapshot (configuration, history, clock, pending timers) as committed.
    public var snapshot: StatechartSnapshot<LoadState, LoadEvent>?
    /// Its context as committed.
    public var context: LoadOrder?
    /// Its event log, in order.
    public var log: [DurableLogRecord]

    /// Evidence from its parts.
    public init(id: String, initialContext: LoadOrder, expectedKeys: Set<String>, originMillis: Int64?, version: Int64,
                snapshot: StatechartSnapshot<LoadState, LoadEvent>?, context: LoadOrder?, log: [DurableLogRecord]) {
        self.id = id
        self.initialContext = initialContext
        self.expectedKeys = expectedKeys
        self.originMillis = originMillis
        self.version = version
        self.snapshot = snapshot
        self.context = context
        self.log = log
    }
}

/// One outbox message as the store holds it.
public struct LoadOutboxEvidence: Sendable, Hashable {
    /// The message's id (what the handlers recorded).
    public var id: String
    /// The instance that sent it.
    public var instanceID: String
    /// The version the sending step wrote.
    public var version: Int64
    /// Its place among that step's messages.
    public var ordinal: Int
    /// The event sent out.
    public var event: LoadEvent
    /// Whether the store marked it delivered.
    public var delivered: Bool

    /// Evidence from its parts.
    public init(id: String, instanceID: String, version: Int64, ordinal: Int, event: LoadEvent, delivered: Bool) {
        self.id = id
        self.instanceID = instanceID
        self.version = version
        self.ordinal = ordinal
        self.event = event
        self.delivered = delivered
    }

    /// Where the message stands in what its instance sent, `<instance>/<version>/<n>`: what the
    /// reference run predicts (the id has a random part).
    public var position: String { LoadChecker.position(instanceID, version, ordinal) }
}

/// Everything the checker reads after a load run.
public struct LoadEvidence: Sendable {
    /// Every instance of the plan.
    public var instances: [LoadInstanceEvidence]
    /// Every outbox message in the store.
    public var outbox: [LoadOutboxEvidence]
    /// The ids the workers' outbox handlers recorded, one per delivery (duplicates included).
    public var deliveredIDs: [String]

    /// Evidence from its parts.
    public init(instances: [LoadInstanceEvidence], outbox: [LoadOutboxEvidence], deliveredIDs: [String]) {
        self.instances = instances
        self.outbox = outbox
        self.deliveredIDs = deliveredIDs
    }

    /// Reads the evidence of `plan`'s instances from `store`, with the delivered ids the workers
    /// recorded.
    public static func gather(from store: DurableStore<LoadState, LoadEvent, LoadOrder>, plan: LoadPlan,
                              deliveredIDs: [String]) async throws -> LoadEvidence {
        let keys = plan.keysByInstance()
        var instances: [LoadInstanceEvidence] = []
        instances.reserveCapacity(plan.instances)
        for index in 0..<plan.instances {
            let id = plan.instanceID(index)
            let stored = try await store.instance(id)
            instances.append(LoadInstanceEvidence(
                id: id, initialContext: LoadPlan.initialContext(index), expectedKeys: keys[index] ?? [],
                originMillis: stored?.originMillis, version: stored?.version ?? 0, snapshot: stored?.instance.snapshot(),
                context: stored?.context, log: try await store.eventLog(of: id)))
        }
        let outbox = try await store.outboxMessages().filter { $0.message.instanceID.hasPrefix(plan.prefix) }.map {
            LoadOutboxEvidence(id: $0.message.id, instanceID: $0.message.instanceID, version: $0.message.version,
                               ordinal: $0.message.ordinal, event: $0.message.event, delivered: $0.delivered)
        }
        return LoadEvidence(instances: instances, outbox: outbox, deliveredIDs: deliveredIDs)
    }
}
