import Statecharts
import Testing

/// The samples of docs/guide.md, line for line (DocSampleCheckTests checks that), each inside
/// enough of a chart to compile and run, with what their comments promise asserted.
@Suite("Guide samples")
struct GuideSampleTests {
    // States and events
    enum Screen: Hashable, Sendable { case loading, showing, empty, failed }
    enum Load: StatechartEvent {
        case loaded([String]), failed(String), retry
        enum Name: Hashable, Sendable { case loaded, failed, retry }
        var name: Name {
            switch self { case .loaded: .loaded; case .failed: .failed; case .retry: .retry }
        }
    }

    @Test("states and events; running, observing, asking")
    func screenChart() throws {
        struct Model: Sendable { var items: [String] = []; var error: String? }

        let screen = try Statechart<Screen, Load, Model> {
            State(.loading) {
                On(.loaded, to: .showing, guard: Guard { _, event in
                    if case .loaded(let items)? = event { return !items.isEmpty } else { return false }
                }) { model, event, _ in
                    if case .loaded(let items)? = event { model.items = items }
                }
                On(.loaded, to: .empty)
                On(.failed, to: .failed) { model, event, _ in
                    if case .failed(let message)? = event { model.error = message }
                }
            }
            State(.showing)
            State(.empty) { On(.retry, to: .loading) }
            State(.failed) { On(.retry, to: .loading) }
        }

        var shown = screen.start(context: Model())
        shown.send(.loaded(["a"]))
        #expect(shown.activeLeaves == [.showing] && shown.context.items == ["a"])
        var empty = screen.start(context: Model())
        empty.send(.loaded([]))
        #expect(empty.activeLeaves == [.empty])

        var machine = screen.start(context: Model())        // in .loading
        machine.send(.failed("offline"))                    // loading → failed
        let result = machine.send(.retry)                   // failed → loading
        let outcome = result.outcome                        // .transitioned (also: transitions, from/to, error)
        let loading = machine.isActive(.loading)            // true
        let active = machine.configuration                  // all active states, document order: [.loading]
        let leaves = machine.activeLeaves                   // the atomic ones: [.loading]
        let canRetry = machine.can(.retry)                  // false: loading ignores .retry
        let names = machine.enabledEventNames               // the event names it would take: [.loaded, .failed]
        let finished = machine.isFinished                   // false: no top-level final state reached

        var recorder = StatechartTraceRecorder<Screen, Load>()
        machine.send(.failed("timeout"), observer: &recorder)
        let lines = recorder.lines                          // ["exit loading", "transition t2", "enter failed", "microstep", "macrostep failed(\"timeout\")"]

        #expect(outcome == .transitioned)
        #expect(loading)
        #expect(active == [.loading])
        #expect(leaves == [.loading])
        #expect(!canRetry)
        #expect(names == [.loaded, .failed])
        #expect(!finished)
        #expect(lines == ["exit loading", "transition t2", "enter failed", "microstep", "macrostep failed(\"timeout\")"])
        #expect(machine.context.error == "timeout")
    }

    enum Shop: Hashable, Sendable { case browsing, checkout, cart, payment, receipt }
    enum ShopEvent: StatechartEvent, Hashable { case shop, cancel, pay, paid }

    @Test("hierarchy")
    func hierarchy() throws {
        let chart = try Statechart<Shop, ShopEvent, Void> {
            State(.browsing) { On(.shop, to: .checkout) }
            State(.checkout, initial: .cart) {
                On(.cancel, to: .browsing)            // handled from any state inside checkout
                State(.cart) { On(.pay, to: .payment) }
                State(.payment) { On(.paid, to: .receipt) }
                Final(.receipt)
                OnDone(to: .browsing)                 // when checkout reaches its final state
            }
        }
        var machine = chart.start(context: ())
        machine.send(.shop)
        #expect(machine.activeLeaves == [.cart])
        machine.send(.pay)
        machine.send(.cancel)
        #expect(machine.activeLeaves == [.browsing])
        machine.send(.shop)
        machine.send(.pay)
        machine.send(.paid)
        #expect(machine.activeLeaves == [.browsing])
    }

