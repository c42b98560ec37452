/// Values as `Codable`, losing nothing: each value is an object with one key naming its case
/// (`{"number": 2}`, `{"undefined": true}`, `{"object": [{"key": "a", "value": {"null": true}}]}`),
/// so `undefined` stays apart from `null`, an object keeps its members' order, and XML content
/// comes back as XML (its markup, parsed again).
///
/// This is the form for storing values (a durable instance's variables, an event's data); for
/// the value as a JSON document, as a data model sees it, use ``json``.
extension SCXMLValue: Codable {
    private enum Case: String, CodingKey {
        case undefined, null, bool, number, string, array, object, xml
    }

    /// Writes the value as an object with one key, its case.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Case.self)
        switch self {
        case .undefined: try container.encode(true, forKey: .undefined)
        case .null: try container.encode(true, forKey: .null)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .number(let value): try container.encode(value, forKey: .number)
        case .string(let value): try container.encode(value, forKey: .string)
        case .array(let values): try container.encode(values, forKey: .array)
        case .object(let members): try container.encode(members, forKey: .object)
        case .xml(let document): try container.encode(document.markup, forKey: .xml)
        }
    }

    /// Reads a value written by ``encode(to:)``.
    /// - Throws: `DecodingError` when the object does not have exactly one known key, or the
    ///   markup of XML content does not parse.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Case.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorruptedError(
                forKey: container.allKeys.first ?? .undefined, in: container,
                debugDescription: "a value is an object with exactly one of the keys undefined, null, bool, number, string, array, object, xml")
        }
        switch key {
        case .undefined: self = .undefined
        case .null: self = .null
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .number: self = .number(try container.decode(Double.self, forKey: key))
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .array: self = .array(try container.decode([SCXMLValue].self, forKey: key))
        case .object: self = .object(try container.decode([Member].self, forKey: key))
        case .xml:
            let markup = try container.decode(String.self, forKey: key)
            do {
                self = .xml(try SCXMLXMLDocument(parsing: markup))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "XML content: \(error)")
            }
        }
    }
}

/// A member as `{"key": …, "value": …}`.
extension SCXMLValue.Member: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, value
    }

    /// Writes `{"key": …, "value": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
    }

    /// Reads `{"key": …, "value": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .key), try container.decode(SCXMLValue.self, forKey: .value))
    }
}
