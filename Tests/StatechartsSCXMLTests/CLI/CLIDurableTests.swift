import Foundation
import Testing

/// `statechart durable create|send|show|worker` on a SQLite file in a temporary folder (and on
/// the PostgreSQL server of `make test` when there is one): lines, JSON, exit statuses.
@Suite("statechart durable")
struct CLIDurableTests {
    static let chart = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="open" name="orders">
      <datamodel>
        <data id="count" expr="0"/>
        <data id="items" expr="[]"/>
      </datamodel>
      <state id="open">
        <transition event="add" target="open">
          <assign location="count" expr="count + 1"/>
          <script>items.push(_event.data.name)</script>
        </transition>
        <transition event="pay" cond="count &gt; 0" target="paid"/>
      </state>
      <state id="paid">
        <onentry><send event="remind" delay="200ms"/></onentry>
        <transition event="remind" target="reminded"/>
      </state>
      <state id="reminded"><transition event="ship" target="done"/></state>
      <final id="done"/>
    </scxml>
    """

    /// A folder with the chart; the database is `db.sqlite` beside it.
    struct Workspace {
        let folder: URL
        var chart: String { folder.appendingPathComponent("orders.scxml").path }
        var database: [String] { ["--sqlite", folder.appendingPathComponent("db.sqlite").path] }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("statechart-durable-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try CLIDurableTests.chart.write(to: folder.appendingPathComponent("orders.scxml"), atomically: true, encoding: .utf8)
        }

        func run(_ arguments: [String], database: [String]? = nil) async throws -> CLIProcess.Result {
            try await CLIProcess.run(["durable"] + arguments + ["--chart", chart] + (database ?? self.database))
        }

        func show(_ id: String, json: Bool = false, database: [String]? = nil) async throws -> CLIProcess.Result {
            try await CLIProcess.run(["durable", "show", id] + (database ?? self.database) + (json ? ["--json"] : []))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("create, send with a key, show: the instance's states, variables and log, as text and JSON")
    func createSendShow() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let created = try await workspace.run(["create", "o1"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.lines == ["o1: open (version 1)"])
        let sent = try await workspace.run(["send", "o1", "add", "--data", #"{"name":"tea"}"#, "--key", "k1", "--json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.lines == [#"{"finished":false,"id":"o1","states":["open"],"version":2}"#])
        // The same key again changes nothing.
        let again = try await workspace.run(["send", "o1", "add", "--data", #"{"name":"tea"}"#, "--key", "k1"])
        #expect(again.lines == ["o1: open (version 2)"])

        let shown = try await workspace.show("o1")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.lines.contains("  states: open"))
        #expect(shown.lines.contains("    count = 1"))
        #expect(shown.lines.contains(#"    items = ["tea"]"#))
        #expect(shown.lines.contains("  log: 2 entries"))
        #expect(shown.lines.contains { $0.hasPrefix("    2 send add key k1 at ") })

        let json = try await workspace.show("o1", json: true)
        #expect(json.lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "o1")
        #expect(object["version"] as? Int == 2)
        #expect(object["states"] as? [String] == ["open"])
        let variables = try #require(object["variables"] as? [String: Any])
        #expect(variables["count"] as? Int == 1)
        #expect(variables["items"] as? [String] == ["tea"])
        #expect((object["log"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["create", "send"])
    }

    @Test("worker --once delivers the timers that fell due, once")
    func workerOnce() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try await workspace.run(["create", "o1"])
        _ = try await workspace.run(["send", "o1", "add", "--data", #"{"name":"tea"}"#])
        _ = try await workspace.run(["send", "o1", "pay"])
        #expect(try await workspace.show("o1").lines.contains("  timers: 1"))
        try await Task.sleep(for: .milliseconds(300))
        let round = try await workspace.run(["worker", "--once", "--json"])
        #expect(round.status == 0, "\(round.stderr)")
        #expect(round.lines == [#"{"failures":[],"messages":0,"timers":1}"#])
        let second = try await workspace.run(["worker", "--once"])
        #expect(second.lines == ["delivered 0 timers"])
        let shown = try await workspace.show("o1")
        #expect(shown.lines.contains("  states: reminded"))
        #expect(shown.lines.contains("  timers: 0"))
        #expect(shown.lines.contains { $0.hasPrefix("    4 timer remind at ") })
    }

    @Test("a running worker delivers a timer when it falls due, and stops when killed")
    func runningWorker() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try await workspace.run(["create", "o1"])
        _ = try await workspace.run(["send", "o1", "add", "--data", #"{"name":"tea"}"#])
        let worker = try CLIBackgroundProcess(["durable", "worker", "--workers", "2", "--poll-ms", "20", "--json", "--chart", workspace.chart]
            + workspace.database)
        defer { worker.kill() }
        _ = try await workspace.run(["send", "o1", "pay"])
        let line = try await worker.firstLine(within: .seconds(60))
        #expect(line == #"{"failures":[],"messages":0,"timers":1}"#)
        #expect(try await workspace.show("o1").lines.contains("  states: reminded"))
    }

    @Test("exit statuses: 1 for no such instance, 2 for usage, a chart that does not load, a database that does not open")
    func exitStatuses() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let missing = try await workspace.show("nobody")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no instance 'nobody'"))
        let sendMissing = try await workspace.run(["send", "nobody", "add"])
        #expect(sendMissing.status == 1)
        #expect(sendMissing.stderr.contains("nobody"))
        let noDatabase = try await CLIProcess.run(["durable", "show", "o1"])
        #expect(noDatabase.status == 2)
        #expect(noDatabase.stderr.contains("--sqlite PATH or --postgres URL"))
        let both = try await workspace.run(["create", "o1"], database: workspace.database + ["--postgres", "postgres://u@127.0.0.1/db"])
        #expect(both.status == 2)
        let badData = try await workspace.run(["send", "o1", "add", "--data", "{nope"])
        #expect(badData.status == 2)
        #expect(badData.stderr.contains("--data is not JSON"))
        let badChart = try await CLIProcess.run(["durable", "create", "o1", "--chart", workspace.folder.appendingPathComponent("none.scxml").path]
            + workspace.database)
        #expect(badChart.status == 2)
        #expect(badChart.stderr.contains("none.scxml"))
        let unreachable = try await workspace.run(["create", "o1"], database: ["--postgres", "postgres://nobody@127.0.0.1:1/nothing"])
        #expect(unreachable.status == 2)
        #expect(unreachable.stderr.contains("cannot open the database"))
    }

    @Test("the same on PostgreSQL", .enabled(if: ProcessInfo.processInfo.environment["STATECHARTS_POSTGRES_URL"] != nil))
    func postgres() async throws {
        let base = try #require(ProcessInfo.processInfo.environment["STATECHARTS_POSTGRES_URL"])
        let schema = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = base + (base.contains("?") ? "&" : "?") + "schema=" + schema
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = ["--postgres", url]
        #expect(try await workspace.run(["create", "p1"], database: database).lines == ["p1: open (version 1)"])
        #expect(try await workspace.run(["send", "p1", "add", "--data", #"{"name":"jam"}"#], database: database).status == 0)
        #expect(try await workspace.run(["send", "p1", "pay"], database: database).lines == ["p1: paid (version 3)"])
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await workspace.run(["worker", "--once"], database: database).lines == ["delivered 1 timer"])
        let shown = try await workspace.show("p1", database: database)
        #expect(shown.lines.contains("  states: reminded"))
        #expect(shown.lines.contains(#"    items = ["jam"]"#))
    }
}

/// The tool running in the background, its standard output read line by line.
final class CLIBackgroundProcess: @unchecked Sendable {
    // @unchecked: `buffer` is touched only under `lock`.
    private let process = Process()
    private let lock = NSLock()
    private var buffer = Data()

    init(_ arguments: [String]) throws {
        guard let executable = CLIProcess.executable else { throw CLIProcess.MissingExecutable() }
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.buffer.append(data) }
        }
        try process.run()
    }

    /// The first line the process printed, waiting at most `limit`.
    func firstLine(within limit: Duration) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let line = lock.withLock { () -> String? in
                guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                return String(decoding: buffer[..<end], as: UTF8.self)
            }
            if let line { return line }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Timeout()
    }

    /// Stops the process with SIGKILL, as a crash would.
    func kill() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    struct Timeout: Error {}
}
