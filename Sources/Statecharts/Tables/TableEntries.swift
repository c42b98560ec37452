// The small values the tables hold, each with its encoding in one place: direct entries, region
// steps and candidate plans (what `send` reads first). The integers with several meanings are in
// TableWords.swift.

/// What `send` does with an event of one class in one atomic state, decided at compile time
/// (see ``Kind``).
///
/// A candidate is direct when it is its row's first, has no guard and no `whenIn`, its plan
/// needs nothing besides its actions (``_PlanFlags/none``), and none of its actions can reach the
/// outbox (so the macrostep ends with it). One whose actions can is a ``Kind/sending(_:)`` entry,
/// which the candidate stage takes by its plan, then carrying out the outbox's requests and
/// completing the macrostep if an event was raised or sent now. `row` is the new leaf as an instance stores it
/// (`leaf << rowShift`, the byte offset of its row), here so that the next event's row is one
/// load away from this one's; an ignored entry's `row` is the unchanged one, a slow entry's is
/// never read. `action` is the box of the plan's action when the plan has exactly one, it takes
/// only the context and the compiler chose this call site for it (``CallSite/singleAction(_:)``);
/// otherwise `nil`, and the actions are the candidate's plan in ``_CandidateTables/plans``.
///
/// The kind is one `Int32` (`code`), encoded by the initializers and decoded by ``kind``, and
/// nowhere else: `c` (``Kind/contextOnly(_:)``), `-1` (ignored), `-2 - c`
/// (``Kind/dispatching(_:)``), then below them the kinds the candidate stage takes:
/// ``slowCode``, `guardedBase - c`, `namedBase - c`, `sendingBase - c` (``Kind/sending(_:)``),
/// for candidates below ``candidateLimit``. The direct stage's kinds come first, so that it tells
/// each of them, and "the candidate stage's", in at most three comparisons.
@usableFromInline
internal struct _DirectEntry: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let code: Int32
    @usableFromInline let row: _LeafRow
    @usableFromInline let action: _ContextActionRef?

    /// What the entry says: every kind, decoded in one `switch` (``kind``).
    @usableFromInline
    enum Kind {
        /// Take candidate `c` by its plan in the loop that calls each action with the context
        /// alone (or, when the entry holds the box of its one action, by that call).
        case contextOnly(_CandidateIndex)
        /// Take candidate `c` by its plan in the loop that dispatches on each action's form:
        /// some action reads the event, or the compiler gave a plan of context-only actions this
        /// second call site (``CallSite/dispatchingLoop``).
        case dispatching(_CandidateIndex)
        /// No transition can be taken and none could follow: the event is ignored.
        case ignored
        /// The candidate stage selects the transition.
        case slow
        /// Slow for the direct stage; the candidate stage evaluates the guard of the row's one
        /// candidate `c`, then takes its plan or ignores the event (``guarded(_:)``).
        case guarded(_CandidateIndex)
        /// Slow for the direct stage; the candidate stage takes candidate `c`, which records or
        /// restores history, without selecting it (``named(_:)``).
        case named(_CandidateIndex)
        /// Slow for the direct stage; the candidate stage takes candidate `c` by its plan, then
        /// carries out what its actions asked of the outbox: some action may raise, send or
        /// cancel events (``sending(_:row:)``).
        case sending(_CandidateIndex)
    }

    /// Where `send` calls a direct candidate's actions from: the compiler's choice
    /// (`assignCallSites`), so that two plans that alternate are not called from the same site.
    @usableFromInline
    enum CallSite {
        /// The plan is this one context-only action, called by `send` itself.
        case singleAction(_ContextActionRef)
        /// The loop over a plan of context-only actions.
        case contextOnlyLoop
        /// The loop that dispatches on each action's form (required when an action reads the
        /// event; a second site for a plan of context-only ones).
        case dispatchingLoop
    }

    /// Candidates of a direct table are below this (the compiler builds none for a chart with
    /// more): each range of codes holds this many.
    @inlinable static var candidateLimit: Int32 { 1 << 28 }
    @inlinable static var ignoreCode: Int32 { -1 }
    @inlinable static var dispatchingBase: Int32 { -2 }
    /// The first code below the dispatching ones: a plain slow entry.
    @inlinable static var slowCode: Int32 { dispatchingBase &- candidateLimit }
    @inlinable static var guardedBase: Int32 { slowCode &- 1 }
    @inlinable static var namedBase: Int32 { guardedBase &- candidateLimit }
    @inlinable static var sendingBase: Int32 { namedBase &- candidateLimit }

    @inlinable
    init(code: Int32, row: _LeafRow, action: _ContextActionRef?) {
        self.code = code
        self.row = row
        self.action = action
    }

    /// An entry for candidate `c`, which moves the leaf to `row`, its actions called from `site`.
    @inlinable
    static func candidate(_ c: _CandidateIndex, site: CallSite, row: _LeafRow) -> Self {
        switch site {
        case .singleAction(let action): Self(code: c.rawValue, row: row, action: action)
        case .contextOnlyLoop: Self(code: c.rawValue, row: row, action: nil)
        case .dispatchingLoop: Self(code: dispatchingBase &- c.rawValue, row: row, action: nil)
        }
    }

    /// An entry for candidate `c`, which moves the leaf to `row`, at the first site its actions
    /// allow: `contextOnly` (every action takes the context alone), `single` (the box of its one
    /// context-only action, if that is its whole plan).
    @inlinable
    static func candidate(_ c: _CandidateIndex, contextOnly: Bool, row: _LeafRow, single: _ContextActionRef?) -> Self {
        guard contextOnly else { return candidate(c, site: .dispatchingLoop, row: row) }
        return candidate(c, site: single.map { .singleAction($0) } ?? .contextOnlyLoop, row: row)
    }

    /// An entry for candidate `c`, which moves the leaf to `row`, some of whose actions may raise,
    /// send or cancel events: slow for the direct stage, which stays as small as without it; the
    /// candidate stage runs its plan in the dispatching loop and carries out what the actions
    /// asked after it (the macrostep is completed when they raised an event or sent one now). The
    /// region bits and joint steps take it as a direct candidate (``_RegionStep/Flags/sending``).
    @inlinable
    static func sending(_ c: _CandidateIndex, row: _LeafRow) -> Self { Self(code: sendingBase &- c.rawValue, row: row, action: nil) }

    /// An ignored event; the leaf stays at `row`.
    @inlinable
    static func ignored(row: _LeafRow) -> Self { Self(code: ignoreCode, row: row, action: nil) }

    /// The candidate stage decides.
    @inlinable
    static var slow: Self { Self(code: slowCode, row: .activeSet, action: nil) }

    /// A slow entry naming candidate `c`, the row's only one, guarded, after which nothing
    /// eventless can follow and whose guard and plan reach no outbox: its guard decides between
    /// its plan and ignoring the event, evaluated once. The candidate stage takes it without
    /// selecting it, and a compiled chart that has such entries in its `send`'s inlined front.
    @inlinable
    static func guarded(_ c: _CandidateIndex) -> Self { Self(code: guardedBase &- c.rawValue, row: .activeSet, action: nil) }

    /// A slow entry naming candidate `c`, first in its row, which the candidate stage takes
    /// without selecting it, as the direct stage takes a plan: a guard-free candidate that
    /// records history or enters through a history state (by its history columns,
    /// ``_HistoryPlanTables``) where the rows do not carry the history. No action of its plans
    /// reaches the outbox. The new leaf depends on the memory, so the entry has no row.
    @inlinable
    static func named(_ c: _CandidateIndex) -> Self { Self(code: namedBase &- c.rawValue, row: .activeSet, action: nil) }

    /// The entry decoded: the one `switch` over every kind. The direct stage's kinds first, each
    /// one comparison from the last, so that a stage that maps the candidate stage's four to one
    /// way pays no more.
    @inlinable
    var kind: Kind {
        @inline(__always) get {
            if code >= 0 { return .contextOnly(_CandidateIndex(rawValue: code)) }
            if code == Self.ignoreCode { return .ignored }
            if code > Self.slowCode { return .dispatching(_CandidateIndex(rawValue: Self.dispatchingBase &- code)) }
            if code == Self.slowCode { return .slow }
            if code > Self.namedBase { return .guarded(_CandidateIndex(rawValue: Self.guardedBase &- code)) }
            if code > Self.sendingBase { return .named(_CandidateIndex(rawValue: Self.namedBase &- code)) }
            return .sending(_CandidateIndex(rawValue: Self.sendingBase &- code))
        }
    }

    /// log2 of the entry's size: rows are addressed in bytes.
    @inlinable static var strideShift: Int { 4 }

    /// The single context-only action and its candidate, when the entry has one (only
    /// ``Kind/contextOnly(_:)`` entries do): `send` tests this first, the common case.
    @inlinable
    var singleAction: (action: _ContextActionRef, candidate: _CandidateIndex)? {
        @inline(__always) get {
            guard let action else { return nil }
            return (action, _CandidateIndex(rawValue: code))
        }
    }

    /// The candidate of a ``guarded(_:)`` entry: ``kind``'s answer, in two comparisons for the
    /// fronts that ask only this (a compiled chart's, the candidate stage's).
    @inlinable
    var guardedCandidate: _CandidateIndex? {
        @inline(__always) get {
            code <= Self.guardedBase && code > Self.namedBase ? _CandidateIndex(rawValue: Self.guardedBase &- code) : nil
        }
    }

    /// The candidate of a ``named(_:)`` entry, as ``guardedCandidate`` for ``kind``'s `named`.
    @inlinable
    var namedCandidate: _CandidateIndex? {
        @inline(__always) get {
            code <= Self.namedBase && code > Self.sendingBase ? _CandidateIndex(rawValue: Self.namedBase &- code) : nil
        }
    }

    /// The candidate of a ``sending(_:row:)`` entry, as ``guardedCandidate`` for ``kind``'s `sending`.
    @inlinable
    var sendingCandidate: _CandidateIndex? {
        @inline(__always) get { code <= Self.sendingBase ? _CandidateIndex(rawValue: Self.sendingBase &- code) : nil }
    }

    /// Whether the event is ignored.
    @inlinable
    var isIgnored: Bool {
        if case .ignored = kind { return true }
        return false
    }

    /// The candidate taken by its plan alone, whichever call site the compiler chose (a sending
    /// entry's too: the region bits take it); `nil` for an ignored or slow entry.
    @inlinable
    var directCandidate: _CandidateIndex? {
        switch kind {
        case .contextOnly(let c), .dispatching(let c), .sending(let c): return c
        case .ignored, .slow, .guarded, .named: return nil
        }
    }

    /// Whether the entry names a candidate that the candidate stage (or a compiled `send`) takes
    /// without selecting it: a ``guarded(_:)``, ``named(_:)`` or ``sending(_:row:)`` entry.
    @inlinable
    var namesCandidate: Bool {
        switch kind {
        case .guarded, .named, .sending: return true
        case .contextOnly, .dispatching, .ignored, .slow: return false
        }
    }
}

