import Testing
import Statecharts
import StatechartsCompiled

/// The samples of docs/guides/compiled-charts.md, line for line (DocSampleCheckTests checks that
/// the page shows exactly these lines).
@Suite("Guide: compiled charts")
struct CompiledGuideSampleTests {
    enum Turnstile: Hashable, Sendable { case locked, unlocked }
    enum Push: StatechartEvent, Hashable, CaseIterable { case coin, push }
    struct Counter: Sendable, Equatable { var coins = 0; var passes = 0 }

    @CompiledStatechart
    enum TurnstileChart {
        typealias StateID = Turnstile
        typealias Event = Push
        typealias Context = Counter
        static let definition = Definition("turnstile") {
            State(.locked) {
                On(.coin, to: .unlocked) { $0.coins += 1 }
            }
            State(.unlocked) {
                OnExit { $0.passes += 1 }
                On(.push, to: .locked)
                On(.coin) { $0.coins += 1 }        // targetless: stays unlocked
            }
        }
    }

    @Test("the plain chart")
    func plainTurnstile() throws {
        let turnstile = try Statechart<Turnstile, Push, Counter>("turnstile") {
            State(.locked) {
                On(.coin, to: .unlocked) { $0.coins += 1 }
            }
            State(.unlocked) {
                OnExit { $0.passes += 1 }
                On(.push, to: .locked)
                On(.coin) { $0.coins += 1 }        // targetless: stays unlocked
            }
        }
        var gate = turnstile.start(context: Counter())
        gate.send(.coin)
        gate.send(.push)

        #expect(gate.context == Counter(coins: 1, passes: 1))
        #expect(gate.activeLeaves == [.locked])
    }

    @Test("the compiled chart, used")
    func compiledTurnstile() throws {
        var gate = try TurnstileChart.start(context: Counter())
        gate.send(.coin)                                // the generated code runs the plan
        gate.send(.push)
        let counted = gate.context                      // Counter(coins: 1, passes: 1)
        let locked = gate.isActive(.locked)             // true
        let plain = gate.instance                       // a StatechartInstance: queries, snapshots
        let chart = try TurnstileChart.statechart       // a Statechart: diagrams, SCXML export

        #expect(counted == Counter(coins: 1, passes: 1))
        #expect(locked)
        #expect(plain.activeLeaves == [.locked])
        #expect(chart.name == "turnstile")
        try runLockstep(TurnstileChart.self, context: Counter(), events: Push.allCases, seed: 41, count: 200)
    }

    /// A large chart's form: the DSL in `static func makeDefinition()`, split by the macro.
    @CompiledStatechart
    enum GateChart {
        typealias StateID = Turnstile
        typealias Event = Push
        typealias Context = Counter
        static func makeDefinition() -> Definition {
            Definition("gate") {
                State(.locked) {
                    On(.coin, to: .unlocked) { $0.coins += 1 }
                }
                State(.unlocked) {
                    OnExit { $0.passes += 1 }
                    On(.push, to: .locked)
                }
            }
        }
    }

    @Test("a chart written as a function is the chart its DSL builds")
    func functionForm() throws {
        var gate = try GateChart.start(context: Counter())
        gate.send(.coin)
        gate.send(.push)
        #expect(gate.context == Counter(coins: 1, passes: 1))
        #expect(GateChart.definition.name == "gate")
        #expect(GateChart.definition.states.map(\.id) == [.locked, .unlocked])
        #expect(GateChart.definition.states[1].onExit.count == 1)
        try runLockstep(GateChart.self, context: Counter(), events: Push.allCases, seed: 43, count: 200)
    }

    enum Kiosk: Hashable, Sendable { case idle, pay, waiting, paid, serve, serving, served }
    enum KioskEvent: StatechartEvent, Hashable, CaseIterable { case start, coin, cancel, done }

    /// Charts embedded with `Submachine`: static members of the chart's type.
    @CompiledStatechart
    enum KioskChart {
        typealias StateID = Kiosk
        typealias Event = KioskEvent
        typealias Context = Counter
        static let payment = Definition("payment") {
            State(.waiting) { On(.coin, to: .paid) { $0.coins += 1 } }
            Final(.paid)
        }
        static func makeService() -> Definition {
            Definition("service") {
                State(.serving) { On(.done, to: .served) { $0.passes += 1 } }
                Final(.served)
            }
        }
        static let definition = Definition("kiosk") {
            State(.idle) { On(.start, to: .pay) }
            Submachine(.pay, payment) {
                On(.cancel, to: .idle)
                OnDone(to: .serve)
            }
            Submachine(.serve, makeService()) { OnDone(to: .idle) }
        }
    }

