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
