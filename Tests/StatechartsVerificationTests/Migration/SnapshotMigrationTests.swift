import Statecharts
import StatechartsVerification
import Testing

/// `migrate(_:from:to:mapping:)`: snapshots of one version restored in the next.
@Suite("Migration: snapshots")
struct SnapshotMigrationTests {
    typealias Chart = PlayerVersions.Chart

    func run(_ chart: Chart, _ events: [String]) -> StatechartInstance<String, String, Void> {
        var instance = chart.start()
        for event in events { instance.send(event) }
        return instance
    }

    @Test("a legal mapping: renamed and merged states, the memory too, restored and running in the new version")
    func legalMapping() throws {
        let v1 = try PlayerVersions.v1(), v2 = try PlayerVersions.v2()
        let paused = run(v1, ["power", "play", "pause", "power"]).snapshot()
        #expect(paused.configuration == ["off"])
        #expect(paused.history == ["resume": ["paused"]])

        let migrated = try migrate(paused, from: v1, to: v2, mapping: ["paused": "playing", "stopped": "idle"])
        #expect(migrated.configuration == ["off"])
        #expect(migrated.history == ["resume": ["playing"]])
        #expect(migrated.chartFingerprint == v2.fingerprint)
        var instance = try v2.restore(migrated, context: ())
        instance.send("power")
        #expect(instance.configuration == ["on", "playing"])

        let stopped = run(v1, ["power"]).snapshot()
        let renamed = try migrate(stopped, from: v1, to: v2, mapping: ["paused": "playing", "stopped": "idle"])
        #expect(renamed.configuration == ["on", "idle"])
        #expect(try v2.restore(renamed, context: ()).activeLeaves == ["idle"])
    }

    @Test("an illegal mapping is refused, naming the state, and the snapshot is left as it was")
    func illegalMapping() throws {
        let v1 = try PlayerVersions.v1(), v2 = try PlayerVersions.v2()
        let paused = run(v1, ["power", "play", "pause"]).snapshot()
        let before = paused
        do {
            _ = try migrate(paused, from: v1, to: v2, mapping: ["stopped": "idle"])
            Issue.record("a snapshot in 'paused' migrated although v2 has no 'paused'")
        } catch {
            #expect(error.problems.map(\.kind) == [.unmappedState])
            #expect(error.problems.first?.states == ["paused"])
            #expect(error.description.contains("'paused'"))
        }
        #expect(paused == before)
        #expect(try v1.restore(paused, context: ()).activeLeaves == ["paused"])
    }

    @Test("a mapping naming states the charts do not have is refused before anything is mapped")
    func badMapping() throws {
        let v1 = try PlayerVersions.v1(), v2 = try PlayerVersions.v2()
        do {
            _ = try ChartMigration(from: v1, to: v2, mapping: StateMapping(["pasued": "playing", "stopped": "idel"], forgettingHistoryOf: ["on"]))
            Issue.record("a mapping with unknown states was accepted")
        } catch {
            #expect(error.problems.map(\.kind) == [.unknownNewState, .unknownOldState, .unknownOldState])
            #expect(error.problems.map(\.states) == [["idel"], ["pasued"], ["on"]])
        }
    }

    @Test("a snapshot of another chart is refused")
    func otherChart() throws {
        let v1 = try PlayerVersions.v1(), v2 = try PlayerVersions.v2()
        let fromV2 = run(v2, ["power"]).snapshot()
        #expect(throws: MigrationError<String>.self) { try migrate(fromV2, from: v1, to: v2) }
    }

    @Test("shallow history: a state moved into a new compound state is remembered as that compound state")
    func shallowHistoryLifted() throws {
        let v1 = try PlayerVersions.v1(), v3 = try PlayerVersions.v3()
        let snapshot = run(v1, ["power", "play", "power"]).snapshot()
        #expect(snapshot.history == ["resume": ["playing"]])
        let migrated = try migrate(snapshot, from: v1, to: v3)
        #expect(migrated.history == ["resume": ["active"]])
        var instance = try v3.restore(migrated, context: ())
        instance.send("power")
        #expect(instance.configuration == ["on", "active", "playing"])

        let playing = try migrate(run(v1, ["power", "play"]).snapshot(), from: v1, to: v3)
        #expect(playing.configuration == ["on", "active", "playing"])
        #expect(try v3.restore(playing, context: ()).activeLeaves == ["playing"])
    }

