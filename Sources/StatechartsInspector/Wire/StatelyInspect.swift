// The messages of Stately Inspect (`@statelyai/inspect`), XState's inspector, built as JSON values.

import Foundation
import StatechartsSCXML

/// The inspection messages of Stately Inspect (`@statelyai/inspect`, the inspector of XState), so
/// that Stately's inspector can watch a Swift process.
///
/// Stately Inspect speaks three messages, each a JSON object with a `type`:
///
/// - `@xstate.actor`: an actor (here, a running instance) was created. It carries the actor's
///   `name`, its machine `definition` as a JSON *string* (see ``machineDefinition(of:)``), and
///   its first `snapshot`.
/// - `@xstate.event`: an event was sent to the actor `sessionId`, from the actor `sourceId` if
///   another actor sent it. The event is an XState event object: `{"type": name, ...payload}`.
/// - `@xstate.snapshot`: the actor's new snapshot (see ``snapshotValue(of:activeStates:status:context:output:error:)``),
///   with the `event` that led to it.
///
/// All three also carry `sessionId` (the actor), `rootId` (the root actor of its system),
/// `id` (`null` in what XState itself sends), `createdAt` (milliseconds since 1970, as a string)
/// and `_version` (the version of Stately Inspect whose format this is; receivers check only
/// that it is a string). Optional fields without a value (`parentId`, `sourceId`) are left out,
/// as JavaScript's `JSON.stringify` leaves out `undefined` members.
///
/// Each message is sent as one WebSocket text frame holding its JSON (`SCXMLValue.json`).
///
/// ```swift
/// let actor = StatelyInspect.actorMessage(
///     sessionID: "door-1", name: chart.name,
///     definition: StatelyInspect.machineDefinition(of: chart),
///     snapshot: StatelyInspect.snapshotValue(of: chart, activeStates: door.configuration))
/// socket.send(actor.json!)
/// ```
public enum StatelyInspect {
    /// The `_version` every message carries: the version of `@statelyai/inspect` whose message
    /// format these builders follow.
    public static let version = "0.6.0"

    /// The `type` of an actor message.
    public static let actorMessageType = "@xstate.actor"
    /// The `type` of an event message.
    public static let eventMessageType = "@xstate.event"
    /// The `type` of a snapshot message.
    public static let snapshotMessageType = "@xstate.snapshot"

    /// The name of the event XState gives a machine's first snapshot (`xstate.init`): pass it as
    /// the event of the snapshot taken when an instance starts.
    public static let initEventName = "xstate.init"

    /// The Stately inspector's page, which a bridge page embeds (see ``bridgePage(webSocketPath:inspectorURL:)``).
    public static let inspectorURL = "https://stately.ai/inspect"

