import Statecharts
import NIOCore

/// The server's open connections (pages, Stately receivers, plain requests), so that stopping
/// the server closes them too.
final class InspectorConnections: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    /// Keeps `channel` until it closes.
    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.channels.withLock { _ = $0.removeValue(forKey: key) }
        }
    }

    var all: [any Channel] { channels.withLock { Array($0.values) } }
}
