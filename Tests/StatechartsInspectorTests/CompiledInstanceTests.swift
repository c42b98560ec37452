import Statecharts
import StatechartsCompiled
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

enum TurnstileState: Hashable, Sendable { case locked, unlocked, broken }
enum TurnstileInput: StatechartEvent, Hashable, CaseIterable { case coin, push, kick, fix }
struct TurnstileTally: Codable, Sendable, Equatable {
    var coins = 0
    var passes = 0
}

/// A turnstile, compiled by the macro.
@CompiledStatechart
enum InspectedTurnstileChart {
    typealias StateID = TurnstileState
    typealias Event = TurnstileInput
    typealias Context = TurnstileTally
    static let definition = Definition("turnstile") {
        State(.locked) {
            On(.coin, to: .unlocked) { $0.coins += 1 }
            On(.kick, to: .broken, guard: Guard { $0.coins >= 2 })
        }
        State(.unlocked) {
            On(.push, to: .locked) { $0.passes += 1 }
            On(.coin) { $0.coins += 1 }
        }
        State(.broken) { On(.fix, to: .locked) }
    }
}

/// Compiled charts attach like plain ones and keep running their generated code.
@Suite("Compiled instances")
struct CompiledInstanceTests {
    static let script: [TurnstileInput] = [.push, .coin, .coin, .push, .kick, .coin, .push, .kick, .fix, .coin]

    @Test("sends go through the compiled instance, with the same results as a bare one")
    func sendsGoThrough() async throws {
        try await withInspector { inspector in
            var bare = try InspectedTurnstileChart.start(context: TurnstileTally())
            let turnstile = inspector.attach(try InspectedTurnstileChart.start(context: TurnstileTally()), name: "gate")
            for event in Self.script {
                #expect(turnstile.send(event) == bare.send(event), "event \(event)")
                #expect(turnstile.configuration == bare.configuration, "event \(event)")
            }
            #expect(turnstile.context == bare.context)
            #expect(turnstile.context == TurnstileTally(coins: 3, passes: 1))
            #expect(turnstile.stepsJSON.count == Self.script.count + 1)
            #expect(turnstile.stepsJSON.first?["note"]?.stringValue == "attached")
        }
    }

    @Test("the runtime is named compiled")
    func runtimeName() async throws {
        try await withInspector { inspector in
            let turnstile = inspector.attach(try InspectedTurnstileChart.start(context: TurnstileTally()), name: "gate")
            let entry = turnstile.listEntry(eventsPerSecond: 0)
            #expect(entry["runtime"]?.stringValue == "compiled")
            #expect(entry["chart"]?.stringValue == "turnstile")
            #expect(entry["summary"]?.stringValue == "locked")
            #expect(CompiledInstance<InspectedTurnstileChart>.inspectorRuntimeName == "compiled")
        }
    }

    @Test("restore brings a compiled instance back, and it runs on from there")
    func restore() async throws {
        try await withInspector { inspector in
            let turnstile = inspector.attach(try InspectedTurnstileChart.start(context: TurnstileTally()), name: "gate")
            for event in Self.script { turnstile.send(event) }
            #expect(turnstile.configuration == [.unlocked])
            try turnstile.command(.restore(3))    // after push, coin, coin: unlocked, 2 coins
            #expect(turnstile.configuration == [.unlocked])
            #expect(turnstile.context == TurnstileTally(coins: 2, passes: 0))
            turnstile.send(.push)
            turnstile.send(.kick)
            #expect(turnstile.configuration == [.broken])
            try turnstile.command(.restore(0))
            #expect(turnstile.configuration == [.locked])
            #expect(turnstile.context == TurnstileTally())
            #expect(turnstile.send(.kick)?.outcome == .ignored)
        }
    }

    @Test("page commands drive a compiled instance: send, pause, breakpoints, edit")
    func pageCommands() async throws {
        try await withInspector { inspector in
            let turnstile = inspector.attach(try InspectedTurnstileChart.start(context: TurnstileTally()), name: "gate")
            #expect(try turnstile.command(.send(name: "coin", data: nil)) == "sent 'coin'")
            #expect(turnstile.failure(.send(name: "cion", data: nil)) == "unknown event 'cion' (did you mean 'coin'?)")
            try turnstile.command(.addBreakpoint(kind: "state", value: "locked"))
            turnstile.send(.push)
            #expect(turnstile.isPaused)
            #expect(turnstile.send(.coin) == nil)
            try turnstile.command(.removeBreakpoint(id: "b1"))
            try turnstile.command(.resume)
            #expect(turnstile.configuration == [.unlocked])
            try turnstile.command(.editContext(try SCXMLValue(json: #"{"coins":7,"passes":0}"#)))
            #expect(turnstile.context == TurnstileTally(coins: 7, passes: 0))
            turnstile.send(.push)
            turnstile.send(.kick)
            #expect(turnstile.configuration == [.broken])
        }
    }
}
