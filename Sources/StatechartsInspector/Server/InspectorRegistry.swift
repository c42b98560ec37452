import Statecharts
import StatechartsSCXML
import Synchronization

/// The attached instances, in the order they were attached, with the samples that give each
/// one's events per second.
final class InspectorRegistry: Sendable {
    private struct Entry {
        let session: any InspectorSession
        /// (time, step count) samples of the last second or so, oldest first.
        var samples: [(time: Duration, steps: Int)] = []
    }

    private let entries = Locked<[Entry]>([])
    /// The instances on real time, which the server's ticker brings up to date.
    private let live = Locked<[any InspectorSession]>([])
    /// Bumped when an instance is attached or detached.
    private let membership = Atomic<Int>(0)

    var membershipVersion: Int { membership.load(ordering: .relaxed) }

    func add(_ session: any InspectorSession) {
        entries.withLock { $0.append(Entry(session: session)) }
        if session.isLive { live.withLock { $0.append(session) } }
        membership.add(1, ordering: .relaxed)
    }

    func remove(id: String) {
        entries.withLock { $0.removeAll { $0.session.id == id } }
        live.withLock { $0.removeAll { $0.id == id } }
        membership.add(1, ordering: .relaxed)
    }

    func session(id: String) -> (any InspectorSession)? {
        entries.withLock { entries in entries.first { $0.session.id == id }?.session }
    }

    /// Fires the due delayed events of every instance on real time.
    func catchUpLive(at now: Duration) {
        for session in live.withLock({ $0 }) { session.catchUpLive(at: now) }
    }

    var sessions: [any InspectorSession] { entries.withLock { $0.map(\.session) } }

    /// The `instances` message: every instance's entry, with its events per second over about
    /// the last second (sampled at most every 100 ms, whoever asks).
    func listMessage(now: Duration) -> SCXMLValue {
        // The registry's lock is taken before an instance's (`stepCount`), never the other way.
        let rated: [(session: any InspectorSession, rate: Double)] = entries.withLock { entries in
            entries.indices.map { index in
                let count = entries[index].session.stepCount
                if entries[index].samples.last.map({ now - $0.time >= .milliseconds(100) }) ?? true {
                    entries[index].samples.append((now, count))
                }
                while entries[index].samples.count > 2, now - entries[index].samples[1].time >= .milliseconds(1_000) {
                    entries[index].samples.removeFirst()
                }
                guard let first = entries[index].samples.first, now > first.time else { return (entries[index].session, 0) }
                let elapsed = now - first.time
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                return (entries[index].session, seconds > 0.05 ? Double(count - first.steps) / seconds : 0)
            }
        }
        let items = rated.flatMap { [$0.session.listEntry(eventsPerSecond: $0.rate)] + $0.session.childListEntries() }
        return .members(["type": .string("instances"), "instances": .array(items)])
    }
}
