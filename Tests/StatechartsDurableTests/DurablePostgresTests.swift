#if canImport(StatechartsDurablePostgres)
import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurablePostgres
import Testing

/// What only PostgreSQL does: several storages (several pools, as on several machines) on one
/// database, both locking strategies, timers claimed with SKIP LOCKED, connection errors.
@Suite("Durable store: PostgreSQL", .enabled(if: PostgresTestServer.shouldTest))
struct DurablePostgresTests {
    static let lockings: [PostgresDurableStorage.Locking] = [.rowLock, .optimistic]

    @Test("concurrent sends to one instance from two storages serialize with no lost update", arguments: lockings)
    func concurrentSendsFromTwoPools(_ locking: PostgresDurableStorage.Locking) async throws {
        try await withDatabase(.postgres) { database in
            let clock = ManualClock()
            // Under `.optimistic` a send retries each time another committed first: with 50
            // sends racing on one row, the last ones need many more than the default 8 retries.
            let retries = locking == .optimistic ? 200 : 0
            let first = try await PostgresDurableStorage.connect(url: database.location, poolSize: 4, locking: locking)
            let second = try await PostgresDurableStorage.connect(url: database.location, poolSize: 4, locking: locking)
            let firstStore = DurableStore(chart: orderChart, storage: first, clock: clock.wallClock, conflictRetries: retries)
            let secondStore = DurableStore(chart: orderChart, storage: second, clock: clock.wallClock, conflictRetries: retries)
            try await firstStore.create("o1", context: Order())
            let perStore = 25
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0..<perStore {
                    group.addTask { try await firstStore.send(.bump, to: "o1", idempotencyKey: "first-\(i)") }
                    group.addTask { try await secondStore.send(.bump, to: "o1", idempotencyKey: "second-\(i)") }
                }
                try await group.waitForAll()
            }
            let order = try #require(try await firstStore.instance("o1"))
            #expect(order.context.bumps == 2 * perStore)
            #expect(order.version == Int64(1 + 2 * perStore))
            let versions = try await secondStore.eventLog(of: "o1").filter { $0.kind == .send }.map(\.version)
            #expect(versions == Array(2...Int64(1 + 2 * perStore)))
            // Row locks make writers wait, never retry; version checks make them retry.
            let conflicts = first.versionConflicts + second.versionConflicts
            #expect(locking == .rowLock ? conflicts == 0 : conflicts > 0)
            await first.close()
            await second.close()
        }
    }

    @Test("one key sent concurrently through two storages is applied once", arguments: lockings)
    func sameKeyFromTwoPools(_ locking: PostgresDurableStorage.Locking) async throws {
        try await withDatabase(.postgres) { database in
            let clock = ManualClock()
            let (first, firstStorage) = try await openStore(database, clock: clock, locking: locking)
            let (second, secondStorage) = try await openStore(database, clock: clock, locking: locking)
            try await first.create("o1", context: Order())
            let results = try await withThrowingTaskGroup(of: SendResult.self) { group in
                for i in 0..<12 {
                    group.addTask { try await (i.isMultiple(of: 2) ? first : second).send(.bump, to: "o1", idempotencyKey: "once") }
                }
                return try await group.reduce(into: [SendResult]()) { $0.append($1) }
            }
            #expect(Set(results).count == 1)
            #expect(try await first.instance("o1")?.context.bumps == 1)
            #expect(try await first.instance("o1")?.version == 2)
            try await firstStorage.close()
            try await secondStorage.close()
        }
    }

    @Test("concurrent creates of one id through two storages make one instance", arguments: lockings)
    func concurrentCreates(_ locking: PostgresDurableStorage.Locking) async throws {
        try await withDatabase(.postgres) { database in
            let clock = ManualClock()
            let (first, firstStorage) = try await openStore(database, clock: clock, locking: locking)
            let (second, secondStorage) = try await openStore(database, clock: clock, locking: locking)
            let versions = try await withThrowingTaskGroup(of: Int64.self) { group in
                for i in 0..<8 {
                    group.addTask { try await (i.isMultiple(of: 2) ? first : second).create("o1", context: Order(bumps: i)).version }
                }
                return try await group.reduce(into: [Int64]()) { $0.append($1) }
            }
            #expect(versions == Array(repeating: 1, count: 8))
            #expect(try await first.eventLog(of: "o1").map(\.kind) == [.create])
            try await firstStorage.close()
            try await secondStorage.close()
        }
    }

    @Test("a delete racing sends from another storage leaves nothing, and the late sends find no instance", arguments: lockings)
    func deleteRacingSends(_ locking: PostgresDurableStorage.Locking) async throws {
        try await withDatabase(.postgres) { database in
            let clock = ManualClock()
            let (first, firstStorage) = try await openStore(database, clock: clock, locking: locking)
            let (second, secondStorage) = try await openStore(database, clock: clock, locking: locking)
            for round in 0..<5 {
                // A new id each round: a deleted instance's outbox messages stay, under its ids.
                let id = "o\(round)"
                try await first.create(id, context: Order())
                let errors = try await withThrowingTaskGroup(of: (any Error)?.self) { group in
                    for i in 0..<6 {
                        group.addTask {
                            do {
                                try await second.send(i.isMultiple(of: 2) ? .pay : .bump, to: id, idempotencyKey: "\(round)-\(i)")
                                return nil
                            } catch {
                                return error
                            }
                        }
                    }
                    group.addTask {
                        _ = try await first.delete(id)
                        return nil
                    }
                    return try await group.reduce(into: [any Error]()) { if let error = $1 { $0.append(error) } }
                }
                for error in errors {
                    #expect(error as? DurableStoreError == .instanceNotFound(id: id), "\(error)")
                }
                #expect(try await first.instance(id) == nil)
                #expect(try await first.instancesWithPendingTimers() == [])
                #expect(try await first.eventLog(of: id) == [])
            }
            try await firstStorage.close()
            try await secondStorage.close()
        }
    }

    @Test("two workers on two storages deliver each due timer exactly once", arguments: lockings)
    func twoWorkersClaimTimers(_ locking: PostgresDurableStorage.Locking) async throws {
        try await withDatabase(.postgres) { database in
            let clock = ManualClock()
            let (first, firstStorage) = try await openStore(database, clock: clock, locking: locking)
            let (second, secondStorage) = try await openStore(database, clock: clock, locking: locking)
            let ids = (0..<40).map { "o\($0)" }
            for id in ids {
                try await first.create(id, context: Order())
                try await first.send(.pay, to: id)
            }
            clock.advance(by: .seconds(6))
            // Several rounds at once on each storage: each claims instances the others do not hold.
            let rounds = await withTaskGroup(of: DurableTimerRound.self) { group in
                for i in 0..<4 { group.addTask { await (i.isMultiple(of: 2) ? first : second).deliverDueTimers(limit: 100) } }
                return await group.reduce(into: [DurableTimerRound]()) { $0.append($1) }
            }
            #expect(rounds.map(\.delivered).reduce(0, +) == ids.count)
            #expect(rounds.allSatisfy { $0.failures.isEmpty })
            for id in ids {
                #expect(try await second.eventLog(of: id).filter { $0.kind == .timer }.count == 1)
                #expect(try await second.instance(id)?.activeLeaves == [.shipped])
            }
            #expect(try await first.instancesWithPendingTimers() == [])
            try await firstStorage.close()
            try await secondStorage.close()
        }
    }

    @Test("a malformed URL is refused with what is wrong")
    func malformedURL() async throws {
        let cases = [
            ("http://u@localhost/db", "scheme"),
            ("postgres://localhost:5432/db", "user"),
            ("postgres://u@localhost:5432", "database"),
            ("postgres://u@localhost:99999/db", "port"),
            ("postgres://u@localhost/db?schema=Bad-Name", "schema"),
            ("postgres://u@localhost/db?sslmode=sometimes", "sslmode"),
            ("postgres://u@localhost/db?connect_timeout=0", "connect_timeout"),
            ("postgres://u@localhost/db?connect_timeout=2.5", "connect_timeout"),
            ("postgres://u@localhost/db?connect_timeout=86401", "connect_timeout"),
            ("postgres://u@localhost/db?connect_timeout", "connect_timeout"),
            ("not a url", "URL"),
        ]
        for (url, mentions) in cases {
            do {
                _ = try await PostgresDurableStorage.connect(url: url)
                Issue.record("\(url) was accepted")
            } catch let error as PostgresDurableStorageError {
                #expect(error.message.hasPrefix("malformed PostgreSQL URL"), "\(url): \(error)")
                #expect(error.message.contains(mentions), "\(url): \(error)")
            }
        }
    }

    // The time limit is the claim that `connect` gives up instead of retrying in the background;
    // it is generous because a test's continuation may wait a long time for a thread on a busy
    // 2-core machine, which is not the storage's time.
    @Test("an unreachable server is an error that names it", .timeLimit(.minutes(3)))
    func unreachableServer() async throws {
        // Port 1: nothing listens there.
        do {
            _ = try await PostgresDurableStorage.connect(url: "postgres://nobody@127.0.0.1:1/nothing")
            Issue.record("a connection to port 1 succeeded")
        } catch let error as PostgresDurableStorageError {
            #expect(error.message.contains("cannot connect to PostgreSQL at 127.0.0.1:1/nothing"), "\(error)")
        }
    }

    @Test("connect_timeout in the URL is how long opening a connection may take")
    func connectTimeoutFromURL() async throws {
        // A server that never answers: the connection is given up after the URL's 1 s (NIO's
        // error names the timeout it was given; the default would be 10 s).
        let listener = try FullListener()
        defer { listener.close() }
        do {
            _ = try await PostgresDurableStorage.connect(url: "postgres://nobody@127.0.0.1:\(listener.port)/nothing?connect_timeout=1")
            Issue.record("a connection to a server that never answers succeeded")
        } catch let error as PostgresDurableStorageError {
            #expect(error.message.contains("Connect timeout (1 s)"), "\(error)")
        }
        // And a real server is reached with one.
        let base = try PostgresTestServer.requireURL()
        let storage = try await PostgresDurableStorage.connect(url: PostgresTestServer.adding("connect_timeout=30", to: base))
        await storage.close()
    }

    @Test("a wrong database name is the server's own refusal")
    func unknownDatabase() async throws {
        let base = try PostgresTestServer.requireURL()
        guard let slash = base.range(of: "/", options: .backwards) else { throw PostgresDurableStorageError(message: "no database in \(base)") }
        let url = String(base[..<slash.upperBound]) + "no_such_database_here"
        do {
            _ = try await PostgresDurableStorage.connect(url: url)
            Issue.record("a connection to a missing database succeeded")
        } catch let error as PostgresDurableStorageError {
            #expect(error.message.contains("no_such_database_here"), "\(error)")
        }
    }

    @Test("tables written by a newer release are refused")
    func newerSchemaRefused() async throws {
        try await withDatabase(.postgres) { database in
            let storage = try await database.open()
            try await storage.close()
            let schema = try #require(database.location.split(separator: "=").last.map(String.init))
            try await PostgresTestServer.execute("UPDATE \(schema).durable_schema_version SET version = 99")
            do {
                _ = try await database.open()
                Issue.record("tables of version 99 were accepted")
            } catch let error as PostgresDurableStorageError {
                #expect(error.message.contains("version 99"), "\(error)")
            }
        }
    }

    @Test("a closed storage refuses transactions; closing twice does nothing")
    func closedStorage() async throws {
        try await withDatabase(.postgres) { database in
            let (store, storage) = try await openStore(database, clock: ManualClock())
            try await store.create("o1", context: Order())
            try await storage.close()
            try await storage.close()
            await #expect(throws: PostgresDurableStorageError.self) { try await store.instance("o1") }
        }
    }
}
#endif
