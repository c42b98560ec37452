import Testing
import StatechartsCompiled

// A final state that builds its parent's done event (`Final(id, doneEvent:)`) in a compiled
// chart: the event carries data that a guard and an action of the parent's transitions read.

enum CheckoutState: Hashable, Sendable { case shopping, cart, paid, bigReceipt, smallReceipt }
enum CheckoutEvent: StatechartEvent, Hashable {
    case add(Int), pay, finished(total: Int), restart
    enum Name: Hashable, Sendable { case add, pay, finished, restart }
    var name: Name {
        switch self { case .add: .add; case .pay: .pay; case .finished: .finished; case .restart: .restart }
    }
    static let samples: [CheckoutEvent] = [.add(1), .add(4), .add(7), .pay, .restart, .finished(total: 3)]
}
struct Till: Sendable, Equatable {
    var total = 0
    var receipts: [Int] = []
    var log: [String] = []
}

@CompiledStatechart
enum CheckoutChart {
    typealias StateID = CheckoutState
    typealias Event = CheckoutEvent
    typealias Context = Till
    static let definition = Definition("checkout") {
        State(.shopping) {
            State(.cart) {
                On(.add) { till, event, _ in if case .add(let n)? = event { till.total += n } }
                On(.pay, to: .paid)
            }
            Final(.paid, doneEvent: DoneEventBuilder { till, parent, _ in
                till.log.append("done \(parent)")
                return .finished(total: till.total)
            }) {
                OnEntry { $0.log.append("paid") }
            }
            On(.finished, to: .bigReceipt, guard: Guard { _, event in
                if case .finished(let total)? = event { total >= 10 } else { false }
            }) { till, event, _ in if case .finished(let total)? = event { till.receipts.append(total) } }
            On(.finished, to: .smallReceipt) { till, event, _ in
                if case .finished(let total)? = event { till.receipts.append(-total) }
            }
        }
        State(.bigReceipt) { On(.restart, to: .shopping) { $0.total = 0 } }
        State(.smallReceipt) { On(.restart, to: .shopping) { $0.total = 0 } }
    }
}

/// The same chart as a function, its done event built by a static function.
@CompiledStatechart
enum CheckoutFunctionChart {
    typealias StateID = CheckoutState
    typealias Event = CheckoutEvent
    typealias Context = Till
    static let finish = DoneEventBuilder<CheckoutEvent, Till> { till, _, _ in .finished(total: till.total * 2) }
    static func makeDefinition() -> Definition {
        Definition("checkout") {
            State(.shopping) {
                State(.cart) {
                    On(.add) { till, event, _ in if case .add(let n)? = event { till.total += n } }
                    On(.pay, to: .paid)
                }
                Final(.paid, doneEvent: finish)
                On(.finished, to: .bigReceipt, guard: Guard { _, event in
                    if case .finished(let total)? = event { total >= 10 } else { false }
                }) { till, event, _ in if case .finished(let total)? = event { till.receipts.append(total) } }
                On(.finished, to: .smallReceipt)
            }
            State(.bigReceipt) { On(.restart, to: .shopping) { $0.total = 0 } }
            State(.smallReceipt) { On(.restart, to: .shopping) { $0.total = 0 } }
        }
    }
}

@Suite struct CompiledDoneEventTests {
    @Test func theDoneEventCarriesTheFinalStatesData() throws {
        var till = try CheckoutChart.start(context: Till())
        till.send(.add(4))
        till.send(.add(7))
        till.send(.pay)
        #expect(till.configuration == [.bigReceipt])
        #expect(till.context == Till(total: 11, receipts: [11], log: ["paid", "done shopping"]))
        till.send(.restart)
        till.send(.add(2))
        till.send(.pay)
        #expect(till.configuration == [.smallReceipt])
        #expect(till.context.receipts == [11, -2])
    }

    @Test(arguments: [31, 32, 33] as [UInt64])
    func lockstep(seed: UInt64) throws {
        try runLockstep(CheckoutChart.self, context: Till(), events: CheckoutEvent.samples, seed: seed)
    }

    @Test(arguments: [34, 35] as [UInt64])
    func lockstepFunctionForm(seed: UInt64) throws {
        try runLockstep(CheckoutFunctionChart.self, context: Till(), events: CheckoutEvent.samples, seed: seed)
    }
}