/// What the table runtime runs for a ``_DirectEntry/guarded(_:)`` entry of the common shape: a
/// guard that takes only the context, then a plan of at most one action, which takes only the
/// context. Everything the step reads is here, in one row per candidate
/// (``_DirectTable/guardedSteps``), so that the guard's call leaves little to keep in registers
/// and the plan needs no range and no loop. `contextGuard` is `nil` for a candidate of any other
/// shape (or no guarded entry): its guarded entry runs through the plan runner.
@usableFromInline
internal struct _GuardedStep: BitwiseCopyable, @unchecked Sendable {
    /// The guard, or `nil`: not this shape.
    @usableFromInline let contextGuard: _ContextGuardRef?
    /// The plan's one action, or `nil` when the plan has none.
    @usableFromInline let action: _ContextActionRef?
    @usableFromInline let transition: _TransitionIndex
    /// The candidate's atomic state and its new leaf.
    @usableFromInline let fromLeaf: _StateIndex
    @usableFromInline let toLeaf: _StateIndex
    /// What taking the step adds to the instance's leaf row (``_LeafRow/delta(from:to:rowShift:)``),
    /// which moves the row and keeps its history fields.
    @usableFromInline let rowDelta: Int32

    @inlinable
    init(contextGuard: _ContextGuardRef?, action: _ContextActionRef?, transition: _TransitionIndex,
         fromLeaf: _StateIndex, toLeaf: _StateIndex, rowShift: Int) {
        self.contextGuard = contextGuard
        self.action = action
        self.transition = transition
        self.fromLeaf = fromLeaf
        self.toLeaf = toLeaf
        rowDelta = _LeafRow.delta(from: fromLeaf, to: toLeaf, rowShift: rowShift)
    }

