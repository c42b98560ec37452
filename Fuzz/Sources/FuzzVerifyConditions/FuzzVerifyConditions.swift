// libFuzzer target: `statechart verify`'s condition expressions (`In('a') && !In('b')`, and
// `TRIGGER -> RESPONSE` for --responds), read by StatechartsVerification's `Condition.parse`
// and `Property.parseResponse`. Each input is read as a condition, with and without the chart's
// state ids, and as a response property. What reads must read the same once written back, and
// is then checked on a small SCXML chart (parallel and compound states, delayed events) as
// every kind of property the command takes. A crash, a hang, or a condition that reads
// differently with the chart's states than without (beyond naming unknown states) is a finding.
import Foundation
import Statecharts
import StatechartsSCXML
import StatechartsVerification

let source = """
<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" initial="idle">
  <state id="idle"><transition event="go" target="p"/><transition event="stop" target="done"/></state>
  <parallel id="p">
    <transition event="stop" target="done"/>
    <state id="a"><state id="a1"><transition event="x" target="a2"/></state><state id="a2"><transition event="x" target="a1"/></state></state>
    <state id="b">
      <state id="b1"><onentry><send event="t" delay="1s"/></onentry><transition event="t" target="b2"/></state>
      <state id="b2"><transition event="y" target="b1"/></state>
    </state>
  </parallel>
  <final id="done"/>
</scxml>
"""

final class Shared: @unchecked Sendable {
    var chart: SCXMLChart?
    var states: Set<String> = []
}
let shared = Shared()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    do {
        let chart = try SCXMLChart(document: SCXMLReader.read(string: source))
        shared.chart = chart
        shared.states = Set(chart.statechart.states)
        // Let go of the chart before LeakSanitizer's check at exit: it sees a pointer Swift keeps
        // with an enum's tag bits set as no pointer at all, and would report what it points to.
        atexit { shared.chart = nil }
    } catch {
        FileHandle.standardError.write(Data("FuzzVerifyConditions: the harness's chart does not compile: \(error)\n".utf8))
        exit(2)
    }
    return 0
}

/// The condition in the syntax `parse` reads, every operation in parentheses; `nil` when a
/// state id holds both kinds of quote (no syntax writes it).
func written(_ form: Condition<String, SCXMLContext>.Form) -> String? {
    switch form {
    case .active(let id):
        if !id.contains("'") { return "In('\(id)')" }
        if !id.contains("\"") { return "In(\"\(id)\")" }
        return nil
    case .constant(let value): return value ? "true" : "false"
    case .not(let inner): return written(inner).map { "!(\($0))" }
    case .and(let a, let b):
        guard let a = written(a), let b = written(b) else { return nil }
        return "(\(a)) && (\(b))"
    case .or(let a, let b):
        guard let a = written(a), let b = written(b) else { return nil }
        return "(\(a)) || (\(b))"
    case .context, .finished: fatalError("the parser made a condition it has no syntax for: \(form)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let chart = shared.chart else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let states = shared.states
    let response = try? Property<String, SCXMLContext>.parseResponse(text, states: states)
    _ = try? Property<String, SCXMLContext>.parseResponse(text)
    let free = try? Condition<String, SCXMLContext>.parse(text)
    let checked = try? Condition<String, SCXMLContext>.parse(text, states: states)
    switch (free, checked) {
    case (nil, nil):
        if let response { try? verify(chart, [response]) }
        return 0
    case (nil, _?):
        fatalError("a condition reads with the chart's states but not without them: \(text)")
    case (let free?, nil):
        if free.states.allSatisfy(states.contains) {
            fatalError("a condition that names only the chart's states does not read with them: \(text)")
        }
        return 0
    case (let free?, let checked?):
        guard free.description == checked.description else {
            fatalError("a condition reads differently with the chart's states: \(free) and \(checked)")
        }
    }
    guard let condition = checked else { return 0 }
    if let again = written(condition.form) {
        guard let reread = try? Condition<String, SCXMLContext>.parse(again, states: states), reread.description == condition.description else {
            fatalError("a condition written back does not read the same: \(text)\n--- written: \(again)")
        }
    }
    var properties: [Property<String, SCXMLContext>] = [.never(condition), .always(condition), .eventually(condition), .canAlwaysReach(condition)]
    if let response { properties.append(response) }
    try? verify(chart, properties)
    return 0
}

func verify(_ chart: SCXMLChart, _ properties: [Property<String, SCXMLContext>]) throws {
    let report = try chart.verify(properties, bounds: VerificationBounds(maxStates: 200, maxDepth: 50, maxTime: .seconds(2)))
    _ = report.results.map(\.verdict.holds)
}
