import ArgumentParser
import StatechartsHTTP

/// `--allow-send-to HOST[:PORT]`, of the commands that run a chart with the Basic HTTP Event I/O
/// Processor: the destinations, besides this machine's loopback addresses, that the chart's
/// `<send>`s may reach. Any other target fails with `error.communication` and no connection.
struct SendAccessArguments: ParsableArguments {
    @Option(name: .customLong("allow-send-to"),
            help: ArgumentHelp("A host (name or IP address) the chart's HTTP <send>s may reach besides loopback, on PORT only when given (repeatable).",
                               valueName: "HOST[:PORT]"))
    var allowSendTo: [String] = []

    /// The option's name, as refusals name it.
    static let optionName = "--allow-send-to"

    func validate() throws {
        for text in allowSendTo where Self.destination(text) == nil {
            throw ValidationError("\(Self.optionName) takes HOST[:PORT] with PORT from 1 to 65535, such as 127.0.0.1:8080, localhost or [::1]:8080 (not '\(text)')")
        }
    }

    /// The policy these arguments select: loopback, and each destination given.
    var sendPolicy: BasicHTTPSendPolicy {
        var policy = BasicHTTPSendPolicy.allowing(allowSendTo.compactMap(Self.destination), includingLoopback: true)
        policy.refusalAdvice = "Allow it with \(Self.optionName) HOST[:PORT]"
        return policy
    }

    /// The destination `text` names (`HOST`, `HOST:PORT`, `[IPv6]:PORT` or a bare IPv6 address),
    /// or `nil` when it is malformed.
    static func destination(_ text: String) -> BasicHTTPSendPolicy.Destination? {
        var host = Substring(text)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" || $0 == "[" || $0 == "]" }) else {
            return nil
        }
        guard let portText else { return BasicHTTPSendPolicy.Destination(host: String(host)) }
        guard portText.allSatisfy(\.isASCII), let port = Int(portText), (1...65_535).contains(port) else { return nil }
        return BasicHTTPSendPolicy.Destination(host: String(host), port: port)
    }
}
