import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSCXML
import StatechartsDurableSQLite
import StatechartsECMAScript
import StatechartsSCXML
import Testing

// The SCXML sample of docs/durable.md, compiled and run.

@Suite("Docs: durable.md SCXML sample")
struct DurableSCXMLSampleTests {
    @Test("the sample runs")
    func sample() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let storage = try await SQLiteDurableStorage.open(path: folder.databasePath)
        let orderDocument = scxmlOrderDocument
        let warehouse = RecordingProcessor()

        let chart = try SCXMLChart(string: orderDocument, dataModels: [.ecmascript])
        let scxml = SCXMLDurableStore(chart: chart, storage: storage, ioProcessors: [warehouse])
        try await scxml.create("order-9")
        try await scxml.store.send(SCXMLEvent("add", data: .object([.init("name", .string("tea"))])), to: "order-9")
        let outboxWorker = DurableWorker(store: scxml.store, outbox: scxml.deliveringThroughProcessors())

        try await scxml.store.send(SCXMLEvent("pay"), to: "order-9")
        let round = await outboxWorker.runOnce()
        #expect(round.outbox.delivered == 1)
        #expect(warehouse.sent.map(\.event.name) == ["ship"])
        try await storage.close()
    }
}
