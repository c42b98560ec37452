import Foundation
import Statecharts
import StatechartsGraphviz
import Testing

/// What a reader of a diagram relies on: every edge starts at its own state, edges leave clusters
/// at their border, labels stay apart, actions read as text, and the same chart always gives the
/// same bytes.
@Suite("Reading a diagram")
struct DiagramReadingTests {
    /// A chart shaped like the media player: a compound state with an internal transition to a
    /// child, a parallel state left by two transitions, pairs of opposite transitions, and actions
    /// named as the SCXML importer names them.
    static func player() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("player") {
            State("stopped") {
                On("play", to: "playing", actions: [Action(#"<assign location="plays" expr="plays + 1"/>"#) { _ in }])
            }
            Parallel("playing") {
                OnEntry(Action(#"<send event="screensaver" id="idle" delay="30s"/>"#) { _ in })
                OnExit(Action(#"<cancel sendid="idle"/>"#) { _ in })
                On("pause", to: "paused")
                On("stop", to: "stopped")
                State("sound", initial: "normal") {
                    State("normal") { On("mute", to: "muted") }
                    State("muted") { On("unmute", to: "normal") }
                }
                State("picture", initial: "sd") {
                    On("screensaver", to: "dimmed", kind: .internal)
                    State("sd") { On("upgrade", to: "hd") }
                    State("hd") { On("downgrade", to: "sd") }
                    State("dimmed") {
                        On("wake", to: "sd", actions: [Action(#"<log label="woken" expr="'by the user, after a long time'"/><raise event="awake"/>"#) { _ in }])
                    }
                }
            }
            State("paused") { On("resume", to: "playing") }
        }
    }

    static func edge(_ dot: String, containing label: String) -> String? {
        dot.split(separator: "\n").map(String.init).first { $0.contains("->") && $0.contains("label=\" \(label)") }
    }

    @Test("an internal transition of a compound state starts at its own port, not at the initial dot")
    func internalTransitionPort() throws {
        let dot = try Self.player().dot()
        let line = try #require(Self.edge(dot, containing: "screensaver"))
        // picture is s6, dimmed s9; picture's initial dot only has the initial edge.
        #expect(line.hasPrefix("  s6_port -> s9 "))
        #expect(dot.contains("s6_port [shape=circle, style=filled, fillcolor=white"))
        let fromInitialDot = dot.split(separator: "\n").filter { $0.contains("s6_initial ->") && !$0.contains("invis") }
        #expect(fromInitialDot == ["    s6_initial -> s7;"])
    }

    @Test("edges leaving and entering a parallel state are clipped at its border")
    func clusterBorders() throws {
        let dot = try Self.player().dot()
        // playing is s2; stopped (earlier) is reached from its start point, paused from its end.
        // An edge to an earlier state is written the way dot ranks it, arrowhead at its tail.
        let stop = try #require(Self.edge(dot, containing: "stop "))
        #expect(stop.contains("s1 -> s2_start ") && stop.contains("dir=back") && stop.contains("lhead=cluster_s2"))
        #expect(try #require(Self.edge(dot, containing: "pause")).contains("s2_end -> s10 "))
        #expect(try #require(Self.edge(dot, containing: "pause")).contains("ltail=cluster_s2"))
        let resume = try #require(Self.edge(dot, containing: "resume"))
        #expect(resume.contains("dir=back") && resume.contains("ltail=cluster_s2"))
    }

    @Test("SCXML actions are summarized, cut with an ellipsis, and complete in the tooltip")
    func actionSummaries() throws {
        let chart = try Self.player()
        let short = chart.dot()
        #expect(short.contains(#"label=" play / plays = plays + 1 ""#))
        #expect(short.contains("entry / send screensaver after 30s"))
        #expect(short.contains("exit / cancel idle"))
        let wake = try #require(Self.edge(short, containing: "wake"))
        #expect(wake.contains(#"label=" wake / log \"woken\" 'by the user, after… "#))
        #expect(wake.contains(#"tooltip="wake / log \"woken\" 'by the user, after a long time'; raise awake""#))
        #expect(!short.contains("&lt;assign"))

        let full = chart.dot(options: DiagramOptions(actions: .full))
        #expect(try #require(Self.edge(full, containing: "wake")).contains(#"'by the user, after a long time'; raise awake ""#))
        let none = chart.dot(options: DiagramOptions(actions: .none))
        #expect(!none.contains("plays"))
        #expect(!none.contains("entry /"))
    }

    @Test("text that is not executable content is shown as it is")
    func plainNames() throws {
        let chart = try Statechart<String, String, Void>("names") {
            State("a") {
                On("go", to: "b", actions: [Action("<not closed") { _ in }, Action("a < b") { _ in }])
            }
            State("b")
        }
        let dot = chart.dot(options: DiagramOptions(actions: .full))
        #expect(dot.contains(#"label=" go / <not closed, a < b ""#))
    }

    @Test("labels of opposite transitions between the same states do not overlap in the SVG")
    func labelsApart() throws {
        let svg = String(decoding: try Self.player().renderDiagram(format: .svg).bytes, as: UTF8.self)
        let boxes = LabelBoxes.edgeLabels(in: svg)
        #expect(boxes.count >= 8)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!a.overlaps(b), "\(a.text) and \(b.text) overlap")
            }
        }
    }

    @Test("the same chart gives byte-identical DOT, SVG and trace HTML, whatever ran before")
    func byteIdentical() throws {
        func outputs() throws -> [String] {
            let chart = try Self.player()
            var instance = chart.start(context: ())
            let result = instance.send("play")
            let svg = String(decoding: try instance.renderDiagram(format: .svg, lastTransitions: Array(result.transitions)).bytes, as: UTF8.self)
            let page = TracePage(title: "run", steps: [TraceStep(title: "play", events: ["play"], configuration: [], svg: svg)])
            return [chart.dot(), svg, page.html()]
        }
        let first = try outputs()
        for round in 0..<6 {
            // Other renders in between change what the allocator hands out.
            _ = try SampleCharts.parallelWithHistory().renderDiagram(format: round.isMultiple(of: 2) ? .svg : .png)
            #expect(try outputs() == first)
        }
    }
}

/// Edge label boxes read from Graphviz SVG, with widths estimated from the font size.
struct LabelBox {
    var text: String
    var minX, maxX, minY, maxY: Double

    func overlaps(_ other: LabelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

enum LabelBoxes {
    /// The `<text>` elements inside `class="edge"` groups.
    static func edgeLabels(in svg: String) -> [LabelBox] {
        var boxes: [LabelBox] = []
        for group in svg.components(separatedBy: "<g id=\"edge").dropFirst() {
            for piece in group.components(separatedBy: "<text ").dropFirst() {
                guard let x = number(after: " x=\"", in: piece), let y = number(after: " y=\"", in: piece),
                      let size = number(after: "font-size=\"", in: piece),
                      let start = piece.firstIndex(of: ">"), let end = piece.range(of: "</text>") else { continue }
                let text = String(piece[piece.index(after: start)..<end.lowerBound]).trimmingCharacters(in: .whitespaces)
                let width = Double(text.count) * size * 0.5
                boxes.append(LabelBox(text: text, minX: x - width / 2, maxX: x + width / 2, minY: y - size, maxY: y))
            }
        }
        return boxes
    }

    static func number(after marker: String, in text: String) -> Double? {
        guard let range = text.range(of: marker) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return Double(digits)
    }
}
