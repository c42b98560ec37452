import Statecharts
import StatechartsDurable
import StatechartsSCXML

extension SCXMLDurableStore {
    /// A handler for ``StatechartsDurable/DurableWorker`` that hands each message (an event an
    /// instance sent through an I/O processor) to the processor its `origintype` names, with
    /// the `<send>`'s target, on behalf of the sending instance's session.
    ///
    /// What SCXML does during the step happens after it, as events to the instance:
    /// - a processor that cannot start the delivery (no target, one it cannot reach) makes the
    ///   instance get `error.communication` with the send id, once (idempotency key
    ///   `outbox-error:<message id>`);
    /// - the events the processor received for the session by the time the send returns are sent
    ///   to the instance, in order (`outbox-reply:<message id>/<n>`).
    ///
    /// A message whose processor is not among ``ioProcessors`` stays pending with that error
    /// (a worker started without it delivers it once one has it). A message of a deleted instance
    /// is still handed to its processor; what it would send back is dropped.
    public func deliveringThroughProcessors() -> DurableOutboxHandler<SCXMLEvent> {
        { message in
            var event = message.event
            guard let type = event.origintype,
                  let processor = self.ioProcessors.first(where: { $0.type == type || $0.aliases.contains(type) }) else {
                throw SCXMLDurableStoreError(message: "message '\(message.id)' was sent through the I/O processor "
                    + "'\(message.event.origintype ?? "")', which this store was not given")
            }
            let target = event.sendTarget
            event.sendTarget = nil
            if let reason = processor.send(event, to: target, from: message.instanceID) {
                try await self.sendBack(.communicationError(reason, sendid: event.sendid), to: message.instanceID,
                                        key: "outbox-error:" + message.id)
            }
            for (n, received) in processor.takeEvents(forSession: message.instanceID).enumerated() {
                try await self.sendBack(received, to: message.instanceID, key: "outbox-reply:\(message.id)/\(n)")
            }
        }
    }

    /// Sends `event` to the instance once per key; an instance deleted since is no error.
    private func sendBack(_ event: SCXMLEvent, to id: String, key: String) async throws {
        do {
            try await store.send(event, to: id, idempotencyKey: key)
        } catch DurableStoreError.instanceNotFound {
            return
        }
    }
}
