import Foundation
import Statecharts
import StatechartsDurable
import StatechartsVerification
import Testing

/// Tickets, version 1: open (placed or held, with a history), paused; the context counts holds.
struct TicketV1: Codable, Sendable, Equatable { var holds = 0 }
/// Version 2's context: the holds and a label.
struct TicketV2: Codable, Sendable, Equatable { var holds = 0; var label = "" }

enum Tickets {
    static func v1() throws -> Statechart<String, String, TicketV1> {
        try Statechart {
            State("open", initial: "placed") {
                On("pause", to: "paused")
                History("lastOpen", .shallow, default: "placed")
                State("placed") { On("hold", to: "held") { $0.holds += 1 } }
                State("held") { On("release", to: "placed") }
            }
            State("paused") { On("resume", to: "lastOpen") }
        }
    }

    /// `held` renamed `onHold`, a state added; the same events.
    static func v2() throws -> Statechart<String, String, TicketV2> {
        try Statechart {
            State("open", initial: "placed") {
                On("pause", to: "paused")
                History("lastOpen", .shallow, default: "placed")
                State("placed") { On("hold", to: "onHold") { $0.holds += 1 } }
                State("onHold") { On("release", to: "placed"); On("escalate", to: "escalated") }
                State("escalated") { On("release", to: "placed") }
            }
            State("paused") { On("resume", to: "lastOpen") }
        }
    }

    /// A mapping that forgets `held`: instances on hold have nowhere to go.
    static let renameOnly: StateMapping<String> = [:]
    static let legal: StateMapping<String> = ["held": "onHold"]
}

@Suite("Durable store: migrations")
struct DurableMigrationTests {
    typealias V1Store = DurableStore<String, String, TicketV1>
    typealias V2Store = DurableStore<String, String, TicketV2>

    /// Three tickets on version 1: placed, held, and paused while held (its history remembers `held`).
    func seed(_ storage: any DurableStorage, clock: ManualClock) async throws -> V1Store {
        let v1 = V1Store(chart: try Tickets.v1(), storage: storage, clock: clock.wallClock)
        for id in ["a-placed", "b-held", "c-paused"] { try await v1.create(id, context: TicketV1()) }
        try await v1.send("hold", to: "b-held")
        try await v1.send("hold", to: "c-paused")
        try await v1.send("pause", to: "c-paused")
        return v1
    }

    func v2Store(_ storage: any DurableStorage, mapping: StateMapping<String>, clock: ManualClock) throws -> V2Store {
        let (v1, v2) = (try Tickets.v1(), try Tickets.v2())
        let migration = try ChartMigration(from: v1, to: v2, mapping: mapping)
        return V2Store(chart: v2, storage: storage, migrations: [
            DurableMigration(from: v1, snapshot: { try migration.migrate($0) },
                             context: { (old: TicketV1) in TicketV2(holds: old.holds, label: "v1") }),
        ], clock: clock.wallClock)
    }

    @Test("a legal mapping: the check passes, every row moves to the new chart, history included", arguments: storageKinds)
    func legal(_ kind: StorageKind) async throws {
        let report = try ChartMigration(from: try Tickets.v1(), to: try Tickets.v2(), mapping: Tickets.legal)
            .check(events: ["pause", "hold", "release", "resume"], context: TicketV1(holds: 0), abstractingContext: { _ in 0 })
        #expect(report.isSafe)
        try await withDatabase(kind) { database in
            let storage = try await database.open()
            let clock = ManualClock()
            let v1 = try await seed(storage.storage, clock: clock)
            let v2 = try v2Store(storage.storage, mapping: Tickets.legal, clock: clock)

            // Read through the migration before any write: the row is untouched.
            #expect(try await v2.instance("b-held")?.activeLeaves == ["onHold"])
            #expect(try await v2.instance("b-held")?.context == TicketV2(holds: 1, label: "v1"))
            #expect(try await v2.instances(withFingerprint: v1.chart.fingerprint) == ["a-placed", "b-held", "c-paused"])

            // A send migrates its row lazily, and logs it; the state index names the new state
            // even when the event changes nothing.
            try await v2.send("hold", to: "b-held")
            #expect(try await v2.instances(inState: "onHold") == ["b-held"])
            #expect(try await v2.instances(inState: "held") == [])
            let log = try await v2.eventLog(of: "b-held")
            #expect(log.map(\.kind).suffix(2) == [.migration, .send])
            try await v2.send("escalate", to: "b-held")
            #expect(try await v2.instance("b-held")?.activeLeaves == ["escalated"])
            #expect(try await v2.instances(withFingerprint: v1.chart.fingerprint) == ["a-placed", "c-paused"])

            // The rest at once; the state index then names the new chart's states.
            #expect(try await v2.migrateAll(from: v1.chart.fingerprint) == 2)
            #expect(try await v2.instances(withFingerprint: v1.chart.fingerprint) == [])
            #expect(try await v2.instances() == ["a-placed", "b-held", "c-paused"])
            #expect(try await v2.instances(inState: "paused") == ["c-paused"])
            #expect(try await v2.migrateAll(from: v1.chart.fingerprint) == 0)

            // The history memory crossed versions: `held` remembered, `onHold` re-entered.
            try await v2.send("resume", to: "c-paused")
            #expect(try await v2.instance("c-paused")?.activeLeaves == ["onHold"])
            #expect(try await v2.instances(inState: "onHold") == ["c-paused"])
            #expect(try await v2.instance("c-paused")?.context == TicketV2(holds: 1, label: "v1"))
            // The old store no longer reads the migrated rows.
            await #expect(throws: DurableStoreError.self) { try await v1.instance("a-placed") }
            try await storage.close()
        }
    }

