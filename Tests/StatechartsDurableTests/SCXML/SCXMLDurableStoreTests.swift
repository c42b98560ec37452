import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSCXML
import StatechartsSCXML
import Testing

@Suite("Durable store: SCXML charts")
struct SCXMLDurableStoreTests {
    @Test("variables, In(), send ids and the outbox survive: another store on the database carries on", arguments: storageKinds)
    func anotherStoreCarriesOn(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let clock = ManualClock()
            let processor = RecordingProcessor()
            let first = try await database.open()
            let writer = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: first.storage, ioProcessors: [processor],
                                           clock: clock.wallClock)
            try await writer.create("o1")
            try await writer.store.send(addEvent("tea"), to: "o1")
            try await writer.store.send(addEvent("cake"), to: "o1")
            try await first.close()

            let second = try await database.open()
            let reader = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: second.storage, ioProcessors: [processor],
                                           clock: clock.wallClock)
            let before = try #require(try await reader.store.instance("o1"))
            #expect(before.activeLeaves == ["open"])
            #expect(reader.variables(of: before) == [
                .init("count", .number(2)), .init("items", .array([.string("tea"), .string("cake")])), .init("shipment", .undefined),
            ])
            #expect(before.context.session.sessionID == "o1")

            try await reader.store.send(SCXMLEvent("pay"), to: "o1")
            #expect(processor.sent.isEmpty, "a send through a processor waits for the commit")
            let pending = try await reader.store.outboxMessages(of: "o1")
            #expect(pending.count == 1)
            #expect(pending.first?.message.event.sendTarget == "warehouse")
            #expect(pending.first?.message.event.origintype == processor.type)

            let round = await reader.store.deliverOutbox(to: reader.deliveringThroughProcessors())
            #expect(round.delivered == 1 && round.failures.isEmpty)
            let sent = try #require(processor.sent.first)
            #expect(processor.sent.count == 1)
            #expect(sent.event.name == "ship")
            #expect(sent.target == "warehouse")
            #expect(sent.session == "o1")
            #expect(sent.event.sendTarget == nil)
            #expect(sent.event.sendid == "send.1")
            #expect(sent.event.data == .object([.init("n", .number(2))]))
            #expect(sent.event.origin == "test://o1")

            // In('paid') is answered by the restored session.
            try await reader.store.send(SCXMLEvent("shipped"), to: "o1")
            let after = try #require(try await reader.store.instance("o1"))
            #expect(after.activeLeaves == ["done"])
            #expect(after.isFinished)
            #expect(reader.variables(of: after).first { $0.key == "shipment" }?.value == .string("send.1"))
            try await second.close()
        }
    }

    @Test("a delayed send to the instance itself is a timer a worker delivers", arguments: storageKinds)
    func delayedSendIsATimer(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let clock = ManualClock()
            let opened = try await database.open()
            let scxml = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: opened.storage, ioProcessors: [RecordingProcessor()],
                                          clock: clock.wallClock)
            try await scxml.create("o1")
            try await scxml.store.send(addEvent("tea"), to: "o1")
            try await scxml.store.send(SCXMLEvent("pay"), to: "o1")
            #expect(try await scxml.store.instancesWithPendingTimers() == ["o1"])
            clock.advance(by: .seconds(31))
            let round = await scxml.store.deliverDueTimers()
            #expect(round.delivered == 1)
            #expect(try await scxml.store.instance("o1")?.activeLeaves == ["reminded"])
            // The restored session answers In('reminded') too.
            try await scxml.store.send(SCXMLEvent("shipped"), to: "o1")
            #expect(try await scxml.store.instance("o1")?.activeLeaves == ["done"])
            try await opened.close()
        }
    }

    @Test("a processor that refuses makes the instance get error.communication, once", arguments: storageKinds)
    func refusedSendRaisesCommunicationError(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let opened = try await database.open()
            let processor = RecordingProcessor(refuses: true)
            let scxml = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: opened.storage, ioProcessors: [processor],
                                          clock: ManualClock().wallClock)
            try await scxml.create("o1")
            try await scxml.store.send(addEvent("tea"), to: "o1")
            try await scxml.store.send(SCXMLEvent("pay"), to: "o1")
            let handler = scxml.deliveringThroughProcessors()
            #expect(await scxml.store.deliverOutbox(to: handler).delivered == 1)
            let instance = try #require(try await scxml.store.instance("o1"))
            #expect(instance.activeLeaves == ["failed"])
            let log = try await scxml.store.eventLog(of: "o1")
            let errors = log.filter { $0.idempotencyKey?.hasPrefix("outbox-error:") == true }
            #expect(errors.count == 1)
            let error = try JSONDecoder().decode(SCXMLEvent.self, from: try #require(errors.first?.event))
            #expect(error.name == "error.communication")
            #expect(error.sendid == "send.1")
            // The message is delivered: a second round hands nothing over again.
            #expect(await scxml.store.deliverOutbox(to: handler).delivered == 0)
            #expect(processor.sent.count == 1)
            try await opened.close()
        }
    }

    @Test("what the processor received for the session is sent to the instance", arguments: storageKinds)
    func repliesReachTheInstance(_ kind: StorageKind) async throws {
        try await withDatabase(kind) { database in
            let opened = try await database.open()
            let scxml = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: opened.storage,
                                          ioProcessors: [RecordingProcessor(reply: "shipped")], clock: ManualClock().wallClock)
            try await scxml.create("o1")
            try await scxml.store.send(addEvent("tea"), to: "o1")
            try await scxml.store.send(SCXMLEvent("pay"), to: "o1")
            #expect(await scxml.store.deliverOutbox(to: scxml.deliveringThroughProcessors()).delivered == 1)
            #expect(try await scxml.store.instance("o1")?.activeLeaves == ["done"])
            try await opened.close()
        }
    }

    @Test("a message for a processor the store was not given stays pending, with the reason")
    func unknownProcessorKeepsTheMessage() async throws {
        try await withDatabase(.sqlite) { database in
            let opened = try await database.open()
            let clock = ManualClock()
            let sender = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: opened.storage, ioProcessors: [RecordingProcessor()],
                                           clock: clock.wallClock)
            try await sender.create("o1")
            try await sender.store.send(addEvent("tea"), to: "o1")
            try await sender.store.send(SCXMLEvent("pay"), to: "o1")
            let without = SCXMLDurableStore(chart: try scxmlOrderChart(), storage: opened.storage, clock: clock.wallClock)
            let round = await without.store.deliverOutbox(to: without.deliveringThroughProcessors())
            #expect(round.delivered == 0)
            #expect(round.failures.count == 1)
            let reason = round.failures.first.map { "\($0.error)" } ?? ""
            #expect(reason.contains("which this store was not given"), "\(reason)")
            #expect(try await without.store.outboxMessages(of: "o1").map(\.delivered) == [false])
            try await opened.close()
        }
    }

    @Test("a send to #_parent raises error.communication; <invoke> is refused and changes nothing")
    func noParentNoChildren() async throws {
        let document = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="a">
          <state id="a">
            <transition event="tell" target="a"><send event="hello" target="#_parent"/></transition>
            <transition event="error.communication" target="told"/>
            <transition event="spawn" target="spawning"/>
          </state>
          <state id="told"/>
          <state id="spawning">
            <invoke type="scxml"><content><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="waiting"/></scxml></content></invoke>
          </state>
        </scxml>
        """
        try await withDatabase(.sqlite) { database in
            let opened = try await database.open()
            let scxml = SCXMLDurableStore(chart: try SCXMLChart(string: document, dataModels: [.ecmascript]), storage: opened.storage)
            try await scxml.create("x")
            await #expect(throws: DurableStoreError.self) { try await scxml.store.send(SCXMLEvent("spawn"), to: "x") }
            #expect(try await scxml.store.instance("x")?.version == 1)
            try await scxml.store.send(SCXMLEvent("tell"), to: "x")
            #expect(try await scxml.store.instance("x")?.activeLeaves == ["told"])
            #expect(try await scxml.store.outboxMessages(of: "x").isEmpty)
            try await opened.close()
        }
    }

    @Test("<log> output reaches the store's log handler with the instance's id")
    func logOutput() async throws {
        let document = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="a">
          <datamodel><data id="n" expr="1"/></datamodel>
          <state id="a"><onentry><log label="entered" expr="n"/></onentry>
            <transition event="go" target="a"><assign location="n" expr="n + 1"/></transition></state>
        </scxml>
        """
        let lines = LogLines()
        try await withDatabase(.sqlite) { database in
            let opened = try await database.open()
            let scxml = SCXMLDurableStore(chart: try SCXMLChart(string: document, dataModels: [.ecmascript]), storage: opened.storage,
                                          log: { id, record in lines.append("\(id) \(record)") })
            try await scxml.create("x")
            try await scxml.store.send(SCXMLEvent("go"), to: "x")
            try await opened.close()
        }
        #expect(lines.all == ["x entered: 1", "x entered: 2"])
    }
}

/// Lines collected from several threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
