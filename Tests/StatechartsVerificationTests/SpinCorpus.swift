import Foundation

/// The charts SPIN and the verifier are compared on: the examples, charts after the seeds'
/// examples, the W3C tests that fit the exported subset once given the null data model, and
/// random charts.
enum SpinCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// (name, SCXML text) of every candidate; those outside the subset are counted and left out.
    static func candidates() -> [(name: String, text: String)] {
        var charts: [(String, String)] = []
        let fileManager = FileManager.default
        let examples = root.appendingPathComponent("Examples/SCXML")
        for name in ((try? fileManager.contentsOfDirectory(atPath: examples.path)) ?? []).sorted() where name.hasSuffix(".scxml") {
            if let text = try? String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8) { charts.append(("Examples/SCXML/" + name, text)) }
        }
        charts += seedCharts
        let w3c = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/w3c-ecma-reference")
        for name in ((try? fileManager.contentsOfDirectory(atPath: w3c.path)) ?? []).sorted() where name.hasSuffix(".scxml") {
            guard let text = try? String(contentsOf: w3c.appendingPathComponent(name), encoding: .utf8) else { continue }
            charts.append(("w3c/" + name, text.replacingOccurrences(of: "datamodel=\"ecmascript\"", with: "datamodel=\"null\"")))
        }
        var random = SplitMix(seed: 26)
        for i in 0..<60 { charts.append(("random/\(i)", randomChart(&random))) }
        return charts
    }

    /// Machines after the seeds' examples: LSStateMachine's subscription, the article's loading
    /// screen, an STWorkflow-like condition chain, Transporter's door.
    static let seedCharts: [(String, String)] = [
        ("seed/subscription", """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="pending">
          <state id="pending"><transition event="activate" target="active"/></state>
          <state id="active"><transition event="suspend" target="suspended"/><transition event="terminate" target="terminated"/></state>
          <state id="suspended"><transition event="unsuspend" target="active"/><transition event="terminate" target="terminated"/></state>
          <final id="terminated"/>
        </scxml>
        """),
        ("seed/loading-screen", """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="loading">
          <state id="loading"><transition event="loaded" target="showing"/><transition event="empty" target="empty"/><transition event="failed" target="error"/></state>
          <state id="showing"><transition event="reload" target="loading"/></state>
          <state id="empty"><transition event="reload" target="loading"/></state>
          <state id="error"><transition event="retry" target="loading"/></state>
        </scxml>
        """),
        ("seed/workflow", """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="flow">
          <state id="flow" initial="check">
            <state id="check"><transition event="success" target="act"/><transition event="failure" target="failed"/></state>
            <state id="act"><onentry><raise event="acted"/></onentry><transition event="acted" target="finish"/></state>
            <final id="finish"/>
            <transition event="done.state.flow" target="end"/>
          </state>
          <state id="failed"/>
          <final id="end"/>
        </scxml>
        """),
        ("seed/door", """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="closed">
          <state id="closed"><transition event="open" target="opened"/><transition event="lock" target="locked"/></state>
          <state id="opened"><transition event="close" target="closed"/></state>
          <state id="locked"><transition event="unlock" target="closed"/></state>
        </scxml>
        """),
    ]

    /// A random single-path chart: nested states, finals, events a-c, In() conditions, eventless
    /// transitions, raises and done events.
    static func randomChart(_ random: inout SplitMix) -> String {
        var ids: [String] = []
        var lines: [String] = []
        var count = 0
        func state(depth: Int, indent: String) {
            count += 1
            let id = "s\(count)"
            ids.append(id)
            if random.below(100) < 12 && depth > 0 {
                lines.append("\(indent)<final id=\"\(id)\"/>")
                return
            }
            lines.append("\(indent)<state id=\"\(id)\">")
            let placeholder = lines.count
            lines.append("")
            if depth < 2 && random.below(100) < 35 {
                for _ in 0..<(2 + random.below(2)) { state(depth: depth + 1, indent: indent + "  ") }
            }
            lines[placeholder] = "\(indent)  <!-- transitions of \(id) -->"
            lines.append("\(indent)</state>")
        }
        for _ in 0..<(2 + random.below(3)) { state(depth: 0, indent: "  ") }
        // Transitions, added after the states are known.
        var result: [String] = []
        for line in lines {
            result.append(line)
            guard let range = line.range(of: "<!-- transitions of ") else { continue }
            let id = String(line[range.upperBound...].dropLast(4))
            let indent = String(line[..<range.lowerBound])
            for _ in 0..<random.below(4) {
                let target = ids[random.below(ids.count)]
                let event = ["a", "b", "c", "done.state." + id][random.below(4)]
                var attributes = random.below(100) < 85 ? "event=\"\(event)\" " : ""
                if attributes.isEmpty || random.below(100) < 20 { attributes += "cond=\"In('\(ids[random.below(ids.count)])')\" " }
                let body = random.below(100) < 20 ? "<raise event=\"\(["a", "b", "c"][random.below(3)])\"/>" : ""
                result.append("\(indent)<transition \(attributes)target=\"\(target)\">\(body)</transition>")
            }
        }
        return "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"null\">\n" + result.joined(separator: "\n") + "\n</scxml>\n"
    }
}

/// SplitMix64, as the property tests' generator: seeded, so a failing chart can be made again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
