import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// The instance's virtual clock under the inspector: `advanceClock(by:)`, the page's `advance`
/// and `fireNext`; each delayed event that fires is a step of its own.
@Suite("Virtual clock")
struct ClockTests {
    @Test("pending delayed events are listed with their due times and ids")
    func delayedListed() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            let delayed = kettle.stateJSON["delayed"]?.items ?? []
            #expect(delayed.compactMap { $0["event"]?.stringValue } == ["boil", "cool"])
            #expect(delayed.compactMap { $0["due"]?.stringValue } == ["1 s", "3 s"])
            #expect(delayed.compactMap { $0["id"]?.stringValue } == ["b", "c"])
            #expect(kettle.stateJSON["now"]?.stringValue == "0 s")
        }
    }

    @Test("advanceClock(by:) fires what falls due, each delayed event its own step, as a bare instance would")
    func advanceClockFires() async throws {
        try await withInspector { inspector in
            let chart = try Charts.kettle()
            var bare = chart.start(context: KettleLog())
            let kettle = inspector.attach(chart, context: KettleLog(), name: "kettle")
            bare.send(.start)
            kettle.send(.start)
            #expect(kettle.advanceClock(by: .milliseconds(500)).isEmpty)
            #expect(kettle.configuration == [.heating])
            #expect(kettle.instance.now == .milliseconds(500))

            let before = kettle.stepsJSON.count
            let fired = kettle.advanceClock(by: .seconds(3))
            let expected = bare.advanceClock(by: .milliseconds(3_500))
            #expect(fired.map(\.event) == [.boil, .cool])
            #expect(fired.map(\.time) == [.seconds(1), .seconds(3)])
            #expect(fired.map(\.event) == expected.map(\.event))
            #expect(fired.map(\.result) == expected.map(\.result))
            #expect(kettle.configuration == [.cooled])
            #expect(kettle.context.fired == ["boil", "cool"])
            #expect(kettle.instance.now == .milliseconds(3_500))
            #expect(kettle.stateJSON["now"]?.stringValue == "3.5 s")
            #expect(kettle.stateJSON["delayed"]?.items == [])

            let new = Array(kettle.stepsJSON.dropFirst(before))
            let delayedSteps = new.filter { $0["kind"]?.stringValue == "delayed" }
            #expect(delayedSteps.map(summary) == ["delayed boil → boiled", "delayed cool → cooled"])
            // Each delayed step has its own transitions (the ones its event took).
            #expect(delayedSteps.map { $0["transitions"]?.items.count } == [1, 1])
            // The clock moved past the last event (to 3.5 s): a clock step records it, last.
            #expect(new.last?["kind"]?.stringValue == "clock")
            #expect(new.last?["note"]?.stringValue == "+3 s")
            #expect(new.count == 3)
        }
    }

    @Test("the page's advance parses durations and fires what falls due")
    func advanceCommand() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            #expect(try kettle.command(.advance("1s")) == "advanced 1 s; 1 delayed event(s) fired")
            #expect(kettle.configuration == [.boiled])
            #expect(kettle.instance.now == .seconds(1))
            #expect(try kettle.command(.advance("+1500ms")) == "advanced 1.5 s; 0 delayed event(s) fired")
            #expect(kettle.configuration == [.boiled])
            #expect(try kettle.command(.advance("0.5")) == "advanced 0 s; 0 delayed event(s) fired")
            #expect(kettle.instance.now == .milliseconds(2_500) + .microseconds(500))
            #expect(try kettle.command(.advance("1m")) == "advanced 1 min 0 s; 1 delayed event(s) fired")
            #expect(kettle.configuration == [.cooled])
            let last = try #require(kettle.stepsJSON.last)
            #expect(last["kind"]?.stringValue == "clock")
            #expect(last["note"]?.stringValue == "+1 min 0 s")
        }
    }

    @Test("malformed durations are refused", arguments: ["soon", "-1s", "1 week", "", "1e12s"])
    func malformedDurations(text: String) async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            let message = try #require(kettle.failure(.advance(text)))
            #expect(message.contains("is not a duration"))
            #expect(kettle.instance.now == .zero)
        }
    }

    @Test("durations as the page writes them", arguments: [
        ("100ms", Duration.milliseconds(100)), ("+100ms", .milliseconds(100)), ("1.5s", .milliseconds(1_500)),
        ("2m", .seconds(120)), ("2min", .seconds(120)), ("1h", .seconds(3_600)), ("250", .milliseconds(250)),
        (" 3 s ", .seconds(3)),
    ])
    func parseDuration(text: String, expected: Duration) {
        #expect(InspectorFormat.parseDuration(text) == expected, "\(text)")
    }

    @Test("durations as the page shows them", arguments: [
        (Duration.zero, "0 s"), (.milliseconds(250), "250 ms"), (.milliseconds(1_500), "1.5 s"), (.seconds(1), "1 s"),
        (.seconds(123), "2 min 3 s"), (.milliseconds(61_250), "1 min 1.25 s"),
    ])
    func formatDuration(duration: Duration, expected: String) {
        #expect(InspectorFormat.duration(duration) == expected)
    }

    @Test("fireNext fires the next delayed event only, at its due time")
    func fireNext() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            #expect(try kettle.command(.fireNext) == "fired 'boil'")
            #expect(kettle.configuration == [.boiled])
            #expect(kettle.instance.now == .seconds(1))
            #expect(kettle.instance.pendingDelayedEventCount == 1)
            #expect(try kettle.command(.fireNext) == "fired 'cool'")
            #expect(kettle.configuration == [.cooled])
            #expect(kettle.instance.now == .seconds(3))
            #expect(kettle.context.fired == ["boil", "cool"])
            #expect(kettle.failure(.fireNext) == "no delayed event is pending")
        }
    }

    @Test("fireNext records one step, the delayed event (the clock moved no further)")
    func fireNextIsOneStep() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            let before = kettle.stepsJSON.count
            try kettle.command(.fireNext)
            let new = kettle.stepsJSON.dropFirst(before)
            #expect(new.map(summary) == ["delayed boil → boiled"])
        }
    }

    @Test("fireNext with nothing pending is an error and records nothing")
    func fireNextWithNothingPending() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            #expect(kettle.failure(.fireNext) == "no delayed event is pending")
            kettle.send(.start)
            kettle.send(.cancel)
            #expect(kettle.failure(.fireNext) == "no delayed event is pending")
            #expect(kettle.stepsJSON.count == 3)
        }
    }

    @Test("a delayed step can be restored: the clock and the pending events come back")
    func restoreDelayedStep() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            kettle.advanceClock(by: .seconds(5))
            let boiled = try #require(kettle.stepsJSON.first { $0["event"]?["name"]?.stringValue == "boil" })
            let seq = try #require(boiled["seq"]?.intValue)
            try kettle.command(.restore(seq))
            #expect(kettle.configuration == [.boiled])
            #expect(kettle.instance.now == .seconds(1))
            #expect(kettle.instance.pendingDelayedEventCount == 1)
            #expect(kettle.context.fired == ["boil"])
        }
    }

    @Test("a state breakpoint stops the clock after the delayed event that entered the state")
    func breakpointStopsTheClock() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle")
            kettle.send(.start)
            try kettle.command(.addBreakpoint(kind: "state", value: "boiled"))
            let fired = kettle.advanceClock(by: .seconds(10))
            #expect(fired.map(\.event) == [.boil])
            #expect(kettle.isPaused)
            #expect(kettle.configuration == [.boiled])
            #expect(kettle.instance.now == .seconds(1))
            #expect(kettle.stateJSON["pauseReason"]?.stringValue == "breakpoint: entered 'boiled'")
            #expect(kettle.stepsJSON.last?["kind"]?.stringValue == "delayed")
        }
    }

    @Test("a chart that keeps scheduling stops at the limit of one advance")
    func runawayTimer() async throws {
        try await withInspector(options: InspectorOptions(timelineLength: 50)) { inspector in
            let chart = try Statechart<String, String, Int>("metronome") {
                State("ticking") {
                    OnEntry(Action("first") { (_: inout Int, _: String?, outbox: inout Outbox<String>) in outbox.send("tick", after: .milliseconds(1)) })
                    On("tick", actions: [Action("again") { (count: inout Int, _: String?, outbox: inout Outbox<String>) in
                        count += 1
                        outbox.send("tick", after: .milliseconds(1))
                    }])
                }
            }
            let metronome = inspector.attach(chart, context: 0, name: "metronome")
            let fired = metronome.advanceClock(by: .seconds(60))
            #expect(fired.count == InspectorOptions.delayedEventsPerAdvance)
            #expect(metronome.context == InspectorOptions.delayedEventsPerAdvance)
            #expect(metronome.stepCount == 1 + InspectorOptions.delayedEventsPerAdvance + 1)
        }
    }
}

