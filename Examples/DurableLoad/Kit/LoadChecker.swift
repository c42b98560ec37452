import Foundation
import Statecharts
import StatechartsDurable

/// One difference between the store and the reference run.
public struct LoadMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The instance (or outbox message) concerned.
    public var subject: String
    /// What differs.
    public var what: String
    /// What the reference run (or the plan) expects.
    public var expected: String
    /// What the store holds.
    public var found: String

    /// The mismatch in one line.
    public var description: String { "\(subject): \(what): expected \(expected), found \(found)" }
}

/// What the checker counted, and the mismatches it found.
public struct LoadCheckReport: Sendable {
    /// Instances checked.
    public var instances = 0
    /// Committed steps replayed (creates, sends, timer deliveries).
    public var steps = 0
    /// Sends applied (one per distinct key).
    public var sendsApplied = 0
    /// Delayed events scheduled, cancelled before they fell due, and delivered.
    public var timersScheduled = 0, timersCancelled = 0, timersDelivered = 0
    /// Outbox messages, and deliveries the handlers recorded (a message delivered twice counts twice).
    public var outboxMessages = 0, deliveries = 0
    /// Every mismatch, in the order found.
    public var mismatches: [LoadMismatch] = []

    /// Whether the store matched the reference run everywhere.
    public var passed: Bool { mismatches.isEmpty }

    /// The counts, in one line.
    public var summary: String {
        "\(instances) instances, \(steps) steps replayed, \(sendsApplied) sends applied once each, timers: "
            + "\(timersScheduled) scheduled, \(timersCancelled) cancelled, \(timersDelivered) delivered once each; "
            + "\(outboxMessages) outbox messages delivered (\(deliveries - outboxMessages) redeliveries)"
    }
}

/// Compares a store after a load run with a single-process reference: for each instance a plain
/// `StatechartInstance` of the same chart replays, from the store's event log, the steps that
/// committed (each at the instance time it committed at), and must deliver exactly the timers
/// the log shows, give the same results, send out the same messages and end in the same
/// configuration, history, clock and context.
public struct LoadChecker: Sendable {
    /// The chart of the store.
    public let chart: Statechart<LoadState, LoadEvent, LoadOrder>

    /// A checker of stores of `chart`.
    public init(chart: Statechart<LoadState, LoadEvent, LoadOrder> = loadChart) { self.chart = chart }

    /// Checks `evidence`: every instance against its reference run, every key applied once, no
    /// timer lost or fired twice, every outbox message delivered at least once.
    public func check(_ evidence: LoadEvidence) -> LoadCheckReport {
        var report = LoadCheckReport()
        var expectedOutbox: [String: LoadEvent] = [:]
        for instance in evidence.instances {
            replay(instance, into: &report, outbox: &expectedOutbox)
        }
        checkOutbox(evidence, expected: expectedOutbox, into: &report)
        return report
    }

    private func replay(_ evidence: LoadInstanceEvidence, into report: inout LoadCheckReport,
                        outbox: inout [String: LoadEvent]) {
        let id = evidence.id
        report.instances += 1
        func mismatch(_ what: String, _ expected: String, _ found: String) {
            report.mismatches.append(LoadMismatch(subject: id, what: what, expected: expected, found: found))
        }
        guard let origin = evidence.originMillis, let snapshot = evidence.snapshot, let context = evidence.context else {
            return mismatch("instance", "in the store", "missing")
        }
        let steps = Dictionary(grouping: evidence.log, by: \.version).sorted { $0.key < $1.key }
        guard let create = steps.first, create.key == 1, create.value.map(\.kind) == [.create] else {
            return mismatch("first step", "v1 create", steps.first.map { "v\($0.key) \($0.value.map(\.kind.rawValue))" } ?? "none")
        }
        var reference = chart.start(context: evidence.initialContext)
        report.steps += 1
        report.timersScheduled += reference.snapshot().pendingEvents.count
        record(reference.takeEventsForParent(), of: id, version: 1, into: &outbox)
        var appliedKeys: Set<String> = []
        var previous: Int64 = 1
        for (version, rows) in steps.dropFirst() {
            report.steps += 1
            if version != previous + 1 { mismatch("versions", "v\(previous + 1)", "v\(version)") }
            previous = version
            let before = reference.snapshot().pendingEvents
            let target = Duration.milliseconds(max(0, rows[0].atMillis - origin))
            let deliveries = target > reference.now ? reference.advanceClock(by: target - reference.now) : []
            let timerRows = rows.filter { $0.kind == .timer }
            let logged = timerRows.map { decode(LoadEvent.self, $0.event).map(\.rawValue) ?? "undecodable" }
            if deliveries.map(\.event.rawValue) != logged {
                mismatch("timers delivered at v\(version)", "\(deliveries.map(\.event.rawValue))", "\(logged)")
            }
            for (delivery, row) in zip(deliveries, timerRows) where decode(SendResult.self, row.result) != delivery.result {
                mismatch("result of timer \(delivery.event) at v\(version)", "\(delivery.result.outcome)", "another result")
            }
            let sends = rows.filter { $0.kind == .send }
            if sends.count > 1 || (sends.isEmpty && timerRows.isEmpty) || rows.contains(where: { $0.kind == .create }) {
                mismatch("step v\(version)", "timers, then at most one send", "\(rows.map(\.kind.rawValue))")
            }
            for row in sends.prefix(1) {
                guard let event = decode(LoadEvent.self, row.event) else {
                    mismatch("event at v\(version)", "an event", "undecodable")
                    continue
                }
                let key = row.idempotencyKey ?? "(none)"
                if !appliedKeys.insert(key).inserted { mismatch("key \(key)", "applied once", "applied again at v\(version)") }
                if !evidence.expectedKeys.contains(key) { mismatch("key \(key)", "a key the plan sent", "an unknown key") }
                let result = reference.send(event)
                if decode(SendResult.self, row.result) != result {
                    mismatch("result of \(event) at v\(version)", "\(result.outcome)", "another result")
                }
                report.sendsApplied += 1
            }
            countTimers(before: before, delivered: deliveries, after: reference.snapshot().pendingEvents, into: &report)
            record(reference.takeEventsForParent(), of: id, version: version, into: &outbox)
        }
        let missing = evidence.expectedKeys.subtracting(appliedKeys)
        if !missing.isEmpty { mismatch("keys applied", "all \(evidence.expectedKeys.count)", "\(missing.count) never applied: \(missing.sorted().prefix(5))") }
        if evidence.version != previous { mismatch("version", "v\(previous) (the log's last)", "v\(evidence.version)") }
        let expected = reference.snapshot()
        if snapshot.configuration != expected.configuration {
            mismatch("configuration", "\(expected.configuration.map(\.rawValue))", "\(snapshot.configuration.map(\.rawValue))")
        }
        if snapshot.history != expected.history { mismatch("history", "\(expected.history)", "\(snapshot.history)") }
        if snapshot.now != expected.now || snapshot.status != expected.status {
            mismatch("clock and status", "\(expected.now) \(expected.status)", "\(snapshot.now) \(snapshot.status)")
        }
        if snapshot.pendingEvents != expected.pendingEvents {
            mismatch("pending timers", "\(expected.pendingEvents.map(\.event.rawValue))", "\(snapshot.pendingEvents.map(\.event.rawValue))")
        }
        if !snapshot.pendingEvents.isEmpty {
            mismatch("timers after the run", "none pending", "\(snapshot.pendingEvents.map(\.event.rawValue)) never delivered")
        }
        if context != reference.context { mismatch("context", "\(reference.context)", "\(context)") }
    }

