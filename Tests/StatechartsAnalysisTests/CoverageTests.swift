import Foundation
import Statecharts
import StatechartsAnalysis
import StatechartsGraphviz
import Testing

/// `StatechartCoverage`: counts over runs, the summary, and the drawing through Graphviz.
@Suite("StatechartCoverage")
struct CoverageTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func player() throws -> Statechart<String, String, Int> {
        try Statechart("player") {
            State("off") { On("power", to: "on") }
            State("on") {
                On("power", to: "off")
                State("stopped") { On("play", to: "playing") { $0 += 1 } }
                State("playing") { On("stop", to: "stopped"); On("pause", to: "paused") }
                State("paused") { On("play", to: "playing") }
            }
        }
    }

    @Test("counts states entered and transitions taken, over several runs")
    func counts() throws {
        let chart = try Self.player()
        var coverage = StatechartCoverage<String, String>()
        for _ in 0..<2 {
            var player = chart.makeInstance(context: 0)
            player.start(observer: &coverage)
            player.send("power", observer: &coverage)
            player.send("play", observer: &coverage)
        }
        #expect(coverage.runs == 2)
        #expect(coverage.stateCounts == ["off": 2, "on": 2, "stopped": 2, "playing": 2])
        let play = try #require(chart.transitions(of: "stopped").first)
        #expect(coverage.transitionCounts[play] == 2)
        let summary = coverage.summary(for: chart)
        #expect(summary.stateCount == 5)
        #expect(summary.unvisitedStates == ["paused"])
        #expect(summary.untakenTransitions.compactMap(chart.path(of:)) == ["root/on#1", "root/on/playing#1", "root/on/playing#2", "root/on/paused#1"])
        #expect(summary.stateRatio == 0.8)
        #expect(!summary.isComplete)
    }

    @Test("merging adds counts and runs")
    func merge() throws {
        let chart = try Self.player()
        var first = StatechartCoverage<String, String>()
        var second = StatechartCoverage<String, String>()
        var a = chart.makeInstance(context: 0)
        a.start(observer: &first)
        var b = chart.makeInstance(context: 0)
        b.start(observer: &second)
        b.send("power", observer: &second)
        first.merge(second)
        #expect(first.runs == 2)
        #expect(first.stateCounts == ["off": 2, "on": 1, "stopped": 1])
    }

    @Test("the DOT of a run's coverage matches Golden/coverage.dot")
    func golden() throws {
        let chart = try Self.player()
        var coverage = StatechartCoverage<String, String>()
        var player = chart.makeInstance(context: 0)
        player.start(observer: &coverage)
        for event in ["power", "play", "pause", "play", "pause", "play"] { player.send(event, observer: &coverage) }
        let options = DiagramOptions(coverage: DiagramCoverage(states: coverage.stateCounts, transitions: coverage.transitionCounts))
        let dot = chart.dot(options: options)
        let file = Self.goldenDirectory.appendingPathComponent("coverage.dot")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try dot.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(dot == (try String(contentsOf: file, encoding: .utf8)))
        #expect(dot.contains("states entered: 5 of 5 (100%)"))
        #expect(dot.contains("transitions taken: 4 of 6 (66%)"))
    }

    @Test("without coverage the diagram is unchanged")
    func noCoverage() throws {
        let chart = try Self.player()
        #expect(!chart.dot().contains("coverage_legend"))
        #expect(!chart.dot().contains("×"))
    }
}
