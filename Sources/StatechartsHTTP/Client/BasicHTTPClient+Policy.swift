import NIOCore
import NIOPosix

extension BasicHTTPClient {
    /// A connection to `target` that `policy` permits, through a bootstrap made by `bootstrap`
    /// for each attempt. With ``BasicHTTPSendPolicy/anyDestination``, NIO resolves and connects
    /// as it will. Otherwise the host is resolved first (on NIO's thread pool, off the event
    /// loops), each address is checked, and only the permitted ones are connected to, in the
    /// resolver's order, the next one when a connection fails. A target with no permitted address
    /// fails with a ``BasicHTTPClientError`` saying so, and opens no connection.
    static func connect(
        _ bootstrap: @escaping @Sendable () -> ClientBootstrap, to target: Target, policy: BasicHTTPSendPolicy, eventLoop: any EventLoop
    ) -> EventLoopFuture<any Channel> {
        if policy.permitsAnyDestination { return bootstrap().connect(host: target.host, port: target.port) }
        let host = target.host
        return NIOThreadPool.singleton.runIfActive(eventLoop: eventLoop) { BasicHTTPResolver.addresses(of: host) }
            .flatMap { resolved -> EventLoopFuture<any Channel> in
                switch resolved {
                case .failure(let error):
                    return eventLoop.makeFailedFuture(error)
                case .success(let addresses):
                    let permitted = addresses.filter { policy.permits(host: target.host, port: target.port, address: $0) }
                    guard !permitted.isEmpty else {
                        return eventLoop.makeFailedFuture(refusal(of: target, resolvedTo: addresses, by: policy))
                    }
                    return BasicHTTPClient.connect(bootstrap, toFirstOf: permitted[...], port: target.port, eventLoop: eventLoop)
                }
            }
    }

    /// Why `policy` refuses `target`, whose host resolved to `addresses`.
    static func refusal(of target: Target, resolvedTo addresses: [String], by policy: BasicHTTPSendPolicy) -> BasicHTTPClientError {
        let shown = addresses == [target.host] ? "" : " (\(addresses.joined(separator: ", ")))"
        var message = "the send policy (\(policy)) refuses \(target.hostHeader)\(shown); no connection was opened"
        if let advice = policy.refusalAdvice, !advice.isEmpty { message += ". " + advice }
        return BasicHTTPClientError(message)
    }

    /// A connection to the first of `addresses` that accepts one on `port`, or the last failure.
    private static func connect(
        _ bootstrap: @escaping @Sendable () -> ClientBootstrap, toFirstOf addresses: ArraySlice<String>, port: Int, eventLoop: any EventLoop
    ) -> EventLoopFuture<any Channel> {
        guard let address = addresses.first else {
            return eventLoop.makeFailedFuture(BasicHTTPClientError("no address to connect to"))
        }
        let socketAddress: SocketAddress
        do { socketAddress = try SocketAddress(ipAddress: address, port: port) } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let attempt = bootstrap().connect(to: socketAddress)
        let rest = addresses.dropFirst()
        guard !rest.isEmpty else { return attempt }
        return attempt.flatMapError { _ in BasicHTTPClient.connect(bootstrap, toFirstOf: rest, port: port, eventLoop: eventLoop) }
    }
}
