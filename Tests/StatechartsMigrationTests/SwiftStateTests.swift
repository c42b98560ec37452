import Statecharts
import StatechartsMigration
import Testing

@Suite("Coming from SwiftState: routes, handlers and closure routes on the statechart engine")
struct SwiftStateTests {
    enum MyState: Hashable, Sendable, CaseIterable { case state0, state1, state2 }
    enum MyEvent: Hashable, Sendable, CaseIterable { case event0, event1 }

    @Test("the guide's first sample, paste-ready: a door of routes")
    func firstSample() {
        enum Door: Hashable, Sendable, CaseIterable { case closed, opened, locked }

        let door = RouteMachine<Door, NoEvent>(state: .closed) { machine in
            machine.addRoute(.closed => .opened)
            machine.addRoute(.opened => .closed)
            machine.addRoute(.closed => .locked)
            machine.addRoute(.locked => .closed)
            machine.addHandler(.any => .opened) { context in print("opened, from \(context.fromState)") }
            machine.addErrorHandler { _, fromState, toState, _ in print("refused: \(fromState) => \(toState)") }
        }
        door <- .opened                         // prints "opened, from closed"
        door <- .locked                         // prints "refused: opened => locked"
        door <- .closed
        door <- .locked
        let state = door.state                  // .locked

        #expect(state == .locked)
        #expect(door.lastRefusal == nil)
    }

