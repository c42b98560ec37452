import Testing
@_spi(Testing) import Statecharts

/// Parallel regions: one event taken in several regions, conflicts resolved as SCXML's
/// `removeConflictingTransitions` does, exits in reverse document order and entries in document
/// order, and a transition out of one region exiting every region.
@Suite("Parallel states")
struct ParallelTests {
    enum Ev: StatechartEvent, Hashable { case e, x, y, z, r, w, v, leave }
    typealias L = Logged<Ev>

    /// Document order: p, r1, a1, a2, r2, b1, b2, out.
    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>("parallel", singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                On(.y, to: "out", actions: [L.log("p>out y")])
                On(.z, to: "out", actions: [L.log("p>out z")])
                On(.r, to: "p", actions: [L.log("p>p")])
                L.state("r1") {
                    L.state("a1") {
                        On(.e, to: "a2", actions: [L.log("a1>a2")])
                        On(.x, to: "out", actions: [L.log("a1>out")])
                        On(.z, to: "a2", actions: [L.log("a1>a2 z")])
                    }
                    L.state("a2")
                }
                L.state("r2") {
                    L.state("b1") {
                        On(.e, to: "b2", actions: [L.log("b1>b2")])
                        On(.x, to: "out", actions: [L.log("b1>out")])
                        On(.y, to: "b2", actions: [L.log("b1>b2 y")])
                    }
                    L.state("b2")
                }
            }
            L.state("out") {
                On(.w, to: "b2", actions: [L.log("out>b2")])
                On(.v, to: "a2", "b2", actions: [L.log("out>a2+b2")])
            }
        }
    }

    @Test("entering a parallel state enters every region in document order", arguments: [true, false])
    func start(singlePathPlans: Bool) throws {
        let machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.context.lines == ["+p", "+r1", "+a1", "+r2", "+b1"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b1"])
        #expect(machine.activeLeaves == ["a1", "b1"])
    }

    @Test("one event taken in both regions: exits in reverse document order, actions and entries in document order",
          arguments: [true, false])
    func bothRegions(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.e)
        #expect(machine.context.lines == ["-b1", "-a1", "a1>a2", "b1>b2", "+a2", "+b2"])
        #expect(result.isAccepted)
        #expect(result.transitions.count == 2)
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b2"])
    }

    @Test("two transitions leaving the parallel conflict: the first in document order wins and exits every region",
          arguments: [true, false])
    func conflictDocumentOrder(singlePathPlans: Bool) throws {
        let chart = try Self.chart(singlePathPlans: singlePathPlans)
        var machine = chart.start(context: Trace())
        machine.context.lines = []
        let result = machine.send(.x)
        #expect(machine.context.lines == ["-b1", "-r2", "-a1", "-r1", "-p", "a1>out", "+out"])
        #expect(result.transitions.count == 1)
        let taken = try #require(result.transitions.first)
        #expect(chart.transition(taken)?.source == "a1")
        #expect(machine.configuration == ["out"])
    }

    @Test("an ancestor's transition selected first is removed by a descendant's that conflicts with it",
          arguments: [true, false])
    func descendantReplacesAncestor(singlePathPlans: Bool) throws {
        // For a1 the first enabled transition on y is p's (a1 and r1 have none); for b1 it is its
        // own. Both exit b1, and b1 is a descendant of p: p's transition is removed.
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .y) == ["-b1", "b1>b2 y", "+b2"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b2"])
    }

    @Test("an ancestor's transition selected after a descendant's that conflicts with it is preempted",
          arguments: [true, false])
    func ancestorPreempted(singlePathPlans: Bool) throws {
        // For a1 its own transition on z; for b1, p's. p's conflicts with a1's and p is not a
        // descendant of a1: p's transition is dropped.
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        let result = machine.send(.z)
        #expect(result.transitions.count == 1)
        #expect(machine.context.lines == ["+p", "+r1", "+a1", "+r2", "+b1", "-a1", "a1>a2 z", "+a2"])
        #expect(machine.configuration == ["p", "r1", "a2", "r2", "b1"])
    }

    @Test("an external self-transition of the parallel state exits and re-enters all of it", arguments: [true, false])
    func selfTransition(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.e)
        #expect(machine.lines(after: .r) == [
            "-b2", "-r2", "-a2", "-r1", "-p", "p>p", "+p", "+r1", "+a1", "+r2", "+b1",
        ])
    }

    @Test("a transition into one region enters the other regions by default", arguments: [true, false])
    func enterOneRegion(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        machine.send(.x)
        #expect(machine.lines(after: .w) == ["-out", "out>b2", "+p", "+r1", "+a1", "+r2", "+b2"])
        #expect(machine.configuration == ["p", "r1", "a1", "r2", "b2"])
        machine.send(.x)
        #expect(machine.lines(after: .v) == ["-out", "out>a2+b2", "+p", "+r1", "+a2", "+r2", "+b2"])
        #expect(machine.activeLeaves == ["a2", "b2"])
    }

    /// Document order: p, r1, q, q1, c1, q2, d1, r2, b1, out.
    @Test("leaving nested parallel states exits every active state in reverse document order", arguments: [true, false])
    func nestedParallelExitOrder(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                L.state("r1") {
                    L.parallel("q") {
                        L.state("q1") { L.state("c1") }
                        L.state("q2") { L.state("d1") }
                    }
                }
                L.state("r2") {
                    L.state("b1") { On(.leave, to: "out", actions: [L.log("b1>out")]) }
                }
            }
            L.state("out") { On(.leave, to: "d1", actions: [L.log("out>d1")]) }
        }.start(context: Trace())
        #expect(machine.context.lines == ["+p", "+r1", "+q", "+q1", "+c1", "+q2", "+d1", "+r2", "+b1"])
        #expect(machine.lines(after: .leave) == [
            "-b1", "-r2", "-d1", "-q2", "-c1", "-q1", "-q", "-r1", "-p", "b1>out", "+out",
        ])
        #expect(machine.lines(after: .leave) == [
            "-out", "out>d1", "+p", "+r1", "+q", "+q1", "+c1", "+q2", "+d1", "+r2", "+b1",
        ])
    }
}
