
/// A compiled statechart: validated, lowered to flat tables, immutable, and shared by every
/// running instance (``StatechartInstance``).
///
/// ```swift
/// enum Light: Hashable, Sendable { case off, on }
/// enum Signal: StatechartEvent, Hashable { case toggle }
///
/// let chart = try Statechart<Light, Signal, Int> {
///     State(.off) { On(.toggle, to: .on) }
///     State(.on) { On(.toggle, to: .off) { $0 += 1 } }
/// }
/// var light = chart.start(context: 0)
/// light.send(.toggle)
/// ```
public final class Statechart<StateID: Hashable & Sendable, Event: StatechartEvent, Context>: Sendable {
    /// Owns the tables' memory (their parts and every column); ``tables`` reads them.
    @usableFromInline let ownedTables: _ChartTables
    /// The tables, read through their pointer: one load from the chart.
    @usableFromInline let tables: _BorrowedTables
    @usableFromInline let actions: _Table<_ActionIndex, Action<Event, Context>>
    @usableFromInline let guards: _Table<_TransitionIndex, Guard<Event, Context>?>
    /// Final states' done-event builders (SCXML `<donedata>`), by state index.
    @usableFromInline let doneEventBuilders: [_StateIndex: DoneEventBuilder<Event, Context>]
    /// Invocations by state index.
    @usableFromInline let invocations: [_StateIndex: [Invocation<Event, Context>]]
    /// State identities by index; index 0 is the root, which has none.
    @usableFromInline let stateIDs: [StateID?]
    /// Each state's index by its identity (the same ids as ``stateIDs``, not a second copy).
    @usableFromInline let stateIndex: _StateNumbers<StateID>
    /// The path of each state, for messages: `root/checkout/payment`.
    @usableFromInline let paths: [String]
    /// Exact matching: the class of each declared event name.
    @usableFromInline let eventClasses: [Event.Name: _EventClass]
    /// The name of each class (named classes only).
    @usableFromInline let classNames: [Event.Name?]
    /// Exact matching: the names transitions declare, in order of first appearance.
    @usableFromInline let declaredNames: [Event.Name]
    /// Descriptor matching: the declared descriptors, by id.
    @usableFromInline let descriptors: [Event.Name]
    /// Descriptor matching: the event names seen lately, each resolved once against every
    /// descriptor; at most ``resolvedNamesLimit`` of them (see ``mask(for:)``).
    @usableFromInline let resolvedNames = Locked<[Event.Name: _EventMask]>([:])
    /// ``fingerprint``, computed on first use (most charts never take a snapshot).
    let fingerprintCache = Locked<UInt64?>(nil)
    /// Whether event names are a payload-free enum whose tag byte is the event's class.
    @usableFromInline let classesAreTags: Bool
    /// For one-byte names (256 entries, empty otherwise): under exact matching, when the classes
    /// are not tags, the class of each name the chart knows by its byte, and `nil` for every
    /// other byte. A one-byte value is its byte, so an event with a known name's byte has that name;
    /// any other byte is looked up in ``eventClasses``.
    @usableFromInline let classOfByte: [_EventClass?]
    /// Whether an instance may keep its leaf as a row of the direct table
    /// (``StatechartInstance/leafRow`` a direct row): the table exists, and event names are tags
    /// when they may be (`StatechartEvent._namesMayBeTags`). `send` then takes a direct `leafRow`
    /// alone as leave to use a name's tag as its class.
    @usableFromInline let fastRows: Bool
    /// ``_DirectTable/entries`` (owned by `tables`), one load from the chart.
    @usableFromInline let direct: _DirectTableHandle
    @usableFromInline let exactMatching: Bool
    @usableFromInline let doneEventsAreEvents: Bool

    /// The chart's name, used in diagrams and messages.
    public let name: String
    /// How many microsteps (and internal events) one macrostep may take before the instance stops
    /// with ``StatechartRuntimeError/microstepLimitExceeded(limit:)``: the guard against eventless
    /// loops that never settle.
    public let microstepLimit: Int
    /// How many events the chart sends to itself (`send` without a delay) that one call may
    /// process, each as its own macrostep, before the instance stops with
    /// ``StatechartRuntimeError/externalEventLimitExceeded(limit:)``: the guard against charts
    /// that keep sending themselves events. A call is a `send`, a `start`, or the delivery of one
    /// delayed event by the clock.
    public let externalEventLimit: Int

