import Foundation
import Statecharts

/// How a ``DurableStore`` turns a row written by an older chart into an instance of its own chart.
///
/// A row carries the fingerprint of the chart that wrote it. When the store's chart changes, rows
/// of the old chart are not readable as they are: their configuration and history may name
/// states the new chart renamed or dropped, and their context may have another type. A migration
/// says how: `snapshot` maps the old snapshot (a `ChartMigration`'s `migrate` from
/// StatechartsVerification does it from a state mapping, after its static check), `context` maps
/// the old context.
///
/// ```swift
/// let migration = try ChartMigration(from: ordersV1, to: ordersV2, mapping: ["held": "onHold"])
/// let store = DurableStore(chart: ordersV2, storage: storage, migrations: [
///     DurableMigration(from: ordersV1, snapshot: { try migration.migrate($0) }, context: { (old: OrderV1) in Order(old) }),
/// ])
/// try await store.migrateAll(from: ordersV1.fingerprint)   // or leave it to each row's next step
/// ```
///
/// A store with migrations reads an old row through its migration wherever it meets one (a
/// send, a timer, `instance(_:)`), and the next step writes it back under the new fingerprint;
/// ``DurableStore/migrateAll(from:)`` migrates every such row at once, or none.
public struct DurableMigration<StateID: Hashable & Sendable & Codable, Event: StatechartEvent & Codable, Context: Sendable>: Sendable {
    /// The fingerprint of the chart whose rows this migration reads (`Statechart.fingerprint`).
    public let fromFingerprint: UInt64
    let apply: @Sendable (StatechartSnapshot<StateID, Event>, Data, DurableCodec, DurableContextCoding<Context>) throws
        -> (StatechartSnapshot<StateID, Event>, Context)

    /// A migration of the rows written by the chart with fingerprint `fromFingerprint`, whose
    /// contexts are `OldContext` values (JSON as the store wrote them).
    /// - Parameters:
    ///   - fromFingerprint: the old chart's `Statechart.fingerprint`.
    ///   - oldContext: the old chart's context type.
    ///   - snapshot: the old snapshot as a snapshot of the store's chart, stamped with its
    ///     fingerprint; throws when the row cannot be migrated.
    ///   - context: the old context as a context of the store's chart; throws when it cannot be.
    public init<OldContext: Decodable & SendableMetatype>(
        from fromFingerprint: UInt64, oldContext: OldContext.Type,
        snapshot: @escaping @Sendable (StatechartSnapshot<StateID, Event>) throws -> StatechartSnapshot<StateID, Event>,
        context: @escaping @Sendable (OldContext) throws -> Context
    ) {
        self.fromFingerprint = fromFingerprint
        apply = { oldSnapshot, contextData, codec, _ in
            let oldValue: OldContext
            switch codec.decode(OldContext.self, from: contextData, what: "the old chart's context") {
            case .success(let value): oldValue = value
            case .failure(let problem): throw problem
            }
            return (try snapshot(oldSnapshot), try context(oldValue))
        }
    }

    /// A migration of the rows written by `old`, whose contexts are mapped by `context`.
    /// - Parameters:
    ///   - old: the chart that wrote the rows.
    ///   - snapshot: the old snapshot as a snapshot of the store's chart (for instance
    ///     `ChartMigration.migrate`); throws when the row cannot be migrated.
    ///   - context: the old context as a context of the store's chart.
    public init<OldContext: Decodable & SendableMetatype>(
        from old: Statechart<StateID, Event, OldContext>,
        snapshot: @escaping @Sendable (StatechartSnapshot<StateID, Event>) throws -> StatechartSnapshot<StateID, Event>,
        context: @escaping @Sendable (OldContext) throws -> Context
    ) {
        self.init(from: old.fingerprint, oldContext: OldContext.self, snapshot: snapshot, context: context)
    }

    /// A migration of the rows written by `old`, a chart with the same context type: the context
    /// is kept as it is, read with the store's ``DurableContextCoding``.
    public init(
        from old: Statechart<StateID, Event, Context>,
        snapshot: @escaping @Sendable (StatechartSnapshot<StateID, Event>) throws -> StatechartSnapshot<StateID, Event>
    ) {
        self.fromFingerprint = old.fingerprint
        apply = { oldSnapshot, contextData, codec, coding in
            let context: Context
            do {
                context = try coding.decode(contextData)
            } catch let error as DecodingError {
                throw codec.describe(error, what: "the old chart's context")
            }
            return (try snapshot(oldSnapshot), context)
        }
    }
}