    enum Kitchen: Hashable, Sendable { case preparing, dough, kneading, doughReady, oven, heating, ovenReady, baking }
    enum KitchenEvent: StatechartEvent, Hashable { case rested, hot }

    @Test("parallel states, completion")
    func parallel() throws {
        let chart = try Statechart<Kitchen, KitchenEvent, Void> {
            Parallel(.preparing) {
                State(.dough) { State(.kneading) { On(.rested, to: .doughReady) }; Final(.doughReady) }
                State(.oven) { State(.heating) { On(.hot, to: .ovenReady) }; Final(.ovenReady) }
                OnDone(to: .baking)
            }
            State(.baking)
        }
        var machine = chart.start(context: ())
        #expect(machine.activeLeaves == [.kneading, .heating])
        machine.send(.rested)
        #expect(machine.activeLeaves == [.doughReady, .heating])
        machine.send(.hot)
        #expect(machine.activeLeaves == [.baking])
    }

    enum Player: Hashable, Sendable { case on, lastMode, stopped, playing, off }
    enum PlayerEvent: StatechartEvent, Hashable { case power, play, stop }

    @Test("history")
    func history() throws {
        let chart = try Statechart<Player, PlayerEvent, Void> {
            State(.on, initial: .stopped) {
                On(.power, to: .off)
                History(.lastMode, .deep, default: .stopped)
                State(.stopped) { On(.play, to: .playing) }
                State(.playing) { On(.stop, to: .stopped) }
            }
            State(.off) { On(.power, to: .lastMode) }     // back to .playing if it was playing
        }
        var machine = chart.start(context: ())
        machine.send(.play)
        machine.send(.power)
        #expect(machine.activeLeaves == [.off])
        machine.send(.power)
        #expect(machine.activeLeaves == [.playing])
    }

    enum Engine: Hashable, Sendable { case running, idle, overheated }
    enum EngineEvent: StatechartEvent, Hashable { case heat, reset, tick }
    struct Gauges: Sendable { var temperature = 0; var ticks = 0 }

    @Test("eventless, internal and targetless transitions")
    func eventless() throws {
        let chart = try Statechart<Engine, EngineEvent, Gauges> {
            State(.running, initial: .idle) {
                Always(to: .overheated, guard: Guard("too hot") { $0.temperature > 90 })  // checked after every step
                On(.reset, to: .idle, kind: .internal)     // does not exit the enclosing compound source
                On(.tick) { $0.ticks += 1 }                // targetless: runs its action, changes no state
                State(.idle) { On(.heat) { $0.temperature += 50 } }
            }
            State(.overheated)
        }
        var machine = chart.start(context: Gauges())
        machine.send(.tick)
        machine.send(.reset)
        #expect(machine.activeLeaves == [.idle] && machine.context.ticks == 1)
        machine.send(.heat)
        machine.send(.heat)
        #expect(machine.activeLeaves == [.overheated])
    }

    enum Quiz: Hashable, Sendable { case main, idle, waiting, done, late }
    enum QuizEvent: StatechartEvent, Hashable { case start, checked, timeout, answer }

    @Test("raising, sending, delaying")
    func delaying() throws {
        let chart = try Statechart<Quiz, QuizEvent, Void> {
            State(.main, initial: .idle) {
                On(.start, to: .waiting) { context, event, outbox in
                    outbox.raise(.checked)                                   // internal queue, this macrostep
                    outbox.send(.timeout, after: .seconds(5), id: "timer")   // delayed, on the instance's clock
                }
                State(.waiting) { On(.answer, to: .done) { _, _, outbox in outbox.cancel("timer") } }
                State(.idle)
                State(.done)
                On(.timeout, to: .late)
                State(.late)
            }
        }
        var machine = chart.start(context: ())
        machine.send(.start)
        machine.advanceClock(by: .seconds(5))   // delivers what falls due, each with its macrostep
        machine.runUntilIdle()                  // delivers everything pending
        #expect(machine.activeLeaves == [.late])

        var answered = chart.start(context: ())
        answered.send(.start)
        answered.send(.answer)
        answered.runUntilIdle()
        #expect(answered.activeLeaves == [.done])
    }