    /// Compiles a definition, reporting every problem at once.
    ///
    /// - Parameters:
    ///   - definition: the chart as data, as the DSL or code builds it.
    ///   - microstepLimit: see ``microstepLimit``.
    ///   - externalEventLimit: see ``externalEventLimit``.
    /// - Throws: ``StatechartDefinitionError`` listing each problem with its state path.
    @inlinable
    public convenience init(
        _ definition: StatechartDefinition<StateID, Event, Context>,
        microstepLimit: Int = 10_000,
        externalEventLimit: Int = 10_000
    ) throws(StatechartDefinitionError) {
        try self.init(compiling: definition, microstepLimit: microstepLimit, externalEventLimit: externalEventLimit,
                      singlePathPlans: true)
    }

    /// Compiles a definition with or without the single-path plans (for tests only).
    ///
    /// - Parameters:
    ///   - microstepLimit: see ``microstepLimit``.
    ///   - externalEventLimit: see ``externalEventLimit``.
    ///   - singlePathPlans: whether to build the candidate table and everything the fast routes
    ///     derive from it (plans, the direct table, guarded, region and joint steps, leaf rows).
    ///     Turning it off sends every event by the stepwise or the general route, with the same
    ///     results; it exists to check exactly that.
    /// - Throws: ``StatechartDefinitionError`` listing each problem with its state path.
    @_spi(Testing) @inlinable
    public convenience init(
        _ definition: StatechartDefinition<StateID, Event, Context>,
        microstepLimit: Int = 10_000,
        externalEventLimit: Int = 10_000,
        singlePathPlans: Bool
    ) throws(StatechartDefinitionError) {
        try self.init(compiling: definition, microstepLimit: microstepLimit, externalEventLimit: externalEventLimit,
                      singlePathPlans: singlePathPlans)
    }

    /// The compilation behind every initializer.
    @inlinable
    init(
        compiling definition: StatechartDefinition<StateID, Event, Context>,
        microstepLimit: Int,
        externalEventLimit: Int,
        singlePathPlans: Bool
    ) throws(StatechartDefinitionError) {
        var compiler = _ChartCompiler<StateID, Event, Context>()
        compiler.singlePathPlans = singlePathPlans
        compiler.flatten(definition)
        compiler.lowerTransitions(definition)
        // Pass 2 is the last reader of the states' definitions: what it kept of them goes before
        // the tables are made.
        compiler.loweredPartsOf = []
        if !compiler.problems.isEmpty {
            throw StatechartDefinitionError(problems: compiler.problemsInDocumentOrder)
        }
        compiler.lower()
        // The slots point into the boxes of `actions` and `guards`, which this chart keeps.
        ownedTables = _ChartTables(compiler.takeTablesBuilder(), tree: compiler.tree, storage: compiler.storage,
                              actionSlots: compiler.actions.map { $0.slot },
                              guardSlots: compiler.guards.map(Guard.slot))
        tables = _BorrowedTables(ownedTables)
        actions = compiler.storage.table(compiler.actions)
        guards = compiler.storage.table(compiler.guards)
        doneEventBuilders = compiler.doneEventBuilders
        invocations = compiler.invocations
        stateIDs = compiler.stateIDs
        stateIndex = compiler.stateIndex
        paths = compiler.pathOf
        eventClasses = compiler.eventClasses
        classNames = compiler.classNames
        declaredNames = compiler.declaredNames
        descriptors = compiler.descriptors
        exactMatching = compiler.exactMatching
        doneEventsAreEvents = compiler.doneEventsAreEvents
        classesAreTags = compiler.classesAreTags
        classOfByte = Self.classesByByte(compiler.eventClasses, known: exactMatching && !classesAreTags)
        fastRows = tables.direct.exists && (compiler.classesAreTags || !Event._namesMayBeTags)
        direct = _DirectTableHandle(tables.direct.entries)
        name = definition.name
        self.microstepLimit = max(1, microstepLimit)
        self.externalEventLimit = max(1, externalEventLimit)
    }

    // MARK: Event resolution

    /// The event class of a name (exact matching).
    @inlinable @inline(__always)
    func eventClass(ofName name: Event.Name) -> _EventClass {
        if classesAreTags { return Self.tag(of: name) }
        if MemoryLayout<Event.Name>.size == 1,
           let c = classOfByte.withUnsafeBufferPointer({ $0[Self.tag(of: name).offset] }) {
            return c
        }
        return eventClasses[name] ?? tables.candidates.unmatchedClass
    }

    /// ``classOfByte`` for `classes` (`known`: exact matching, classes not tags).
    @usableFromInline
    static func classesByByte(_ classes: [Event.Name: _EventClass], known: Bool) -> [_EventClass?] {
        guard MemoryLayout<Event.Name>.size == 1 else { return [] }
        var table = [_EventClass?](repeating: nil, count: 256)
        if known {
            for (name, c) in classes { table[tag(of: name)] = c }
        }
        return table
    }

