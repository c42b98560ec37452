// libFuzzer target: snapshots from outside. Each input is decoded as a JSON snapshot of a fixed
// chart (nested, parallel, deep and shallow history, delayed events, a final state) and restored,
// with and without the fingerprint check. What restores must behave: every event runs, the
// clock advances, and the instance's own snapshot restores again. Anything else is a finding.
import Foundation
import Statecharts

enum S: String, Hashable, Sendable, Codable, CaseIterable {
    case off, on, h, hs, idle, busy, p, left, l1, l2, hp, right, r1, r2, done
}
enum E: String, StatechartEvent, Hashable, Codable, CaseIterable { case power, work, split, l, r, ping, stop, back }

func makeChart() throws -> Statechart<S, E, Int> {
    try Statechart<S, E, Int> {
        State(.off) { On(.power, to: .h); On(.stop, to: .done) }
        State(.on) {
            On(.power, to: .off)
            On(.back, to: .hs)
            History(.h, .deep, default: .idle)
            History(.hs, .shallow, default: .idle)
            State(.idle) { On(.work, to: .busy) { _, _, outbox in outbox.send(.ping, after: .seconds(3), id: "ping") } }
            State(.busy) {
                On(.split, to: .p)
                On(.ping) { $0 += 1 }
                On(.stop) { _, _, outbox in outbox.cancel("ping") }
            }
            Parallel(.p) {
                On(.ping) { count, _, outbox in count += 1; outbox.send(.ping, after: .milliseconds(500)) }
                History(.hp, .deep)
                State(.left) { State(.l1) { On(.l, to: .l2) }; State(.l2) { On(.l, to: .l1) } }
                State(.right) { State(.r1) { On(.r, to: .r2) }; State(.r2) { On(.r, to: .hp) } }
            }
        }
        Final(.done)
    }
}

/// Built once; the harness stops at once if the chart itself does not compile.
nonisolated(unsafe) var fuzzChart: Statechart<S, E, Int>?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    do {
        fuzzChart = try makeChart()
    } catch {
        FileHandle.standardError.write(Data("FuzzSnapshot: the harness's chart does not compile: \(error)\n".utf8))
        exit(2)
    }
    if let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"], let chart = fuzzChart {
        writeSeeds(chart, to: directory)
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let chart = fuzzChart else { return 0 }
    let bytes = Data(bytes: data, count: size)
    guard let snapshot = try? JSONDecoder().decode(StatechartSnapshot<S, E>.self, from: bytes) else { return 0 }
    for verifying in [true, false] {
        guard var instance = try? chart.restore(snapshot, context: 0, verifyingFingerprint: verifying) else { continue }
        exercise(&instance, chart)
    }
    return 0
}

/// Runs every event and some clock steps, checking after each that the instance's snapshot
/// restores (the configuration and history stay legal).
func exercise(_ instance: inout StatechartInstance<S, E, Int>, _ chart: Statechart<S, E, Int>) {
    for (i, event) in E.allCases.enumerated() {
        instance.send(event)
        instance.advanceClock(by: .milliseconds(700 * i))
        let snapshot = instance.snapshot()
        do {
            _ = try chart.restore(snapshot, context: instance.context)
        } catch {
            fatalError("a snapshot taken from a running instance does not restore: \(error)\n\(snapshot)")
        }
    }
    instance.runUntilIdle(limit: 1_000)
}

/// The seed corpus: snapshots of instances driven through the chart by fixed event sequences.
func writeSeeds(_ chart: Statechart<S, E, Int>, to directory: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let scripts: [[E]] = [
        [], [.power], [.power, .work], [.power, .work, .split], [.power, .work, .split, .l, .r],
        [.power, .work, .split, .l, .r, .r, .power], [.power, .work, .split, .l, .power, .power],
        [.power, .work, .split, .l, .power, .back], [.power, .work, .stop], [.stop],
    ]
    for (i, script) in scripts.enumerated() {
        var instance = chart.start(context: 0)
        for event in script { instance.send(event) }
        if i % 2 == 1 { instance.advanceClock(by: .milliseconds(1_200)) }
        guard let json = try? encoder.encode(instance.snapshot()) else { continue }
        _ = FileManager.default.createFile(atPath: "\(directory)/snapshot-\(i).json", contents: json)
    }
}
