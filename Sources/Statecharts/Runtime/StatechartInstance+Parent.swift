extension StatechartInstance {
    /// Takes the events that actions sent with ``Outbox/sendToParent(_:after:)`` (without a
    /// delay) and that no parent took, oldest first, and forgets them.
    ///
    /// An instance invoked by another chart hands these to its parent by itself. An instance that
    /// runs on its own keeps them until a host takes them here: a durable store, for example,
    /// writes them to its outbox in the same transaction as the step that sent them.
    public mutating func takeEventsForParent() -> [Event] {
        guard extras?.value.toParent.isEmpty == false else { return [] }
        return withExtras { extras in
            defer { extras.toParent = [] }
            return extras.toParent
        }
    }
}
