import StatechartsSCXML
import Statecharts
import Testing

/// `SCXMLState` keeps the parts most states do not have (entry and exit blocks, data, invokes,
/// done data, the initial element) apart from the rest; it is still a plain value: copies are
/// independent, and equality compares every part.
@Suite("SCXML: a state is a value in every part")
struct StateValueTests {
    static let log = SCXMLExecutable.log(SCXMLLog(label: "entered", expression: nil))

    @Test("changing a copy's rarely used parts leaves the original as it was")
    func copiesAreIndependent() {
        var original = SCXMLState(kind: .state, id: "a", onEntry: [[Self.log]])
        var copy = original
        copy.onEntry.append([Self.log])
        copy.onExit = [[Self.log]]
        copy.initial = ["b"]
        #expect(original.onEntry.count == 1)
        #expect(original.onExit.isEmpty)
        #expect(original.initial.isEmpty)
        #expect(copy.onEntry.count == 2)
        original.data = [SCXMLData(id: "x", expression: "1")]
        #expect(copy.data.isEmpty)
        #expect(original.data.map(\.id) == ["x"])
    }

    @Test("a state without rarely used parts equals one whose parts were set and emptied again")
    func equalityComparesValues() {
        let plain = SCXMLState(kind: .final, id: "done")
        var emptied = plain
        emptied.onExit = [[Self.log]]
        #expect(emptied != plain)
        emptied.onExit = []
        #expect(emptied == plain)
        var other = plain
        other.doneData = SCXMLDoneData(params: [], content: nil, position: .start)
        #expect(other != plain)
        #expect(other.doneData != nil)
    }
}