    struct API: Sendable {
        func items() async throws -> [String] { ["a"] }
    }

    @Test("asynchronous work")
    func invoke() throws {
        struct Model: Sendable { var items: [String] = [] }
        let api = API()
        let chart = try Statechart<Screen, Load, Model> {
            State(.loading) {
                Invoke("fetch", work: { model in .loaded(try await api.items()) }, failure: { .failed("\($0)") })
                On(.loaded, to: .showing)
                On(.failed, to: .failed)
            }
            State(.showing)
            State(.failed)
        }
        var machine = chart.start(context: Model())
        #expect(machine.activeLeaves == [.loading])
        #expect(!machine.takeInvocationRequests().isEmpty)
    }
}

// Child charts
extension GuideSampleTests {
    enum Checkout: Hashable, Sendable { case paying, shipping }
    enum OrderEvent: StatechartEvent, Equatable {
        case cancel, paymentDeclined, paid(String)
        enum Name: Hashable, Sendable { case cancel, paymentDeclined, paid }
        var name: Name {
            switch self { case .cancel: .cancel; case .paymentDeclined: .paymentDeclined; case .paid: .paid }
        }
    }
    enum PayState: Hashable, Sendable { case charging, charged, aborted }
    enum PayEvent: String, StatechartEvent { case approve, abort, declined }
    struct Payment: Sendable { var amount: Int; var receipt = "" }
    struct OrderModel: Sendable { var total = 20 }

    @Test("child charts: Invoke(chart:) with events both ways and the completion's data")
    func childChart() throws {
        let payment = try Statechart<PayState, PayEvent, Payment> {
            State(.charging) {
                On(.abort, to: .aborted)
                OnEntry { payment in payment.receipt = "R\(payment.amount)" }
                Always(to: .charged)
            }
            Final(.charged)
            Final(.aborted)
        }
        let order = try Statechart<Checkout, OrderEvent, OrderModel> {
            State(.paying) {
                Invoke(chart: payment, id: "payment",
                       context: { order in Payment(amount: order.total) },
                       toChild: { event in event == .cancel ? .abort : nil },
                       fromChild: { event in event == .declined ? .paymentDeclined : nil },
                       onDone: { payment in .paid(payment.receipt) })
                On(.cancel) { _, _, outbox in outbox.send(.cancel, toInvocation: "payment") }
                On(.paid, to: .shipping)
            }
            State(.shipping)
        }
        let machine = order.start(context: OrderModel())
        #expect(machine.activeLeaves == [.shipping])
        #expect(machine.invokedSessions.isEmpty)
    }

    // Large charts and build time
    enum Page: Hashable, Sendable { case browsing, cart, payment, done }
    enum Click: StatechartEvent, Hashable, CaseIterable { case checkout, pay, paid }
    struct Cart: Sendable {}

    @Test("large charts: a part built by a function of its own is used like a state")
    func chartInParts() throws {
        @StateContentBuilder<Page, Click, Cart>
        func checkoutStates() -> [StateContent<Page, Click, Cart>] {
            State(.cart) { On(.pay, to: .payment) }
            State(.payment) { On(.paid, to: .done) }
        }

        let shop = try Statechart<Page, Click, Cart>("shop") {
            State(.browsing) { On(.checkout, to: .cart) }
            checkoutStates()
            Final(.done)
        }

        var instance = shop.start(context: Cart())
        instance.send(.checkout)
        #expect(instance.isActive(.cart))
        instance.send(.pay)
        instance.send(.paid)
        #expect(instance.isActive(.done))
        #expect(shop.states == [.browsing, .cart, .payment, .done])
    }
}
