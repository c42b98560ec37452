import Statecharts
import StatechartsGraphviz
import Testing

@Suite("Trace pages")
struct TracePageTests {
    @Test("one section per step, inline SVG, nothing loaded from the network")
    func page() throws {
        let chart = try SampleCharts.nested()
        var machine = chart.start(context: ())
        var steps: [TraceStep] = []
        func step(_ title: String, _ events: [String], _ last: [TransitionID]) throws {
            let svg = String(decoding: try machine.renderDiagram(format: .svg, lastTransitions: last).bytes, as: UTF8.self)
            steps.append(TraceStep(title: title, events: events, configuration: machine.configuration, svg: svg))
        }
        try step("start", [], [])
        for event in ["start", "warm", "stop"] {
            let result = machine.send(event)
            try step(event, [event], Array(result.transitions))
        }
        let html = TracePage(title: "nested <trace>", steps: steps).html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<section class=\"step\"").count - 1 == 4)
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)
        #expect(!html.contains("<?xml"))
        #expect(html.contains("nested &lt;trace&gt;"))
        #expect(html.contains("ArrowRight") && html.contains("ArrowLeft"))
        #expect(html.contains("Home:") && html.contains("End:"))
        // The header stays in view, and no element is the target of #step-N (so the hash never
        // scrolls the page).
        #expect(html.contains("header { position: sticky; top: 0;"))
        #expect(!html.contains("id=\"step-"))
        // Fitted to the window, with a button for 100%.
        #expect(html.contains("<body class=\"fit\">") && html.contains("max-height: calc(100vh"))
        #expect(html.contains("<button id=\"zoom\""))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<link"))
    }
}

import Foundation

@Suite("Trace page side panel")
struct TracePanelTests {
    @Test("each step lists its events, transitions, actions, data changes and errors beside the diagram")
    func panel() throws {
        let step = TraceStep(title: "play", events: ["play"], configuration: ["on", "playing"], svg: "<svg></svg>",
                             transitions: ["stopped → playing"],
                             actions: [#"<assign location="plays" expr="plays + 1"/>"#, "count <play>"],
                             changes: [TraceChange(name: "plays", before: "0", after: "1")],
                             errors: ["4:5: error.execution: x is undefined"])
        let html = TracePage(title: "run", steps: [step]).html()
        #expect(html.contains("<aside class=\"panel\">"))
        #expect(html.contains("<li><code>stopped → playing</code></li>"))
        #expect(html.contains("<li><code>plays = plays + 1</code></li>"))
        #expect(html.contains("<li><code>count &lt;play&gt;</code></li>"))
        #expect(html.contains("<code>plays</code>: <span class=\"before\">0</span> → <code>1</code>"))
        #expect(html.contains("<span class=\"error\">4:5: error.execution: x is undefined</span>"))
        // The panel comes after the diagram, inside the step.
        let diagram = try #require(html.range(of: "<div class=\"diagram\">"))
        let aside = try #require(html.range(of: "<aside class=\"panel\">"))
        #expect(diagram.lowerBound < aside.lowerBound)
    }

    @Test("a step without data has no Data section; one with data but no change says none")
    func dataSection() {
        let none = TracePage(title: "t", steps: [TraceStep(title: "s", events: [], configuration: [], svg: "")]).html()
        #expect(!none.contains("<h3>Data</h3>") && !none.contains("<h3>Errors</h3>"))
        let unchanged = TracePage(title: "t", steps: [TraceStep(title: "s", events: [], configuration: [], svg: "", changes: [])]).html()
        #expect(unchanged.contains("<h3>Data</h3>\n<p class=\"none\">none</p>"))
    }

    @Test("changes are the values that differ, in the order of the later list")
    func changes() {
        let changes = TraceChange.changes(from: [("a", "1"), ("b", "2"), ("c", nil)], to: [("b", "3"), ("a", "1"), ("c", "0"), ("d", nil)])
        #expect(changes == [TraceChange(name: "b", before: "2", after: "3"), TraceChange(name: "c", before: nil, after: "0")])
    }

    @Test("the recorder lists transitions and actions in the order they ran")
    func recorder() throws {
        let chart = try SampleCharts.nested()
        var machine = chart.makeInstance(context: ())
        var recorder = TraceRecorder<String, String>()
        machine.start(observer: &recorder)
        recorder.clear()
        machine.send("start", observer: &recorder)
        #expect(recorder.events == ["start"])
        #expect(recorder.transitionLines(in: chart) == ["idle → running"])
        #expect(recorder.actionNames(in: chart) == ["light on"])
        recorder.clear()
        machine.send("stop", observer: &recorder)
        #expect(recorder.transitionLines(in: chart) == ["running → idle"])
        #expect(recorder.actionNames(in: chart) == ["light off"])
        #expect(recorder.actionNames(in: chart) { $0 != "light off" }.isEmpty)
        recorder.clear()
        #expect(recorder.transitions.isEmpty && recorder.events.isEmpty && recorder.actionNames(in: chart).isEmpty)
    }
}
