import Statecharts
import StatechartsSCXML
@testable import StatechartsInspector
import Testing

/// The list of attached instances: order, membership and events per second.
@Suite("Registry")
struct RegistryTests {
    @Test("events per second over about the last second, sampled at most every 100 ms")
    func eventsPerSecond() async throws {
        try await withInspector { inspector in
            let door = inspector.attach(try Charts.door(), context: DoorStats(), name: "door")
            let registry = inspector.registry
            func rate(at time: Duration) -> SCXMLValue? {
                registry.listMessage(now: time)["instances"]?.items.first?["eventsPerSecond"]
            }
            #expect(rate(at: .seconds(10)) == .number(0))
            for _ in 0..<25 { door.send(.open); door.send(.close) }
            #expect(rate(at: .milliseconds(10_500)) == .number(100))
            // Within 100 ms of the last sample no new one is taken: 50 steps over 0.55 s.
            #expect(rate(at: .milliseconds(10_550)) == .number(90.9))
            // Nothing happened for over a second: the rate falls to 0.
            #expect(rate(at: .seconds(12)) == .number(0))
        }
    }

    @Test("instances attached from many threads at once get distinct ids")
    func concurrentAttach() async throws {
        try await withInspector { inspector in
            let chart = try Charts.door()
            let ids = await withTaskGroup(of: String.self) { group in
                for index in 0..<64 {
                    group.addTask { inspector.attach(chart, context: DoorStats(), name: "door \(index)").id }
                }
                var ids: [String] = []
                for await id in group { ids.append(id) }
                return ids
            }
            #expect(Set(ids).count == 64)
            #expect(inspector.attachedCount == 64)
            #expect(Set(inspector.registry.sessions.map(\.id)) == Set(ids))
        }
    }

    @Test("membership: attach appends, detach removes, the version moves")
    func membership() async throws {
        try await withInspector { inspector in
            let registry = inspector.registry
            let version = registry.membershipVersion
            let a = inspector.attach(try Charts.door(), context: DoorStats(), name: "a")
            let b = inspector.attach(try Charts.door(), context: DoorStats(), name: "b")
            let c = inspector.attach(try Charts.door(), context: DoorStats(), name: "c")
            #expect(registry.membershipVersion == version + 3)
            #expect(registry.sessions.map(\.id) == [a.id, b.id, c.id])
            inspector.detach(b)
            #expect(registry.sessions.map(\.id) == [a.id, c.id])
            #expect(registry.membershipVersion == version + 4)
            #expect(inspector.attachedCount == 2)
        }
    }
}

/// Each chart's diagram is rendered once and cached.
@Suite("Diagram cache")
struct DiagramCacheTests {
    @Test("the chart message is built once per chart and names the instance")
    func cached() throws {
        let cache = DiagramCache(limits: .default)
        let chart = try Charts.door()
        let first = cache.chartMessage(for: chart, instance: "i1")
        let second = cache.chartMessage(for: chart, instance: "i2")
        #expect(first["instance"]?.stringValue == "i1")
        #expect(second["instance"]?.stringValue == "i2")
        #expect(first["svg"] == second["svg"])
        #expect(first["type"]?.stringValue == "chart")
    }

    @Test("a new chart at a freed chart's address gets its own diagram")
    func addressReuse() throws {
        let cache = DiagramCache(limits: .default)
        var freed: ObjectIdentifier?
        do {
            let old = try Statechart<String, String, Int>("old") { State("before") }
            _ = cache.chartMessage(for: old, instance: "i1")
            freed = ObjectIdentifier(old)
        }
        var reused = false
        var kept: [Statechart<String, String, Int>] = []
        for attempt in 0..<2_000 {
            let new = try Statechart<String, String, Int>("new") { State("after") }
            guard ObjectIdentifier(new) == freed else {
                // Keep the others alive half of the time, so that later charts land elsewhere.
                if attempt % 2 == 0 { kept.append(new) }
                continue
            }
            reused = true
            let message = cache.chartMessage(for: new, instance: "i2")
            #expect(message["name"]?.stringValue == "new")
            #expect(message["states"]?.items.compactMap { $0["name"]?.stringValue } == ["after"])
            break
        }
        if !reused { print("diagram cache test: the allocator did not reuse the address; nothing checked") }
    }
}
