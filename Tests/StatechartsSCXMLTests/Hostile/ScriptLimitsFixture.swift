import Statecharts
import StatechartsECMAScript
import StatechartsSCXML

/// Charts run under small script limits, so that hostile scripts fail fast.
enum ScriptLimitsFixture {
    /// 50 ms per evaluation and an 8 MiB heap.
    static let small = ECMAScriptLimits(executionTime: .milliseconds(50), heapBytes: 8 << 20)

    /// Starts an ECMAScript chart whose data model runs under `limits`.
    static func start(
        _ body: String, limits: ECMAScriptLimits = small
    ) throws -> StatechartInstance<String, SCXMLEvent, SCXMLContext> {
        try SCXMLChart(string: Fixture.ecmascript(body), dataModels: [.ecmascript(limits: limits)])
            .start(sessionID: "hostile")
    }

    /// A state `s` whose `error.execution` goes to `caught`, logging the error as `error: …`;
    /// `caught` then runs ordinary evaluations and logs `after: 42`.
    static func caughtBy(_ sState: String) -> String {
        """
          <datamodel><data id="n" expr="40"/></datamodel>
          \(sState)
          <state id="caught">
            <onentry>
              <assign location="n" expr="n + 1"/>
              <log label="after" expr="[n].map(function (x) { return x + 1; })[0]"/>
            </onentry>
            <transition event="again" cond="n == 41" target="again"/>
          </state>
          <state id="again"/>
        """
    }
}