    @Test("the README's first example prints its four lines")
    func readmeFirstExample() {
        let output = Output()
        let machine = RouteMachine<MyState, NoEvent>(state: .state0) { machine in
            machine.addRoute(.state0 => .state1)
            machine.addRoute(.any => .state2) { context in
                output.print("Any => 2, msg=\(String(describing: context.userInfo))")
            }
            machine.addRoute(.state2 => .any) { context in
                output.print("2 => Any, msg=\(String(describing: context.userInfo))")
            }
            machine.addHandler(.state0 => .state1) { _ in
                output.print("0 => 1")
            }
            machine.addErrorHandler { event, fromState, toState, userInfo in
                output.print("[ERROR] \(fromState) => \(toState)")
            }
        }
        #expect(machine.state == .state0)

        machine <- .state1
        #expect(machine.state == .state1)
        machine <- (.state2, "Hello")
        #expect(machine.state == .state2)
        machine <- (.state1, "Bye")
        #expect(machine.state == .state1)
        machine <- .state0                      // refused: nothing leads from state1 to state0
        #expect(machine.state == .state1)

        #expect(output.lines == [
            "0 => 1",
            "Any => 2, msg=Optional(\"Hello\")",
            "2 => Any, msg=Optional(\"Bye\")",
            "[ERROR] state1 => state0",
        ])
    }

    @Test("routes grouped by event, tried with <-!")
    func routesByEvent() {
        let output = Output()
        let machine = RouteMachine<MyState, MyEvent>(state: .state0) { machine in
            machine.addRoutes(event: .event0, transitions: [
                .state0 => .state1,
                .state1 => .state2,
            ])
            machine.addHandler(event: .event0) { context in
                output.print("\(context.event.map { "\($0)" } ?? "-"): \(context.fromState) => \(context.toState)")
            }
        }
        machine <-! .event0
        #expect(machine.state == .state1)
        machine <-! .event0
        #expect(machine.state == .state2)
        machine <-! .event0                     // refused: no route of event0 leaves state2
        #expect(machine.state == .state2)
        #expect(machine.lastRefusal == .noRoute(from: .state2, to: nil, event: .event0))
        #expect(output.lines == ["event0: state0 => state1", "event0: state1 => state2"])
    }

    enum StrState: Hashable, Sendable { case str(String) }
    enum StrEvent: Hashable, Sendable { case str(String) }

    @Test("closure routes over enums with associated values, step by step")
    func closureRoutes() {
        let phases: [StrState] = [.str("initial"), .str("Phase 1"), .str("Phase 2"), .str("end")]
        let machine = RouteMachine<StrState, StrEvent>(state: .str("initial"), states: phases) { machine in
            machine.addRouteMapping { event, fromState, userInfo in
                guard let event else { return nil }  // state attempts have no closure route here
                switch (event, fromState) {
                case (.str("gogogo"), .str("initial")): return .str("Phase 1")
                case (.str("gogogo"), .str("Phase 1")): return .str("Phase 2")
                case (.str("finish"), .str("Phase 2")): return .str("end")
                default: return nil
                }
            }
        }
        #expect(machine.state == .str("initial"))

        machine <-! .str("go?")                 // no route: nothing changes
        #expect(machine.state == .str("initial"))
        machine <-! .str("gogogo")
        #expect(machine.state == .str("Phase 1"))
        machine <-! .str("finish")              // no route from Phase 1
        #expect(machine.state == .str("Phase 1"))
        machine <-! .str("gogogo")
        #expect(machine.state == .str("Phase 2"))
        machine <-! .str("gogogo")              // no route from Phase 2
        #expect(machine.state == .str("Phase 2"))
        machine <-! .str("finish")
        #expect(machine.state == .str("end"))
        // The compiled chart has exactly the declared states.
        #expect(machine.chart?.states == phases)
    }

    @Test("a closure route choosing an undeclared state is refused, with the reason")
    func undeclaredState() {
        let machine = RouteMachine<StrState, StrEvent>(state: .str("a"), states: [.str("b")]) { machine in
            machine.addRouteMapping { event, _, _ in event == .str("jump") ? .str("nowhere") : .str("b") }
        }
        #expect(machine.states == [.str("a"), .str("b")])
        #expect(!machine.tryEvent(.str("jump")))
        #expect(machine.lastRefusal == .undeclaredState(.str("nowhere")))
        #expect(machine.lastRefusal?.description.contains("not one of the machine's declared states") == true)
        #expect(!machine.tryState(.str("elsewhere")))
        #expect(machine.lastRefusal == .undeclaredState(.str("elsewhere")))
        #expect(machine.tryEvent(.str("go")))
        #expect(machine.state == .str("b"))
        #expect(machine.lastRefusal == nil)
    }

    @Test("[.a, .b] => .c, .any => .x and .x => .any")
    func routePatterns() {
        let machine = RouteMachine<MyState, NoEvent>(state: .state0) { machine in
            machine.addRoutes([.state0, .state1] => .state2)
            machine.addRoute(.state2 => .any)
        }
        #expect(!machine.canTryState(.state1))
        #expect(machine.tryState(.state2))
        #expect(machine.tryState(.state1))     // 2 => any
        #expect(machine.tryState(.state2))     // 1 => 2
        #expect(machine.tryState(.state2))     // 2 => any includes 2 itself
        #expect(machine.tryState(.state0))

        let entering = RouteMachine<MyState, NoEvent>(state: .state0) { $0.addRoute(.any => .state1) }
        #expect(entering.tryState(.state1))
        #expect(entering.tryState(.state1))
        #expect(!entering.tryState(.state0))
    }

    @Test("a blacklist: every route but those a condition rules out")
    func blacklist() {
        let machine = RouteMachine<MyState, NoEvent>(state: .state0) { machine in
            machine.addRoute(.any => .any, condition: { context in context.toState != .state0 })
        }
        #expect(machine.tryState(.state2))
        #expect(machine.tryState(.state1))
        #expect(!machine.tryState(.state0))
        #expect(machine.state == .state1)
    }

    @Test("a route chain's handler runs once its steps were taken in a row")
    func routeChain() {
        let output = Output()
        let machine = RouteMachine<MyState, NoEvent>(state: .state0) { machine in
            machine.addRouteChain(.state0 => .state1 => .state2) { context in
                output.print("chain done at \(context.toState)")
            }
            machine.addRoute(.state1 => .state0)
            machine.addRoute(.state2 => .state0)
            machine.addChainErrorHandler(.state0 => .state1 => .state2) { context in
                output.print("chain broken by \(context.fromState) => \(context.toState)")
            }
        }
        machine <- .state1 <- .state0          // begun, then broken
        machine <- .state1 <- .state2          // taken in a row
        machine <- .state0
        #expect(machine.state == .state0)
        #expect(output.lines == ["chain broken by state1 => state0", "chain done at state2"])
    }

    @Test("handlers run by order, then in the order added")
    func handlerOrder() {
        let output = Output()
        let machine = RouteMachine<MyState, MyEvent>(state: .state0) { machine in
            machine.addRoute(.state0 => .state1)
            machine.addHandler(.state0 => .state1, order: 200) { _ in output.print("200") }
            machine.addHandler(.any => .any) { _ in output.print("100 first") }
            machine.addHandler(.state0 => .any, order: 50) { _ in output.print("50") }
            machine.addHandler(.any => .state1) { _ in output.print("100 second") }
            machine.addHandler(event: .event0) { _ in output.print("event handler: not a state attempt") }
            machine.addAnyHandler(.state0 => .state1, order: 150) { _ in output.print("150 any") }
        }
        #expect(machine.tryState(.state1))
        #expect(output.lines == ["50", "100 first", "100 second", "150 any", "200"])
    }

    @Test("error handlers see the refused attempt; handlers do not run")
    func errorHandlers() {
        let output = Output()
        let machine = RouteMachine<MyState, MyEvent>(state: .state0) { machine in
            machine.addRoutes(event: .event0, transitions: [.state0 => .state1])
            machine.addHandler(event: .any) { _ in output.print("moved") }
            machine.addErrorHandler(order: 2) { _ in output.print("second error handler") }
            machine.addErrorHandler(order: 1) { context in
                output.print("refused \(context.event.map { "\($0)" } ?? "nil") in \(context.fromState), to \(context.toState), info \(String(describing: context.userInfo))")
            }
        }
        #expect(!machine.tryEvent(.event1, userInfo: 7))
        #expect(!machine.tryState(.state2))
        #expect(machine.lastRefusal == .noRoute(from: .state0, to: .state2, event: nil))
        #expect(machine.lastRefusal?.description == "no route from state0 to state2")
        #expect(output.lines == [
            "refused event1 in state0, to state0, info Optional(7)",
            "second error handler",
            "refused nil in state0, to state2, info nil",
            "second error handler",
        ])
    }

    @Test("conditions see the event, both states and the user info")
    func conditions() {
        let machine = RouteMachine<MyState, MyEvent>(state: .state0) { machine in
            machine.addRoute(.state0 => .state1, condition: { context in (context.userInfo as? String) == "open sesame" })
            machine.addRoutes(event: .event1, transitions: [.state1 => .state2], condition: { context in
                context.event == .event1 && context.fromState == .state1 && context.toState == .state2
                    && (context.userInfo as? Int ?? 0) > 3
            })
        }
        #expect(!machine.tryState(.state1))
        #expect(!machine.tryState(.state1, userInfo: "please"))
        #expect(machine.tryState(.state1, userInfo: "open sesame"))
        #expect(machine.canTryEvent(.event1, userInfo: 2) == nil)
        #expect(machine.canTryEvent(.event1, userInfo: 4) == .state2)
        #expect(!machine.tryEvent(.event1, userInfo: 2))
        #expect(machine.tryEvent(.event1, userInfo: 4))
        #expect(machine.state == .state2)
    }

    @Test("disposables remove routes and handlers; the chart is recompiled in the current state")
    func removal() {
        let output = Output()
        let machine = RouteMachine<MyState, NoEvent>(state: .state0)
        let forward = machine.addRoute(.state0 => .state1)
        machine.addRoute(.state1 => .state0)
        let handler = machine.addHandler(.any => .any) { context in output.print("\(context.fromState) => \(context.toState)") }
        #expect(machine.tryState(.state1))
        #expect(machine.chart?.transitions(of: .state0).count == 2)   // the route and the fallback
        handler.dispose()
        #expect(handler.isDisposed)
        #expect(machine.tryState(.state0))
        forward.dispose()
        forward.dispose()                        // a second time does nothing
        #expect(!machine.tryState(.state1))
        #expect(machine.state == .state0)
        #expect(machine.chart?.transitions(of: .state0).count == 1)   // the fallback only
        #expect(output.lines == ["state0 => state1"])
    }

    @Test("events of any kind, identity routes, and any-handlers")
    func anyEvent() {
        let output = Output()
        let machine = RouteMachine<MyState, MyEvent>(state: .state0) { machine in
            machine.addRoutes(event: .event1, transitions: [.state0 => .any])   // stays
            machine.addRoutes(event: .any, transitions: [.state0 => .state2])
            machine.addAnyHandler(.state0 => .any) { context in
                output.print("\(context.event.map { "\($0)" } ?? "nil"): \(context.fromState) => \(context.toState)")
            }
        }
        #expect(machine.canTryEvent(.event1) == .state0)
        #expect(machine.tryEvent(.event1))
        #expect(machine.state == .state0)
        #expect(machine.tryEvent(.event0))
        #expect(machine.state == .state2)
        #expect(output.lines == [
            "event1: state0 => state0",
            "event0: state0 => state2",
        ])
    }

    @Test("state route mappings allow state attempts, with their handler")
    func stateRouteMapping() {
        let output = Output()
        let machine = RouteMachine<MyState, NoEvent>(state: .state0) { machine in
            machine.addStateRouteMapping({ fromState, _ in
                fromState == .state0 ? [.state1, .state2] : nil
            }, handler: { context in output.print("mapped \(context.fromState) => \(context.toState)") })
        }
        #expect(machine.canTryState(.state2))
        #expect(output.lines.isEmpty)            // asking runs no handler
        #expect(machine.tryState(.state2))
        #expect(!machine.tryState(.state1))
        #expect(output.lines == ["mapped state0 => state2"])
    }

    // The guide's samples are checked by DocSampleCheckTests, against this file and TestSupport.swift.
}
