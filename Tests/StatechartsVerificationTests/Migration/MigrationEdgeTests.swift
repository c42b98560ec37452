import Statecharts
import StatechartsVerification
import Testing

/// Migrations of removed history states, merged history states and charts whose context
/// decides what is reachable.
@Suite("Migration: history removed or merged, context explored")
struct MigrationEdgeTests {
    /// v1's player without its history state: power always comes back to stopped.
    static func withoutHistory() throws -> PlayerVersions.Chart {
        try PlayerVersions.Chart("player without history") {
            State("off") { On("power", to: "on") }
            State("on", initial: "stopped") {
                On("power", to: "off")
                State("stopped") { On("play", to: "playing") }
                State("playing") {
                    On("pause", to: "paused")
                    On("stop", to: "stopped")
                }
                State("paused") {
                    On("play", to: "playing")
                    On("stop", to: "stopped")
                }
            }
        }
    }

    @Test("a removed history state: its memories are findings, unless the mapping forgets them")
    func removedHistory() throws {
        let v1 = try PlayerVersions.v1(), v2 = try Self.withoutHistory()
        let events = ["power", "play", "pause", "stop"]
        let kept = try ChartMigration(from: v1, to: v2).check(events: events)
        #expect(Set(kept.findings.map(\.subject)) == [.history("resume")])
        #expect(kept.findings.allSatisfy { $0.problem.kind == .unmappedState && $0.problem.states == ["resume"] })

        let forgetting = try ChartMigration(from: v1, to: v2, mapping: StateMapping(forgettingHistoryOf: ["resume"]))
        #expect(try forgetting.check(events: events).isSafe)
        var instance = v1.start()
        for event in ["power", "play", "power"] { instance.send(event) }
        let migrated = try forgetting.migrate(instance.snapshot())
        #expect(migrated.history.isEmpty)
        var restored = try v2.restore(migrated, context: ())
        restored.send("power")
        #expect(restored.activeLeaves == ["stopped"])
    }

    @Test("migrate refuses two history states that become one with different memories")
    func mergedHistories() throws {
        let v1 = try Statechart<String, String, Void>("two") {
            State("a", initial: "a1") {
                On("go", to: "b")
                History("ha", default: "a1")
                State("a1") { On("next", to: "a2") }
                State("a2")
            }
            State("b", initial: "b1") {
                On("go", to: "a")
                History("hb", default: "b1")
                State("b1") { On("next", to: "b2") }
                State("b2")
            }
        }
        let v2 = try Statechart<String, String, Void>("one") {
            State("a", initial: "a1") {
                On("go", to: "a")
                History("ha", default: "a1")
                State("a1") { On("next", to: "a2") }
                State("a2")
            }
        }
        let mapping: StateMapping<String> = ["b": "a", "hb": "ha", "b1": "a1", "b2": "a2"]
        var same = v1.start()
        for event in ["go", "go"] { same.send(event) }        // ha remembers a1, hb b1
        #expect(try migrate(same.snapshot(), from: v1, to: v2, mapping: mapping).history == ["ha": ["a1"]])

        var different = v1.start()
        for event in ["next", "go", "go"] { different.send(event) }   // ha remembers a2, hb b1
        do {
            _ = try migrate(different.snapshot(), from: v1, to: v2, mapping: mapping)
            Issue.record("two different memories were merged")
        } catch {
            #expect(error.problems.map(\.kind) == [.conflictingHistory])
            #expect(error.problems.first?.message == "history states 'ha' and 'hb' both become 'ha', and remember different states")
        }
    }

    struct Ticks: Hashable, Sendable { var count = 0 }

    @Test("the context is part of each situation: a state behind a guard on it is reached, and reported")
    func contextExplored() throws {
        let v1 = try Statechart<String, String, Ticks>("counter v1") {
            State("counting") {
                On("tick", to: "counting", guard: Guard("below 3") { $0.count < 3 }) { $0.count += 1 }
                On("tick", to: "full", guard: Guard("3") { $0.count == 3 })
            }
            State("full")
        }
        let v2 = try Statechart<String, String, Ticks>("counter v2") {
            State("counting")
        }
        let report = try ChartMigration(from: v1, to: v2).check(events: ["tick"], context: Ticks())
        #expect(report.findings.map(\.oldStates) == [["full"]])
        #expect(report.findings.first?.steps.count == 4)
        #expect(report.exploration.states == 5)
    }
}
