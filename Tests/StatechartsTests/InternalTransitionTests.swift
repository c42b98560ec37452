import Testing
@_spi(Testing) import Statecharts

/// Internal and external transitions (SCXML `type="internal"`): the transition domain is the
/// source itself only for an internal transition from a compound state whose targets are all its
/// descendants; otherwise it is the least common compound ancestor of source and targets.
@Suite("Internal and external transitions")
struct InternalTransitionTests {
    enum Ev: StatechartEvent, Hashable { case ext, int, intOut, intSelf, up, toSelf }
    typealias L = Logged<Ev>

    /// Document order: s, s1, s2, other.
    static func chart(singlePathPlans: Bool) throws -> Statechart<String, Ev, Trace> {
        try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.state("s") {
                Initial("s1", actions: [L.log("s-init")])
                On(.ext, to: "s2", actions: [L.log("ext")])
                On(.int, to: "s2", kind: .internal, actions: [L.log("int")])
                On(.intOut, to: "other", kind: .internal, actions: [L.log("intOut")])
                On(.intSelf, to: "s", kind: .internal, actions: [L.log("intSelf")])
                L.state("s1") { On(.up, to: "s", actions: [L.log("up")]) }
                L.state("s2") { On(.toSelf, to: "s2", kind: .internal, actions: [L.log("toSelf")]) }
            }
            L.state("other")
        }
    }

    @Test("an external transition to a descendant exits and re-enters its source", arguments: [true, false])
    func external(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.context.lines == ["+s", "s-init", "+s1"])
        // s is entered as the target's ancestor, not by default: its initial action does not run.
        #expect(machine.lines(after: .ext) == ["-s1", "-s", "ext", "+s", "+s2"])
        #expect(machine.configuration == ["s", "s2"])
    }

    @Test("an internal transition to a descendant does not exit its compound source", arguments: [true, false])
    func internalTransition(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .int) == ["-s1", "int", "+s2"])
        #expect(machine.configuration == ["s", "s2"])
        // From s2, the internal transition exits only s's active descendants.
        #expect(machine.lines(after: .int) == ["-s2", "int", "+s2"])
    }

    @Test("an internal transition to a state outside its source is external", arguments: [true, false])
    func internalLeaving(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .intOut) == ["-s1", "-s", "intOut", "+other"])
    }

    @Test("an internal transition targeting its own source exits and re-enters it", arguments: [true, false])
    func internalToItself(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        // s is not its own descendant: the domain is the root, s is entered by default.
        #expect(machine.lines(after: .intSelf) == ["-s1", "-s", "intSelf", "+s", "s-init", "+s1"])
        machine.send(.int)
        // An atomic source has no descendants: internal or not, it is exited and re-entered.
        #expect(machine.lines(after: .toSelf) == ["-s2", "toSelf", "+s2"])
    }

    @Test("an external transition from a child to its parent exits and default-enters the parent", arguments: [true, false])
    func childToParent(singlePathPlans: Bool) throws {
        var machine = try Self.chart(singlePathPlans: singlePathPlans).start(context: Trace())
        #expect(machine.lines(after: .up) == ["-s1", "-s", "up", "+s", "s-init", "+s1"])
    }

    @Test("an internal transition from a parallel state exits it: only a compound source is kept", arguments: [true, false])
    func internalFromParallel(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                On(.int, to: "a2", kind: .internal, actions: [L.log("int")])
                L.state("r1") {
                    L.state("a1")
                    L.state("a2")
                }
                L.state("r2") { L.state("b1") }
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .int) == ["-b1", "-r2", "-a1", "-r1", "-p", "int", "+p", "+r1", "+a2", "+r2", "+b1"])
    }

    @Test("an internal transition of a region's compound state leaves the other regions alone", arguments: [true, false])
    func internalInRegion(singlePathPlans: Bool) throws {
        var machine = try Statechart<String, Ev, Trace>(singlePathPlans: singlePathPlans) {
            L.parallel("p") {
                L.state("r1") {
                    On(.int, to: "a2", kind: .internal, actions: [L.log("int")])
                    On(.ext, to: "a2", actions: [L.log("ext")])
                    L.state("a1")
                    L.state("a2")
                }
                L.state("r2") { L.state("b1") }
            }
        }.start(context: Trace())
        #expect(machine.lines(after: .int) == ["-a1", "int", "+a2"])
        // The external one's domain is the nearest compound ancestor of r1: the root.
        #expect(machine.lines(after: .ext) == ["-b1", "-r2", "-a2", "-r1", "-p", "ext", "+p", "+r1", "+a2", "+r2", "+b1"])
    }
}
