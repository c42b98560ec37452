import Testing
@_spi(Testing) @testable import Statecharts

/// `_invariantViolations()`, which the property tests call after every step, finds a leaf row
/// that breaks an invariant: planted here through the internals, since no public API can.
@Suite("Leaf row invariants")
struct LeafRowInvariantTests {
    enum Ev: StatechartEvent, Hashable { case go }

    static func machine() throws -> StatechartInstance<String, Ev, Void> {
        try Statechart<String, Ev, Void> {
            State("a") { On(.go, to: "b") }
            State("b") { On(.go, to: "a") }
        }.makeInstance(context: ())
    }

    @Test("a running instance's row holds after every send; a plain row where a direct one belongs does not")
    func plainWhereDirectBelongs() throws {
        var machine = try Self.machine()
        #expect(machine._invariantViolations().isEmpty)
        machine.start()
        for _ in 0..<3 {
            machine.send(.go)
            #expect(machine._invariantViolations().isEmpty)
        }
        #expect(machine.leafRow.isDirectRow)
        machine.leafRow = _LeafRow(plainLeaf: machine.leaf)
        let problems = machine._invariantViolations()
        #expect(problems.count == 1)
        #expect(problems.first?.contains("is not the encoding") == true, "\(problems)")
    }

    @Test("a direct row naming no state, and a direct row before the start, are found")
    func impossibleRows() throws {
        var machine = try Self.machine()
        machine.start()
        machine.leafRow = _LeafRow(directRowOf: _StateIndex(50), rowShift: machine.chart.tables.direct.rowShift)
        #expect(machine._invariantViolations().contains { $0.contains("names no state") })
        var unstarted = try Self.machine()
        unstarted.leafRow = _LeafRow(directRowOf: _StateIndex(1), rowShift: unstarted.chart.tables.direct.rowShift)
        let problems = unstarted._invariantViolations()
        #expect(problems.contains { $0.contains("has not started") }, "\(problems)")
        #expect(problems.contains { $0.contains("a direct row while the instance is notStarted") }, "\(problems)")
    }

    @Test("rows decode to what they encode")
    func decoding() {
        let shift = 6
        #expect(_LeafRow(directRowOf: _StateIndex(3), rowShift: shift).decoded(rowShift: shift) == .direct(leaf: _StateIndex(3), historyFields: 0))
        #expect(_LeafRow(directRowOf: _StateIndex(3), rowShift: shift, historyFields: 2, historyBits: 2).decoded(rowShift: shift)
                == .direct(leaf: _StateIndex(3), historyFields: 2 << (shift - 2)))
        #expect(_LeafRow(plainLeaf: _StateIndex(7)).decoded(rowShift: shift) == .plain(leaf: _StateIndex(7)))
        #expect(_LeafRow.activeSet.decoded(rowShift: shift) == .set)
        #expect(_LeafRow.jointRow(byteOffset: 4096).decoded(rowShift: shift) == .joint(byteOffset: 4096))
    }
}
