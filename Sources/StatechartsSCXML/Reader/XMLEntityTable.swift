/// The general entities a DOCTYPE's internal subset declares (XML 1.0 §4.2).
struct XMLEntityTable {
    /// A declared general entity.
    enum Entity {
        /// An internal entity and its replacement text (character references already replaced,
        /// entity references kept, §4.5).
        case `internal`([UInt8])
        /// An external entity (`SYSTEM` or `PUBLIC`), never loaded.
        case external
    }

    private var entities: [String: Entity] = [:]

    subscript(name: String) -> Entity? { entities[name] }

    /// Records a declaration; the first declaration of a name is binding (§4.2).
    mutating func declare(_ name: String, _ entity: Entity) {
        if entities[name] == nil { entities[name] = entity }
    }
}
