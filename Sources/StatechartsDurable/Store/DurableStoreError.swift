/// Why a durable store refused an operation.
public enum DurableStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No instance has this id.
    case instanceNotFound(id: String)
    /// `create` named an id that an instance of another chart (its fingerprint) already has.
    case alreadyExists(id: String, fingerprint: UInt64, expected: UInt64)
    /// The instance's row was written by a chart with another fingerprint; it is now quarantined.
    case unknownFingerprint(id: String, found: UInt64, expected: UInt64)
    /// The instance's row cannot be read (its snapshot or context does not decode, or the chart
    /// cannot be in the state it describes); it is now quarantined.
    case corruptRow(id: String, reason: String)
    /// The instance was quarantined earlier, for this reason; nothing is done to it.
    case quarantined(id: String, reason: String)
    /// The step did something a durable instance cannot keep (it ran invoked work or charts, or
    /// sent a delayed event out); it was rolled back and nothing changed.
    case unsupported(id: String, reason: String)
    /// An event, context or result could not be encoded.
    case encodingFailed(id: String, reason: String)
    /// Another writer kept changing the instance while this one retried (a storage with
    /// optimistic version checks).
    case tooManyConflicts(id: String, attempts: Int)
    /// The instance's row was written by an older chart (`fingerprint`) and its migration threw;
    /// it is now quarantined.
    case migrationFailed(id: String, fingerprint: UInt64, reason: String)
    /// ``DurableStore/migrateAll(from:)`` changed nothing: these instances (id: why) cannot be
    /// migrated.
    case migrationRefused(fingerprint: UInt64, failures: [String: String])
    /// The store has no ``DurableMigration`` from this fingerprint.
    case noMigration(fingerprint: UInt64)

    /// A sentence naming the instance.
    public var description: String {
        switch self {
        case .instanceNotFound(let id):
            return "durable instance '\(id)': no such instance"
        case .alreadyExists(let id, let fingerprint, let expected):
            return "durable instance '\(id)' already exists for another chart (fingerprint \(Self.hex(fingerprint)), "
                + "this chart's is \(Self.hex(expected)))"
        case .unknownFingerprint(let id, let found, let expected):
            return "durable instance '\(id)' was written by a chart with fingerprint \(Self.hex(found)), not this chart's "
                + "\(Self.hex(expected)); it is quarantined (migrate it to this chart)"
        case .corruptRow(let id, let reason):
            return "durable instance '\(id)' cannot be read and is quarantined: \(reason)"
        case .quarantined(let id, let reason):
            return "durable instance '\(id)' is quarantined: \(reason)"
        case .unsupported(let id, let reason):
            return "durable instance '\(id)': \(reason); the step was rolled back"
        case .encodingFailed(let id, let reason):
            return "durable instance '\(id)': cannot encode: \(reason)"
        case .tooManyConflicts(let id, let attempts):
            return "durable instance '\(id)': still changed by another writer after \(attempts) attempts"
        case .migrationFailed(let id, let fingerprint, let reason):
            return "durable instance '\(id)' was written by chart \(Self.hex(fingerprint)) and cannot be migrated: \(reason); "
                + "it is quarantined"
        case .migrationRefused(let fingerprint, let failures):
            let listed = failures.sorted { $0.key < $1.key }.prefix(20).map { "'\($0.key)': \($0.value)" }
            let more = failures.count > 20 ? "; and \(failures.count - 20) more" : ""
            return "no instance was migrated from chart \(Self.hex(fingerprint)): \(failures.count) cannot be: "
                + listed.joined(separator: "; ") + more
        case .noMigration(let fingerprint):
            return "the store has no migration from chart \(Self.hex(fingerprint))"
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
