import Foundation
import NIOCore
import NIOPosix
import Statecharts
import StatechartsGraphviz
import Synchronization

/// Which clock an attached instance's delayed events follow.
public enum InspectorClock: Sendable, Hashable {
    /// The instance's own virtual clock, advanced by the app (``InspectedInstance/advanceClock(by:)``)
    /// or from the page.
    case virtual
    /// Real time: delayed events fire when they fall due (to within about 10 ms), as under a
    /// `StatechartRunner`; the page can still fire the next one early or move the clock ahead.
    case live
}

/// A live inspector: serves a page, on loopback and behind a random token, that watches, drives
/// and rewinds the instances attached to it.
///
/// ```swift
/// let inspector = try await StatechartInspector.start()   // prints "Inspector: http://127.0.0.1:PORT/?token=…"
/// let door = inspector.attach(chart.start(context: Stats()), name: "front door")
/// door.send(.open)
/// ```
///
/// Any number of instances of any charts can be attached; each is an ``InspectedInstance``
/// that the app sends its events to. Compiled charts (`CompiledInstance`) attach the same way
/// and keep running their generated code.
public final class StatechartInspector: Sendable {
    /// Where the page is, with its token: open it in a browser.
    public let url: String
    /// The port the server listens on.
    public let port: Int
    /// The token every request must carry.
    public let token: String
    /// How instances are recorded.
    public let options: InspectorOptions

    let registry: InspectorRegistry
    let clock: CoarseClock
    let diagrams: DiagramCache
    let server: InspectorServer
    private let nextID = Atomic<Int>(1)

    private init(server: InspectorServer, registry: InspectorRegistry, clock: CoarseClock, diagrams: DiagramCache,
                 options: InspectorOptions, token: String, url: String) {
        self.server = server
        self.clock = clock
        self.diagrams = diagrams
        self.options = options
        self.token = token
        self.url = url
        self.port = server.port
        self.registry = registry
    }

    /// Starts an inspector's server.
    ///
    /// - Parameters:
    ///   - host: The address to listen on: loopback by default. Anything else lets other machines
    ///     reach the page (with the token); a warning says so on standard error.
    ///   - port: The port; 0 (the default) lets the system choose a free one.
    ///   - token: The token requests must carry; a random one by default.
    ///   - allowedOrigins: Pages at these origins may open the inspector's WebSockets too, as
    ///     `https://stately.ai` for Stately's inspector (see docs/inspector.md).
    ///   - options: How instances are recorded.
    ///   - diagramLimits: Charts larger than this get no diagram (the page says so).
    ///   - printsURL: Whether to print `Inspector: URL` on standard output.
    /// - Throws: ``InspectorError`` when the address cannot be listened on.
    public static func start(host: String = "127.0.0.1", port: Int = 0, token: String? = nil,
                             allowedOrigins: [String] = [], options: InspectorOptions = InspectorOptions(),
                             diagramLimits: DiagramLimits = .default, printsURL: Bool = true) async throws(InspectorError) -> StatechartInspector {
        let token = token ?? InspectorAccess.randomToken()
        let clock = CoarseClock(wallOrigin: Date().timeIntervalSince1970)
        let registry = InspectorRegistry()
        let diagrams = DiagramCache(limits: diagramLimits)
        let server = try await InspectorServer.start(
            host: host, port: port, access: InspectorAccess(token: token, extraOrigins: allowedOrigins, hostCheck: InspectorHostCheck(listenHost: host)),
            hub: InspectorHub(registry: registry, clock: clock))
        if !InspectorServer.isLoopback(host) {
            FileHandle.standardError.write(Data("Inspector: warning: listening on \(host), not loopback: anyone who can reach this address and has the URL with its token can drive the attached instances\n".utf8))
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let url = "http://\(shownHost):\(server.port)/?token=\(token)"
        let inspector = StatechartInspector(server: server, registry: registry, clock: clock, diagrams: diagrams,
                                            options: options, token: token, url: url)
        if printsURL {
            // Written at once, unbuffered: a tool that started this process reads the URL from its pipe.
            FileHandle.standardOutput.write(Data("Inspector: \(url)\n".utf8))
        }
        return inspector
    }

    /// Attaches a running instance under `name` (several may share a name: each gets its own
    /// id). The app sends its events to the returned ``InspectedInstance`` from then on.
    ///
    /// - Parameters:
    ///   - machine: The running instance: a `StatechartInstance`, a `CompiledInstance`, or any
    ///     other ``InspectableMachine``.
    ///   - name: The name the page lists it under.
    ///   - clock: ``InspectorClock/virtual`` (the default): delayed events fire when the app or
    ///     the page advances the instance's clock; ``InspectorClock/live``: they fire on real
    ///     time, as under a `StatechartRunner`.
    public func attach<Machine: InspectableMachine>(_ machine: Machine, name: String,
                                                    clock: InspectorClock = .virtual) -> InspectedInstance<Machine> {
        attach(machine, name: name, startResult: nil, clock: clock)
    }

    /// Starts an instance of `chart` with `context` under the inspector, so that its initial
    /// macrostep is the first step of its timeline.
    public func attach<StateID, Event, Context>(
        _ chart: Statechart<StateID, Event, Context>, context: Context, name: String, clock: InspectorClock = .virtual
    ) -> InspectedInstance<StatechartInstance<StateID, Event, Context>> {
        var instance = chart.makeInstance(context: context)
        let result = instance.start()
        return attach(instance, name: name, startResult: result, clock: clock)
    }

    func attach<Machine: InspectableMachine>(_ machine: Machine, name: String, startResult: SendResult?,
                                             clock mode: InspectorClock = .virtual) -> InspectedInstance<Machine> {
        let inspected = InspectedInstance(machine: machine, name: name, id: "i\(nextID.wrappingAdd(1, ordering: .relaxed).oldValue)",
                                          options: options, clock: clock, diagrams: diagrams, startResult: startResult, mode: mode)
        registry.add(inspected)
        return inspected
    }

    /// Takes an instance off the page (the app may go on sending to it).
    public func detach<Machine: InspectableMachine>(_ instance: InspectedInstance<Machine>) {
        registry.remove(id: instance.id)
    }

    /// How many instances are attached.
    public var attachedCount: Int { registry.sessions.count }

    /// Stops the server (pages disconnect; attached instances keep working).
    public func stop() async {
        await server.stop()
    }
}
