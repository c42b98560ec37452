import Foundation
import Testing

/// `statechart migrate-check`: its lines, its JSON, its exit statuses, on SCXML files in a
/// temporary folder.
@Suite("statechart migrate-check")
struct CLIMigrateCheckTests {
    static let v1 = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="off">
      <state id="off"><transition event="power" target="resume"/></state>
      <state id="on" initial="stopped">
        <transition event="power" target="off"/>
        <history id="resume" type="shallow"><transition target="stopped"/></history>
        <state id="stopped"><transition event="play" target="playing"/></state>
        <state id="playing">
          <transition event="pause" target="paused"/>
          <transition event="stop" target="stopped"/>
        </state>
        <state id="paused">
          <transition event="play" target="playing"/>
          <transition event="stop" target="stopped"/>
        </state>
      </state>
    </scxml>
    """

    /// No paused state; stopped renamed idle.
    static let v2 = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="off">
      <state id="off"><transition event="power" target="resume"/></state>
      <state id="on" initial="idle">
        <transition event="power" target="off"/>
        <history id="resume" type="shallow"><transition target="idle"/></history>
        <state id="idle"><transition event="play" target="playing"/></state>
        <state id="playing">
          <transition event="pause" target="idle"/>
          <transition event="stop" target="idle"/>
        </state>
      </state>
    </scxml>
    """

    /// Runs `statechart migrate-check v1.scxml v2.scxml ARGUMENTS` in a temporary folder holding both.
    func run(_ arguments: [String], old: String = v1, new: String = v2) async throws -> CLIProcess.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try old.write(to: directory.appendingPathComponent("v1.scxml"), atomically: true, encoding: .utf8)
        try new.write(to: directory.appendingPathComponent("v2.scxml"), atomically: true, encoding: .utf8)
        return try await CLIProcess.run(["migrate-check", "v1.scxml", "v2.scxml"] + arguments, in: directory)
    }

    @Test("a mapping under which everything maps: a summary line and exit 0")
    func legal() async throws {
        let result = try await run(["--map", "stopped=idle", "--map", "paused=playing"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 2)
        #expect(result.lines.first?.hasPrefix("v1.scxml -> v2.scxml: 4 configurations and 3 history memories checked (explored ") == true)
        #expect(result.lines.last == "every reachable configuration and history memory maps to a legal one of v2.scxml")
    }

    @Test("what does not map is listed with its run and replay line, exit 1")
    func illegal() async throws {
        let result = try await run(["--map", "stopped=idle"])
        #expect(result.status == 1)
        #expect(Array(result.lines.dropFirst()) == [
            "NOT MAPPED: configuration [on, paused]: unmapped-state: 'paused' is not mapped and the new chart has no state 'paused'",
            "  run: power play pause",
            "  replay: statechart run v1.scxml power play pause",
            "NOT MAPPED: history 'resume' remembering [paused]: unmapped-state: 'paused' is not mapped and the new chart has no state 'paused'",
            "  run: power play pause power",
            "  replay: statechart run v1.scxml power play pause power",
        ])
    }

    @Test("--json prints one object per finding")
    func json() async throws {
        let result = try await run(["--map", "stopped=idle", "--json"])
        #expect(result.status == 1)
        #expect(result.lines == [
            #"{"subject":"configuration","history":null,"kind":"unmapped-state","states":["paused"],"old":["on","paused"],"new":["on"],"steps":["power","play","pause"],"message":"'paused' is not mapped and the new chart has no state 'paused'"}"#,
            #"{"subject":"history","history":"resume","kind":"unmapped-state","states":["paused"],"old":["paused"],"new":[],"steps":["power","play","pause","power"],"message":"'paused' is not mapped and the new chart has no state 'paused'"}"#,
        ])
    }

    @Test("a --map naming an unknown state is an error naming it, exit 2, nothing explored")
    func badMap() async throws {
        let unknownOld = try await run(["--map", "pasued=playing"])
        #expect(unknownOld.status == 2)
        #expect(unknownOld.stdout == "")
        #expect(unknownOld.stderr == "statechart: --map pasued=playing: v1.scxml has no state 'pasued'\n")

        let unknownNew = try await run(["--map", "paused=playng"])
        #expect(unknownNew.status == 2)
        #expect(unknownNew.stderr == "statechart: --map paused=playng: v2.scxml has no state 'playng'\n")

        let malformed = try await run(["--map", "paused"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--map 'paused': expected OLD=NEW"))

        let forgotten = try await run(["--forget-history", "on"])
        #expect(forgotten.status == 2)
        #expect(forgotten.stderr == "statechart: --forget-history on: v1.scxml has no history state 'on'\n")
    }

    @Test("a chart that cannot be loaded is exit 2 with its problems")
    func unreadable() async throws {
        let result = try await run([], new: "<scxml")
        #expect(result.status == 2)
        #expect(result.stderr.contains("v2.scxml:"))
    }

    @Test("an exploration cut short by a bound is exit 2, not a success")
    func bound() async throws {
        let result = try await run(["--map", "stopped=idle", "--map", "paused=playing", "--max-states", "2"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("stopped at the state bound"))
    }
}
