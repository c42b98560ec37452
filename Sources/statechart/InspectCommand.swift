import ArgumentParser
import Foundation
import Statecharts
import StatechartsInspector
import StatechartsSCXML

/// `statechart inspect CHART [STEP ...] [--port N] [--host H] [--open]`: runs an SCXML session
/// on a virtual clock under the live inspector and serves its page until interrupted.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Run an SCXML chart under the live inspector: watch, drive and rewind it in a browser.",
        discussion: """
        Starts a session of the chart on a virtual clock, runs the STEPs given (event names, or \
        +DURATION to advance the clock), and serves the inspector's page until interrupted \
        (Ctrl-C). The first line on standard output is "Inspector: URL": open it in a browser (the \
        URL carries the random token that every request needs; --open opens it). The page sends \
        events, pauses and steps, fires delayed events, advances the clock, sets breakpoints, \
        edits variables and continues from any earlier step (replaying the session's inputs). \
        The server listens on 127.0.0.1 unless --host says otherwise (a warning says so). <log> \
        output goes to standard error. Exit status: 0 when interrupted, 1 when the chart cannot be \
        loaded or the port cannot be listened on, 2 for a malformed STEP.
        """
    )

    @Argument(help: "The SCXML file.")
    var chart: String

    @OptionGroup var access: ReadAccessArguments

    @Argument(help: "Events to send, or +DURATION to advance the clock, before serving the page.")
    var steps: [String] = []

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 0

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: "How many steps the timeline keeps.")
    var timelineLength: Int = 1_000

    @OptionGroup var scriptLimits: ScriptLimitArguments

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes a number from 0 to 65535") }
        guard timelineLength > 0 else { throw ValidationError("--timeline-length takes a number greater than 0") }
    }

    func run() throws {
        let parsed = try StepArguments.parse(steps)
        let loaded = try StepArguments.load(chart, options: access.readerOptions, limits: scriptLimits.limits)
        let path = chart
        let options = InspectorOptions(timelineLength: timelineLength)
        let (host, port) = (self.host, self.port)
        let started = BlockingValue<Result<(StatechartInspector, InspectedInstance<SCXMLInspectedMachine>), InspectFailure>>()
        Task {
            do {
                let inspector = try await StatechartInspector.start(host: host, port: port, options: options, printsURL: false)
                let session = try inspector.attach(loaded, name: URL(fileURLWithPath: path).lastPathComponent) { () throws(SCXMLError) in
                    try loaded.makeInstance(log: { record in Console.error("log: \(record)") })
                }
                started.set(.success((inspector, session)))
            } catch {
                started.set(.failure(InspectFailure(message: "statechart: \(error)")))
            }
        }
        let inspector: StatechartInspector
        let session: InspectedInstance<SCXMLInspectedMachine>
        switch started.wait() {
        case .success(let value): (inspector, session) = value
        case .failure(let failure):
            Console.error(failure.message)
            throw ExitCode(1)
        }
        for step in parsed {
            switch step {
            case .event(let name): session.send(SCXMLEvent(name))
            case .advance(let duration, _): session.advanceClock(by: duration)
            }
        }
        // The URL once the session is attached and its STEPs ran: a page opened at once sees it.
        // Written unbuffered: the tool that started this one reads the URL from a pipe.
        FileHandle.standardOutput.write(Data("Inspector: \(inspector.url)\n".utf8))
        if open { Self.openInBrowser(inspector.url) }
        Console.error("statechart: inspecting \(path); press Ctrl-C to stop")
        // The server runs on its own threads; this one only waits to be interrupted.
        while true { sleep(3_600) }
    }

    /// Opens `url` with `xdg-open`, or says how to open it.
    static func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            Console.error("statechart: cannot open a browser (\(error)); open the URL above by hand")
        }
    }
}

/// A value set by another thread, waited for on this one.
final class BlockingValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched under `condition`'s lock.
    private let condition = NSCondition()
    private var value: Value?

    func set(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.signal()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}

/// Why the inspector did not start, as the tool prints it.
struct InspectFailure: Error { let message: String }
