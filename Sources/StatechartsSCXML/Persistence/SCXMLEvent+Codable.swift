/// Events as `Codable`, every field kept (the data as ``SCXMLValue`` writes it; absent fields
/// are `nil`): for storing events, as a durable instance's event log and outbox do.
extension SCXMLEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, type, sendid, origin, origintype, invokeid, data, raw, sendTarget
    }

    /// Writes the event's fields; `nil` ones are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(sendid, forKey: .sendid)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(origintype, forKey: .origintype)
        try container.encodeIfPresent(invokeid, forKey: .invokeid)
        try container.encodeIfPresent(data, forKey: .data)
        try container.encodeIfPresent(raw, forKey: .raw)
        try container.encodeIfPresent(sendTarget, forKey: .sendTarget)
    }

    /// Reads an event written by ``encode(to:)``; `type` defaults to external.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .name),
            type: try container.decodeIfPresent(Kind.self, forKey: .type) ?? .external,
            sendid: try container.decodeIfPresent(String.self, forKey: .sendid),
            origin: try container.decodeIfPresent(String.self, forKey: .origin),
            origintype: try container.decodeIfPresent(String.self, forKey: .origintype),
            invokeid: try container.decodeIfPresent(String.self, forKey: .invokeid),
            data: try container.decodeIfPresent(SCXMLValue.self, forKey: .data),
            raw: try container.decodeIfPresent(String.self, forKey: .raw))
        sendTarget = try container.decodeIfPresent(String.self, forKey: .sendTarget)
    }
}

/// `"platform"`, `"internal"` or `"external"`.
extension SCXMLEvent.Kind: Codable {}
