import Statecharts
import Testing

/// An order that invokes a payment chart of other types: events both ways, the child's
/// completion with its data, cancellation, the parent's clock and fair turns.
@Suite("Child charts: Invoke(chart:) runs a chart as its own instance")
struct ChildChartTests {
    enum PayState: Hashable, Sendable { case waiting, charging, paid, aborted }
    enum PayEvent: String, StatechartEvent, Hashable { case charge, approve, abort, tick, spin }
    struct Payment: Sendable { var amount: Int; var receipt = "" ; var ticks = 0 }

    enum OrderState: Hashable, Sendable { case cart, paying, shipped, cancelled, failed }
    enum OrderEvent: StatechartEvent, Hashable {
        case checkout, approve, cancel, leave, paid(String), paymentStarted, declined
        enum Name: Hashable, Sendable { case checkout, approve, cancel, leave, paid, paymentStarted, declined }
        var name: Name {
            switch self {
            case .checkout: .checkout
            case .approve: .approve
            case .cancel: .cancel
            case .leave: .leave
            case .paid: .paid
            case .paymentStarted: .paymentStarted
            case .declined: .declined
            }
        }
    }
    struct Order: Sendable { var total = 30; var receipt = ""; var started = 0; var finalized: [String] = [] }

    static func payment() throws -> Statechart<PayState, PayEvent, Payment> {
        try Statechart<PayState, PayEvent, Payment> {
            State(.waiting) {
                OnEntry { _, _, outbox in
                    outbox.sendToParent(.charge)
                    outbox.send(.charge)
                }
                On(.charge, to: .charging)
                On(.abort, to: .aborted)
            }
            State(.charging) {
                On(.approve, to: .paid) { payment in payment.receipt = "R\(payment.amount)" }
                On(.abort, to: .aborted)
            }
            Final(.paid)
            Final(.aborted)
        }
    }

    typealias OrderInvoke = Invoke<OrderState, OrderEvent, Order>

    static func toPayment(_ event: OrderEvent) -> PayEvent? {
        switch event {
        case .approve: .approve
        case .cancel: .abort
        default: nil
        }
    }

