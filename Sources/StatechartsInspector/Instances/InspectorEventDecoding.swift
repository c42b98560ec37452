import Foundation
import Statecharts
import StatechartsSCXML

/// How the page's events (a name, and JSON data) become a chart's events, and back.
///
/// - `String` events: the name; no data.
/// - ``StatechartsSCXML/SCXMLEvent``: the name, with the data as `_event.data`.
/// - `CaseIterable` events: the case whose description is the name; no data.
/// - `Decodable` events: Swift's own coding of an enum case, `{"name": data}` (`data` an object
///   of the case's associated values, `{}` when it has none: `{"load": {"url": "…"}}`).
enum InspectorEventDecoding {
    static func event<Event: StatechartEvent>(_ type: Event.Type, named name: String, data: SCXMLValue?) throws(InspectorCommandError) -> Event {
        let hasData = data.map { if case .null = $0 { return false } else { return true } } ?? false
        if Event.self == String.self, let event = name as? Event {
            guard !hasData else { throw InspectorCommandError("events of this chart are plain names: they carry no data") }
            return event
        }
        if Event.self == SCXMLEvent.self {
            let event = hasData ? SCXMLEvent(name, data: data) : SCXMLEvent(name)
            if let event = event as? Event { return event }
        }
        if !hasData, let cases = Event.self as? any CaseIterable.Type {
            for candidate in Self.allCases(of: cases) {
                if let event = candidate as? Event, String(describing: event) == name { return event }
            }
        }
        if let decodable = Event.self as? any Decodable.Type {
            let payload: SCXMLValue = .object([SCXMLValue.Member(name, hasData ? (data ?? .null) : .object([]))])
            let text = payload.json ?? "{}"
            do {
                let decoded = try JSONDecoder().decode(decodable, from: Data(text.utf8))
                if let event = decoded as? Event { return event }
            } catch {
                throw InspectorCommandError("cannot make a \(Event.self) from '\(name)' with data \(hasData ? (data?.json ?? "null") : "{}"): \(Self.describe(error))")
            }
        }
        if Event.self is any CaseIterable.Type {
            throw InspectorCommandError(hasData ? "'\(name)' carries no data" : "no event of type \(Event.self) is named '\(name)'")
        }
        throw InspectorCommandError("events of type \(Event.self) cannot be made from the page: make the type Decodable or CaseIterable")
    }

    static func allCases(of type: any CaseIterable.Type) -> [Any] {
        func open<T: CaseIterable>(_: T.Type) -> [Any] { Array(T.allCases) }
        return open(type)
    }

    /// An event's data for the timeline: SCXML data as it is, an `Encodable` event's payload
    /// (its associated values), nothing for others.
    static func data<Event: StatechartEvent>(of event: Event) -> SCXMLValue? {
        if let scxml = event as? SCXMLEvent {
            switch scxml.data {
            case .none, .null?, .undefined?: return nil
            case let data?: return data
            }
        }
        if Event.self == String.self || Event.self is any CaseIterable.Type { return nil }
        guard let encodable = event as? any Encodable,
              let data = try? JSONEncoder.inspector.encode(encodable),
              let text = String(data: data, encoding: .utf8),
              let value = try? SCXMLValue(json: text),
              case .object(let members) = value, members.count == 1 else { return nil }
        if case .object(let inner) = members[0].value, inner.isEmpty { return nil }
        return members[0].value
    }

    /// The name the timeline shows for an event: its name's description.
    static func name<Event: StatechartEvent>(of event: Event) -> String {
        if let scxml = event as? SCXMLEvent { return scxml.name }
        return String(describing: event.name)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }
}
