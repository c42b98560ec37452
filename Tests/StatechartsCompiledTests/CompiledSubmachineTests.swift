import Testing
import StatechartsCompiled

// Charts embedded with `Submachine` in compiled charts: the embedded chart a static member of the
// chart's type, as `static let` or `static func`, run in lockstep with the plain chart.

enum HouseState: Hashable, Sendable {
    case outside, porch, door, closed, opened, ajar, wide, locked, doorHistory, alarm, quiet, ringing
}
enum HouseEvent: StatechartEvent, Hashable, CaseIterable {
    case enter, back, open, close, widen, lock, jam, leave, arm, trip, hush
}
struct HouseLog: Sendable, Equatable {
    var lines: [String] = []
    var jammed = false
    var trips = 0
}

/// A door embedded in a house with `static let`, entered by its initial state and by a deep
/// history, left by an event and by its completion; an alarm embedded with `static func`, whose
/// content overrides its initial state.
@CompiledStatechart
enum HouseChart {
    typealias StateID = HouseState
    typealias Event = HouseEvent
    typealias Context = HouseLog

    static let door = Definition("door") {
        Initial(.closed, actions: [Action { $0.lines.append("door initial") }])
        State(.closed) {
            OnEntry { $0.lines.append("enter closed") }
            OnExit { $0.lines.append("exit closed") }
            On(.open, to: .opened, guard: Guard { !$0.jammed }) { $0.lines.append("opening") }
            On(.lock, to: .locked)
        }
        State(.opened, initial: .ajar) {
            OnEntry { $0.lines.append("enter opened") }
            State(.ajar) { On(.widen, to: .wide) }
            State(.wide) { OnEntry { $0.lines.append("enter wide") } }
            On(.close, to: .closed) { log, event, _ in log.lines.append("close on \(String(describing: event))") }
            On(.jam) { $0.jammed.toggle() }
        }
        Final(.locked) { OnEntry { $0.lines.append("enter locked") } }
    }

    static func makeAlarm() -> Definition {
        Definition("alarm") {
            State(.quiet) { On(.trip, to: .ringing) { $0.trips += 1 } }
            State(.ringing) {
                OnEntry { $0.lines.append("ring") }
                On(.hush, to: .quiet, guard: Guard { log, _ in log.trips > 1 })
            }
        }
    }

    static let definition = Definition("house") {
        State(.outside) {
            OnEntry { $0.lines.append("enter outside") }
            On(.enter, to: .door)
            On(.back, to: .doorHistory) { $0.lines.append("back in") }
            On(.arm, to: .alarm)
        }
        Submachine(.door, door) {
            OnEntry { $0.lines.append("enter door") }
            OnExit { $0.lines.append("exit door") }
            History(.doorHistory, .deep, default: .opened)
            On(.leave, to: .outside) { $0.lines.append("leaving") }
            OnDone(to: .porch) { $0.lines.append("door done") }
        }
        State(.porch) { Always(to: .outside) { $0.lines.append("porch") } }
        Submachine(.alarm, Self.makeAlarm()) {
            Initial(.ringing)
            On(.leave, to: .outside)
        }
    }
}

/// The same house written as a function, embedding its charts as functions.
@CompiledStatechart
enum HouseFunctionChart {
    typealias StateID = HouseState
    typealias Event = HouseEvent
    typealias Context = HouseLog

    static func makeDoor() -> Definition {
        Definition("door") {
            State(.closed) {
                On(.open, to: .opened, guard: Guard { !$0.jammed }) { $0.lines.append("opening") }
                On(.lock, to: .locked)
            }
            State(.opened) {
                On(.close, to: .closed)
                On(.jam) { $0.jammed.toggle() }
            }
            Final(.locked)
        }
    }

    static func makeDefinition() -> Definition {
        Definition("house") {
            State(.outside) {
                On(.enter, to: .door)
                On(.back, to: .doorHistory)
            }
            Submachine(.door, HouseFunctionChart.makeDoor()) {
                History(.doorHistory, default: .opened)
                On(.leave, to: .outside) { $0.lines.append("leaving") }
                OnDone(to: .outside) { $0.lines.append("door done") }
            }
        }
    }
}

@Suite struct CompiledSubmachineTests {
    @Test func theEmbeddedStatesComeFirstThenTheContent() throws {
        let chart = try HouseChart.statechart
        #expect(chart.states == [
            .outside, .door, .closed, .opened, .ajar, .wide, .locked, .doorHistory, .porch,
            .alarm, .quiet, .ringing,
        ])
    }

    @Test func theEmbeddedInitialTransitionAndTheContentsOwn() throws {
        var house = try HouseChart.start(context: HouseLog())
        house.send(.enter)
        #expect(house.context.lines == ["enter outside", "enter door", "door initial", "enter closed"])
        house.send(.leave)
        house.send(.arm)
        // The content's initial state wins over the embedded chart's first state.
        #expect(house.configuration == [.alarm, .ringing])
    }

    @Test func historyInsideTheSubmachineAndTheDoneEvent() throws {
        var house = try HouseChart.start(context: HouseLog())
        for event: HouseEvent in [.enter, .open, .widen, .leave] { house.send(event) }
        #expect(house.configuration == [.outside])
        house.send(.back)
        #expect(house.configuration == [.door, .opened, .wide])
        house.send(.close)
        house.context.lines = []
        house.send(.lock)
        #expect(house.configuration == [.outside])
        #expect(house.context.lines == ["exit closed", "enter locked", "exit door", "door done", "porch", "enter outside"])
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func lockstep(seed: UInt64) throws {
        try runLockstep(HouseChart.self, context: HouseLog(), events: HouseEvent.allCases, seed: seed)
    }

    @Test(arguments: [25, 26] as [UInt64])
    func lockstepFunctionForm(seed: UInt64) throws {
        try runLockstep(HouseFunctionChart.self, context: HouseLog(), events: HouseEvent.allCases, seed: seed)
    }

    @Test func theEmbeddedMemberIsAnOrdinaryDefinition() throws {
        let door = try Statechart(HouseChart.door)
        #expect(door.states == [.closed, .opened, .ajar, .wide, .locked])
        let alarm = try Statechart(HouseFunctionChart.makeDoor())
        #expect(alarm.states == [.closed, .opened, .locked])
    }
}
