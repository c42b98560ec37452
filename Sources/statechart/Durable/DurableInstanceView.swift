import Foundation
import Statecharts
import StatechartsDurable
import StatechartsSCXML

/// What `statechart durable show` prints: an instance's rows decoded as far as they go without
/// the chart (an SCXML instance's session; any chart's snapshot, whose states are strings).
struct DurableInstanceView {
    let rows: DurableInstanceRows
    /// The snapshot, when it reads with string states and SCXML events.
    let snapshot: StatechartSnapshot<String, SCXMLEvent>?
    /// The SCXML session, when the context is one.
    let session: SCXMLSessionSnapshot?

    init(_ rows: DurableInstanceRows) {
        self.rows = rows
        snapshot = try? JSONDecoder().decode(StatechartSnapshot<String, SCXMLEvent>.self, from: rows.record.snapshot)
        session = try? JSONDecoder().decode(SCXMLSessionSnapshot.self, from: rows.record.context)
    }

    private var record: DurableInstanceRecord { rows.record }
    private var fingerprint: String { String(format: "%016llx", record.fingerprint) }

    // MARK: Text

    var lines: [String] {
        var lines = [record.id,
                     "  chart fingerprint \(fingerprint), version \(record.version), \(record.status)",
                     "  created \(Self.date(record.originMillis)), updated \(Self.date(record.updatedMillis))"]
        if let reason = record.quarantine { lines.append("  QUARANTINED: \(reason)") }
        if let snapshot {
            lines.append("  states: " + snapshot.configuration.joined(separator: ", "))
            for (state, remembered) in snapshot.history.sorted(by: { $0.key < $1.key }) {
                lines.append("  history \(state): " + remembered.joined(separator: ", "))
            }
        } else {
            lines.append("  states: (the snapshot does not read: \(Self.text(record.snapshot)))")
        }
        if let session {
            lines.append("  variables:")
            lines += session.variables.map { "    \($0.key) = \($0.value.json ?? "undefined")" }
        } else {
            lines.append("  context: " + Self.text(record.context))
        }
        let timers = snapshot?.pendingEvents ?? []
        lines.append("  timers: \(timers.count)")
        lines += timers.map { "    \(Self.name(of: $0.event)) due \(Self.date(record.originMillis &+ $0.due.millisecondsRoundedUp))" + ($0.id.map { " (id \($0))" } ?? "") }
        let pending = rows.outbox.filter { !$0.delivered }.count
        lines.append("  outbox: \(rows.outbox.count) message\(rows.outbox.count == 1 ? "" : "s"), \(pending) pending")
        lines += rows.outbox.map { message in
            let event = try? JSONDecoder().decode(SCXMLEvent.self, from: message.record.event)
            let target = event?.sendTarget.map { " to \($0)" } ?? ""
            let state = message.delivered ? "delivered" : "pending" + (message.record.lastError.map { ", \(message.record.failedAttempts) failed: \($0)" } ?? "")
            return "    \(message.record.id) \(event?.name ?? Self.text(message.record.event))\(target): \(state)"
        }
        lines.append("  log: \(rows.log.count) entr\(rows.log.count == 1 ? "y" : "ies")")
        lines += rows.log.map { entry in
            let event = entry.event.map { data in (try? JSONDecoder().decode(SCXMLEvent.self, from: data)).map(\.name) ?? Self.text(data) }
            return "    \(entry.version) \(entry.kind.rawValue)" + (event.map { " \($0)" } ?? "")
                + (entry.idempotencyKey.map { " key \($0)" } ?? "") + " at \(Self.date(entry.atMillis))"
                + (entry.lateMillis.map { $0 > 0 ? ", \($0) ms late" : "" } ?? "")
        }
        return lines
    }

    private static func name(of event: SCXMLEvent) -> String { event.name }

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    private static func date(_ millis: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(millis) / 1000))
    }

    // MARK: JSON

    var json: String {
        var object: [String: Any] = [
            "id": record.id, "fingerprint": fingerprint, "version": record.version, "status": record.status,
            "originMillis": record.originMillis, "updatedMillis": record.updatedMillis,
            "quarantine": record.quarantine ?? NSNull(),
            "states": snapshot?.configuration ?? [],
            "history": snapshot?.history ?? [:],
        ]
        if let session {
            object["variables"] = Dictionary(session.variables.map { ($0.key, Self.jsonObject($0.value)) }, uniquingKeysWith: { _, last in last })
            object["context"] = NSNull()
        } else {
            object["variables"] = NSNull()
            object["context"] = (try? JSONSerialization.jsonObject(with: record.context, options: [.fragmentsAllowed])) ?? Self.text(record.context)
        }
        object["timers"] = (snapshot?.pendingEvents ?? []).map { pending -> [String: Any] in
            ["event": pending.event.name, "dueMillis": record.originMillis &+ pending.due.millisecondsRoundedUp, "id": pending.id ?? NSNull()]
        }
        object["outbox"] = rows.outbox.map { message -> [String: Any] in
            let event = try? JSONDecoder().decode(SCXMLEvent.self, from: message.record.event)
            return ["id": message.record.id, "version": message.record.version, "event": event?.name ?? Self.text(message.record.event),
                    "target": event?.sendTarget ?? NSNull(), "processor": event?.origintype ?? NSNull(),
                    "delivered": message.delivered, "failedAttempts": message.record.failedAttempts,
                    "lastError": message.record.lastError ?? NSNull()]
        }
        object["log"] = rows.log.map { entry -> [String: Any] in
            let event = entry.event.flatMap { try? JSONDecoder().decode(SCXMLEvent.self, from: $0) }
            return ["version": entry.version, "kind": entry.kind.rawValue, "event": event?.name ?? entry.event.map(Self.text) ?? NSNull(),
                    "key": entry.idempotencyKey ?? NSNull(), "atMillis": entry.atMillis, "lateMillis": entry.lateMillis ?? NSNull()]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A value as a JSON object for `JSONSerialization` (`undefined` as null).
    private static func jsonObject(_ value: SCXMLValue) -> Any {
        guard let text = value.json, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return NSNull()
        }
        return object
    }
}
