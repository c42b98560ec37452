import Statecharts
import StatechartsAnalysis
import Testing

/// `Statechart.paths`: shortest paths found by running the chart, with guards, data and delays.
@Suite("Statechart.paths")
struct PathTests {
    enum Mode: Hashable, Sendable { case idle, counting, done, dimmed }
    enum Input: StatechartEvent, Hashable, CaseIterable { case start, tick, reset, wake }

    /// `done` is reached only after three ticks (a guard on the data), `dimmed` only when the
    /// delayed event fires.
    static let chart: Statechart<Mode, Input, Int> = {
        do {
            return try Statechart {
                State(.idle) { On(.start, to: .counting) }
                State(.counting) {
                    OnEntry("arm") { (_: inout Int, _: Input?, outbox: inout Outbox<Input>) in outbox.send(.wake, after: .seconds(30), id: "nap") }
                    On(.tick, to: .done, guard: Guard("third") { $0 >= 2 })
                    On(.tick) { $0 += 1 }
                    On(.wake, to: .dimmed)
                    On(.reset, to: .idle) { $0 = 0 }
                }
                State(.dimmed) { On(.reset, to: .idle) { $0 = 0 } }
                State(.done)
            }
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static func reached(_ path: TestPath<Mode, Input>) -> (entered: Set<Mode>, taken: Set<TransitionID>) {
        var coverage = StatechartCoverage<Mode, Input>()
        var machine = chart.makeInstance(context: 0)
        machine.start(observer: &coverage)
        for step in path.steps {
            switch step {
            case .event(let event): machine.send(event, observer: &coverage)
            case .advance(let duration): _ = machine.advanceClock(by: duration, observer: &coverage)
            }
        }
        return (Set(coverage.stateCounts.keys), Set(coverage.transitionCounts.keys))
    }

    @Test("each transition's path, replayed, takes it", arguments: PathTests.chart.paths(cover: .transitions, context: 0))
    func replayTransitions(path: TestPath<Mode, Input>) {
        guard case .transition(let transition) = path.target else { Issue.record("not a transition"); return }
        #expect(Self.reached(path).taken.contains(transition))
    }

    @Test("each state's path, replayed, enters it", arguments: PathTests.chart.paths(context: 0))
    func replayStates(path: TestPath<Mode, Input>) {
        guard case .state(let state) = path.target else { Issue.record("not a state"); return }
        #expect(Self.reached(path).entered.contains(state))
    }

    @Test("guards and data are evaluated: done takes three ticks; dimmed takes a clock step")
    func shortest() {
        // `wake` is left to the chart, which sends it itself after 30 s.
        let search = Self.chart.pathSearch(cover: .states, events: [.start, .tick, .reset], context: 0, distinguishing: { AnyHashable($0) })
        #expect(search.uncovered.isEmpty)
        let byTarget = Dictionary(uniqueKeysWithValues: search.paths.map { ($0.target, $0.steps.map(\.description)) })
        #expect(byTarget[.state(.idle)] == [])
        #expect(byTarget[.state(.done)] == ["start", "tick", "tick", "tick"])
        #expect(byTarget[.state(.dimmed)] == ["start", "+30s"])
        #expect(search.paths.count == 4)
    }

    @Test("a search stopped by its limits says what it could not reach")
    func limits() {
        let search = Self.chart.pathSearch(cover: .state(.done), events: Array(Input.allCases), context: 0,
                                           limits: PathLimits(maxDepth: 2), distinguishing: { AnyHashable($0) })
        #expect(search.paths.isEmpty)
        #expect(search.uncovered == [.state(.done)])
        #expect(search.reachedLimit)
    }

    @Test("an unbounded data space stops at max-states")
    func infinite() {
        let search = Self.chart.pathSearch(cover: .state(.done), events: [.start, .tick].map { $0 }, context: -1_000_000,
                                           limits: PathLimits(maxDepth: 10_000, maxStates: 50), distinguishing: { AnyHashable($0) })
        #expect(search.uncovered == [.state(.done)])
        #expect(search.reachedLimit)
    }

    @Test("branching by replay gives the same paths as branching by copy")
    func replay() {
        let copied = Self.chart.pathSearch(cover: .transitions, events: Array(Input.allCases), context: 0).paths
        let replayed = Self.chart.pathSearch(cover: .transitions, events: Array(Input.allCases),
                                             makeInstance: { Self.chart.makeInstance(context: 0) }).paths
        #expect(copied == replayed)
    }

    @Test("clock steps read as statechart run takes them")
    func clockText() {
        #expect(PathStep<Input>.advance(.seconds(30)).description == "+30s")
        #expect(PathStep<Input>.advance(.milliseconds(1500)).description == "+1500ms")
        #expect(PathStep<Input>.event(.tick).description == "tick")
    }
}
