import Statecharts
import StatechartsMigration
import Testing

@Suite("Coming from Transporter: states, events, vetoes and callbacks on the statechart engine")
struct TransporterTests {
    @Test("the guide's first sample, paste-ready: a bulb with a veto")
    func firstSample() throws {
        enum Bulb: Hashable, Sendable { case off, on, broken }

        let bulb = TransporterMachine(initialState: TransporterState(Bulb.off), states: [
            TransporterState(.on, didEnter: { print("did enter \($0)") }),
            TransporterState(.broken),
        ])
        try bulb.addEvent(TransporterEvent(name: "switch on", sourceValues: [.off], destinationValue: .on))
        try bulb.addEvent(TransporterEvent(name: "switch off", sourceValues: [.on], destinationValue: .off))
        try bulb.addEvent(TransporterEvent(
            name: "break", sourceValues: [.off, .on], destinationValue: .broken,
            shouldFire: { _ in false }))                // a veto that always says no

        let switchedOn = bulb.fireEvent("switch on")    // .success(sourceState: .off, destinationState: .on), prints "did enter on"
        let again = bulb.fireEvent("switch on")         // .error(.wrongSourceState)
        let broken = bulb.fireEvent("break")            // .error(.transitionDeclined)
        let exploded = bulb.fireEvent("explode")        // .error(.unknownEvent)
        let value = bulb.currentValue                   // .on

        #expect(switchedOn == .success(sourceState: .off, destinationState: .on))
        #expect(again == .error(.wrongSourceState))
        #expect(broken == .error(.transitionDeclined))
        #expect(exploded == .error(.unknownEvent))
        #expect(value == .on)
        #expect(bulb.isInState(.on))
    }

    @Test("a callback may read the machine while an event fires: it is in the state the event left")
    func callbackReadsTheMachine() throws {
        enum Door: Hashable, Sendable { case closed, open }
        final class Seen: @unchecked Sendable {
            var machine: TransporterMachine<Door>?
            var values: [Door] = []
        }
        let seen = Seen()
        let door = TransporterMachine(initialState: TransporterState(Door.closed, didEnter: { _ in
            if let machine = seen.machine { seen.values.append(machine.currentValue) }
        }), states: [TransporterState(.open, didEnter: { _ in
            if let machine = seen.machine { seen.values.append(machine.currentValue) }
        })])
        seen.machine = door
        try door.addEvent(TransporterEvent(name: "open", sourceValues: [.closed], destinationValue: .open))
        try door.addEvent(TransporterEvent(name: "close", sourceValues: [.open], destinationValue: .closed))
        #expect(door.fireEvent("open") == .success(sourceState: .closed, destinationState: .open))
        #expect(door.fireEvent("close") == .success(sourceState: .open, destinationState: .closed))
        #expect(seen.values == [.closed, .open])
        #expect(door.currentValue == .closed)
    }

    /// A state whose four callbacks print what they are called for.
    enum Light: Hashable, Sendable { case off, dimmed, on, broken }

    static func state(_ light: Light, _ output: Output) -> TransporterState<Light> {
        TransporterState(
            light,
            willEnter: { output.print("willEnter \($0)") },
            didEnter: { output.print("didEnter \($0)") },
            willExit: { output.print("willExit \($0)") },
            didExit: { output.print("didExit \($0)") })
    }