    /// A candidate without such a step.
    @inlinable
    static var none: Self {
        Self(contextGuard: nil, action: nil, transition: .none, fromLeaf: .none, toLeaf: .none, rowShift: 0)
    }

}

/// The regions route's row for (atomic state, event class): a region-local direct candidate,
/// an ignored event, or anything else. One `Int32`; encoded and decoded only here.
@usableFromInline
internal struct _RegionRow: BitwiseCopyable, Sendable {
    /// The candidate, or -1 (ignored) or -2 (anything else).
    @usableFromInline let rawValue: Int32

    @inlinable init(rawValue: Int32) { self.rawValue = rawValue }

    /// A region-local direct candidate.
    @inlinable init(candidate c: _CandidateIndex) { rawValue = c.rawValue }
    /// The event is ignored in this state.
    @inlinable static var ignored: Self { Self(rawValue: -1) }
    /// Neither: the region plans decide.
    @inlinable static var slow: Self { Self(rawValue: -2) }

    @inlinable
    var isIgnored: Bool { @inline(__always) get { rawValue == -1 } }

    /// The region-local candidate, if the row holds one.
    @inlinable
    var candidate: _CandidateIndex? { @inline(__always) get { rawValue >= 0 ? _CandidateIndex(rawValue: rawValue) : nil } }

