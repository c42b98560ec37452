// libFuzzer target: SCXML documents from outside. Each input is read (never loading `src`
// files); what reads is written back and must read again, then compiled with the ECMAScript data
// model under small script limits, started, sent every event its transitions name, run on its
// virtual clock, and snapshotted, and the snapshot must restore. Anything else is a finding.
import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML

/// Reading never touches the file system; documents stay small enough to fuzz quickly.
let readOptions = SCXMLReader.Options(sourceAccess: .none, maximumDocumentBytes: 1 << 20)
/// Scripts that loop or grow are cut short quickly (the defaults would slow the fuzzer down).
let dataModels: [SCXMLDataModelFactory] = [.ecmascript(limits: ECMAScriptLimits(executionTime: .milliseconds(10), heapBytes: 16 << 20))]
/// Small run-time limits: every limit bounds the work, but a document that stays within large
/// ones can still be slow under AddressSanitizer (each `<invoke>` starts a script engine of its
/// own, about 10 ms here), and the fuzzer counts a slow input as a hang.
let microstepLimit = 100
let externalEventLimit = 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    guard let document = try? SCXMLReader.read(data: bytes, options: readOptions) else { return 0 }

    let written = SCXMLWriter.write(document)
    let reread: SCXMLDocument
    do {
        reread = try SCXMLReader.read(string: written, options: readOptions)
    } catch {
        fatalError("a document that reads does not read again once written: \(error)\n--- written:\n\(written)")
    }
    guard SCXMLWriter.write(reread) == written else {
        fatalError("writing is not stable: the re-read document writes differently\n--- written:\n\(written)")
    }

    guard let chart = try? SCXMLChart(document: document, dataModels: dataModels, microstepLimit: microstepLimit, externalEventLimit: externalEventLimit),
          var instance = try? chart.start(log: { _ in }) else { return 0 }
    var names: [String] = []
    for state in document.allStates {
        for transition in state.transitions { names += transition.events.filter { !$0.contains("*") } }
    }
    for name in Set(names).sorted().prefix(16) {
        instance.send(SCXMLEvent(name))
        instance.advanceClock(by: .milliseconds(250), limit: 8)
    }
    instance.runUntilIdle(limit: 20)
    let snapshot = instance.snapshot()
    let invoking = !(snapshot.runningInvocations ?? []).isEmpty
    do {
        _ = try chart.statechart.restore(snapshot, context: instance.context)
        if invoking { fatalError("a snapshot taken while invoked charts ran restored (it holds no child sessions)") }
    } catch {
        // A snapshot does not hold child sessions: one taken while children run is refused, for
        // that reason alone. Anything else is a finding.
        let problems = error.problems
        let onlyChildren = !problems.isEmpty && problems.allSatisfy { $0.hasPrefix("the snapshot was taken while invoked charts ran") }
        if !(invoking && onlyChildren) { fatalError("a running instance's snapshot does not restore: \(error)") }
    }
    return 0
}
