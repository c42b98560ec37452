import Statecharts
import Testing

/// A chart finds every state by its id (its own hash table of state numbers), whatever the ids'
/// hashes do: many states, ids that collide, ids it does not have, and a duplicate id, which is
/// reported with the first state it names.
@Suite("Finding a state by its id")
struct StateLookupTests {
    enum Ev: StatechartEvent, Hashable, CaseIterable { case go }

    /// An id whose hash is chosen: ids with the same `bucket` collide in every table size.
    struct Key: Hashable, Sendable, CustomStringConvertible {
        var name: Int
        var bucket: Int
        static func == (a: Key, b: Key) -> Bool { a.name == b.name }
        func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
        var description: String { "k\(name)" }
    }

    /// `count` sibling states, each the parent of `count` children.
    static func definition(_ ids: [Key], childrenEach: Int) -> StatechartDefinition<Key, Ev, Int> {
        let states = ids.map { id in
            StateDefinition<Key, Ev, Int>(id, children: (0..<childrenEach).map {
                StateDefinition(Key(name: id.name * 1_000 + $0 + 1_000_000, bucket: $0))
            })
        }
        return StatechartDefinition(states: states)
    }

    @Test("5,000 states with well-spread hashes, and 300 that all collide, are each found", arguments: [false, true])
    func everyStateIsFound(colliding: Bool) throws {
        let ids = (0..<(colliding ? 300 : 1_000)).map { Key(name: $0, bucket: colliding ? 7 : $0) }
        let chart = try Statechart(Self.definition(ids, childrenEach: colliding ? 0 : 4))
        #expect(chart.stateCount == (colliding ? 300 : 5_000))
        for id in chart.states {
            #expect(chart.path(of: id) != nil, "\(id) not found")
        }
        for id in ids {
            #expect(chart.path(of: id) == "root/\(id)")
            #expect(chart.parent(of: id) == nil)
        }
        #expect(chart.path(of: Key(name: -1, bucket: 7)) == nil)
        #expect(chart.kind(of: Key(name: -2, bucket: 3)) == nil)
    }

    @Test("a duplicate id is reported, naming the first state with it")
    func duplicateIDs() {
        let ids = [Key(name: 1, bucket: 0), Key(name: 2, bucket: 0), Key(name: 1, bucket: 0)]
        #expect {
            try Statechart(Self.definition(ids, childrenEach: 0))
        } throws: { error in
            (error as? StatechartDefinitionError)?.problems.map(\.message) == ["duplicate state 'k1' (first defined at root/k1)"]
        }
    }
}
