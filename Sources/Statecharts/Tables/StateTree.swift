/// The chart's states as a tree: numbered in document order (pre-order, root = 0), so the
/// descendants of `s` are exactly `s+1 ... subtreeEnd[s]`.
///
/// The one place that knows the tree's shape: the compiler (validation, plans) and the runtime
/// (the SCXML algorithm, the fast routes) both ask it, so descendant tests, the child walk,
/// `findLCCA` and the transition domain are each written once. A view over storage that
/// a ``_TableStorage`` owns (the compiler's, then the chart's); copying it copies three pointers.
@usableFromInline
internal struct _StateTree: @unchecked Sendable {
    @usableFromInline let count: Int
    /// The parent of each state; ``_StateIndex/none`` for the root.
    @usableFromInline let parent: _Table<_StateIndex, _StateIndex>
    /// ``StateKind`` raw values.
    @usableFromInline let kind: _Table<_StateIndex, UInt8>
    /// The last descendant of each state (itself when it has none).
    @usableFromInline let subtreeEnd: _Table<_StateIndex, _StateIndex>

    /// The tree of the given columns, its storage owned by `storage`.
    @usableFromInline
    init(parent: [_StateIndex], kind: [StateKind], subtreeEnd: [_StateIndex], in storage: _TableStorage) {
        count = parent.count
        self.parent = storage.table(parent)
        self.kind = storage.table(kind.map { $0.rawValue })
        self.subtreeEnd = storage.table(subtreeEnd)
    }

    // MARK: Kinds

    @inlinable @inline(__always)
    func stateKind(_ s: _StateIndex) -> StateKind { StateKind(rawValue: kind[s]) ?? .atomic }

    /// Whether state `s` is compound (the root counts: it plays SCXML's `<scxml>` element).
    @inlinable @inline(__always)
    func isCompound(_ s: _StateIndex) -> Bool { kind[s] == StateKind.compound.rawValue }

    @inlinable @inline(__always)
    func isParallel(_ s: _StateIndex) -> Bool { kind[s] == StateKind.parallel.rawValue }

    @inlinable @inline(__always)
    func isFinal(_ s: _StateIndex) -> Bool { kind[s] == StateKind.final.rawValue }

    @inlinable @inline(__always)
    func isHistory(_ s: _StateIndex) -> Bool {
        kind[s] == StateKind.shallowHistory.rawValue || kind[s] == StateKind.deepHistory.rawValue
    }

    /// Whether a state is atomic or final (a leaf of the configuration).
    @inlinable @inline(__always)
    func isAtomic(_ s: _StateIndex) -> Bool {
        let k = kind[s]
        return k == StateKind.atomic.rawValue || k == StateKind.final.rawValue
    }

    // MARK: Walks

    /// Whether `d` is a proper descendant of `s`: two compares, thanks to pre-order numbering.
    @inlinable @inline(__always)
    func isDescendant(_ d: _StateIndex, of s: _StateIndex) -> Bool { d > s && d <= subtreeEnd[s] }

    /// Whether the subtrees of `a` and `b` share a state (one holds the other, or they are the
    /// same): two compares, since pre-order subtrees are nested or disjoint.
    @inlinable @inline(__always)
    func subtreesOverlap(_ a: _StateIndex, _ b: _StateIndex) -> Bool { a <= subtreeEnd[b] && b <= subtreeEnd[a] }

    /// The children of `s` in document order.
    @inlinable
    func children(of s: _StateIndex) -> [_StateIndex] {
        var result: [_StateIndex] = []
        var c = s.next
        let end = subtreeEnd[s]
        while c <= end {
            result.append(c)
            c = subtreeEnd[c].next
        }
        return result
    }

    /// Whether `set` holds `s` or one of its descendants.
    @inlinable
    func hasMember(of set: _Bitset, descendantOfOrEqual s: _StateIndex) -> Bool {
        var i = s
        let end = subtreeEnd[s]
        while i <= end {
            if set.contains(i) { return true }
            i = i.next
        }
        return false
    }

    // MARK: SCXML's tree functions (Appendix D)

    /// `findLCCA`: the least common compound ancestor of `first` and `rest` (the root at worst).
    @inlinable
    func findLCCA(_ first: _StateIndex, _ rest: some Collection<_StateIndex>) -> _StateIndex {
        var anc = parent[first]
        while anc != .none {
            if isCompound(anc) && rest.allSatisfy({ isDescendant($0, of: anc) }) { return anc }
            anc = parent[anc]
        }
        return .root
    }

    /// `getTransitionDomain` once the effective targets are known: the compound state whose
    /// descendants the transition exits and enters; ``_StateIndex/none`` for a targetless one.
    @inlinable
    func transitionDomain(source: _StateIndex, isInternal: Bool, effectiveTargets: some Collection<_StateIndex>) -> _StateIndex {
        if effectiveTargets.isEmpty { return .none }
        if isInternal && isCompound(source) && effectiveTargets.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        return findLCCA(source, effectiveTargets)
    }

    /// `isInFinalState`: a compound state with an active final child, or a parallel state all of
    /// whose regions are in a final state.
    @usableFromInline
    func isInFinalState(_ s: _StateIndex, _ configuration: _Bitset) -> Bool {
        if isCompound(s) {
            return children(of: s).contains { isFinal($0) && configuration.contains($0) }
        }
        if isParallel(s) {
            return children(of: s).filter { !isHistory($0) }.allSatisfy { isInFinalState($0, configuration) }
        }
        return false
    }
}