    /// Counts the timers a step scheduled and cancelled, from the pending timers before and after
    /// it and the ones it delivered.
    private func countTimers(before: [StatechartSnapshot<LoadState, LoadEvent>.PendingEvent],
                             delivered: [DelayedDelivery<LoadEvent>],
                             after: [StatechartSnapshot<LoadState, LoadEvent>.PendingEvent], into report: inout LoadCheckReport) {
        var remaining = before
        for delivery in delivered {
            report.timersDelivered += 1
            if let index = remaining.firstIndex(where: { $0.event == delivery.event && $0.due == delivery.time }) {
                remaining.remove(at: index)
            } else {
                report.timersScheduled += 1  // scheduled and delivered within this step
            }
        }
        var stillPending = after
        for timer in remaining {
            if let index = stillPending.firstIndex(of: timer) { stillPending.remove(at: index) } else { report.timersCancelled += 1 }
        }
        report.timersScheduled += stillPending.count
    }

    /// A message's place in what its instance sent: the checker matches the store's messages
    /// with the reference run's by it.
    static func position(_ instanceID: String, _ version: Int64, _ ordinal: Int) -> String {
        "\(instanceID)/\(version)/\(ordinal)"
    }

    private func record(_ events: [LoadEvent], of id: String, version: Int64, into outbox: inout [String: LoadEvent]) {
        for (ordinal, event) in events.enumerated() { outbox[Self.position(id, version, ordinal)] = event }
    }

    private func checkOutbox(_ evidence: LoadEvidence, expected: [String: LoadEvent], into report: inout LoadCheckReport) {
        let delivered = Set(evidence.deliveredIDs)
        report.outboxMessages = evidence.outbox.count
        report.deliveries = evidence.deliveredIDs.count
        // Messages are matched with the reference's by instance, version and place; the handlers'
        // records with the store's messages by id.
        var seen: Set<String> = []
        var ids: Set<String> = []
        for message in evidence.outbox {
            ids.insert(message.id)
            func mismatch(_ what: String, _ expected: String, _ found: String) {
                report.mismatches.append(LoadMismatch(subject: "message \(message.id)", what: what, expected: expected, found: found))
            }
            if !seen.insert(message.position).inserted {
                mismatch("message", "one at \(message.position)", "another one there")
            }
            if let event = expected[message.position] {
                if event != message.event { mismatch("event", event.rawValue, message.event.rawValue) }
            } else {
                mismatch("message", "none (the reference sent no such message)", message.event.rawValue)
            }
            if !message.delivered { mismatch("delivery", "marked delivered", "pending") }
            if !delivered.contains(message.id) { mismatch("delivery", "recorded by a handler", "never handled") }
        }
        for (position, event) in expected where !seen.contains(position) {
            report.mismatches.append(LoadMismatch(subject: "message \(position)", what: "outbox", expected: event.rawValue, found: "missing"))
        }
        for id in delivered.subtracting(ids) {
            report.mismatches.append(LoadMismatch(subject: "message \(id)", what: "delivery", expected: "a message of the outbox",
                                                  found: "handled, but not in the outbox"))
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data?) -> T? {
        data.flatMap { try? JSONDecoder().decode(type, from: $0) }
    }
}