    @Test("deep history: renamed leaves are remembered under their new names; merged leaves of a flattened state too")
    func deepHistory() throws {
        let v1 = try PlayerVersions.deep()
        let muted = run(v1, ["power", "play", "mute", "power"]).snapshot()
        #expect(muted.history == ["resume": ["muted"]])

        let renamed = try PlayerVersions.deep(normal: "loud", muted: "quiet")
        let toRenamed = try migrate(muted, from: v1, to: renamed, mapping: ["normal": "loud", "muted": "quiet"])
        #expect(toRenamed.history == ["resume": ["quiet"]])
        var instance = try renamed.restore(toRenamed, context: ())
        instance.send("power")
        #expect(instance.configuration == ["on", "playing", "quiet"])

        let flat = try PlayerVersions.deepFlat()
        let toFlat = try migrate(muted, from: v1, to: flat, mapping: ["normal": "playing", "muted": "playing"])
        #expect(toFlat.history == ["resume": ["playing"]])
        var flatInstance = try flat.restore(toFlat, context: ())
        flatInstance.send("power")
        #expect(flatInstance.configuration == ["on", "playing"])
    }

    @Test("deep history: a memory mapped onto a compound state is refused")
    func deepHistoryIllegal() throws {
        let v1 = try PlayerVersions.deep()
        let muted = run(v1, ["power", "play", "mute", "power"]).snapshot()
        do {
            _ = try migrate(muted, from: v1, to: v1, mapping: ["muted": "playing"])
            Issue.record("a deep memory of a compound state was accepted")
        } catch {
            #expect(error.problems.map(\.kind) == [.outsideHistoryParent])
            #expect(error.problems.first?.states == ["resume", "playing"])
        }
    }

    @Test("parallel regions: a removed region's states become the parallel state; an added region cannot be filled")
    func parallelRegions() throws {
        let v1 = try PlayerVersions.regions([1, 2])
        let snapshot = run(v1, ["start", "flip2"]).snapshot()
        #expect(snapshot.configuration == ["both", "r1", "r1a", "r2", "r2b"])

        let fewer = try PlayerVersions.regions([1])
        let removed = try migrate(snapshot, from: v1, to: fewer, mapping: ["r2": "both", "r2a": "both", "r2b": "both"])
        #expect(removed.configuration == ["both", "r1", "r1a"])
        #expect(try fewer.restore(removed, context: ()).activeLeaves == ["r1a"])

        let more = try PlayerVersions.regions([1, 2, 3])
        do {
            _ = try migrate(snapshot, from: v1, to: more)
            Issue.record("a configuration without the new region was accepted")
        } catch {
            #expect(error.problems.map(\.kind) == [.missingRegions])
            #expect(error.problems.first?.states == ["both", "r3"])
        }
    }

    @Test("status, clock, pending delayed events and queued events are carried over")
    func carriedOver() throws {
        let v1 = try Statechart<String, String, Void>("timer v1") {
            State("idle") {
                On("arm", to: "armed", actions: [Action("schedule") { _, _, outbox in
                    outbox.send("ring", after: .seconds(5), id: "alarm")
                }])
            }
            State("armed") { On("ring", to: "ringing") }
            State("ringing")
        }
        let v2 = try Statechart<String, String, Void>("timer v2") {
            State("idle") { On("arm", to: "waiting") }
            State("waiting") { On("ring", to: "ringing") }
            State("ringing")
        }
        var instance = v1.start()
        instance.send("arm")
        instance.advanceClock(by: .seconds(2))
        let snapshot = instance.snapshot()
        let migrated = try migrate(snapshot, from: v1, to: v2, mapping: ["armed": "waiting"])
        #expect(migrated.status == snapshot.status)
        #expect(migrated.now == .seconds(2))
        #expect(migrated.pendingEvents == snapshot.pendingEvents)
        #expect(migrated.externalQueue == snapshot.externalQueue)
        var restored = try v2.restore(migrated, context: ())
        restored.advanceClock(by: .seconds(3))
        #expect(restored.activeLeaves == ["ringing"])
    }

    @Test("a finished instance must stay in a top-level final state")
    func finished() throws {
        let v1 = try Statechart<String, String, Void>("job v1") {
            State("working") { On("finish", to: "done") }
            Final("done")
        }
        let v2 = try Statechart<String, String, Void>("job v2") {
            State("working") { On("finish", to: "complete") }
            Final("complete")
            State("archived")
        }
        var instance = v1.start()
        instance.send("finish")
        let snapshot = instance.snapshot()
        #expect(try migrate(snapshot, from: v1, to: v2, mapping: ["done": "complete"]).configuration == ["complete"])
        #expect(throws: MigrationError<String>.self) { try migrate(snapshot, from: v1, to: v2, mapping: ["done": "archived"]) }
    }
}
