import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import StatechartsVerification
import Testing

// The migration sample of docs/durable.md, compiled and run.

@Suite("Docs: durable.md migration sample")
struct DurableMigrationSampleTests {
    @Test("the sample migrates a store's rows to the new chart")
    func sample() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ticketsV1 = try Tickets.v1()
        let ticketsV2 = try Tickets.v2()
        let storage = try await SQLiteDurableStorage.open(path: folder.databasePath)
        let old = DurableStore(chart: ticketsV1, storage: storage)
        try await old.create("t-1", context: TicketV1())
        try await old.send("hold", to: "t-1")

        let migration = try ChartMigration(from: ticketsV1, to: ticketsV2, mapping: ["held": "onHold"])
        let report = try migration.check(events: ["pause", "hold", "release", "resume"], context: TicketV1(),
                                         abstractingContext: { _ in 0 })
        precondition(report.isSafe, "\(report.findings.map(\.problem.message))")

        let store = DurableStore(chart: ticketsV2, storage: storage, migrations: [
            DurableMigration(from: ticketsV1, snapshot: { try migration.migrate($0) },
                             context: { (old: TicketV1) in TicketV2(holds: old.holds) }),
        ])
        try await store.migrateAll(from: ticketsV1.fingerprint)    // optional: rows also migrate when next read

        #expect(try await store.instance("t-1")?.activeLeaves == ["onHold"])
        #expect(try await store.instance("t-1")?.context == TicketV2(holds: 1))
        try await storage.close()
    }
}
