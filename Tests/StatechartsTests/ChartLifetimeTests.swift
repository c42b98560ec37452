import Foundation
import Testing
import Statecharts

/// A chart owns its tables and its actions and guards in one storage: while an instance runs, the
/// chart lives; when the last chart and instance go, everything goes, the closures' captures
/// included (a leaked table would keep them).
@Suite("Chart lifetime")
struct ChartLifetimeTests {
    enum Ev: StatechartEvent, Hashable, CaseIterable { case flip }

    /// Counts its instances alive.
    final class Tracked: Sendable {
        static let alive = Counter()
        init() { Self.alive.add(1) }
        deinit { Self.alive.add(-1) }
        func touch() {}
    }

    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func add(_ n: Int) { lock.withLock { value += n } }
        var count: Int { lock.withLock { value } }
    }

    /// A chart whose action, guard and entry action each capture their own object.
    static func makeChart() throws -> Statechart<String, Ev, Int> {
        let action = Tracked(), guardObject = Tracked(), entry = Tracked()
        return try Statechart<String, Ev, Int> {
            State("a") {
                OnEntry { _ in entry.touch() }
                On(.flip, to: "b", guard: Guard { _ in guardObject.touch(); return true }) { count in
                    action.touch()
                    count += 1
                }
            }
            State("b") { On(.flip, to: "a") }
        }
    }

    @Test("the chart's closures live as long as the chart or an instance, and go with the last")
    func closuresGoWithTheChart() throws {
        let before = Tracked.alive.count
        weak var weakChart: Statechart<String, Ev, Int>?
        var instance: StatechartInstance<String, Ev, Int>?
        do {
            let chart = try Self.makeChart()
            weakChart = chart
            #expect(Tracked.alive.count == before + 3)
            instance = chart.start(context: 0)
        }
        // The instance holds the chart, and with it the tables and closures.
        #expect(weakChart != nil)
        instance?.send(.flip)
        instance?.send(.flip)
        #expect(instance?.context == 1)
        #expect(Tracked.alive.count == before + 3)
        instance = nil
        #expect(weakChart == nil)
        #expect(Tracked.alive.count == before)
    }
}
