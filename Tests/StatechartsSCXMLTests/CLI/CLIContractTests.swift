import Foundation
import Testing

/// The command-line contract other tools rely on, checked against the built executable.
@Suite("statechart command line")
struct CLIContractTests {
    static let traffic = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="light">
      <parallel id="light">
        <state id="lamp">
          <state id="red"><onentry><send event="timer" delay="1s"/></onentry><transition event="timer" target="green"/></state>
          <state id="green"><onentry><send event="timer" delay="500ms"/></onentry><transition event="timer" target="red"/>
            <transition event="stop" target="off"/></state>
          <final id="off"/>
        </state>
        <state id="power"><state id="on"/></state>
      </parallel>
    </scxml>
    """

    static let stepper = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
      <state id="a"><onentry><send event="later" delay="2s"/></onentry>
        <transition event="go" target="b"/></state>
      <state id="b"><transition event="later" target="done"/></state>
      <final id="done"/>
    </scxml>
    """

    /// Writes `text` to a temporary file and runs `statechart` with the arguments, `FILE` replaced by its path.
    func run(_ text: String, _ arguments: [String]) async throws -> (CLIProcess.Result, String) {
        try await CLIProcess.run(chart: text, arguments)
    }

    @Test("validate prints 'valid' and exits 0")
    func validateValid() async throws {
        let (result, _) = try await run(Self.traffic, ["validate", "FILE"])
        #expect(result.status == 0)
        #expect(result.stdout == "valid\n")
    }

    @Test("validate prints FILE:LINE:COLUMN: message per problem and exits 1")
    func validateProblems() async throws {
        let (result, path) = try await run("""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a" color="red">
            <transition event="go" target="nowhere"/>
            <wait/>
          </state>
        </scxml>
        """, ["validate", "FILE"])
        #expect(result.status == 1)
        #expect(result.lines == [
            "\(path):2:3: unknown attribute 'color' on <state>",
            "\(path):3:5: unknown target 'nowhere'",
            "\(path):4:5: unknown element <wait>",
        ])
    }

    @Test("validate reports malformed XML and unreadable files")
    func validateMalformed() async throws {
        let (result, path) = try await run("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">\n  <state id=\"a\">\n</scxml>\n", ["validate", "FILE"])
        #expect(result.status == 1)
        #expect(result.lines == ["\(path):3:1: the end tag </scxml> does not match the open element <state> (line 2, column 3)"])
        let missing = try await CLIProcess.run(["validate", "/nonexistent/chart.scxml"])
        #expect(missing.status == 1)
        #expect(missing.stdout.hasPrefix("/nonexistent/chart.scxml:1:1: cannot read the file"))
    }

    @Test("run --json prints one object per step, with delayed events on their own lines")
    func runJSON() async throws {
        let (result, _) = try await run(Self.traffic, ["run", "FILE", "+1s", "+500ms", "stop", "--json"])
        #expect(result.status == 0)
        #expect(result.lines == [
            #"{"step":0,"event":null,"configuration":["red","on"],"active":["light","lamp","red","power","on"],"finished":false}"#,
            #"{"step":1,"event":"timer","configuration":["green","on"],"active":["light","lamp","green","power","on"],"finished":false}"#,
            #"{"step":1,"event":null,"configuration":["green","on"],"active":["light","lamp","green","power","on"],"finished":false}"#,
            #"{"step":2,"event":"timer","configuration":["red","on"],"active":["light","lamp","red","power","on"],"finished":false}"#,
            #"{"step":2,"event":null,"configuration":["red","on"],"active":["light","lamp","red","power","on"],"finished":false}"#,
            #"{"step":3,"event":"stop","configuration":["red","on"],"active":["light","lamp","red","power","on"],"finished":false}"#,
        ])
    }

    @Test("--until-idle fires every pending delayed event, numbered STEPs + 1")
    func untilIdle() async throws {
        let (result, _) = try await run(Self.stepper, ["run", "FILE", "go", "--until-idle", "--json"])
        #expect(result.status == 0)
        #expect(result.lines == [
            #"{"step":0,"event":null,"configuration":["a"],"active":["a"],"finished":false}"#,
            #"{"step":1,"event":"go","configuration":["b"],"active":["b"],"finished":false}"#,
            #"{"step":2,"event":"later","configuration":["done"],"active":["done"],"finished":true}"#,
        ])
    }

    @Test("--until-idle gives up on a chart that keeps scheduling events, and says so")
    func neverIdle() async throws {
        let (result, _) = try await run("""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="tick"><onentry><send event="t" delay="1s"/></onentry><transition event="t" target="tock"/></state>
          <state id="tock"><onentry><send event="t" delay="1s"/></onentry><transition event="t" target="tick"/></state>
        </scxml>
        """, ["run", "FILE", "--until-idle", "--json"])
        #expect(result.status == 0)
        #expect(result.lines.count == 10_001)
        #expect(result.stderr.contains("--until-idle stopped after 10000 delayed events"))
    }

    @Test("without --json, one readable line per step")
    func readable() async throws {
        let (result, _) = try await run(Self.stepper, ["run", "FILE", "go", "+2s", "ignored"])
        #expect(result.status == 0)
        #expect(result.lines == [
            "[0] start -> a (active: a)",
            "[1] go -> b (active: b)",
            "[2] later (delayed) -> done (active: done) (finished)",
            "[2] +2s -> done (active: done) (finished)",
            "[3] ignored -> done (active: done) (finished)",
        ])
    }

    @Test("a malformed +DURATION exits 2 with a message; an unreadable chart exits 1")
    func errors() async throws {
        let (bad, _) = try await run(Self.stepper, ["run", "FILE", "+fast"])
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("invalid step '+fast'"))
        let (unit, _) = try await run(Self.stepper, ["run", "FILE", "+10"])
        #expect(unit.status == 2)
        #expect(unit.stderr.contains("needs a unit"))
        let (broken, path) = try await run("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\"><transition target=\"x\"/></state></scxml>", ["run", "FILE"])
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr == "\(path):1:62: unknown target 'x'\n")
        let missing = try await CLIProcess.run(["run", "/nonexistent.scxml", "--json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read the file"))
    }

    @Test("a chart that never settles stops with a message and exit 1, and <log> goes to standard error")
    func runtimeError() async throws {
        let (result, _) = try await run("""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a"><onentry><log label="entering a"/></onentry><transition target="b"/></state>
          <state id="b"><transition target="a"/></state>
        </scxml>
        """, ["run", "FILE", "--json"])
        #expect(result.status == 1)
        #expect(result.lines.count == 1)
        #expect(result.stderr.contains("log: entering a"))
        #expect(result.stderr.contains("did not settle"))
    }
}
