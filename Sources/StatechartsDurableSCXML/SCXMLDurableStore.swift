import Foundation
import Statecharts
import StatechartsDurable
import StatechartsSCXML

/// Durable instances of an SCXML chart: a ``DurableStore`` whose rows hold each instance's
/// configuration and its session (the chart's `<data>` variables, `In()`, send ids, `_event`).
///
/// ```swift
/// let chart = try SCXMLChart(contentsOf: url, dataModels: [.ecmascript])
/// let scxml = SCXMLDurableStore(chart: chart, storage: try await SQLiteDurableStorage.open(path: path))
/// try await scxml.create("order-1")                                   // _sessionid is "order-1"
/// try await scxml.store.send(SCXMLEvent("pay"), to: "order-1", idempotencyKey: "payment-77")
/// ```
///
/// Everything else is the generic ``store``'s: sends, queries, timers (`<send delay>` to the
/// instance itself), workers, migrations of the row format. What an SCXML chart adds:
/// - a `<send>` through another I/O processor (`type="basichttp"`, say) is not handed over during
///   the step: it goes to the outbox with the step, and ``deliveringThroughProcessors()`` hands it
///   to the processor after commit, at least once, with the message's stable id;
/// - the variables are kept as the data model gives them out (see `SCXMLSessionSnapshot`):
///   functions and values JSON cannot hold are not, nor variables without a `<data>` element;
/// - `<invoke>` cannot be kept in a row: a step that starts an invocation throws and changes
///   nothing; a send to `#_parent` or another session raises `error.communication`.
public final class SCXMLDurableStore: Sendable {
    /// The chart.
    public let chart: SCXMLChart
    /// The store, for everything that is not particular to SCXML.
    public let store: DurableStore<String, SCXMLEvent, SCXMLContext>
    /// The I/O processors besides the SCXML one: listed in each session's `_ioprocessors`, and
    /// where ``deliveringThroughProcessors()`` hands what instances sent through them.
    public let ioProcessors: [any SCXMLEventIOProcessor]
    private let log: (@Sendable (_ instanceID: String, SCXMLLogRecord) -> Void)?

    /// A store of `chart`'s instances in `storage`.
    /// - Parameters:
    ///   - chart: the chart; rows carry its statechart's fingerprint.
    ///   - storage: the database.
    ///   - ioProcessors: I/O processors besides the SCXML one.
    ///   - log: where `<log>` output goes, with the instance's id; by default it is dropped. A
    ///     step that is retried logs again.
    ///   - clock: the wall clock (the system's by default).
    ///   - conflictRetries: retries of a step whose version check failed.
    public init(chart: SCXMLChart, storage: any DurableStorage, ioProcessors: [any SCXMLEventIOProcessor] = [],
                log: (@Sendable (_ instanceID: String, SCXMLLogRecord) -> Void)? = nil, clock: WallClock = .system,
                conflictRetries: Int = 8) {
        self.chart = chart
        self.ioProcessors = ioProcessors
        self.log = log
        store = DurableStore(chart: chart.statechart, storage: storage,
                             contextCoding: Self.coding(chart, ioProcessors: ioProcessors, log: log),
                             clock: clock, conflictRetries: conflictRetries)
    }

    /// Creates the instance `id` (its session id is `id` too) and starts it, or returns it when
    /// it already exists.
    /// - Throws: ``SCXMLDurableStoreError`` when the data model cannot be created; the store's errors.
    @discardableResult
    public func create(_ id: String) async throws -> DurableInstance<String, SCXMLEvent, SCXMLContext> {
        let context: SCXMLContext
        do {
            let log = self.log
            context = try chart.makeContext(sessionID: id, ioProcessors: ioProcessors,
                                            log: { record in log?(id, record) })
        } catch {
            throw SCXMLDurableStoreError(message: "cannot create '\(id)': \(error)")
        }
        context.session.processorSends = .afterTheStep
        return try await store.create(id, context: context)
    }

    /// The chart's variables in an instance, in ``StatechartsSCXML/SCXMLChart/variableNames``
    /// order; a variable without a value yet is left out.
    public func variables(of instance: DurableInstance<String, SCXMLEvent, SCXMLContext>) -> [SCXMLValue.Member] {
        chart.snapshot(of: instance.context).variables
    }

    /// The coding of contexts: the session's snapshot as JSON, read into a new session.
    private static func coding(
        _ chart: SCXMLChart, ioProcessors: [any SCXMLEventIOProcessor], log: (@Sendable (String, SCXMLLogRecord) -> Void)?
    ) -> DurableContextCoding<SCXMLContext> {
        let encode: @Sendable (SCXMLContext) throws -> Data = { context in
            try JSONEncoder().encode(chart.snapshot(of: context))
        }
        let decode: @Sendable (Data) throws -> SCXMLContext = { data in
            let snapshot = try JSONDecoder().decode(SCXMLSessionSnapshot.self, from: data)
            var sessionLog: (@Sendable (SCXMLLogRecord) -> Void) = { _ in }
            if let log {
                let sessionID = snapshot.sessionID
                sessionLog = { record in log(sessionID, record) }
            }
            do {
                return try chart.makeContext(restoring: snapshot, ioProcessors: ioProcessors, processorSends: .afterTheStep,
                                             log: sessionLog)
            } catch {
                throw SCXMLDurableStoreError(message: "cannot restore session '\(snapshot.sessionID)': \(error)")
            }
        }
        return DurableContextCoding(encode: encode, decode: decode)
    }
}

/// A durable SCXML instance that cannot be made, restored or reached, and why.
public struct SCXMLDurableStoreError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
