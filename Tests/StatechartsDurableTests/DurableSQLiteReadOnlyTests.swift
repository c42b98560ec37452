import Foundation
import Statecharts
import StatechartsDurable
import StatechartsDurableSQLite
import Testing

/// A SQLite database file the process may read but not write (a file mode, an immutable file, a
/// read-only copy): the store opens it and reads it, a send fails with a thrown error that says
/// so and changes nothing, and once the file is writable again the same send is applied once.
@Suite("Durable store: a read-only SQLite file")
struct DurableSQLiteReadOnlyTests {
    @Test("a send to a read-only database file throws, leaves the instance as it was, and succeeds once it is writable",
          .enabled(if: ReadOnlyFile.canMakeReadOnly, "this process can make no file read-only for itself (\(ReadOnlyFile.how))"))
    func readOnlyFile() async throws {
        try await withDatabase(.sqlite) { database in
            var storage = try await SQLiteDurableStorage.open(path: database.location)
            var store = DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock)
            try await store.create("o1", context: Order())
            _ = try await store.send(.bump, to: "o1", idempotencyKey: "bump-0")
            try await storage.close()
            let before = try #require(try await readBack("o1", at: database.location))

            try ReadOnlyFile.set(database.location, readOnly: true)
            var restored = false
            defer { if !restored { try? ReadOnlyFile.set(database.location, readOnly: false) } }

            storage = try await SQLiteDurableStorage.open(path: database.location)
            store = DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock)
            // Reads still work.
            let read = try #require(try await store.instance("o1"))
            #expect(read.version == before.version)
            let error = await #expect(throws: (any Error).self) {
                _ = try await store.send(.bump, to: "o1", idempotencyKey: "bump-1")
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("readonly"), "\(String(describing: error))")
            let after = try #require(try await store.instance("o1"))
            #expect(after.version == before.version)
            #expect(after.context == before.context)
            #expect(after.instance.configuration == before.instance.configuration)
            try await storage.close()

            // Writable again: the key that failed is applied, once.
            try ReadOnlyFile.set(database.location, readOnly: false)
            restored = true
            storage = try await SQLiteDurableStorage.open(path: database.location)
            store = DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock)
            _ = try await store.send(.bump, to: "o1", idempotencyKey: "bump-1")
            _ = try await store.send(.bump, to: "o1", idempotencyKey: "bump-1")
            let resumed = try #require(try await store.instance("o1"))
            #expect(resumed.version == before.version + 1)
            #expect(resumed.context.bumps == before.context.bumps + 1)
            try await storage.close()
        }
    }

    /// The instance as a fresh storage reads it.
    private func readBack(_ id: String, at path: String) async throws -> DurableInstance<OrderState, OrderEvent, Order>? {
        let storage = try await SQLiteDurableStorage.open(path: path)
        let instance = try await DurableStore(chart: orderChart, storage: storage, clock: ManualClock().wallClock).instance(id)
        try await storage.close()
        return instance
    }
}

/// Makes a file read-only for this process. A file mode does that for a user other than root;
/// root writes whatever the mode, so for root the file is made immutable (`chattr +i`, which
/// needs CAP_LINUX_IMMUTABLE and a file system with the attribute, such as ext4).
enum ReadOnlyFile {
    static let isRoot = getuid() == 0
    static let how = isRoot ? "as root: chattr +i" : "chmod 0444"

    /// Whether `set` works here: tried once on a file of its own.
    static let canMakeReadOnly: Bool = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-probe-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) else { return false }
        defer {
            try? set(path, readOnly: false)
            try? FileManager.default.removeItem(atPath: path)
        }
        guard (try? set(path, readOnly: true)) != nil else { return false }
        let descriptor = open(path, O_WRONLY)
        if descriptor >= 0 { close(descriptor) }
        return descriptor < 0
    }()

    static func set(_ path: String, readOnly: Bool) throws {
        if isRoot {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["chattr", readOnly ? "+i" : "-i", path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: readOnly ? 0o444 : 0o644], ofItemAtPath: path)
        }
    }
}
