import Synchronization
import Testing
import Statecharts
import StatechartsCompiled

/// Counts how often events ask for their name: each read is a lookup of the event's class.
final class NameReads: Sendable {
    let count = Atomic<Int>(0)
}

/// An event whose names are not `CaseIterable`, so that its class is found by hashing the name,
/// and which counts each time its name is read.
struct CountedEvent: StatechartEvent {
    enum Name: Hashable, Sendable { case open, close }
    let kind: Name
    let reads: NameReads

    var name: Name {
        reads.count.add(1, ordering: .relaxed)
        return kind
    }
}

/// A door whose opening is guarded, so that `open` is not decided by the direct table.
@CompiledStatechart
enum CountedDoor {
    typealias StateID = Door
    typealias Event = CountedEvent
    typealias Context = Count
    static let definition = Definition("counted door") {
        State(.closed) { On(.open, to: .opened, guard: Guard { $0.count < 10 }) { $0.count += 1 } }
        State(.opened) { On(.close, to: .closed) }
    }
}

@Suite struct EventResolutionTests {
    /// The event's class is resolved once per send, by a compiled instance and a plain one, on
    /// a guarded transition (the candidate stage after the direct entry) as on a direct one.
    @Test(arguments: [true, false])
    func eachSendLooksTheNameUpOnce(compiled: Bool) throws {
        let reads = NameReads()
        var door = try CountedDoor.start(context: Count())
        var plain = try CountedDoor.statechart.start(context: Count())
        func send(_ kind: CountedEvent.Name) -> SendResult {
            let event = CountedEvent(kind: kind, reads: reads)
            return compiled ? door.send(event) : plain.send(event)
        }
        for round in 1...3 {
            let before = reads.count.load(ordering: .relaxed)
            #expect(send(.open).outcome == .transitioned)
            #expect(reads.count.load(ordering: .relaxed) == before + 1, "open, round \(round)")
            #expect(send(.close).outcome == .transitioned)
            #expect(reads.count.load(ordering: .relaxed) == before + 2, "close, round \(round)")
        }
        #expect((compiled ? door.context : plain.context).count == 3)
    }
}
