import Foundation

/// One durable instance as its storage holds it: the chart's fingerprint, the version, the
/// snapshot and the context (both JSON), and the wall time its clock started from.
public struct DurableInstanceRecord: Sendable, Hashable {
    /// The instance's id, unique in the store.
    public var id: String
    /// The `Statechart.fingerprint` of the chart that wrote the row.
    public var fingerprint: UInt64
    /// 1 after `create`, one more after each committed step.
    public var version: Int64
    /// The snapshot's status (`running`, `finished`, `stopped`), for queries.
    public var status: String
    /// The `StatechartSnapshot`, JSON.
    public var snapshot: Data
    /// The context, JSON.
    public var context: Data
    /// Milliseconds since 1970 when the instance's clock read zero (its creation).
    public var originMillis: Int64
    /// Milliseconds since 1970 of the last write.
    public var updatedMillis: Int64
    /// Why the row is quarantined, or `nil` when it is not.
    public var quarantine: String?

    /// Creates a record from its fields.
    public init(id: String, fingerprint: UInt64, version: Int64, status: String, snapshot: Data, context: Data,
                originMillis: Int64, updatedMillis: Int64, quarantine: String? = nil) {
        self.id = id
        self.fingerprint = fingerprint
        self.version = version
        self.status = status
        self.snapshot = snapshot
        self.context = context
        self.originMillis = originMillis
        self.updatedMillis = updatedMillis
        self.quarantine = quarantine
    }
}

/// A pending delayed event of an instance, as an index row: the snapshot holds the event itself.
public struct DurableTimerRecord: Sendable, Hashable {
    /// The instance.
    public var instanceID: String
    /// Its place in the instance's delivery order (0 first).
    public var ordinal: Int
    /// When it falls due, milliseconds since 1970 (the instance's origin plus its due time,
    /// rounded up).
    public var dueMillis: Int64
    /// The id it was sent with (`outbox.send(_:after:id:)`), if any.
    public var timerID: String?

    /// Creates a record from its fields.
    public init(instanceID: String, ordinal: Int, dueMillis: Int64, timerID: String?) {
        self.instanceID = instanceID
        self.ordinal = ordinal
        self.dueMillis = dueMillis
        self.timerID = timerID
    }
}

/// An event an instance sent out (`outbox.sendToParent(_:)`), waiting for delivery.
public struct DurableOutboxRecord: Sendable, Hashable {
    /// The message's id, unique in the store and the same on every delivery attempt (the store
    /// writes `<instance>/<origin>/<version>/<n>/<random>`: see `DurableMessage.id`).
    public var id: String
    /// The instance that sent it.
    public var instanceID: String
    /// The instance's version that the sending step wrote.
    public var version: Int64
    /// Its place among the events of that step (0 first).
    public var ordinal: Int
    /// The event, JSON.
    public var event: Data
    /// Milliseconds since 1970 when the step committed.
    public var createdMillis: Int64
    /// Delivery attempts that failed so far.
    public var failedAttempts: Int
    /// The last failure, if any.
    public var lastError: String?

    /// Creates a record from its fields.
    public init(id: String, instanceID: String, version: Int64, ordinal: Int, event: Data, createdMillis: Int64,
                failedAttempts: Int = 0, lastError: String? = nil) {
        self.id = id
        self.instanceID = instanceID
        self.version = version
        self.ordinal = ordinal
        self.event = event
        self.createdMillis = createdMillis
        self.failedAttempts = failedAttempts
        self.lastError = lastError
    }
}

/// One event an instance processed, in the order processed: the store's event log.
public struct DurableLogRecord: Sendable, Hashable {
    /// What kind of step it was.
    public enum Kind: String, Sendable, Hashable {
        /// The instance was created and started.
        case create
        /// An event sent with `send`.
        case send
        /// A delayed event that fell due.
        case timer
        /// The row, written by an older chart, was migrated to the store's chart (its `event`
        /// is the old fingerprint, as 16 hexadecimal digits in JSON).
        case migration
    }

    /// The instance.
    public var instanceID: String
    /// The version the step's transaction wrote.
    public var version: Int64
    /// What kind of step it was.
    public var kind: Kind
    /// The event, JSON (`nil` for `create`).
    public var event: Data?
    /// The idempotency key the event was sent with.
    public var idempotencyKey: String?
    /// The `SendResult`, JSON (`nil` for `create`).
    public var result: Data?
    /// Milliseconds since 1970 when the step ran.
    public var atMillis: Int64
    /// For a delayed event: how late it was delivered, in milliseconds of wall time after its due
    /// time (0 when on time).
    public var lateMillis: Int64?

    /// Creates a record from its fields.
    public init(instanceID: String, version: Int64, kind: Kind, event: Data?, idempotencyKey: String?, result: Data?,
                atMillis: Int64, lateMillis: Int64? = nil) {
        self.instanceID = instanceID
        self.version = version
        self.kind = kind
        self.event = event
        self.idempotencyKey = idempotencyKey
        self.result = result
        self.atMillis = atMillis
        self.lateMillis = lateMillis
    }
}

/// An instance or outbox message set aside because it could not be read.
public struct DurableQuarantineRecord: Sendable, Hashable {
    /// The instance's id, or the outbox message's.
    public var id: String
    /// Why it was set aside.
    public var reason: String

    /// Creates a record.
    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }
}