    /// The tag byte of a payload-free enum (see `classesAreTags`), or the byte of any one-byte name.
    @inlinable @inline(__always)
    static func tag(of name: Event.Name) -> _EventClass { withUnsafeBytes(of: name) { _EventClass(Int($0[0])) } }

    /// Resolves an event for selection: its class, and for descriptor matching the mask of
    /// transitions it triggers (computed once per distinct name, then cached).
    @inlinable @inline(__always)
    func resolve(_ event: Event) -> _ResolvedEvent {
        if exactMatching { return _ResolvedEvent(classID: eventClass(ofName: event.name), mask: nil) }
        return _ResolvedEvent(classID: tables.candidates.unmatchedClass, mask: mask(for: event.name))
    }

    @usableFromInline
    func mask(for name: Event.Name) -> _EventMask {
        if let cached = resolvedNames.withLock({ $0[name] }) { return cached }
        var matched = Array(repeating: false, count: descriptors.count)
        for (i, descriptor) in descriptors.enumerated() { matched[i] = Event.descriptor(descriptor, matches: name) }
        let mask = _EventMask(descriptorMatches: matched)
        // Names can come from outside (an SCXML session's HTTP requests, an inspector page), so a
        // cache of every name ever sent would grow as long as the chart lives, by every new name:
        // a full cache starts again.
        resolvedNames.withLock { names in
            if names.count >= resolvedNamesLimit { names.removeAll(keepingCapacity: true) }
            names[name] = mask
        }
        return mask
    }

    /// Resolves `event` once, so that sending it again needs no lookup of its name's class.
    ///
    /// Under descriptor matching (``StatechartEvent/descriptorsMatchExactly`` `false`, such as
    /// `String` events) the descriptors the name matches are computed here and cached by the
    /// chart; sending the prepared event finds them in that cache by the name (the cache keeps
    /// 1,024 names; once more have been sent, it starts again, and a name not in it is resolved
    /// again when sent).
    public func prepare(_ event: Event) -> PreparedEvent<Event> {
        if exactMatching { return PreparedEvent(event: event, exactClass: eventClass(ofName: event.name)) }
        _ = mask(for: event.name)
        return PreparedEvent(event: event, exactClass: nil)
    }
}

/// How many event names a chart keeps resolved against its descriptors (descriptor matching only):
/// enough for any chart's own names, few enough that names sent from outside cannot fill memory.
let resolvedNamesLimit = 1_024

/// The descriptors an event name matches (descriptor matching only).
@usableFromInline
internal final class _EventMask: Sendable {
    @usableFromInline let descriptorMatches: [Bool]
    init(descriptorMatches: [Bool]) { self.descriptorMatches = descriptorMatches }
}

/// An event with its transition class resolved.
///
/// An enum rather than a class and an optional mask: copying an exactly matched event (the common
/// case) then involves no reference count at all, not even a call to retain or release `nil`.
/// ``PreparedEvent`` does not hold one: destroying an enum with a reference in one case takes a
/// call per event, even for the exact case.
@usableFromInline
internal enum _ResolvedEvent: Sendable {
    /// Exact matching: the event's class.
    case exact(_EventClass)
    /// Descriptor matching: the unmatched class and the descriptors the name matches.
    case descriptors(_EventClass, _EventMask)

    @inlinable
    init(classID: _EventClass, mask: _EventMask?) {
        if let mask { self = .descriptors(classID, mask) } else { self = .exact(classID) }
    }

    @inlinable
    var classID: _EventClass {
        switch self {
        case .exact(let classID), .descriptors(let classID, _): return classID
        }
    }

    @inlinable
    var mask: _EventMask? {
        if case .descriptors(_, let mask) = self { return mask }
        return nil
    }

    /// Whether the event is matched exactly (it has no descriptor mask).
    @inlinable
    var isExact: Bool {
        if case .exact = self { return true }
        return false
    }
}

/// An event resolved against one chart by ``Statechart/prepare(_:)``: sending it skips the name
/// lookup. Use it with the chart that prepared it.
public struct PreparedEvent<Event: StatechartEvent>: Sendable {
    /// The event.
    public let event: Event
    /// The event's class when the chart matches names exactly; `nil` under descriptor matching
    /// (the chart caches the name's matches). No reference: a prepared event of a trivial event
    /// type is copied and destroyed as plain bits, with no reference count to test in a loop.
    @usableFromInline let exactClass: _EventClass?
}
