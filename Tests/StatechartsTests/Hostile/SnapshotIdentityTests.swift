import Foundation
@_spi(Testing) import Statecharts
import Testing

/// A snapshot carries the fingerprint of its chart's state tree: another chart's snapshot is
/// refused even when the state names it uses exist, unless the caller migrates it explicitly.
@Suite("Hostile: snapshots from another chart, or that contradict themselves")
struct SnapshotIdentityTests {
    enum S: String, Hashable, Sendable, Codable { case a, b, c, done }
    enum E: String, StatechartEvent, Hashable, Codable { case go, finish }

    static func chart(nested: Bool) throws -> Statechart<S, E, Void> {
        try Statechart<S, E, Void> {
            if nested {
                State(.a) { State(.b) { On(.go, to: .c) }; State(.c) }
            } else {
                State(.a) { On(.go, to: .b) }
                State(.b) { On(.go, to: .c) }
                State(.c) { On(.finish, to: .done) }
            }
            Final(.done)
        }
    }

    @Test("a snapshot of one chart does not restore into another whose state names it also uses")
    func otherChart() throws {
        let nested = try Self.chart(nested: true)
        let flat = try Self.chart(nested: false)
        #expect(nested.fingerprint != flat.fingerprint)
        var instance = flat.start()
        instance.send(.go)
        let snapshot = instance.snapshot()
        #expect(snapshot.chartFingerprint == flat.fingerprint)
        #expect {
            _ = try nested.restore(snapshot, context: ())
        } throws: { error in
            (error as? SnapshotRestoreError)?.problems.contains { $0.contains("taken from another chart") } ?? false
        }
        // The same snapshot passes the fingerprint check with the override; the structural checks
        // still apply (`b` is not a top-level state of the nested chart).
        #expect(throws: SnapshotRestoreError.self) { _ = try nested.restore(snapshot, context: (), verifyingFingerprint: false) }
        // Into its own chart it restores, through JSON too.
        let decoded = try JSONDecoder().decode(StatechartSnapshot<S, E>.self, from: JSONEncoder().encode(snapshot))
        #expect(try flat.restore(decoded, context: ()).configuration == [.b])
    }

    @Test("a snapshot without a fingerprint is refused unless the caller says to skip the check")
    func missingFingerprint() throws {
        let chart = try Self.chart(nested: false)
        let snapshot = StatechartSnapshot<S, E>(status: .running, configuration: [.c])
        #expect {
            _ = try chart.restore(snapshot, context: ())
        } throws: { error in
            (error as? SnapshotRestoreError)?.problems == [
                "the snapshot carries no chart fingerprint; restore with verifyingFingerprint: false if it was built by hand or taken by an older version",
            ]
        }
        var migrated = try chart.restore(snapshot, context: (), verifyingFingerprint: false)
        migrated.send(.finish)
        #expect(migrated.isFinished)
    }

    @Test("the fingerprint depends on the state tree alone: the same with plans off, stable across processes")
    func stable() throws {
        let flat = try Self.chart(nested: false)
        let general = try Statechart<S, E, Void>(singlePathPlans: false) {
            State(.a) { On(.go, to: .b) }
            State(.b) { On(.go, to: .c) }
            State(.c) { On(.finish, to: .done) }
            Final(.done)
        }
        let otherTransitions = try Statechart<S, E, Void> {
            State(.a) { On(.finish, to: .c) }
            State(.b)
            State(.c) { On(.go, to: .a) }
            Final(.done)
        }
        #expect(general.fingerprint == flat.fingerprint)
        #expect(otherTransitions.fingerprint == flat.fingerprint)
        // Pinned: stored snapshots hold this number, so it must not change between versions.
        #expect(String(flat.fingerprint, radix: 16) == "885e1d12a7a48687")
    }

    @Test("a finished snapshot whose configuration holds no top-level final state is refused")
    func finishedWithoutFinal() throws {
        let chart = try Self.chart(nested: false)
        var instance = chart.start()
        for event in [E.go, .go, .finish] { instance.send(event) }
        #expect(instance.isFinished)
        let finished = instance.snapshot()
        #expect(finished.status == .finished)
        #expect(try chart.restore(finished, context: ()).isFinished)
        var forged = finished
        forged.configuration = [.c]
        #expect {
            _ = try chart.restore(forged, context: ())
        } throws: { error in
            (error as? SnapshotRestoreError)?.problems.contains { $0.contains("holds a top-level final state, and this one holds none") } ?? false
        }
    }

    @Test("a not-started snapshot holds nothing else")
    func notStartedWithPendingEvents() throws {
        let chart = try Self.chart(nested: false)
        let snapshot = StatechartSnapshot<S, E>(status: .notStarted, configuration: [],
                                                pendingEvents: [.init(due: .seconds(1), event: .go, id: nil)],
                                                chartFingerprint: chart.fingerprint)
        #expect(throws: SnapshotRestoreError.self) { _ = try chart.restore(snapshot, context: ()) }
    }
}