    /// Whether candidate `c` may stand in a row: it fits the 16 bits of ``packed(_:at:)``.
    @inlinable
    static func fits(_ c: _CandidateIndex) -> Bool { c.rawValue >= 0 && c.rawValue < 1 << 16 }

    /// Candidate `c` (``fits(_:)``) as pick `i` (0 ..< 4) of a word of four picks, which the
    /// regions route keeps in a register.
    @inlinable @inline(__always)
    static func packed(_ c: _CandidateIndex, at i: Int) -> UInt64 {
        _BitPacking.field(_BitPacking.word(c), at: 16 &* i)
    }

    /// Pick `i` of a word of picks made by ``packed(_:at:)``.
    @inlinable @inline(__always)
    static func unpacked(_ picks: UInt64, at i: Int) -> _CandidateIndex {
        _BitPacking.index(_BitPacking.field(of: picks, at: 16 &* i, width: 16))
    }
}

/// A region-local candidate as the region path takes it (charts of up to 64 states): the states
/// it exits and enters as bits, its transition, and whether it has exit actions, entry actions,
/// and only actions that take the context alone.
@usableFromInline
internal struct _RegionStep: BitwiseCopyable, @unchecked Sendable {
    @usableFromInline let exits: UInt64
    @usableFromInline let entries: UInt64
    /// When every action takes only the context and the transition has exactly one action of its
    /// own: that action, called without a range.
    @usableFromInline let transitionAction: _ContextActionRef?
    @usableFromInline let flags: Flags
    /// The candidate's transition (small enough for a result's field, ``_TransitionFields/fits(_:)``).
    @usableFromInline let transition: _TransitionIndex

    /// What the step's actions need.
    @usableFromInline
    struct Flags: OptionSet, BitwiseCopyable, Sendable {
        @usableFromInline let rawValue: UInt32
        @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The step runs exit actions.
        @inlinable static var exitActions: Self { Self(rawValue: 1) }
        /// The step runs entry actions.
        @inlinable static var entryActions: Self { Self(rawValue: 2) }
        /// Every action of the step takes only the context.
        @inlinable static var contextOnly: Self { Self(rawValue: 4) }
        /// The macrostep is finished after the step
        /// (``StatechartInstance/finishAfterStep(_:_:eventless:)``): some action of the step may
        /// raise, send or cancel events, or the step enters a state with eventless transitions on
        /// its path.
        @inlinable static var finishes: Self { Self(rawValue: 8) }
    }