    @Test("a compiled chart embeds charts declared in its type")
    func embedding() throws {
        var kiosk = try KioskChart.start(context: Counter())
        kiosk.send(.start)
        #expect(kiosk.configuration == [.pay, .waiting])
        kiosk.send(.coin)
        #expect(kiosk.configuration == [.serve, .serving])
        kiosk.send(.done)
        #expect(kiosk.configuration == [.idle])
        #expect(kiosk.context == Counter(coins: 1, passes: 1))
        #expect(try Statechart(KioskChart.payment).states == [.waiting, .paid])
        try runLockstep(KioskChart.self, context: Counter(), events: KioskEvent.allCases, seed: 45, count: 300)
    }

    enum Checkout: Hashable, Sendable { case shopping, cart, paid, receipt }
    enum CheckoutEvent: StatechartEvent, Hashable {
        case add(Int), pay, finished(total: Int)
        enum Name: Hashable, Sendable { case add, pay, finished }
        var name: Name {
            switch self { case .add: .add; case .pay: .pay; case .finished: .finished }
        }
    }
    struct Till: Sendable, Equatable { var total = 0; var receipts: [Int] = [] }

    /// A final state that builds its parent's done event, with data.
    @CompiledStatechart
    enum CheckoutChart {
        typealias StateID = Checkout
        typealias Event = CheckoutEvent
        typealias Context = Till
        static let definition = Definition("checkout") {
            State(.shopping) {
                State(.cart) {
                    On(.add) { till, event, _ in if case .add(let amount)? = event { till.total += amount } }
                    On(.pay, to: .paid)
                }
                Final(.paid, doneEvent: DoneEventBuilder { till, _, _ in .finished(total: till.total) })
                On(.finished, to: .receipt, guard: Guard { _, event in
                    if case .finished(let total)? = event { total > 0 } else { false }
                }) { till, event, _ in if case .finished(let total)? = event { till.receipts.append(total) } }
            }
            State(.receipt)
        }
    }

    @Test("a final state builds its parent's done event, with data")
    func doneEventWithData() throws {
        var till = try CheckoutChart.start(context: Till())
        till.send(.add(3))
        till.send(.pay)
        #expect(till.configuration == [.receipt])
        #expect(till.context.receipts == [3])
        var empty = try CheckoutChart.start(context: Till())
        empty.send(.pay)                                // the guard refuses a total of 0
        #expect(empty.configuration == [.shopping, .paid])
        try runLockstep(CheckoutChart.self, context: Till(), events: [.add(2), .pay, .finished(total: 1)], seed: 47, count: 200)
    }

    enum Poll: Hashable, Sendable { case idle, checking, waiting }
    enum PollEvent: StatechartEvent, Hashable, CaseIterable { case start }

    /// A chart that declares its limits.
    @CompiledStatechart
    enum PollChart {
        typealias StateID = Poll
        typealias Event = PollEvent
        typealias Context = Counter
        static let microstepLimit = 100            // eventless steps in one macrostep
        static let externalEventLimit = 50         // events it sends itself in one call
        static let definition = Definition("poll") {
            State(.idle) { On(.start, to: .checking) }
            State(.checking) { Always(to: .waiting) { $0.coins += 1 } }
            State(.waiting) { Always(to: .checking) }
        }
    }

    @Test("a compiled chart declares its limits")
    func limits() throws {
        var poll = try PollChart.start(context: Counter())
        #expect(poll.send(.start).error == .microstepLimitExceeded(limit: 100))
        #expect(try PollChart.statechart.externalEventLimit == 50)
    }

    /// A chart that depends on a value known at run time: the plain DSL.
    static func makeTurnstile(price: Int) throws -> Statechart<Turnstile, Push, Counter> {
        try Statechart {
            State(.locked) {
                On(.coin, to: .unlocked, guard: Guard { $0.coins + 1 >= price }) { $0.coins = 0 }
                On(.coin) { $0.coins += 1 }
            }
            State(.unlocked) { On(.push, to: .locked) }
        }
    }

    @Test("a chart built at run time, with a closure that captures, stays plain")
    func capturingChart() throws {
        var gate = try Self.makeTurnstile(price: 2).start(context: Counter())
        gate.send(.coin)
        #expect(gate.activeLeaves == [.locked])
        gate.send(.coin)
        #expect(gate.activeLeaves == [.unlocked])
    }

    @Test("a plain instance of the chart runs compiled, and back")
    func backAndForth() throws {
        var gate = try TurnstileChart.start(context: Counter())
        gate.send(.coin)
        var plain = gate.instance                       // take the plain instance out
        plain.send(.push)
        var again = try CompiledInstance(plain, of: TurnstileChart.chart)
        again.send(.coin)

        #expect(again.isActive(.unlocked))
        #expect(again.context == Counter(coins: 2, passes: 1))
    }
}