/// Instances attached on real time (`clock: .live`). Times are read from the recorded steps (the
/// inspector's clock), so that a busy test machine that delays the test itself changes nothing.
@Suite("Live clock")
struct LiveClockTests {
    /// The real time each kept step was recorded at, by kind and event.
    static func times<M>(_ instance: InspectedInstance<M>) -> [(summary: String, time: Duration)] {
        let steps = instance.stepsJSON.map(summary)
        let times = instance.core.withLock { core in
            core.timeline.elements(after: -1, limit: Int.max).elements.map(\.realTime)
        }
        return Array(zip(steps, times))
    }

    static func time<M>(of summary: String, in instance: InspectedInstance<M>) -> Duration? {
        times(instance).first { $0.summary == summary }?.time
    }

    @Test("delayed events fire on real time, each a delayed step; the state says the clock is live")
    func firesOnRealTime() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle", clock: .live)
            #expect(kettle.stateJSON["clock"]?.stringValue == "live")
            kettle.send(.start)
            #expect(await eventually(timeout: .seconds(20)) { Self.time(of: "delayed boil → boiled", in: kettle) != nil })
            let sent = try #require(Self.time(of: "event start → heating", in: kettle))
            let boiled = try #require(Self.time(of: "delayed boil → boiled", in: kettle))
            #expect(boiled - sent >= .milliseconds(990), "boiled \(boiled - sent) after start")
            #expect(boiled - sent < .milliseconds(1_500), "boiled \(boiled - sent) after start")
        }
    }

    @Test("nothing fires while paused; what fell due fires after resume")
    func waitsWhilePaused() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle", clock: .live)
            kettle.send(.start)
            try kettle.command(.pause)
            try await Task.sleep(for: .milliseconds(1_300))
            #expect(kettle.configuration == [.heating])
            #expect(Self.time(of: "delayed boil → boiled", in: kettle) == nil)
            try kettle.command(.resume)
            #expect(await eventually(timeout: .seconds(20)) { Self.time(of: "delayed boil → boiled", in: kettle) != nil })
        }
    }

    @Test("the page can fire the next event early, and the clock stays ahead")
    func fireNextEarly() async throws {
        try await withInspector { inspector in
            let kettle = inspector.attach(try Charts.kettle(), context: KettleLog(), name: "kettle", clock: .live)
            kettle.send(.start)
            #expect(try kettle.command(.fireNext) == "fired 'boil'")
            #expect(kettle.configuration == [.boiled])
            // cool (due at 3 s) is now 2 s away, not 3.
            #expect(await eventually(timeout: .seconds(20)) { Self.time(of: "delayed cool → cooled", in: kettle) != nil })
            let fired = try #require(Self.time(of: "delayed boil → boiled", in: kettle))
            let cooled = try #require(Self.time(of: "delayed cool → cooled", in: kettle))
            #expect(cooled - fired >= .milliseconds(1_900), "cooled \(cooled - fired) after boil")
            #expect(cooled - fired < .milliseconds(2_500), "cooled \(cooled - fired) after boil")
        }
    }
}
