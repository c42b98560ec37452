import ArgumentParser
import Statecharts
import StatechartsGraphviz
import StatechartsSCXML
import StatechartsVerification

/// Draws a counterexample of `statechart verify`: its transitions in red and its last situation
/// filled on the diagram (`--render`), or a page that steps through it (`--trace-page`, as
/// `statechart trace` writes one).
struct CounterexampleDrawing {
    let chart: String
    let loaded: SCXMLChart
    let counterexample: Counterexample<String, SCXMLEvent, SCXMLContext>

    func render(to output: String) throws {
        guard let format = DiagramFormat(pathExtension: output) else {
            Console.error("statechart: cannot tell the format from '\(output)': use a file ending in .svg, .png, .pdf or .dot")
            throw ExitCode(2)
        }
        var options = DiagramOptions()
        options.highlightedTransitions = Set(counterexample.transitions)
        options.highlightedStates = Set(counterexample.situation(after: counterexample.steps.count).activeLeaves)
        let dot = loaded.statechart.dot(options: options)
        let rendered: RenderedDiagram
        do { rendered = try GraphvizRenderer.render(dot: dot, format: format) } catch {
            Console.error("statechart: \(error)")
            throw ExitCode(2)
        }
        try write(rendered.bytes, to: output)
        Console.error("statechart: wrote \(output): the counterexample's \(counterexample.transitions.count) transitions in red")
    }

    func tracePage(to output: String) throws {
        var runner = try StepArguments.runner(loaded, chart)
        var recorder = TraceRecorder<String, SCXMLEvent>()
        var pages: [TraceStep] = []
        func snapshot(_ title: String) throws {
            let dot = runner.instance.dot(options: DiagramOptions(), lastTransitions: recorder.transitions)
            let svg: RenderedDiagram
            do { svg = try GraphvizRenderer.render(dot: dot, format: .svg) } catch {
                Console.error("statechart: \(error)")
                throw ExitCode(2)
            }
            pages.append(TraceStep(
                title: title, events: recorder.events, configuration: runner.instance.configuration,
                svg: String(decoding: svg.bytes, as: UTF8.self), transitions: recorder.transitionLines(in: loaded.statechart),
                actions: recorder.actionNames(in: loaded.statechart) { $0 != SCXMLActionNames.activeStateTracking },
                changes: nil, errors: []))
        }
        _ = runner.start(observer: &recorder)
        try snapshot("start")
        for (i, text) in counterexample.eventList.enumerated() {
            recorder.clear()
            let step: Step
            do { step = try Step.parse(text) } catch {
                Console.error("statechart: \(error)")
                throw ExitCode(2)
            }
            _ = runner.run(step, number: i + 1, observer: &recorder)
            try snapshot(text)
        }
        let title = "\(loaded.statechart.name): counterexample \(counterexample.eventList.joined(separator: " "))"
        try write(Array(TracePage(title: title, steps: pages).html().utf8), to: output)
        Console.error("statechart: wrote \(output): \(RenderCommand.count(pages.count, "step"))")
    }

    /// Writes a file; a failure is exit status 2.
    private func write(_ bytes: [UInt8], to path: String) throws {
        do { try OutputFile.write(bytes, to: path) } catch { throw ExitCode(2) }
    }
}
