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
    @usableFromInline let parent: _Table<Int32>
    /// ``StateKind`` raw values.
    @usableFromInline let kind: _Table<UInt8>
    /// The last descendant of each state (itself when it has none).
    @usableFromInline let subtreeEnd: _Table<Int32>

    /// The tree of the given columns, its storage owned by `storage`.
    @usableFromInline
    init(parent: [Int32], kind: [StateKind], subtreeEnd: [Int32], in storage: _TableStorage) {
        count = parent.count
        self.parent = storage.table(parent)
        self.kind = storage.table(kind.map(\.rawValue))
        self.subtreeEnd = storage.table(subtreeEnd)
    }

    // MARK: Kinds

    @inlinable @inline(__always)
    func stateKind(_ s: Int32) -> StateKind { StateKind(rawValue: kind[s]) ?? .atomic }

    /// Whether state `s` is compound (the root counts: it plays SCXML's `<scxml>` element).
    @inlinable @inline(__always)
    func isCompound(_ s: Int32) -> Bool { kind[s] == StateKind.compound.rawValue }

    @inlinable @inline(__always)
    func isParallel(_ s: Int32) -> Bool { kind[s] == StateKind.parallel.rawValue }

    @inlinable @inline(__always)
    func isFinal(_ s: Int32) -> Bool { kind[s] == StateKind.final.rawValue }

    @inlinable @inline(__always)
    func isHistory(_ s: Int32) -> Bool {
        kind[s] == StateKind.shallowHistory.rawValue || kind[s] == StateKind.deepHistory.rawValue
    }

    /// Whether a state is atomic or final (a leaf of the configuration).
    @inlinable @inline(__always)
    func isAtomic(_ s: Int32) -> Bool {
        let k = kind[s]
        return k == StateKind.atomic.rawValue || k == StateKind.final.rawValue
    }

    // MARK: Walks

    /// Whether `d` is a proper descendant of `s`: two compares, thanks to pre-order numbering.
    @inlinable @inline(__always)
    func isDescendant(_ d: Int32, of s: Int32) -> Bool { d > s && d <= subtreeEnd[s] }

    /// The children of `s` in document order.
    @inlinable
    func children(of s: Int32) -> [Int32] {
        var result: [Int32] = []
        var c = s + 1
        let end = subtreeEnd[s]
        while c <= end {
            result.append(c)
            c = subtreeEnd[c] + 1
        }
        return result
    }

    /// Whether `set` holds `s` or one of its descendants.
    @inlinable
    func hasMember(of set: _Bitset, descendantOfOrEqual s: Int32) -> Bool {
        var i = s
        let end = subtreeEnd[s]
        while i <= end {
            if set.contains(i) { return true }
            i += 1
        }
        return false
    }

    // MARK: SCXML's tree functions (Appendix D)

    /// `findLCCA`: the least common compound ancestor of `first` and `rest` (the root at worst).
    @inlinable
    func findLCCA(_ first: Int32, _ rest: some Collection<Int32>) -> Int32 {
        var anc = parent[first]
        while anc >= 0 {
            if isCompound(anc) && rest.allSatisfy({ isDescendant($0, of: anc) }) { return anc }
            anc = parent[anc]
        }
        return 0
    }

    /// `getTransitionDomain` once the effective targets are known: the compound state whose
    /// descendants the transition exits and enters; -1 for a targetless transition.
    @inlinable
    func transitionDomain(source: Int32, isInternal: Bool, effectiveTargets: some Collection<Int32>) -> Int32 {
        if effectiveTargets.isEmpty { return -1 }
        if isInternal && isCompound(source) && effectiveTargets.allSatisfy({ isDescendant($0, of: source) }) {
            return source
        }
        return findLCCA(source, effectiveTargets)
    }

    /// `isInFinalState`: a compound state with an active final child, or a parallel state all of
    /// whose regions are in a final state.
    @usableFromInline
    func isInFinalState(_ s: Int32, _ configuration: _Bitset) -> Bool {
        if isCompound(s) {
            return children(of: s).contains { isFinal($0) && configuration.contains($0) }
        }
        if isParallel(s) {
            return children(of: s).filter { !isHistory($0) }.allSatisfy { isInFinalState($0, configuration) }
        }
        return false
    }
}
