import ArgumentParser
import Foundation
import StatechartsHTTP
import StatechartsSCXML

/// `--http [HOST:]PORT` of `run`: serve the SCXML Basic HTTP Event I/O Processor while the chart
/// runs, so its `<send type="…#BasicHTTPEventProcessor">` POSTs events and its session receives
/// events POSTed to `_ioprocessors['basichttp'].location`.
///
/// Without the option the server starts anyway, on loopback and any free port, when the chart's
/// document names the processor (its type URI or `basichttp`).
struct HTTPArguments: ParsableArguments {
    @Option(name: .customLong("http"),
            help: ArgumentHelp("Serve the Basic HTTP Event I/O Processor on [HOST:]PORT (HOST 127.0.0.1 unless given; PORT 0: any free port). On, at 127.0.0.1 and any free port, when the chart names the processor.",
                               valueName: "[HOST:]PORT"))
    var http: String?

    func validate() throws {
        if let http {
            guard Self.address(http) != nil else {
                throw ValidationError("--http takes [HOST:]PORT with PORT from 0 to 65535, such as 8080, 127.0.0.1:0 or [::1]:8080")
            }
        }
    }

    /// The host and port of `text` (`PORT`, `HOST:PORT` or `[IPv6]:PORT`), or `nil` when it is
    /// malformed. The host is `127.0.0.1` when not given.
    static func address(_ text: String) -> (host: String, port: Int)? {
        let host: String
        let portText: Substring
        if let colon = text.lastIndex(of: ":") {
            var hostText = text[..<colon]
            if hostText.hasPrefix("["), hostText.hasSuffix("]") { hostText = hostText.dropFirst().dropLast() }
            host = String(hostText)
            portText = text[text.index(after: colon)...]
        } else {
            host = "127.0.0.1"
            portText = text[...]
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace),
              portText.allSatisfy(\.isASCII), let port = Int(portText), (0...65_535).contains(port) else { return nil }
        return (host, port)
    }

    /// Whether the document at `path` names the Basic HTTP Event I/O Processor, by its type URI
    /// (`<send type=…>`) or its short name (`_ioprocessors['basichttp']`).
    static func chartNamesProcessor(at path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.contains("BasicHTTPEventProcessor") || text.contains(BasicHTTPEventProcessor.alias)
    }

    /// The processor this run serves: started where `--http` says, or on loopback when the chart
    /// at `path` names it; `nil` when neither. Its sends go where `sendPolicy` permits, and to the
    /// address it listens on. A failure to listen is reported, exit status 1.
    func start(for path: String, sendPolicy: BasicHTTPSendPolicy) throws -> BasicHTTPEventProcessor? {
        let address: (host: String, port: Int)
        if let http, let given = Self.address(http) {
            address = given
        } else if Self.chartNamesProcessor(at: path) {
            address = ("127.0.0.1", 0)
        } else {
            return nil
        }
        if !Self.isLoopback(address.host) {
            Console.error("statechart: warning: the Basic HTTP server listens on \(address.host), not loopback: anyone who can reach it can send the chart events")
        }
        let started = BlockingValue<Result<BasicHTTPEventProcessor, BasicHTTPError>>()
        var configuration = BasicHTTPEventProcessor.Configuration(host: address.host, port: address.port)
        configuration.sendPolicy = Self.policy(sendPolicy, reaching: address)
        Task {
            do throws(BasicHTTPError) { started.set(.success(try await BasicHTTPEventProcessor.start(configuration))) } catch {
                started.set(.failure(error))
            }
        }
        switch started.wait() {
        case .success(let processor): return processor
        case .failure(let error):
            Console.error("statechart: --http: \(error)")
            throw ExitCodeError.failure
        }
    }

    /// `policy`, widened to the server's own address when it is not loopback (`--http
    /// 0.0.0.0:8080`), so that the chart's sends to its own location
    /// (`_ioprocessors['basichttp'].location`) arrive; the tool's policy permits loopback anyway.
    static func policy(_ policy: BasicHTTPSendPolicy, reaching address: (host: String, port: Int)) -> BasicHTTPSendPolicy {
        guard !policy.permitsAnyDestination, !isLoopback(address.host) else { return policy }
        let own = BasicHTTPSendPolicy.Destination(host: address.host, port: address.port == 0 ? nil : address.port)
        var widened = BasicHTTPSendPolicy.allowing(policy.destinations + [own], includingLoopback: policy.permitsLoopback)
        widened.refusalAdvice = policy.refusalAdvice
        return widened
    }

    /// Whether `host` names a loopback address (`localhost`, `::1`, `127.…`).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Stops `processor`'s server and waits until it no longer listens.
    static func stop(_ processor: BasicHTTPEventProcessor) {
        let stopped = BlockingValue<Bool>()
        Task {
            await processor.shutdown()
            stopped.set(true)
        }
        _ = stopped.wait()
    }
}