    /// An actor's status in a snapshot, as XState names it.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Running.
        case active
        /// Finished: the chart reached a top-level final state.
        case done
        /// Stopped by an error.
        case error
        /// Stopped from outside.
        case stopped
    }

    /// An `@xstate.actor` message: the instance `sessionID` was created.
    ///
    /// - Parameters:
    ///   - sessionID: the actor's session id, which every later message about it repeats.
    ///   - parentID: the session id of the actor that created this one (an invoking instance);
    ///     left out when `nil`.
    ///   - rootID: the session id of the system's root actor; `sessionID` when `nil` (the actor
    ///     is its own root, as a top-level XState actor is).
    ///   - name: the actor's name, shown by the inspector (XState uses the machine's `id`).
    ///   - definition: the machine config (``machineDefinition(of:)``), sent as a JSON string;
    ///     when `nil`, the config `{"id": name}`, as XState sends for logic without one.
    ///   - snapshot: the actor's current snapshot (``snapshotValue(of:activeStates:status:context:output:error:)``).
    ///   - messageID: the message's `id`; `null` when `nil`, as XState sends it.
    ///   - timestamp: when it happened (`createdAt`).
    public static func actorMessage(
        sessionID: String,
        parentID: String? = nil,
        rootID: String? = nil,
        name: String,
        definition: SCXMLValue?,
        snapshot: SCXMLValue,
        messageID: String? = nil,
        timestamp: Date = Date()
    ) -> SCXMLValue {
        let definitionText = definition?.json ?? SCXMLValue.object([.init("id", .string(name))]).json ?? "{}"
        var members = header(type: actorMessageType, sessionID: sessionID, rootID: rootID)
        if let parentID { members.append(.init("parentId", .string(parentID))) }
        members.append(.init("name", .string(name)))
        members.append(.init("definition", .string(definitionText)))
        members.append(.init("snapshot", snapshot))
        members += footer(messageID: messageID, timestamp: timestamp)
        return .object(members)
    }

    /// An `@xstate.event` message: the event `name` was sent to the instance `sessionID`.
    ///
    /// - Parameters:
    ///   - sessionID: the session id of the actor that receives the event.
    ///   - sourceID: the session id of the actor that sent it; left out when `nil` (sent from
    ///     outside any actor).
    ///   - rootID: the session id of the system's root actor; `sessionID` when `nil`.
    ///   - name: the event's name (its `type`).
    ///   - data: the event's data, laid out as ``eventObject(name:data:)`` says.
    ///   - messageID: the message's `id`; `null` when `nil`.
    ///   - timestamp: when it happened (`createdAt`).
    public static func eventMessage(
        sessionID: String,
        sourceID: String? = nil,
        rootID: String? = nil,
        event name: String,
        data: SCXMLValue? = nil,
        messageID: String? = nil,
        timestamp: Date = Date()
    ) -> SCXMLValue {
        var members = header(type: eventMessageType, sessionID: sessionID, rootID: rootID)
        if let sourceID { members.append(.init("sourceId", .string(sourceID))) }
        members.append(.init("event", eventObject(name: name, data: data)))
        members += footer(messageID: messageID, timestamp: timestamp)
        return .object(members)
    }

    /// An `@xstate.snapshot` message: the instance `sessionID` has a new snapshot.
    ///
    /// - Parameters:
    ///   - sessionID: the actor's session id.
    ///   - rootID: the session id of the system's root actor; `sessionID` when `nil`.
    ///   - snapshot: the new snapshot (``snapshotValue(of:activeStates:status:context:output:error:)``).
    ///   - eventName: the name of the event that led to it (``initEventName`` for the first).
    ///   - eventData: that event's data, laid out as ``eventObject(name:data:)`` says.
    ///   - messageID: the message's `id`; `null` when `nil`.
    ///   - timestamp: when it happened (`createdAt`).
    public static func snapshotMessage(
        sessionID: String,
        rootID: String? = nil,
        snapshot: SCXMLValue,
        eventName: String,
        eventData: SCXMLValue? = nil,
        messageID: String? = nil,
        timestamp: Date = Date()
    ) -> SCXMLValue {
        var members = header(type: snapshotMessageType, sessionID: sessionID, rootID: rootID)
        members.append(.init("event", eventObject(name: eventName, data: eventData)))
        members.append(.init("snapshot", snapshot))
        members += footer(messageID: messageID, timestamp: timestamp)
        return .object(members)
    }

    /// An XState event object: `{"type": name}` followed by the event's data.
    ///
    /// XState events carry their payload next to `type`, so the members of object data are
    /// spread into the event: `{"type": "pay", "amount": 3}`. Data that is not an object (a
    /// number, a string, an array), or an object with a `type` member of its own, goes under
    /// `data`: `{"type": "pay", "data": 3}`. No data, `null` and `undefined` give `{"type": name}`.
    public static func eventObject(name: String, data: SCXMLValue?) -> SCXMLValue {
        var members: [SCXMLValue.Member] = [.init("type", .string(name))]
        switch data {
        case nil, .undefined?, .null?:
            break
        case .object(let payload)? where !payload.contains(where: { $0.key == "type" }):
            members += payload.filter { if case .undefined = $0.value { false } else { true } }
        case let value?:
            members.append(.init("data", value))
        }
        return .object(members)
    }

    /// `createdAt`: milliseconds since 1970 as a decimal string, as JavaScript's
    /// `Date.now().toString()` writes them.
    static func createdAt(_ timestamp: Date) -> String {
        String(Int64((timestamp.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The members every message starts with.
    private static func header(type: String, sessionID: String, rootID: String?) -> [SCXMLValue.Member] {
        [.init("type", .string(type)), .init("sessionId", .string(sessionID)), .init("rootId", .string(rootID ?? sessionID))]
    }

    /// The members every message ends with.
    private static func footer(messageID: String?, timestamp: Date) -> [SCXMLValue.Member] {
        [.init("id", messageID.map(SCXMLValue.string) ?? .null),
         .init("createdAt", .string(createdAt(timestamp))),
         .init("_version", .string(version))]
    }
}