    @Test("an illegal mapping is caught by the check and by migrateAll before any row changes", arguments: storageKinds)
    func illegal(_ kind: StorageKind) async throws {
        let report = try ChartMigration(from: try Tickets.v1(), to: try Tickets.v2(), mapping: Tickets.renameOnly)
            .check(events: ["pause", "hold", "release", "resume"], context: TicketV1(holds: 0), abstractingContext: { _ in 0 })
        #expect(!report.isSafe)
        #expect(report.findings.contains { $0.oldStates.contains("held") && $0.steps.map(\.description) == ["hold"] })
        try await withDatabase(kind) { database in
            let storage = try await database.open()
            let clock = ManualClock()
            let v1 = try await seed(storage.storage, clock: clock)
            let before = try await storage.storage.withTransaction(.read) { tx in
                try await ["a-placed", "b-held", "c-paused"].asyncMap { try await tx.instance($0) }
            }
            let v2 = try v2Store(storage.storage, mapping: Tickets.renameOnly, clock: clock)
            do {
                try await v2.migrateAll(from: v1.chart.fingerprint)
                Issue.record("migrateAll migrated rows that cannot be")
            } catch let DurableStoreError.migrationRefused(fingerprint, failures) {
                #expect(fingerprint == v1.chart.fingerprint)
                #expect(failures.keys.sorted() == ["b-held", "c-paused"])
                #expect(failures["b-held"]?.contains("held") == true)
            }
            let after = try await storage.storage.withTransaction(.read) { tx in
                try await ["a-placed", "b-held", "c-paused"].asyncMap { try await tx.instance($0) }
            }
            #expect(after == before)
            #expect(try await v1.instance("b-held")?.activeLeaves == ["held"])

            // Met by a step, a row that cannot be migrated is quarantined; the others go on.
            do {
                try await v2.send("release", to: "b-held")
                Issue.record("a send went through an impossible migration")
            } catch let DurableStoreError.migrationFailed(id, fingerprint, _) {
                #expect(id == "b-held")
                #expect(fingerprint == v1.chart.fingerprint)
            }
            #expect(try await v2.quarantined().map(\.id) == ["b-held"])
            try await v2.send("hold", to: "a-placed")
            #expect(try await v2.instance("a-placed")?.activeLeaves == ["onHold"])
            try await storage.close()
        }
    }

    @Test("without a migration an old row is quarantined as before; migrateAll names the missing migration")
    func noMigration() async throws {
        try await withDatabase(.sqlite) { database in
            let storage = try await database.open()
            let clock = ManualClock()
            let v1 = try await seed(storage.storage, clock: clock)
            let v2 = V2Store(chart: try Tickets.v2(), storage: storage.storage, clock: clock.wallClock)
            await #expect(throws: DurableStoreError.noMigration(fingerprint: v1.chart.fingerprint)) {
                try await v2.migrateAll(from: v1.chart.fingerprint)
            }
            do {
                try await v2.send("hold", to: "a-placed")
                Issue.record("a row of another chart took a send")
            } catch DurableStoreError.unknownFingerprint(let id, _, _) {
                #expect(id == "a-placed")
            }
            // A context that does not convert fails the row's migration, with the reason.
            let strict = V2Store(chart: try Tickets.v2(), storage: storage.storage, migrations: [
                DurableMigration(from: v1.chart.fingerprint, oldContext: TicketV1.self, snapshot: { $0 },
                                 context: { _ in throw ContextRefused() }),
            ], clock: clock.wallClock)
            await #expect(throws: DurableStoreError.self) { try await strict.send("hold", to: "b-held") }
            #expect(try await strict.quarantined().map(\.id) == ["a-placed", "b-held"])
            try await storage.close()
        }
    }
}

struct ContextRefused: Error {}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
