import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import StatechartsVerification
import Testing

/// `ChartMigration.check`: every configuration and history memory the old chart can reach,
/// mapped, with the shortest run to each one that does not map.
@Suite("Migration: static check")
struct MigrationCheckTests {
    static let playerEvents = ["power", "play", "pause", "stop"]

    @Test("a legal mapping has no findings, after checking every configuration and memory")
    func legal() throws {
        let migration = try ChartMigration(from: try PlayerVersions.v1(), to: try PlayerVersions.v2(),
                                           mapping: ["paused": "playing", "stopped": "idle"])
        let report = try migration.check(events: Self.playerEvents)
        #expect(report.findings.isEmpty)
        #expect(report.isComplete && report.isSafe)
        // off, on/stopped, on/playing, on/paused; the memory remembers stopped, playing or paused.
        #expect(report.configurationsChecked == 4)
        #expect(report.historyMemoriesChecked == 3)
    }

    @Test("an illegal mapping: each configuration and memory that does not map, with the shortest run to it")
    func illegal() throws {
        let migration = try ChartMigration(from: try PlayerVersions.v1(), to: try PlayerVersions.v2(), mapping: ["stopped": "idle"])
        let report = try migration.check(events: Self.playerEvents)
        #expect(!report.isSafe)
        #expect(report.findings.map(\.subject) == [.configuration, .history("resume")])
        #expect(report.findings.map(\.problem.kind) == [.unmappedState, .unmappedState])
        #expect(report.findings.map(\.problem.states) == [["paused"], ["paused"]])
        #expect(report.findings.map(\.oldStates) == [["on", "paused"], ["paused"]])
        #expect(report.findings.map { $0.steps.map(\.description) } == [["power", "play", "pause"], ["power", "play", "pause", "power"]])
    }

    @Test("shallow and deep memories across versions: lifted, renamed, merged, or refused")
    func historyAcrossVersions() throws {
        let shallow = try ChartMigration(from: try PlayerVersions.v1(), to: try PlayerVersions.v3())
        #expect(try shallow.check(events: Self.playerEvents).isSafe)

        let deepEvents = ["power", "play", "stop", "mute", "unmute"]
        let deep = try PlayerVersions.deep()
        let renamed = try ChartMigration(from: deep, to: try PlayerVersions.deep(normal: "loud", muted: "quiet"),
                                         mapping: ["normal": "loud", "muted": "quiet"])
        #expect(try renamed.check(events: deepEvents).isSafe)
        let flattened = try ChartMigration(from: deep, to: try PlayerVersions.deepFlat(),
                                           mapping: ["normal": "playing", "muted": "playing"])
        #expect(try flattened.check(events: deepEvents).isSafe)

        let onCompound = try ChartMigration(from: deep, to: deep, mapping: ["muted": "playing"])
        let report = try onCompound.check(events: deepEvents)
        #expect(report.findings.map(\.subject) == [.configuration, .history("resume")])
        #expect(report.findings.map(\.problem.kind) == [.compoundChildren, .outsideHistoryParent])
        #expect(report.findings.map(\.problem.message) == [
            "'playing' would be active with no active child",
            "deep history 'resume' cannot remember 'playing': it is not an atomic state",
        ])
        #expect(report.findings.map { $0.steps.map(\.description) } == [["power", "play", "mute"], ["power", "play", "mute", "power"]])
    }

    @Test("parallel regions: added ones are reported for every configuration that holds the parallel state")
    func parallelRegions() throws {
        let v1 = try PlayerVersions.regions([1, 2])
        let events = ["start", "reset", "flip1", "flip2"]
        let removed = try ChartMigration(from: v1, to: try PlayerVersions.regions([1]),
                                         mapping: ["r2": "both", "r2a": "both", "r2b": "both"])
        #expect(try removed.check(events: events).isSafe)

        let added = try ChartMigration(from: v1, to: try PlayerVersions.regions([1, 2, 3]))
        let report = try added.check(events: events)
        #expect(report.configurationsChecked == 5)
        #expect(report.findings.count == 4)
        #expect(report.findings.allSatisfy { $0.problem.kind == .missingRegions && $0.problem.states == ["both", "r3"] })
        #expect(report.findings.first?.steps.map(\.description) == ["start"])
    }

    @Test("two history states that become one must remember the same")
    func conflictingHistory() throws {
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
        let migration = try ChartMigration(from: v1, to: v2, mapping: ["b": "a", "hb": "ha", "b1": "a1", "b2": "a2"])
        let report = try migration.check(events: ["go", "next"])
        #expect(!report.findings.isEmpty)
        #expect(report.findings.allSatisfy { $0.problem.kind == .conflictingHistory && $0.problem.states == ["ha"] })
        // go (a remembers a1), next (b1 to b2), go (b remembers b2, which becomes a2).
        #expect(report.findings.first?.steps.map(\.description) == ["go", "next", "go"])
    }

    @Test("bounds: an exploration cut short says so, and is not safe")
    func bounds() throws {
        let migration = try ChartMigration(from: try PlayerVersions.v1(), to: try PlayerVersions.v1())
        let report = try migration.check(events: Self.playerEvents, bounds: VerificationBounds(maxStates: 2))
        #expect(report.findings.isEmpty)
        #expect(!report.isComplete && !report.isSafe)
    }

    @Test("SCXML documents: the check runs the old document, its data model included")
    func scxml() throws {
        let old = try SCXMLChart(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="counting">
          <datamodel><data id="n" expr="0"/></datamodel>
          <state id="counting">
            <transition event="tick" cond="n &lt; 2" target="counting"><assign location="n" expr="n + 1"/></transition>
            <transition event="tick" cond="n == 2" target="full"/>
          </state>
          <state id="full"/>
        </scxml>
        """, dataModels: [.ecmascript])
        let new = try SCXMLChart(string: """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="counting">
          <state id="counting"/>
        </scxml>
        """)
        let report = try old.checkMigration(try ChartMigration(from: old.statechart, to: new.statechart))
        #expect(report.findings.map(\.problem.states) == [["full"]])
        #expect(report.findings.first?.steps.map(\.description) == ["tick", "tick", "tick"])
        #expect(try old.checkMigration(try ChartMigration(from: old.statechart, to: new.statechart, mapping: ["full": "counting"])).isSafe)
    }
}
