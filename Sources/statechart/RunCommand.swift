import ArgumentParser
import Statecharts
import StatechartsAnalysis
import StatechartsSCXML

/// `statechart run CHART [STEP ...] [--until-idle] [--json]`: starts the chart, then runs each
/// STEP (an event name, or `+DURATION` to advance the virtual clock), printing the configuration
/// after the initial macrostep, after each STEP and after each delayed event that fires.
/// `--coverage FILE` adds the run's counts of states entered and transitions taken to FILE.
/// `--http [HOST:]PORT` serves the Basic HTTP Event I/O Processor while it runs.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an SCXML chart on a virtual clock, printing the configuration after each step.",
        discussion: """
        Each STEP is an event name (sent as an external event) or +DURATION (+100ms, +1.5s, +2m, +1h), \
        which advances the virtual clock and fires the delayed events that fall due. <log> output goes \
        to standard error. Put -- before STEPs that begin with '-'. An ECMAScript evaluation that runs \
        longer than --script-time-limit or grows its heap past --script-memory-limit fails with \
        error.execution. --coverage FILE adds the states entered and transitions taken by this run to \
        FILE (JSON, created when missing), for `render --coverage`. An event STEP that no transition of the chart can match is reported on standard \
        error with the closest known event; --strict makes that exit status 1 before anything runs. \
        Each error event the chart raises (error.execution for a failing cond, expr, <assign>, \
        <script>, …; error.communication for an undeliverable <send>) is printed on standard error as \
        CHART:LINE:COLUMN: EVENT: MESSAGE, at the element that failed; --strict makes the run exit \
        with status 1 when there was any. \
        With --json, each line is {"step":N,"event":NAME or null,"configuration":[...],"active":[...],\
        "finished":BOOL}, followed by "errors":[{"event":...,"message":...,"line":N,"column":N},...] \
        on the step's last line when the step raised error events (the key is absent otherwise). A +DURATION step prints one line for each delayed event the clock fires \
        (its "event" is that event's name) and then one line for the step itself ("event" null), all \
        with the step's number: several lines may share one "step"; at most 10,000 per step, as for \
        --until-idle (the tool says so on standard error when a step stops there). Exit status: 0 on success, 1 when \
        the chart cannot be loaded, stops on an error, the coverage file cannot be used, --http cannot listen, or --strict finds an unknown event or an error event, 2 for a \
        malformed STEP. \
        --http [HOST:]PORT serves the SCXML Basic HTTP Event I/O Processor while the run lasts (on \
        127.0.0.1 unless HOST is given; PORT 0 picks a free port), and it is on at 127.0.0.1 and a \
        free port whenever the chart names the processor (BasicHTTPEventProcessor or basichttp): \
        the chart's <send>s of that type POST events, and events POSTed to its location \
        (_ioprocessors['basichttp'].location) are given to it after each STEP, one line each, \
        labelled (received). With --until-idle the clock moves only once the chart's HTTP sends \
        are answered, so a delayed time-out never overtakes them. Those sends reach only this \
        machine (loopback addresses, after the target's name is resolved) and the --http address, \
        unless --allow-send-to HOST[:PORT] (repeatable) permits more: a send elsewhere opens no \
        connection and raises error.communication.
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Argument(help: "Events to send, or +DURATION to advance the clock.")
    var steps: [String] = []

    @Flag(help: "Finally advance the clock through every pending delayed event.")
    var untilIdle = false

    @Flag(help: "Print one JSON object per line.")
    var json = false

    @Option(help: "Add this run's counts of states entered and transitions taken to a coverage file (JSON).")
    var coverage: String?

    @OptionGroup var scriptLimits: ScriptLimitArguments

    @OptionGroup var strictness: StrictArguments

    @OptionGroup var httpServer: HTTPArguments

    @OptionGroup var sendAccess: SendAccessArguments

    func run() throws {
        let parsed = try StepArguments.parse(steps)
        let loaded = try StepArguments.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        try strictness.checkEvents(parsed, of: loaded, path: chart)
        let http = try httpServer.start(for: chart, sendPolicy: sendAccess.sendPolicy)
        defer { if let http { HTTPArguments.stop(http) } }
        var runner: ChartRunner
        do { runner = try ChartRunner(loaded, ioProcessors: http.map { [$0] } ?? []) } catch {
            for line in error.lines { Console.error("\(chart): \(line)") }
            throw ExitCode(1)
        }
        var file: CoverageFile?
        if let coverage {
            do { file = try CoverageFile.read(coverage, for: loaded.statechart, mustExist: false) } catch {
                Console.error("statechart: \(error)")
                throw ExitCode(1)
            }
        }
        var errorCount = 0
        var lastPrinted: StepReport?
        func emit(_ reports: [StepReport]) {
            lastPrinted = reports.last ?? lastPrinted
            errorCount += StrictArguments.reportErrors(of: reports, chart: chart)
            for report in reports {
                if json { Console.json(report.jsonLine) } else { Console.out(report.readableLine) }
            }
        }
        var counts = StatechartCoverage<String, SCXMLEvent>()
        // Events that arrived over HTTP go to the chart after the step that was running.
        func received(_ number: Int) -> [StepReport] {
            guard let http else { return [] }
            return runner.deliverReceived(from: http, number: number, limit: ChartRunner.untilIdleLimit, observer: &counts)
        }
        emit([runner.start(observer: &counts)] + received(0))
        for (i, step) in parsed.enumerated() {
            emit(runner.run(step, number: i + 1, observer: &counts) + received(i + 1))
        }
        if untilIdle, let http {
            emit(runner.runUntilIdle(with: http, number: parsed.count + 1, observer: &counts))
            if runner.instance.isRunning, runner.instance.nextDelayedEventTime != nil {
                Console.error("statechart: --until-idle stopped after \(ChartRunner.untilIdleLimit) events: the chart keeps scheduling or receiving more")
            }
        } else if untilIdle {
            emit(runner.runUntilIdle(number: parsed.count + 1, observer: &counts))
            if !runner.isIdle {
                Console.error("statechart: --until-idle stopped after \(ChartRunner.untilIdleLimit) delayed events: the chart keeps scheduling more")
            }
        }
        if untilIdle, let closing = runner.closingReport(number: parsed.count + 1, after: lastPrinted) { emit([closing]) }
        if let coverage, var file {
            file.add(counts, of: loaded.statechart)
            do { try file.write(to: coverage) } catch {
                Console.error("statechart: \(error)")
                throw ExitCode(1)
            }
        }
        if let error = runner.error {
            Console.error("statechart: \(error)")
            throw ExitCode(1)
        }
        try strictness.checkErrors(count: errorCount)
    }
}
