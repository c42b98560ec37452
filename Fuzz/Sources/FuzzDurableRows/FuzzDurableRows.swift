// libFuzzer target: durable rows read back from the database (StatechartsDurable). Each input is
// the stored content of one instance, in sections separated by a line `----`: the snapshot
// (JSON), the context (JSON), an outbox message's event (JSON), and the result stored for an
// idempotency key (JSON). The rows are put in a storage in memory (no database server: the bytes
// are the row's columns) beside a due timer, and the store then does what a process does with
// them: reads the instance, sends with the key and without, delivers due timers and the outbox,
// and lists the outbox. docs/durable.md: a row that cannot be read is quarantined, never a
// crash; so an instance read refused as corrupt must be quarantined. A crash, a hang, or a
// corrupt row left unquarantined is a finding.
import Foundation
import Statecharts
import StatechartsDurable

enum S: String, Hashable, Sendable, Codable, CaseIterable {
    case off, on, h, hs, idle, busy, p, left, l1, l2, hp, right, r1, r2, done
}
enum E: String, StatechartEvent, Hashable, Codable, CaseIterable { case power, work, split, l, r, ping, stop, back }

struct Counter: Codable, Sendable, Equatable {
    var pings = 0
    var notes: [String] = []
}

func makeChart() throws -> Statechart<S, E, Counter> {
    try Statechart<S, E, Counter> {
        State(.off) { On(.power, to: .h); On(.stop, to: .done) }
        State(.on) {
            On(.power, to: .off)
            On(.back, to: .hs)
            History(.h, .deep, default: .idle)
            History(.hs, .shallow, default: .idle)
            State(.idle) { On(.work, to: .busy) { _, _, outbox in outbox.send(.ping, after: .seconds(3), id: "ping") } }
            State(.busy) {
                On(.split, to: .p) { _, _, outbox in outbox.sendToParent(.split) }
                On(.ping) { counter, _, _ in counter.pings += 1 }
                On(.stop) { _, _, outbox in outbox.cancel("ping") }
            }
            Parallel(.p) {
                On(.ping) { counter, _, outbox in counter.pings += 1; outbox.send(.ping, after: .milliseconds(500)) }
                History(.hp, .deep)
                State(.left) { State(.l1) { On(.l, to: .l2) }; State(.l2) { On(.l, to: .l1) } }
                State(.right) { State(.r1) { On(.r, to: .r2) }; State(.r2) { On(.r, to: .hp) { _, _, outbox in outbox.sendToParent(.r) } } }
            }
        }
        Final(.done)
    }
}

final class Shared: @unchecked Sendable {
    var chart: Statechart<S, E, Counter>?
}
let shared = Shared()
/// The wall clock every store reads: the row's instance was created at 1,000 ms and is read at 5,000.
let origin: Int64 = 1_000
let clock = WallClock { 5_000 }
let separator = Array("\n----\n".utf8)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    do {
        shared.chart = try makeChart()
    } catch {
        FileHandle.standardError.write(Data("FuzzDurableRows: the harness's chart does not compile: \(error)\n".utf8))
        exit(2)
    }
    if let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"], let chart = shared.chart {
        run { await writeSeeds(chart, to: directory) }
        exit(0)
    }
    return 0
}

/// Runs `body` to its end on the concurrency pool, from the fuzzer's thread, and returns once
/// the task let go of everything `body` holds. (When the input ends with memory still held,
/// libFuzzer runs LeakSanitizer, which cannot follow a pointer that Swift keeps with an enum's
/// tag bits set, as `Data` does, and would report what the finishing task still held.)
func run(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    do {
        let job = Job(body: body, done: done)
        Task { [job] in await job.body?() }
    }
    done.wait()
}

/// The work of `run`, which signals when the task releases it, after letting go of `body`.
final class Job: @unchecked Sendable {
    var body: (@Sendable () async -> Void)?
    let done: DispatchSemaphore

