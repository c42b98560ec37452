@_spi(Testing) import Statecharts
import Testing

/// Found by FuzzInspectorMessages: under descriptor matching a chart matched each event name it was
/// sent against its descriptors once and kept the result for as long as the chart lived, so names
/// sent from outside made it grow by every new one (each of the fuzzer's inputs sent `error.`
/// followed by a new instance's id to one SCXML chart, and libFuzzer saw memory kept after every
/// input). It keeps a bounded number of names, then starts again.
@Suite("Hostile: event names from outside")
struct EventNameCacheTests {
    static func chart() throws -> Statechart<String, String, Int> {
        try Statechart<String, String, Int> {
            State("idle") {
                On("error.*", to: "broken")
                On("ping") { $0 += 1 }
            }
            State("broken") { On("reset", to: "idle") }
        }
    }

    @Test("ten times as many new names as the chart keeps: it never keeps more than its limit")
    func bounded() throws {
        let chart = try Self.chart()
        var instance = chart.start(context: 0)
        let limit = chart._resolvedNames.limit
        #expect(limit == 1_024)
        var most = 0
        for i in 0..<(10 * limit) {
            #expect(instance.send("unknown.\(i)").outcome == .ignored)
            most = max(most, chart._resolvedNames.count)
        }
        #expect(most == limit)
        #expect(chart._resolvedNames.count <= limit)
    }

    @Test("after the chart starts again, names match as before, prepared ones too")
    func matchesAfterwards() throws {
        let chart = try Self.chart()
        var instance = chart.start(context: 0)
        let ping = chart.prepare("ping")
        for i in 0..<(2 * chart._resolvedNames.limit + 1) { instance.send("unknown.\(i)") }
        #expect(instance.send("ping").outcome == .transitioned)
        #expect(instance.send(ping).outcome == .transitioned)
        #expect(instance.context == 2)
        #expect(instance.send("error.new.name").outcome == .transitioned)
        #expect(instance.configuration == ["broken"])
        #expect(instance.send("reset").outcome == .transitioned)
        #expect(instance.configuration == ["idle"])
    }
}