    static func order() throws -> Statechart<OrderState, OrderEvent, Order> {
        let invoke = OrderInvoke(chart: try payment(), id: "payment",
                                 context: { (order: Order) in Payment(amount: order.total) },
                                 toChild: Self.toPayment,
                                 fromChild: { (event: PayEvent) -> OrderEvent? in event == .charge ? .paymentStarted : nil },
                                 onDone: { (payment: Payment) -> OrderEvent? in payment.receipt.isEmpty ? .declined : .paid(payment.receipt) })
        return try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) {
                On(.checkout, to: .paying)
            }
            State(.paying) {
                invoke
                On(.paymentStarted) { order, _, outbox in
                    order.started += 1
                    outbox.send(.checkout, toInvocation: "payment")   // no translation: dropped
                    outbox.send(.approve, toInvocation: "payment")
                }
                On(.paid, to: .shipped) { order, event, _ in if case .paid(let receipt)? = event { order.receipt = receipt } }
                On(.declined, to: .failed)
                On(.leave, to: .cancelled)
            }
            Final(.shipped)
            Final(.cancelled)
            State(.failed)
        }
    }

    /// An order whose `paying` state invokes a child that finishes after `delay` on its clock.
    static func tickingOrder(after delay: Duration) throws -> Statechart<OrderState, OrderEvent, Order> {
        let ticker = try Statechart<PayState, PayEvent, Payment> {
            State(.waiting) {
                OnEntry { _, _, outbox in outbox.send(.tick, after: delay) }
                On(.tick, to: .paid)
            }
            Final(.paid)
        }
        return try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                Invoke(chart: ticker, context: { _ in Payment(amount: 0) }, onDone: { _ in .paid("tick") })
                On(.paid, to: .shipped)
            }
            Final(.shipped)
        }
    }

    @Test("events go both ways and the child's completion comes back with its data")
    func roundTrip() throws {
        var order = try Self.order().start(context: Order())
        order.send(.checkout)
        #expect(order.isFinished)
        #expect(order.activeLeaves == [.shipped])
        #expect(order.context.receipt == "R30")
        #expect(order.context.started == 1)
        #expect(order.invokedSessions.isEmpty)
    }

    @Test("the child runs after the macrostep that entered its state, and shows its configuration")
    func startsAtEndOfMacrostep() throws {
        let payment = try Self.payment()
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                Invoke(chart: payment, id: "payment", context: { Payment(amount: $0.total) },
                       fromChild: { _ in nil }, onDone: { _ in .declined })
                On(.declined, to: .failed)
            }
            State(.failed)
        }
        var order = chart.start(context: Order())
        #expect(order.invokedSessions.isEmpty)
        order.send(.checkout)
        #expect(order.invokedSessions == [InvokedSessionInfo(id: "payment", configuration: ["charging"])])
    }

    @Test("exiting the invoking state stops the child; its later events never arrive")
    func cancelledOnExit() throws {
        let payment = try Self.payment()
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                Invoke(chart: payment, id: "payment", context: { Payment(amount: $0.total) },
                       toChild: { $0 == .approve ? .approve : nil }, onDone: { _ in .declined })
                On(.leave, to: .cart)
                On(.declined, to: .failed)
            }
            State(.failed)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.invokedSessions.count == 1)
        order.send(.leave)
        #expect(order.invokedSessions.isEmpty)
        #expect(order.activeLeaves == [.cart])
    }

    @Test("a cancelled child runs its active states' exit actions, innermost first; what they send is dropped")
    func cancelledChildExits() throws {
        let exits = ExitLog()
        enum Leg: Hashable, Sendable { case outer, inner, done }
        let child = try Statechart<Leg, PayEvent, Payment> {
            State(.outer) {
                OnExit { _, _, outbox in
                    exits.append("outer")
                    outbox.sendToParent(.charge)
                }
                State(.inner) {
                    OnExit { _, _, _ in exits.append("inner") }
                    On(.approve, to: .done)
                }
            }
            Final(.done) { OnEntry { _, _, _ in exits.append("done entered") } }
        }
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) {
                On(.checkout, to: .paying)
                On(.paymentStarted) { order, _, _ in order.started += 1 }
            }
            State(.paying) {
                Invoke(chart: child, id: "leg", context: { Payment(amount: $0.total) },
                       fromChild: { _ in .paymentStarted }, onDone: { _ in .declined })
                On(.leave, to: .cart)
            }
            State(.failed)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(exits.lines.isEmpty)
        order.send(.leave)
        #expect(exits.lines == ["inner", "outer"])
        #expect(order.activeLeaves == [.cart])
        #expect(order.invokedSessions.isEmpty)
        #expect(order.context.started == 0)   // the `charge` sent while exiting never arrives
    }

    @Test("a state entered and exited in one macrostep never starts its child")
    func notStartedWhenLeftInSameMacrostep() throws {
        let payment = try Self.payment()
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                Invoke(chart: payment, id: "payment", context: { Payment(amount: $0.total) },
                       fromChild: { _ in .paymentStarted }, onDone: { _ in .declined })
                Always(to: .cancelled)
            }
            State(.cancelled) { On(.paymentStarted, to: .failed) }
            State(.failed)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.activeLeaves == [.cancelled])
        #expect(order.invokedSessions.isEmpty)
    }

    @Test("a send to an invocation that does not run raises the given event")
    func unreachable() throws {
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) {
                On(.checkout) { _, _, outbox in outbox.send(.approve, toInvocation: "nobody", ifUnreachable: .declined) }
                On(.declined, to: .failed)
            }
            State(.failed)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.activeLeaves == [.failed])
    }

    @Test("autoforward sends the parent's external events on; finalize runs before each event from the child")
    func autoforwardAndFinalize() throws {
        let invoke = OrderInvoke(
            chart: try Self.payment(), id: "payment", autoforward: true,
            context: { (order: Order) in Payment(amount: order.total) },
            toChild: { (event: OrderEvent) -> PayEvent? in event == .approve ? .approve : (event == .paymentStarted ? .charge : nil) },
            fromChild: { (event: PayEvent) -> OrderEvent? in event == .charge ? .paymentStarted : nil },
            onDone: { (payment: Payment) -> OrderEvent? in .paid(payment.receipt) },
            finalize: Action("note") { (order: inout Order, event: OrderEvent?) in order.finalized.append(event.map { String(describing: $0) } ?? "") })
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                invoke
                On(.paid, to: .shipped) { order, event, _ in if case .paid(let r)? = event { order.receipt = r } }
            }
            Final(.shipped)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        // paymentStarted came back from the child, was finalized, and was forwarded as .charge.
        #expect(order.context.finalized == ["paymentStarted"])
        #expect(order.invokedSessions.first?.configuration == ["charging"])
        order.send(.approve)
        #expect(order.activeLeaves == [.shipped])
        #expect(order.context.receipt == "R30")
        #expect(order.context.finalized == ["paymentStarted", "paid(\"R30\")"])
    }

    @Test("the child's delayed events fall due on the parent's clock")
    func parentClock() throws {
        let chart = try Self.tickingOrder(after: .seconds(2))
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.nextDelayedEventTime == .seconds(2))
        order.advanceClock(by: .seconds(1))
        #expect(order.activeLeaves == [.paying])
        order.advanceClock(by: .seconds(1))
        #expect(order.activeLeaves == [.shipped])
        #expect(order.invokedSessions.isEmpty)
    }

    @Test("a child that keeps itself busy is stopped at its limit and the parent goes on")
    func busyChildCannotStarveParent() throws {
        let spinner = try Statechart<PayState, PayEvent, Payment>(externalEventLimit: 50) {
            State(.waiting) {
                OnEntry { _, _, outbox in outbox.send(.spin) }
                On(.spin) { payment, _, outbox in payment.ticks += 1; outbox.send(.spin) }
            }
        }
        let chart = try Statechart<OrderState, OrderEvent, Order> {
            State(.cart) {
                On(.checkout, to: .paying)
            }
            State(.paying) {
                Invoke(chart: spinner, id: "spinner", context: { _ in Payment(amount: 0) })
                OnEntry { _, _, outbox in outbox.send(.leave) }
                On(.leave, to: .cancelled)
            }
            Final(.cancelled)
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.activeLeaves == [.cancelled])
        #expect(order.error == nil)
    }

    @Test("a child that never stops sending to its busy parent ends at the parent's limit, not in a hang")
    func pingPongIsBounded() throws {
        let echo = try Statechart<PayState, PayEvent, Payment> {
            State(.waiting) {
                OnEntry { _, _, outbox in outbox.sendToParent(.spin) }
                On(.spin) { _, _, outbox in outbox.sendToParent(.spin) }
            }
        }
        let chart = try Statechart<OrderState, OrderEvent, Order>(externalEventLimit: 100) {
            State(.cart) { On(.checkout, to: .paying) }
            State(.paying) {
                Invoke(chart: echo, id: "echo", context: { _ in Payment(amount: 0) },
                       toChild: { _ in .spin }, fromChild: { _ in .approve })
                On(.approve) { _, _, outbox in outbox.send(.approve, toInvocation: "echo") }
            }
        }
        var order = chart.start(context: Order())
        order.send(.checkout)
        #expect(order.error == .externalEventLimitExceeded(limit: 100))
    }

    @Test("a snapshot names the running children, and restoring it is refused with the reason")
    func snapshotsRefuseChildren() throws {
        let chart = try Self.order()
        var order = chart.start(context: Order())
        #expect(order.snapshot().runningInvocations == nil)
        order.send(.checkout)
        #expect(order.isFinished)
        let payment = try Self.payment()
        let waiting = try Statechart<OrderState, OrderEvent, Order> {
            State(.paying) {
                Invoke(chart: payment, id: "payment", context: { Payment(amount: $0.total) }, toChild: { _ in nil })
            }
        }
        let running = waiting.start(context: Order())
        let snapshot = running.snapshot()
        #expect(snapshot.runningInvocations == ["payment"])
        #expect(throws: SnapshotRestoreError.self) { try waiting.restore(snapshot, context: Order()) }
        do {
            _ = try waiting.restore(snapshot, context: Order())
        } catch {
            #expect(error.problems.contains { $0.contains("invoked charts ran") && $0.contains("payment") })
        }
    }

    @Test("under StatechartRunner, a child's delayed event fires when the injected clock reaches it")
    func liveRunner() async throws {
        let chart = try Self.tickingOrder(after: .seconds(3))
        let clock = ManualClock()
        let runner = StatechartRunner(chart: chart, context: Order(), clock: clock)
        await runner.send(.checkout)
        #expect(await RunnerTests.eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(2))
        #expect(await runner.isActive(.paying))
        clock.advance(by: .seconds(1))
        #expect(await RunnerTests.eventually { await runner.isFinished })
        #expect(await runner.configuration == [.shipped])
    }
}

/// Lines written by charts' actions, read by the test (actions are `@Sendable`).
final class ExitLog: @unchecked Sendable {
    // @unchecked: `lines` is read only after the instance that writes it has returned.
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}