    init(body: @escaping @Sendable () async -> Void, done: DispatchSemaphore) {
        self.body = body
        self.done = done
    }

    deinit {
        body = nil
        done.signal()
    }
}

/// `bytes` cut at each separator line.
func sections(_ bytes: [UInt8]) -> [Data] {
    var result: [Data] = []
    var start = 0
    var i = 0
    while i + separator.count <= bytes.count {
        if bytes[i..<i + separator.count].elementsEqual(separator) {
            result.append(Data(bytes[start..<i]))
            i += separator.count
            start = i
        } else {
            i += 1
        }
    }
    result.append(Data(bytes[start...]))
    return result
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let chart = shared.chart else { return 0 }
    let parts = sections(Array(UnsafeBufferPointer(start: data, count: size)))
    func part(_ i: Int) -> Data { i < parts.count ? parts[i] : Data() }
    let storage = MemoryStorage()
    storage.rows.instances["i1"] = DurableInstanceRecord(
        id: "i1", fingerprint: chart.fingerprint, version: 1, status: "running", snapshot: part(0), context: part(1),
        originMillis: origin, updatedMillis: origin)
    storage.rows.timers["i1"] = [DurableTimerRecord(instanceID: "i1", ordinal: 0, dueMillis: origin, timerID: nil)]
    storage.rows.keys["i1"] = ["k": (1, part(3))]
    storage.rows.outbox = [DurableOutboxRecord(id: "i1/1000/1/0/x", instanceID: "i1", version: 1, ordinal: 0, event: part(2), createdMillis: origin)]
    let store = DurableStore(chart: chart, storage: storage, clock: clock)
    run {
        do {
            _ = try await store.instance("i1")
        } catch let error as DurableStoreError {
            if case .corruptRow = error, storage.rows.instances["i1"]?.quarantine == nil {
                fatalError("a row that does not read is not quarantined: \(error)")
            }
        } catch {
            fatalError("reading a row fails with something other than a DurableStoreError: \(error)")
        }
        _ = try? await store.send(.power, to: "i1", idempotencyKey: "k")
        _ = try? await store.releaseFromQuarantine("i1")
        _ = try? await store.send(.work, to: "i1")
        _ = await store.deliverDueTimers()
        _ = await store.deliverOutbox { _ in }
        _ = try? await store.outboxMessages()
        _ = try? await store.quarantined()
    }
    return 0
}

/// The seed corpus: the rows a store writes for instances driven through the chart by fixed
/// event sequences, with a stored result and an outbox message of each.
func writeSeeds(_ chart: Statechart<S, E, Counter>, to directory: String) async {
    let scripts: [[E]] = [
        [], [.power], [.power, .work], [.power, .work, .split], [.power, .work, .split, .l, .r],
        [.power, .work, .split, .l, .r, .r, .power], [.power, .work, .split, .l, .power, .power],
        [.power, .work, .split, .l, .power, .back], [.power, .work, .stop], [.stop],
    ]
    for (i, script) in scripts.enumerated() {
        let storage = MemoryStorage()
        let store = DurableStore(chart: chart, storage: storage, clock: WallClock { origin })
        do {
            try await store.create("i1", context: Counter(pings: i, notes: i % 3 == 0 ? [] : ["seed \(i)"]))
            for (n, event) in script.enumerated() { try await store.send(event, to: "i1", idempotencyKey: "k\(n)") }
        } catch {
            FileHandle.standardError.write(Data("FuzzDurableRows: seed \(i): \(error)\n".utf8))
            continue
        }
        guard let record = storage.rows.instances["i1"] else { continue }
        let result = storage.rows.keys["i1"]?.values.first?.result ?? Data("{}".utf8)
        let event = storage.rows.outbox.first?.event ?? Data("\"split\"".utf8)
        let content = [record.snapshot, record.context, event, result].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n----\n")
        _ = FileManager.default.createFile(atPath: "\(directory)/row-\(i).txt", contents: Data(content.utf8))
    }
}
