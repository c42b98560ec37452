// An order workflow that survives `kill -9`: `start DB` creates and pays an order, whose shipping
// timer is then pending, and runs a worker; `resume DB` runs a worker until the order is
// delivered. scripts/durable-kill-demo.sh kills the first with the timer pending. `timing DB`
// measures sends per second (Timing.swift).
import Foundation
import StatechartsDurable
import StatechartsDurableSQLite

func say(_ line: String) {
    let time = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
    // Unbuffered, so that the lines written before a kill -9 are in the log.
    FileHandle.standardOutput.write(Data("[\(time)] \(line)\n".utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["start", "resume", "timing"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: statecharts-durable-demo start|resume|timing DATABASE.sqlite\n".utf8))
    exit(2)
}
let path = arguments[2]
if arguments[1] == "timing" {
    try await runTiming(path: path, sends: 2_000, durability: .machineCrash)
    try await runTiming(path: path + "-process", sends: 2_000, durability: .processCrash)
    exit(0)
}
let storage = try await SQLiteDurableStorage.open(path: path)
let store = DurableStore(chart: orderWorkflow, storage: storage)
let id = "order-1001"

let customer: DurableOutboxHandler<OrderEvent> = { message in
    say("outbox → customer: \(message.event) (message \(message.id))")
}

func describe(_ order: DurableInstance<OrderState, OrderEvent, Order>) -> String {
    var text = "\(order.id) v\(order.version): \(order.activeLeaves.map(\.rawValue).joined(separator: ", "))"
    if let due = order.nextTimerMillis {
        let now = WallClock.system.milliseconds()
        text += due > now ? ", timer due in \(due - now) ms" : ", timer overdue by \(now - due) ms"
    }
    return text
}

if arguments[1] == "start" {
    let order = try await store.create(id, context: Order(number: 1001, total: 30))
    say("created \(describe(order))")
    let result = try await store.send(.pay, to: id, idempotencyKey: "payment-1001")
    say("pay: \(result.outcome); \(describe(try await store.instance(id)!))")
    say("worker running, waiting for the timer (pid \(ProcessInfo.processInfo.processIdentifier))")
} else {
    say("restarted: \(describe(try await store.instance(id)!))")
    let replay = try await store.send(.pay, to: id, idempotencyKey: "payment-1001")
    say("pay sent again with the same key: \(replay.outcome), nothing changed (v\(try await store.instance(id)!.version))")
}

// The worker's round, in two halves so that the output follows the order of events: timers,
// then the messages their steps sent.
while true {
    let timers = await store.deliverDueTimers()
    if timers.delivered > 0, let order = try await store.instance(id) {
        say("worker delivered \(timers.delivered) timer(s): \(describe(order))")
        for row in try await store.eventLog(of: id) where row.version == order.version && row.kind == .timer {
            say("  \(String(decoding: row.event ?? Data(), as: UTF8.self)) fired \(row.lateMillis ?? 0) ms after its due time")
        }
    }
    let messages = await store.deliverOutbox(to: customer)
    for failure in timers.failures + messages.failures { say("failure \(failure.id): \(failure.error)") }
    if let order = try await store.instance(id), order.isFinished,
       try await store.outboxMessages().allSatisfy(\.delivered) {
        say("order finished: \(describe(order)); event log: "
            + (try await store.eventLog(of: id)).map { "v\($0.version) \($0.kind.rawValue)" }.joined(separator: ", "))
        break
    }
    try await Task.sleep(for: .milliseconds(50))
}
try await storage.close()
