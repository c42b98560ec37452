import Statecharts
import StatechartsVerification
import Testing

/// The samples of docs/migration.md, compiled and run.
@Suite("Docs: migration samples")
struct MigrationSampleTests {
    @Test("the check and the migration of a stored snapshot, as the page shows them")
    func checkAndMigrate() throws {
        let playerV1 = try PlayerVersions.v1()
        let playerV2 = try PlayerVersions.v2()
        var running = playerV1.start()
        for event in ["power", "play", "pause", "power"] { running.send(event) }
        let stored = running.snapshot()
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let migration = try ChartMigration(from: playerV1, to: playerV2,
                                           mapping: ["paused": "playing", "stopped": "idle"])
        let report = try migration.check(events: ["power", "play", "pause", "stop"])
        for finding in report.findings {
            print(finding.subject, finding.oldStates, finding.problem.kind.rawValue, finding.problem.message)
            print("reached by:", finding.steps.map(\.description).joined(separator: " "))
        }
        #expect(report.isSafe)
        #expect(printed.isEmpty)

        if report.isSafe {
            let migrated = try migration.migrate(stored)      // throws MigrationError, naming the states
            var instance = try playerV2.restore(migrated, context: ())
            instance.send("power")                            // back on, through the history
        }
        let migrated = try migration.migrate(stored)
        #expect(migrated.history == ["resume": ["playing"]])
    }

    @Test("a finding, as the page prints it")
    func finding() throws {
        let playerV1 = try PlayerVersions.v1()
        let playerV2 = try PlayerVersions.v2()
        let migration = try ChartMigration(from: playerV1, to: playerV2, mapping: ["stopped": "idle"])
        let report = try migration.check(events: ["power", "play", "pause", "stop"])
        let first = try #require(report.findings.first)
        #expect("\(first.subject)" == "configuration")
        #expect(first.oldStates == ["on", "paused"])
        #expect(first.problem.kind.rawValue == "unmapped-state")
        #expect(first.steps.map(\.description) == ["power", "play", "pause"])
    }

    @Test("the mapping's forms")
    func mappingForms() throws {
        let renames: StateMapping<String> = ["paused": "playing", "stopped": "idle"]
        let forgetting = StateMapping(["paused": "playing"], forgettingHistoryOf: ["resume"])
        #expect(renames.newState(for: "paused") == "playing")
        #expect(renames.newState(for: "off") == "off")
        #expect(forgetting.forgottenHistory == ["resume"])
    }
}
