@testable import StatechartsInspector
import Testing

/// The ring arithmetic of recorded steps (`RingPositions`, which `StepRing` keeps its arrays by):
/// fixed capacity, oldest dropped first, `seq` numbers that never repeat, and a reader that
/// remembers its last `seq` finds what is new and what it missed. Tested through `Timeline`, a
/// ring of single values on the same positions.
@Suite("Timeline ring")
struct TimelineTests {
    @Test("an empty ring has nothing after any seq")
    func empty() {
        let ring = Timeline<String>(capacity: 4)
        #expect(ring.count == 0)
        #expect(ring.capacity == 4)
        #expect(ring.firstSeq == 0)
        #expect(ring.nextSeq == 0)
        #expect(ring.last == nil)
        #expect(ring[seq: 0] == nil)
        let (elements, dropped) = ring.elements(after: -1, limit: 10)
        #expect(elements.isEmpty)
        #expect(dropped == 0)
    }

    @Test("appending within capacity keeps everything, numbered from 0")
    func withinCapacity() {
        var ring = Timeline<String>(capacity: 4)
        for name in ["a", "b", "c"] { ring.append(name) }
        #expect(ring.count == 3)
        #expect(ring.firstSeq == 0)
        #expect(ring.nextSeq == 3)
        #expect((0..<3).map { ring[seq: $0] } == ["a", "b", "c"])
        #expect(ring[seq: 3] == nil)
        #expect(ring[seq: -1] == nil)
        #expect(ring.last == "c")
        let all = ring.elements(after: -1, limit: 100)
        #expect(all.elements == ["a", "b", "c"])
        #expect(all.dropped == 0)
    }

    @Test("appending past capacity drops the oldest")
    func pastCapacity() {
        var ring = Timeline<Int>(capacity: 3)
        for value in 0..<10 { ring.append(value * 10) }
        #expect(ring.count == 3)
        #expect(ring.nextSeq == 10)
        #expect(ring.firstSeq == 7)
        #expect(ring[seq: 6] == nil)
        #expect(ring[seq: 7] == 70)
        #expect(ring[seq: 8] == 80)
        #expect(ring[seq: 9] == 90)
        #expect(ring[seq: 10] == nil)
        #expect(ring.last == 90)
    }

    @Test("seq never repeats: every appended element keeps the number it got, across wrap-arounds")
    func seqNeverRepeats() {
        var ring = Timeline<Int>(capacity: 5)
        var seen: Set<Int> = []
        for value in 0..<1_000 {
            let seq = ring.nextSeq
            #expect(seen.insert(seq).inserted)
            ring.append(value)
            #expect(ring[seq: seq] == value)
            #expect(ring.last == value)
        }
        #expect(ring.nextSeq == 1_000)
        #expect(ring.firstSeq == 995)
        #expect((995..<1_000).map { ring[seq: $0] } == Array(995..<1_000))
    }

    @Test("elements(after:) returns what is new since a seq, and nothing missed when the reader kept up")
    func whatIsNew() {
        var ring = Timeline<Int>(capacity: 8)
        for value in 0..<5 { ring.append(value) }
        let first = ring.elements(after: -1, limit: 100)
        #expect(first.elements == [0, 1, 2, 3, 4])
        #expect(first.dropped == 0)
        for value in 5..<7 { ring.append(value) }
        let next = ring.elements(after: 4, limit: 100)
        #expect(next.elements == [5, 6])
        #expect(next.dropped == 0)
        let none = ring.elements(after: 6, limit: 100)
        #expect(none.elements.isEmpty)
        #expect(none.dropped == 0)
        // A reader that claims to be ahead gets nothing and missed nothing.
        let ahead = ring.elements(after: 50, limit: 100)
        #expect(ahead.elements.isEmpty)
        #expect(ahead.dropped == 0)
    }

    @Test("a reader behind the ring gets the kept elements and how many were dropped")
    func droppedByTheRing() {
        var ring = Timeline<Int>(capacity: 4)
        for value in 0..<3 { ring.append(value) }
        let seen = ring.elements(after: -1, limit: 100)
        #expect(seen.elements == [0, 1, 2])
        for value in 3..<20 { ring.append(value) }
        // After seq 2: 3 ..< 20 are new (17), the ring kept 16 ..< 20.
        let behind = ring.elements(after: 2, limit: 100)
        #expect(behind.elements == [16, 17, 18, 19])
        #expect(behind.dropped == 13)
        // From the start: 20 appended, 4 kept.
        let fromStart = ring.elements(after: -1, limit: 100)
        #expect(fromStart.elements == [16, 17, 18, 19])
        #expect(fromStart.dropped == 16)
    }

    @Test("the limit keeps the newest and counts the others as dropped")
    func droppedByTheLimit() {
        var ring = Timeline<Int>(capacity: 100)
        for value in 0..<50 { ring.append(value) }
        let limited = ring.elements(after: 9, limit: 5)
        #expect(limited.elements == [45, 46, 47, 48, 49])
        #expect(limited.dropped == 35)
        let exact = ring.elements(after: 44, limit: 5)
        #expect(exact.elements == [45, 46, 47, 48, 49])
        #expect(exact.dropped == 0)
    }

    @Test("capacity is at least one")
    func minimumCapacity() {
        var ring = Timeline<String>(capacity: 0)
        #expect(ring.capacity == 1)
        ring.append("a")
        ring.append("b")
        #expect(ring.count == 1)
        #expect(ring[seq: 0] == nil)
        #expect(ring[seq: 1] == "b")
        let (elements, dropped) = ring.elements(after: -1, limit: 10)
        #expect(elements == ["b"])
        #expect(dropped == 1)
    }

    @Test("a kept element can be replaced by seq; a dropped one cannot")
    func replaceBySeq() {
        var ring = Timeline<String>(capacity: 2)
        ring.append("a")
        ring.append("b")
        ring.append("c")
        ring[seq: 2] = "C"
        ring[seq: 0] = "A"
        #expect(ring[seq: 2] == "C")
        #expect(ring[seq: 0] == nil)
        #expect(ring.elements(after: -1, limit: 10).elements == ["b", "C"])
    }
}

/// A ring of single values on `RingPositions`, as `StepRing` keeps its arrays.
struct Timeline<Element> {
    private var storage: [Element?]
    private var positions: RingPositions

    init(capacity: Int) {
        positions = RingPositions(capacity: capacity)
        storage = Array(repeating: nil, count: positions.capacity)
    }

    var capacity: Int { positions.capacity }
    var count: Int { positions.count }
    var nextSeq: Int { positions.nextSeq }
    var firstSeq: Int { positions.firstSeq }

    mutating func append(_ element: Element) {
        storage[positions.claimSlot()] = element
    }

    subscript(seq seq: Int) -> Element? {
        get { positions.slot(of: seq).flatMap { storage[$0] } }
        set {
            guard let slot = positions.slot(of: seq), let newValue else { return }
            storage[slot] = newValue
        }
    }

    var last: Element? { self[seq: nextSeq - 1] }

    func elements(after seq: Int, limit: Int) -> (elements: [Element], dropped: Int) {
        let (seqs, dropped) = positions.range(after: seq, limit: limit)
        return (seqs.compactMap { self[seq: $0] }, dropped)
    }
}
