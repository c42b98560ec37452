// libFuzzer target: the live inspector's page messages (its WebSocket protocol, docs/inspector.md).
// Each input is a series of messages, one per line, that a page sends; each is carried out as the
// page's connection carries it out (parse, find the instance, decode the command, perform it) on
// two instances attached for that input alone: a Swift chart with Codable events and context,
// nested, parallel and history states and delayed events (`$A` in the input stands for its id),
// and an SCXML session with the null data model (`$B`). Every answer must be JSON a page can
// read. A crash, a hang or an answer that is not JSON is a finding.
//
// Stately Inspect's WebSocket (`/stately`) only listens: the server reads nothing from it but
// pings and closes, so it has no decoding to fuzz; the page's messages are the inspector's input.
import Foundation
import Statecharts
import LibFuzzerDriver
import StatechartsSCXML
@_spi(Fuzzing) import StatechartsInspector

enum Request: StatechartEvent, Codable, Hashable {
    case load(url: String, retries: Int)
    case fail(String)
    case reset, work, split, l, r, ping, back, stop

    enum Name: Hashable, Sendable { case load, fail, reset, work, split, l, r, ping, back, stop }
    var name: Name {
        switch self {
        case .load: .load
        case .fail: .fail
        case .reset: .reset
        case .work: .work
        case .split: .split
        case .l: .l
        case .r: .r
        case .ping: .ping
        case .back: .back
        case .stop: .stop
        }
    }
}

struct Loader: Codable, Sendable {
    var url = ""
    var retries = 0
    var error = ""
    var pings = 0
}

func makeChart() throws -> Statechart<String, Request, Loader> {
    try Statechart<String, Request, Loader>("loader") {
        State("idle") {
            On(.load, to: "loading", actions: [Action("remember") { (loader: inout Loader, event: Request?) in
                if case .load(let url, let retries)? = event { loader.url = url; loader.retries = retries }
            }])
            On(.stop, to: "done")
        }
        State("loading") {
            On(.fail, to: "failed", actions: [Action("why") { (loader: inout Loader, event: Request?) in
                if case .fail(let why)? = event { loader.error = why }
            }])
            On(.back, to: "h")
            History("h", .deep, default: "waiting")
            State("waiting") { On(.work, to: "busy") { _, _, outbox in outbox.send(.ping, after: .seconds(3), id: "ping") } }
            State("busy") {
                On(.split, to: "p")
                On(.ping) { loader, _, _ in loader.pings += 1 }
                On(.stop) { _, _, outbox in outbox.cancel("ping") }
            }
            Parallel("p") {
                On(.ping) { loader, _, outbox in loader.pings += 1; outbox.send(.ping, after: .milliseconds(500)) }
                State("left") { State("l1") { On(.l, to: "l2") }; State("l2") { On(.l, to: "l1") } }
                State("right") { State("r1") { On(.r, to: "r2") }; State("r2") { On(.r, to: "r1") } }
            }
        }
        State("failed") { On(.reset, to: "idle") }
        Final("done")
    }
}

let scxmlSource = """
<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null" name="player" initial="stopped">
  <state id="stopped"><transition event="play" target="playing"/></state>
  <state id="playing">
    <onentry><send event="tick" delay="1s" id="tick"/></onentry>
    <onexit><cancel sendid="tick"/></onexit>
    <transition event="tick" target="playing"/>
    <transition event="pause" target="paused"/>
    <transition event="stop" target="stopped"/>
    <transition event="error.*" target="broken"/>
  </state>
  <state id="paused"><transition event="play" target="playing"/><transition event="stop" target="stopped"/></state>
  <final id="broken"/>
</scxml>
"""

/// What every input shares: the inspector (its server listens on loopback, unused) and the charts.
final class Shared: @unchecked Sendable {
    var inspector: StatechartInspector?
    var chart: Statechart<String, Request, Loader>?
    var scxml: SCXMLChart?
}
let shared = Shared()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    // The charts live as long as the process, and LeakSanitizer must not check them: Swift keeps an
    // indirect enum's case in the spare bits of its box's pointer (the SCXML chart's compiled
    // `<send>` and `<cancel>`), which LeakSanitizer does not take for a pointer, so it would report
    // the boxes as leaked whenever it looks (at exit, and after an input that allocates more than
    // it frees).
    ignoreLeaksBegin()
    do {
        shared.chart = try makeChart()
        shared.scxml = try SCXMLChart(document: SCXMLReader.read(string: scxmlSource))
    } catch {
        FileHandle.standardError.write(Data("FuzzInspectorMessages: the harness's charts do not compile: \(error)\n".utf8))
        exit(2)
    }
    ignoreLeaksEnd()
    let done = DispatchSemaphore(value: 0)
    Task {
        shared.inspector = try? await StatechartInspector.start(options: InspectorOptions(checkpointInterval: 4), printsURL: false)
        done.signal()
    }
    done.wait()
    if shared.inspector == nil {
        FileHandle.standardError.write(Data("FuzzInspectorMessages: the inspector does not start\n".utf8))
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let inspector = shared.inspector, let chart = shared.chart, let scxml = shared.scxml else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let loader = inspector.attach(chart, context: Loader(), name: "loader")
    let player = try? inspector.attach(scxml)
    defer {
        inspector.detach(loader)
        if let player { inspector.detach(player) }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(32) {
        let message = line.replacingOccurrences(of: "$A", with: loader.id).replacingOccurrences(of: "$B", with: player?.id ?? "none")
        for reply in inspector.handlePageMessage(Array(message.utf8)) {
            guard (try? JSONSerialization.jsonObject(with: Data(reply.utf8), options: [.fragmentsAllowed])) is [String: Any] else {
                fatalError("the inspector answers a page with something other than a JSON object:\n\(reply)\n--- to:\n\(message)")
            }
        }
    }
    return 0
}