    @Test("firing calls the veto, then the callbacks in Transporter's order")
    func callbackOrder() throws {
        let output = Output()
        let machine = TransporterMachine(initialState: Self.state(.off, output), states: [Self.state(.on, output)])
        try machine.addEvent(TransporterEvent(
            name: "switch on", sourceValues: [.off], destinationValue: .on,
            shouldFire: { event in output.print("shouldFire \(event.name)"); return true },
            willFire: { event in output.print("willFire \(event.name)") },
            didFire: { event in output.print("didFire \(event.name)") }))

        let result = machine.fireEvent("switch on")

        #expect(result == .success(sourceState: .off, destinationState: .on))
        #expect(output.lines == [
            "shouldFire switch on",
            "willFire switch on",
            "willEnter on",
            "willExit off",
            "didExit off",
            "didEnter on",
            "didFire switch on",
        ])
        #expect(result.isSuccessful)
        #expect(machine.isInState(.on))
    }

    @Test("an event may fire in several source states")
    func severalSources() throws {
        let machine = TransporterMachine(initialStateValue: Light.off)
        machine.addStates([TransporterState(.dimmed), TransporterState(.on)])
        try machine.addEvent(TransporterEvent(name: "brighten", sourceValues: [.off], destinationValue: .dimmed))
        try machine.addEvent(TransporterEvent(name: "brighten", sourceValues: [.dimmed], destinationValue: .on))
        try machine.addEvent(TransporterEvent(name: "turn off", sourceValues: [.dimmed, .on], destinationValue: .off))

        #expect(machine.fireEvent("turn off") == .error(.wrongSourceState))
        #expect(machine.fireEvent("brighten") == .success(sourceState: .off, destinationState: .dimmed))
        #expect(machine.fireEvent("turn off") == .success(sourceState: .dimmed, destinationState: .off))
        machine.fireEvent("brighten")
        #expect(machine.fireEvent("brighten") == .success(sourceState: .dimmed, destinationState: .on))
        #expect(machine.fireEvent("turn off") == .success(sourceState: .on, destinationState: .off))
        #expect(machine.eventsWithName("brighten").count == 2)
    }

    @Test("a veto declines the event: nothing else is called and the state stays")
    func veto() throws {
        let output = Output()
        let machine = TransporterMachine(initialState: Self.state(.off, output), states: [Self.state(.on, output)])
        let event = TransporterEvent(
            name: "switch on", sourceValues: [.off], destinationValue: Light.on,
            shouldFire: { _ in output.print("asked"); return false },
            willFire: { _ in output.print("willFire") })
        try machine.addEvent(event)

        #expect(machine.canFireEvent(event))                      // the veto is not asked here
        #expect(machine.possibleTransition(forEvent: "switch on") == .success(sourceState: .off, destinationState: .on))
        #expect(output.lines.isEmpty)
        #expect(machine.fireEvent(event) == .error(.transitionDeclined))
        #expect(machine.currentValue == .off)
        #expect(output.lines == ["asked"])
    }

    @Test("firing an unknown event or in a wrong state says why")
    func refusals() throws {
        let machine = TransporterMachine(initialStateValue: Light.off)
        machine.addState(TransporterState(.on))
        try machine.addEvent(TransporterEvent(name: "switch off", sourceValues: [.on], destinationValue: .off))

        #expect(machine.fireEvent("explode") == .error(.unknownEvent))
        #expect(machine.fireEvent("switch off") == .error(.wrongSourceState))
        #expect(!machine.canFireEvent("switch off"))
        #expect(TransporterTransitionError.wrongSourceState.description == "no event of that name can fire in the current state")
        #expect(machine.currentState.value == .off)
    }

    @Test("adding an event whose states are unknown is an error")
    func unknownStates() {
        let machine = TransporterMachine(initialStateValue: Light.off)
        machine.addState(TransporterState(.on))

        #expect(throws: TransporterEventError<Light>.noSourceValue(event: "nothing")) {
            try machine.addEvent(TransporterEvent(name: "nothing", sourceValues: [], destinationValue: .on))
        }
        #expect(throws: TransporterEventError.unknownSourceValue(event: "repair", value: Light.broken)) {
            try machine.addEvent(TransporterEvent(name: "repair", sourceValues: [.broken], destinationValue: .off))
        }
        #expect(throws: TransporterEventError.unknownDestinationValue(event: "break", value: Light.broken)) {
            try machine.addEvent(TransporterEvent(name: "break", sourceValues: [.on], destinationValue: .broken))
        }
        let problems = machine.addEvents([
            TransporterEvent(name: "switch on", sourceValues: [.off], destinationValue: .on),
            TransporterEvent(name: "break", sourceValues: [.on], destinationValue: .broken),
        ])
        #expect(problems.map(\.description) == ["event 'break' leads to broken, which is not a state of the machine; add the state first"])
        #expect(machine.events.map(\.name) == ["switch on"])
        #expect(machine.fireEvent("break") == .error(.unknownEvent))
    }

    @Test("of several events with one name, the first that may fire in the state decides")
    func sameNameSameSource() throws {
        let machine = TransporterMachine(initialStateValue: Light.off)
        machine.addStates([TransporterState(.dimmed), TransporterState(.on)])
        try machine.addEvent(TransporterEvent(name: "press", sourceValues: [.off], destinationValue: .dimmed, shouldFire: { _ in false }))
        try machine.addEvent(TransporterEvent(name: "press", sourceValues: [.off], destinationValue: .on))

        #expect(machine.fireEvent("press") == .error(.transitionDeclined))
        #expect(machine.currentValue == .off)
    }

    @Test("activating a state switches without an event, calling the state callbacks")
    func activate() {
        let output = Output()
        let machine = TransporterMachine(initialState: Self.state(.off, output), states: [Self.state(.on, output)])
        #expect(machine.activateState(.on))
        #expect(!machine.activateState(.broken))
        #expect(machine.currentValue == .on)
        #expect(output.lines == ["willEnter on", "willExit off", "didExit off", "didEnter on"])
    }

    @Test("states and events added later recompile the chart; the machine stays where it is")
    func growing() throws {
        let machine = TransporterMachine(initialStateValue: Light.off)
        machine.addState(TransporterState(.on))
        try machine.addEvent(TransporterEvent(name: "switch on", sourceValues: [.off], destinationValue: .on))
        #expect(machine.fireEvent("switch on").isSuccessful)
        machine.addState(TransporterState(.broken))
        try machine.addEvent(TransporterEvent(name: "break", sourceValues: [.on], destinationValue: .broken))
        #expect(machine.fireEvent("break") == .success(sourceState: .on, destinationState: .broken))
        #expect(machine.chart?.states == [.off, .on, .broken])
        #expect(machine.initialState == .off)
    }

    @Test("a native chart runs SCXML's order; transition actions give Transporter's")
    func nativeOrder() throws {
        enum Input: StatechartEvent, Hashable { case flip }
        let scxml = try Statechart<Light, Input, [String]> {
            State(.off) {
                OnExit { $0.append("exit off") }
                On(.flip, to: .on) { $0.append("transition") }
            }
            State(.on) { OnEntry { $0.append("enter on") } }
        }
        var machine = scxml.start(context: [])
        machine.send(.flip)
        #expect(machine.context == ["exit off", "transition", "enter on"])

        let transporterOrder = try Statechart<Light, Input, [String]> {
            State(.off) {
                On(.flip, to: .on, actions: [
                    Action { $0.append("willEnter on") },
                    Action { $0.append("willExit off") },
                    Action { $0.append("didExit off") },
                    Action { $0.append("didEnter on") },
                ])
            }
            State(.on)
        }
        var reordered = transporterOrder.start(context: [])
        reordered.send(.flip)
        #expect(reordered.context == ["willEnter on", "willExit off", "didExit off", "didEnter on"])
    }

    @Test("the guide shows this file's code")
    func guide() {
        #expect(guideLinesMissing(from: "coming-from-transporter.md") == [])
    }
}