    @inlinable
    init(exits: UInt64, entries: UInt64, flags: Flags, transition: _TransitionIndex, transitionAction: _ContextActionRef? = nil) {
        self.exits = exits
        self.entries = entries
        self.transitionAction = transitionAction
        self.flags = flags
        self.transition = transition
    }

    /// The step with `more` flags.
    @inlinable
    func adding(_ more: Flags) -> Self {
        Self(exits: exits, entries: entries, flags: flags.union(more), transition: transition, transitionAction: transitionAction)
    }
}

/// A candidate's action list as the fast paths read it, in one load: `actionStart ..< actionEnd`
/// in ``_CandidateTables/actionSlots``, its exit actions ending at `exitEnd` and its
/// transition actions at `transitionEnd` (so that several candidates taken together run all
/// exits, then all transition actions, then all entries).
@usableFromInline
internal struct _CandidatePlan: BitwiseCopyable, Sendable {
    @usableFromInline let actionStart: _PlanSlot
    @usableFromInline let exitEnd: _PlanSlot
    @usableFromInline let transitionEnd: _PlanSlot
    @usableFromInline let actionEnd: _PlanSlot

    @inlinable
    init(actionStart: _PlanSlot, exitEnd: _PlanSlot, transitionEnd: _PlanSlot, actionEnd: _PlanSlot) {
        self.actionStart = actionStart
        self.exitEnd = exitEnd
        self.transitionEnd = transitionEnd
        self.actionEnd = actionEnd
    }

    /// The plan's actions of one phase, as a range of the candidate action slots.
    @inlinable @inline(__always)
    func actions(of phase: _MicrostepPhase) -> Range<_PlanSlot> {
        switch phase {
        case .exit: Range(uncheckedBounds: (actionStart, exitEnd))
        case .transition: Range(uncheckedBounds: (exitEnd, transitionEnd))
        case .entry: Range(uncheckedBounds: (transitionEnd, actionEnd))
        }
    }

    /// All of the plan's actions, in order.
    @inlinable
    var actions: Range<_PlanSlot> { @inline(__always) get { Range(uncheckedBounds: (actionStart, actionEnd)) } }
}

/// The three phases of a microstep, and the order in which several transitions taken together
/// run them: the exits of all (the transitions backwards, each from its leaf up: exit order),
/// then the transitions' own actions (forwards: selection order), then the entries of all
/// (forwards: entry order), as SCXML's `microstep` orders them. Region-local transitions have
/// disjoint domains in the document order of their leaves, so this is exactly SCXML's order for
/// them. Written once here for every route that takes several transitions by their plans.
@usableFromInline
internal enum _MicrostepPhase: Sendable {
    case exit, transition, entry

    /// The phase as generated code receives it (``_GeneratedPlans/_runPlanPhase(_:_:_:_:_:)``).
    @inlinable
    var generatedCode: _GeneratedPhase {
        @inline(__always) get {
            switch self {
            case .exit: .exits
            case .transition: .transition
            case .entry: .entries
            }
        }
    }

    /// Calls `body` for each phase and each of `count` transitions, in microstep order;
    /// `exits: false` or `entries: false` skips a phase with nothing to do.
    ///
    /// Transparent, not only `@inline(__always)`: with `@inline(__always)` alone the regions
    /// route's bits stage runs more instructions per event than with the three loops written out.
    @usableFromInline @_transparent
    static func inOrder(count: Int, exits: Bool = true, entries: Bool = true, _ body: (Self, Int) -> Void) {
        if exits {
            var i = count
            while i > 0 {
                i &-= 1
                body(.exit, i)
            }
        }
        // `while`, not `for i in 0..<count`: no check that the range is well-formed.
        var i = 0
        while i < count {
            body(.transition, i)
            i &+= 1
        }
        if entries {
            i = 0
            while i < count {
                body(.entry, i)
                i &+= 1
            }
        }
    }
}
